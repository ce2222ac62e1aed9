// Fixed, deterministic demo documents (seeded random numbers): used by render snapshot tests, the
// baseline script, the benchmark and the web viewer's preview. Names and scores are invented.
import { buildCardLayout, type BuildCardInput } from './card/build.js';
import type { CardLayout } from './card/layout.js';
import type { ReportData, ReportModule } from './report/types.js';
import type { ScoreSlipData, SlipStudent, SlipSubjectScore } from './slip/types.js';
import { mulberry32 as seededRandom } from '@jz/shared/random';

export { seededRandom };


export const DEMO_CARD_INPUT: BuildCardInput = {
  examName: '2025—2026学年第一学期高一期中考试',
  subjectName: '语文',
  examSubjectId: 1024,
  admissionDigits: 8,
  pages: 3,
  questions: [
    ...Array.from({ length: 12 }, (_, i) => ({ no: i + 1, type: 'single' as const, fullScore: 3 })),
    { no: 13, type: 'multiple', fullScore: 4, options: ['A', 'B', 'C', 'D', 'E'] },
    { no: 14, type: 'judge', fullScore: 2 },
    { no: 15, type: 'judge', fullScore: 2 },
    { no: 16, type: 'fill', fullScore: 2, blanks: 1 },
    { no: 17, type: 'fill', fullScore: 2, blanks: 1 },
    { no: 18, type: 'fill', fullScore: 4, blanks: 2 },
    { no: 19, type: 'fill', fullScore: 4, blanks: 2 },
    { no: 20, type: 'subjective', fullScore: 6, title: '文言文翻译' },
    { no: 21, type: 'subjective', fullScore: 8, title: '诗歌鉴赏' },
    { no: 22, type: 'subjective', fullScore: 12, title: '现代文阅读' },
    { no: 23, type: 'essay', fullScore: 60, words: 700 },
  ],
};

export function demoCardLayout(): CardLayout {
  return buildCardLayout(DEMO_CARD_INPUT);
}

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢';
const GIVEN = '子涵浩然欣怡梓轩雨桐宇航思远佳琪俊杰诗雨博文若曦一鸣晨阳嘉怡明轩语嫣天佑梦瑶志强婉清';

const ALL_SUBJECTS: { name: string; full: number; questions: number[] }[] = [
  { name: '语文', full: 150, questions: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 2, 2, 2, 2, 4, 4, 6, 8, 12, 60] },
  { name: '数学', full: 150, questions: [5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 5, 5, 5, 5, 12, 12, 12, 12, 12, 12] },
  { name: '英语', full: 150, questions: [...Array(20).fill(1.5), ...Array(15).fill(2), ...Array(10).fill(1), 15, 25, 20] },
  { name: '物理', full: 100, questions: [4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 10, 12, 14, 14] },
  { name: '化学', full: 100, questions: [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 14, 14, 14, 16] },
  { name: '生物', full: 100, questions: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 12, 12, 12, 12, 12] },
  // the other three of a 9-subject exam (政治、历史、地理: 选择题 of 2 points, then 材料题)
  { name: '政治', full: 100, questions: [...Array(24).fill(2), 12, 12, 14, 14] },
  { name: '历史', full: 100, questions: [...Array(24).fill(2), 14, 12, 12, 14] },
  { name: '地理', full: 100, questions: [...Array(25).fill(2), 16, 16, 18] },
];

/**
 * `count` students in classes of `classSize`, taking the first `subjectCount` subjects (6 or up to 9), with question scores, ranks and means computed from the
 * generated scores (ranks: 1 + number of higher totals).
 */
export function demoSlipData(count = 6, classSize = 50, seed = 20251112, subjectCount = 6): ScoreSlipData {
  const rnd = seededRandom(seed);
  const SUBJECTS = ALL_SUBJECTS.slice(0, subjectCount);
  const students: SlipStudent[] = [];
  for (let i = 0; i < count; i++) {
    const classNo = Math.floor(i / classSize) + 1;
    const ability = 0.45 + rnd() * 0.5;
    const subjects: SlipSubjectScore[] = SUBJECTS.map((s) => {
      const absent = rnd() < 0.01;
      const questions = s.questions.map((full, k) => {
        const p = Math.min(1, Math.max(0, ability + (rnd() - 0.5) * 0.5));
        const score = full <= 3 ? (rnd() < p ? full : 0) : Math.round(full * p * 2) / 2;
        return { no: String(k + 1), score: absent ? null : score, fullScore: full };
      });
      const score = absent ? null : questions.reduce((a, q) => a + (q.score ?? 0), 0);
      return { subject: s.name, score, fullScore: s.full, questions };
    });
    const name = SURNAMES[Math.floor(rnd() * SURNAMES.length)] + GIVEN.substr(Math.floor(rnd() * (GIVEN.length / 2)) * 2, 2);
    students.push({
      name,
      className: `高一(${classNo})班`,
      seatNo: (i % classSize) + 1,
      admissionNo: `2025${String(classNo).padStart(2, '0')}${String((i % classSize) + 1).padStart(2, '0')}`,
      subjects,
    });
  }
  // totals, ranks and means (rank = 1 + number of higher scores, by binary search over sorted lists)
  const totalOf = (s: SlipStudent) => s.subjects.reduce((a, x) => a + (x.score ?? 0), 0);
  const fullTotal = SUBJECTS.reduce((a, s) => a + s.full, 0);
  const sortedDesc = (list: number[]) => [...list].sort((a, b) => b - a);
  const rank = (desc: number[], v: number) => { let lo = 0; let hi = desc.length; while (lo < hi) { const m = (lo + hi) >> 1; if (desc[m] > v) lo = m + 1; else hi = m; } return lo + 1; };
  const mean = (list: number[]) => (list.length ? list.reduce((a, b) => a + b, 0) / list.length : null);
  interface Stats { totals: number[]; totalMean: number | null; subj: { desc: number[]; mean: number | null }[] }
  const statsOf = (list: SlipStudent[]): Stats => {
    const totals = list.map(totalOf);
    return {
      totals: sortedDesc(totals), totalMean: mean(totals),
      subj: SUBJECTS.map((_, k) => {
        const present = list.map((x) => x.subjects[k].score).filter((x): x is number => x !== null);
        return { desc: sortedDesc(present), mean: mean(present) };
      }),
    };
  };
  const byClass = new Map<string, SlipStudent[]>();
  for (const s of students) byClass.set(s.className, [...(byClass.get(s.className) ?? []), s]);
  const classStats = new Map([...byClass].map(([k, v]) => [k, statsOf(v)]));
  const grade = statsOf(students);
  for (const s of students) {
    const cls = classStats.get(s.className)!;
    s.total = {
      score: totalOf(s), fullScore: fullTotal,
      classRank: rank(cls.totals, totalOf(s)), gradeRank: rank(grade.totals, totalOf(s)),
      classMean: cls.totalMean, gradeMean: grade.totalMean,
    };
    s.subjects.forEach((sub, k) => {
      Object.assign(sub, {
        classRank: sub.score === null ? null : rank(cls.subj[k].desc, sub.score),
        gradeRank: sub.score === null ? null : rank(grade.subj[k].desc, sub.score),
        classMean: cls.subj[k].mean, gradeMean: grade.subj[k].mean,
      });
    });
    const t = s.total.score! / fullTotal;
    s.comment = t >= 0.8 ? '成绩优异，各科发展均衡，继续保持严谨的学习习惯。'
      : t >= 0.65 ? '基础扎实，个别学科仍有提升空间，建议针对失分小题查漏补缺。'
        : '学习态度端正，基础知识需加强，请重视错题整理并及时向老师请教。';
  }
  return {
    schoolName: '示范实验中学',
    examName: '2025—2026学年第一学期高一期中考试',
    examDate: '2025-11-12',
    options: { showClassRank: true, showGradeRank: true, showMeans: true, showQuestionScores: true },
    students,
  };
}

/** A class report: `modules` modules, each a bar + line chart and a table of `rows` students. */
export function demoReport(modules = 4, rows = 30, seed = 7): ReportData {
  const rnd = seededRandom(seed);
  const classes = Array.from({ length: 8 }, (_, i) => `高一(${i + 1})班`);
  const titles = ['成绩总览', '分数段分布', '五率分析', '四分位分析', '上线分析', '试卷分析', '学科对比', '班级对比', '学生进退步', '小题得分率'];
  const mods: ReportModule[] = Array.from({ length: modules }, (_, m) => {
    const means = classes.map(() => Math.round((60 + rnd() * 30) * 10) / 10);
    return {
      title: titles[m % titles.length] + (m >= titles.length ? `（${Math.floor(m / titles.length) + 1}）` : ''),
      description: '本模块统计本次考试各班级的平均分、优秀率与及格率，并与年级整体水平对比，供年级组与学科组研判教学效果。',
      charts: [
        {
          title: '各班平均分',
          option: {
            grid: { left: 50, right: 20, top: 40, bottom: 40 },
            legend: { data: ['平均分'], top: 5 },
            xAxis: { type: 'category', data: classes },
            yAxis: { type: 'value', max: 100 },
            series: [{ name: '平均分', type: 'bar', data: means, label: { show: true, position: 'top' }, itemStyle: { color: '#2F5597' } }],
          },
          height: 320,
        },
        {
          title: '分数段人数',
          option: {
            grid: { left: 50, right: 20, top: 30, bottom: 40 },
            xAxis: { type: 'category', data: ['0-59', '60-69', '70-79', '80-89', '90-100'] },
            yAxis: { type: 'value' },
            series: [{ type: 'line', smooth: false, data: [0, 1, 2, 3, 4].map(() => Math.round(rnd() * 60)), itemStyle: { color: '#C55A11' } }],
          },
          height: 260,
        },
      ],
      tables: [{
        title: '学生成绩明细',
        columns: [{ title: '序号', width: 0.6 }, '姓名', '班级', '总分', '班级排名', '年级排名', { title: '备注', width: 1.6, align: 'left' }],
        rows: Array.from({ length: rows }, (_, r) => [r + 1, SURNAMES[(r * 7 + m) % SURNAMES.length] + GIVEN.substr(((r * 3 + m) % 16) * 2, 2),
          classes[r % 8], Math.round(400 + rnd() * 300), (r % 50) + 1, r + 1, r % 9 === 0 ? '进步明显' : '']),
      }],
    };
  });
  return {
    title: '高一年级期中考试分析报告',
    subtitle: '班级学情诊断',
    schoolName: '示范实验中学',
    examName: '2025—2026学年第一学期高一期中考试',
    date: '2025年11月',
    modules: mods,
  };
}

/**
 * A one-module report with a wide 成绩单 (16 columns, smaller type, 总分 right after the names) and a 分数段 table
 * whose headers are long (they wrap, never cut): no cover, no contents.
 */
export function demoWideReport(rows = 36, seed = 11): ReportData {
  const rnd = seededRandom(seed);
  const subjects = ['语文', '数学', '英语', '物理', '化学'];
  const columns = ['考号', '姓名', '班级', '总分', '总分班级排名', '总分年级排名',
    ...subjects.flatMap((s) => [`${s}`, `${s}年级排名`])].map((title, i) => ({ title, width: i < 3 ? 1.3 : 1 }));
  const segs = ['650-750', '550-650', '450-550', '350-450', '250-350'];
  return {
    title: '成绩单',
    schoolName: '示范实验中学',
    examName: '2025—2026学年第一学期高一期中考试',
    date: '2025年11月',
    modules: [{
      title: '成绩单',
      tables: [
        {
          title: '成绩单', compact: true, columns,
          rows: Array.from({ length: rows }, (_, r) => {
            const sc = subjects.map(() => Math.round(60 + rnd() * 80));
            return [`2025${String(r + 1).padStart(4, '0')}`, SURNAMES[(r * 7) % SURNAMES.length] + GIVEN.substr(((r * 3) % 16) * 2, 2),
              `高一(${(r % 8) + 1})班`, sc.reduce((a, b) => a + b, 0), (r % 50) + 1, r + 1, ...sc.flatMap((v, k) => [v, ((r * (k + 3)) % 400) + 1])];
          }),
        },
        {
          title: '总分分数段',
          columns: [{ title: '班级', width: 1.3 }, ...segs.flatMap((s) => [`${s}人数`, `${s}累计`])].map((c) => (typeof c === 'string' ? { title: c } : c)),
          rows: Array.from({ length: 4 }, (_, r) => [`高一(${r + 1})班`, ...segs.flatMap((_, k) => [k + r, 2 * k + r])]),
        },
      ],
    }],
  };
}
