/**
 * xlsx exports of the reports: each report's JSON flattened to sheets with exactly its rows and columns
 * (null → empty cell; shares stay 0..1 numbers), streamed row by row (xlsx-stream.ts) so a 100,000-row
 * transcript never sits in memory as a workbook. Every number is rounded by the one rule of its kind
 * (packages/shared format.ts, `measureKindOf` below), the same as on the page and in the printed report.
 */
import type { Writable } from 'node:stream';
import type {
  ClassComparison, RegistrationComparison, Comment, GroupG, Online, Overview, Paper, RateCritical, SegmentTable, StudentProgress, StudentTop, StudentWeak,
  SubjectComparison, SubjectQuality, Transcript,
} from '@jz/shared/api/report';
import { TRANSCRIPT_FIELDS } from '@jz/shared/api/report';
import { roundMeasure, type MeasureKind } from '@jz/shared';
import { writeXlsx } from './xlsx-stream.js';

export type Cell = string | number | null | undefined;
export interface Sheet { name: string; header: string[]; rows: Iterable<Cell[]> }

/**
 * The measure kind of a column from its header, one vocabulary for every sheet of this file: counts and ranks,
 * rates (shares 0..1), quality indices, means and spreads; any other number is a score as it is.
 */
export function measureKindOf(header: string): MeasureKind {
  if (/排名|名次|人数|累计|^合计$|临界$/.test(header)) return 'count';
  if (/率$/.test(header)) return 'rate';
  if (/^(难度|信度α|KR-20|区分度D|相关系数r)$/.test(header)) return 'index';
  if (/平均分$|标准差|中位数|四分位|^Q[13]$|测量标准误/.test(header)) return 'mean';
  return 'score';
}

/** A sheet's rows with every number rounded by its column's kind (what an Excel cell holds). */
export function roundedRows(sheet: Sheet): Iterable<Cell[]> {
  const kinds = sheet.header.map(measureKindOf);
  const source = sheet.rows;
  return (function* () {
    for (const r of source) yield r.map((v, i) => (typeof v === 'number' ? roundMeasure(kinds[i] ?? 'score', v) : v));
  })();
}

/** Writes sheets (bold, frozen header row) to a stream and ends it; resolves when the workbook is complete. */
export function writeSheets(out: Writable, sheets: Sheet[]): Promise<void> {
  return writeXlsx(out, sheets.map((s) => ({ ...s, rows: roundedRows(s) })));
}

/** A joint exam read by its organiser names each student's school (schoolName set): its 学校 column then, before 班级. */
const hasSchool = (list: readonly { schoolName?: string }[]) => list.some((x) => x.schoolName !== undefined);
const school = (on: boolean, x: { schoolName?: string }): Cell[] => (on ? [x.schoolName ?? ''] : []);
const schoolHead = (on: boolean): string[] => (on ? ['学校'] : []);

/** The transcript sheet: 考号, 姓名, (学校,) 班级, 学籍类型, then per column the asked fields. */
export function transcriptSheet(t: Pick<Transcript, 'columns' | 'fields' | 'records'>, name = '成绩单'): Sheet {
  const label = (f: string) => TRANSCRIPT_FIELDS.find((x) => x.value === f)?.label ?? f;
  const on = hasSchool(t.records);
  const header = ['考号', '姓名', ...schoolHead(on), '班级', '学籍类型'];
  for (const c of t.columns) for (const f of t.fields) header.push(`${c.name}${label(f)}`);
  const want = { score: t.fields.includes('score'), classRank: t.fields.includes('classRank'), gradeRank: t.fields.includes('gradeRank') };
  function* rows() {
    for (const r of t.records) {
      const row: Cell[] = [r.admissionNo, r.name, ...school(on, r), r.className, r.registrationType];
      for (let k = 0; k < t.columns.length; k++) {
        if (want.score) row.push(r.scores[k]);
        if (want.classRank) row.push(r.classRanks[k]);
        if (want.gradeRank) row.push(r.gradeRanks[k]);
      }
      yield row;
    }
  }
  return { name, header, rows: rows() };
}

/** Streams a transcript to `out` (the bench's 100,000-row path). */
export function writeTranscriptXlsx(out: Writable, t: Pick<Transcript, 'columns' | 'fields' | 'records'>): Promise<void> {
  return writeSheets(out, [transcriptSheet(t)]);
}

const rateHeads = (rates: { name: string }[]) => rates.flatMap((r) => [`${r.name}人数`, `${r.name}率`]);
const rateCells = (rates: { count: number; share: number | null }[]) => rates.flatMap((r) => [r.count, r.share]);
const STATS = ['平均分', '标准差', '最高分', '最低分', '中位数', '下四分位数', '上四分位数'];
const stats = (s: { mean: number | null; sd: number | null; max: number | null; min: number | null; median: number | null; q1: number | null; q3: number | null }): Cell[] =>
  [s.mean, s.sd, s.max, s.min, s.median, s.q1, s.q3];

export function overviewSheets(o: Overview): Sheet[] {
  const rl = o.rows[0]?.rates ?? [];
  const on = hasSchool(o.absentStudents);
  return [
    { name: '数据概览', header: ['科目', '满分', '实考人数', '缺考人数', ...STATS, '得分率', ...rateHeads(rl)], rows: o.rows.map((r) => [r.name, r.fullScore, r.sat, r.absent, ...stats(r), r.scoreRate, ...rateCells(r.rates)]) },
    { name: '缺考名单', header: ['考号', '姓名', ...schoolHead(on), '班级', '缺考科目'], rows: o.absentStudents.map((a) => [a.admissionNo, a.name, ...school(on, a), a.className, a.subjectNames.join('、')]) },
  ];
}

export function subjectQualitySheets(o: SubjectQuality): Sheet[] {
  const rl = o.rows[0]?.rates ?? [];
  return [{ name: '学科质量', header: ['科目', '满分', '实考人数', '缺考人数', ...STATS, '得分率', '难度', '信度α', 'KR-20', ...rateHeads(rl)], rows: o.rows.map((r) => [r.name, r.fullScore, r.sat, r.absent, ...stats(r), r.scoreRate, r.difficulty, r.alpha, r.kr20, ...rateCells(r.rates)]) }];
}

export function segmentSheets(tables: SegmentTable[]): Sheet[] {
  return tables.map((t) => ({
    name: `${t.name}分数段`,
    header: ['班级', ...t.segments.flatMap((s) => [`${s.label}人数`, `${s.label}累计`])],
    rows: [['全年级', ...t.grade.flatMap((c) => [c.count, c.cumulative])], ...t.classes.map((c) => [c.className, ...c.cells.flatMap((x) => [x.count, x.cumulative])])],
  }));
}

export function rankSegmentSheets(tables: { name: string; grade: { label: string; count: number; cumulative: number }[]; classes: { className: string; segments: { count: number; cumulative: number }[] }[] }[]): Sheet[] {
  return tables.map((t) => ({
    name: `${t.name}名次段`,
    header: ['班级', ...t.grade.flatMap((s) => [`${s.label}人数`, `${s.label}累计`])],
    rows: [['全年级', ...t.grade.flatMap((c) => [c.count, c.cumulative])], ...t.classes.map((c) => [c.className, ...c.segments.flatMap((x) => [x.count, x.cumulative])])],
  }));
}

export function classComparisonSheets(c: ClassComparison): Sheet[] {
  const rl = c.grade.rates;
  const head = ['班级', '实考人数', '缺考人数', ...STATS, '得分率', '超均率', '均分排名', ...rateHeads(rl)];
  return [{
    name: `${c.column.name}班级对比`,
    header: head,
    rows: [['全年级', c.grade.count, c.grade.absent, ...stats(c.grade), c.grade.scoreRate, null, null, ...rateCells(c.grade.rates)],
      ...c.rows.map((r) => [r.className, r.count, r.absent, ...stats(r), r.scoreRate, r.overMeanRate, r.meanRank, ...rateCells(r.rates)])],
  }];
}

export function registrationComparisonSheets(c: RegistrationComparison): Sheet[] {
  const rl = c.grade.rates;
  return [{
    name: `${c.column.name}学籍对比`,
    header: ['学籍类型', '实考人数', '缺考人数', ...STATS, '得分率', '超均率', '均分排名', ...rateHeads(rl)],
    rows: [['全年级', c.grade.count, c.grade.absent, ...stats(c.grade), c.grade.scoreRate, null, null, ...rateCells(c.grade.rates)],
      ...c.rows.map((r) => [r.registrationType, r.count, r.absent, ...stats(r), r.scoreRate, r.overMeanRate, r.meanRank, ...rateCells(r.rates)])],
  }];
}

export function subjectComparisonSheets(s: SubjectComparison): Sheet[] {
  const name = (code: string | null) => (code ? s.columns.find((c) => c.code === code)?.name ?? code : null);
  return [{
    name: '学科对比',
    header: ['班级', ...s.columns.flatMap((c) => [`${c.name}平均分`, `${c.name}得分率`, `${c.name}超均率`, `${c.name}排名`]), '优势学科', '薄弱学科'],
    rows: [['全年级', ...s.columns.flatMap((c) => [c.mean, c.scoreRate, null, null]), null, null],
      ...s.rows.map((r) => [r.className, ...r.cells.flatMap((c) => [c.mean, c.scoreRate, c.overMeanRate, c.meanRank]), name(r.strongest), name(r.weakest)])],
  }];
}

export function groupGSheets(g: GroupG): Sheet[] {
  return [
    { name: 'G组', header: ['组别', '人数', '最高总分', '最低总分', ...g.columns.map((c) => `${c.name}平均分`)], rows: g.groups.map((x) => [x.name, x.size, x.maxTotal, x.minTotal, ...x.means]) },
    { name: '班级分布', header: ['班级', ...g.groups.map((x) => x.name), '合计'], rows: g.classes.map((c) => [c.className, ...c.counts, c.total]) },
  ];
}

export function quartileSheets(q: { column: { name: string }; grade: { count: number; q1: number | null; median: number | null; q3: number | null; iqr: number | null; bands: number[] }; classes: { className: string; count: number; q1: number | null; median: number | null; q3: number | null; iqr: number | null; bands: number[] }[] }): Sheet[] {
  const head = ['班级', '人数', 'Q1', '中位数', 'Q3', '四分位距', '≥Q3人数', '中位数~Q3人数', 'Q1~中位数人数', '<Q1人数'];
  const row = (n: string, c: typeof q.grade): Cell[] => [n, c.count, c.q1, c.median, c.q3, c.iqr, ...c.bands];
  return [{ name: `${q.column.name}四分位`, header: head, rows: [row('全年级', q.grade), ...q.classes.map((c) => row(c.className, c))] }];
}

export function rateCriticalSheets(r: RateCritical): Sheet[] {
  const on = hasSchool(r.levels.flatMap((l) => l.students));
  return [
    {
      name: '临界人数',
      header: ['等级', '分数线', '班级', '达到人数', '线下临界', '线上临界'],
      rows: r.levels.flatMap((l) => [[l.name, l.thresholdScore, '全年级', l.grade.reached, l.grade.below, l.grade.above] as Cell[],
        ...l.classes.map((c) => [l.name, l.thresholdScore, c.className, c.reached, c.below, c.above] as Cell[])]),
    },
    { name: '临界生名单', header: ['等级', '姓名', ...schoolHead(on), '班级', '分数', '与线差'], rows: r.levels.flatMap((l) => l.students.map((s) => [l.name, s.name, ...school(on, s), s.className, s.score, s.gap] as Cell[])) },
  ];
}

export function onlineSheets(o: Online): Sheet[] {
  const on = hasSchool(o.lines.flatMap((l) => l.critical));
  return [
    {
      name: '上线人数',
      header: ['分数线', '线分', '班级', '实考人数', '上线人数', '上线率', '临界人数'],
      rows: o.lines.flatMap((l) => [[l.name, l.score, '全年级', null, l.online, null, l.critical.length] as Cell[], ...l.classes.map((c) => [l.name, l.score, c.className, c.sat, c.online, c.share, c.critical] as Cell[])]),
    },
    {
      name: '学科有效分',
      header: ['分数线', '科目', '有效分', '班级', '单上线', '双上线', '命中率', '贡献率'],
      rows: o.lines.flatMap((l) => l.subjects.flatMap((s) => [[l.name, s.name, s.effectiveScore, '全年级', s.grade.single, s.grade.double, s.grade.hitRate, s.grade.contributionRate] as Cell[],
        ...s.classes.map((c) => [l.name, s.name, s.effectiveScore, c.className, c.single, c.double, c.hitRate, c.contributionRate] as Cell[])])),
    },
    { name: '临界生名单', header: ['分数线', '姓名', ...schoolHead(on), '班级', '总分', '与线差'], rows: o.lines.flatMap((l) => l.critical.map((s) => [l.name, s.name, ...school(on, s), s.className, s.total, s.gap] as Cell[])) },
  ];
}

export function paperSheets(p: Paper): Sheet[] {
  const optionText = (q: Paper['questions'][number]) => (q.options ? q.options.options.map((o) => `${o.option}${o.correct ? '(√)' : ''}:${o.count}`).join(' ') : null);
  return [
    { name: '试卷概况', header: ['科目', '满分', '实考人数', '平均分', '标准差', '难度', '信度α', 'KR-20', '测量标准误SEM'], rows: [[p.column.name, p.column.fullScore, p.n, p.mean, p.sd, p.difficulty, p.alpha, p.kr20, p.sem]] },
    { name: '分数分布', header: ['分数段', '人数', '累计'], rows: p.scoreDistribution.map((s) => [s.label, s.count, s.cumulative]) },
    {
      name: '小题分析',
      header: ['题号', '题型', '满分', '答案', '知识点', '人数', '平均分', '标准差', '得分率', '高分组得分率', '低分组得分率', '区分度D', 'D评价', '相关系数r', 'r评价', '满分人数', '零分人数', '选项分布', ...p.classes.map((c) => `${c.className}平均分`)],
      rows: p.questions.map((q) => [q.no, q.type, q.fullScore, q.answer, q.knowledgePoints.join('、'), q.n, q.mean, q.sd, q.scoreRate, q.upperRate, q.lowerRate, q.discrimination, q.discriminationQuality, q.correlation, q.correlationQuality, q.fullMarks, q.zeros, optionText(q), ...q.classMeans]),
    },
    // xlsx-stream writes one table per sheet, so the knowledge-point summary is a sheet of its own.
    { name: '知识点得分率', header: ['知识点', '题号', '满分', '平均分', '得分率'], rows: p.knowledgePointSummary.map((k) => [k.knowledgePoint, k.questions.join('、'), k.fullScore, k.mean, k.scoreRate]) },
  ];
}

export function commentSheets(c: Comment): Sheet[] {
  const on = hasSchool(c.records);
  return [
    { name: '班级评语', header: ['班级', '评语'], rows: c.classes.map((x) => [x.className, x.comment]) },
    { name: '学生评语', header: ['姓名', ...schoolHead(on), '班级', '评语'], rows: c.records.map((x) => [x.name, ...school(on, x), x.className, x.comment]) },
  ];
}

type Ref = { name: string; schoolName?: string; className: string; total: number; gradeRank: number; classRank: number; lastRank: number | null; change: number | null };
/** Student-analysis columns; with `on` (the organiser of a joint exam) 学校 after 姓名. */
const refHead = (on: boolean) => ['姓名', ...schoolHead(on), '班级', '总分', '年级排名', '班级排名', '参照排名', '名次变化'];
const ref = (on: boolean, s: Ref): Cell[] => [s.name, ...school(on, s), s.className, s.total, s.gradeRank, s.classRank, s.lastRank, s.change];

export function studentProgressSheets(p: StudentProgress): Sheet[] {
  // Totals of different subjects: the rank over the common subjects, the one the change is counted from, too.
  const common = p.comparison?.mode === 'common';
  const on = hasSchool(p.records);
  const n = on ? 6 : 5; // 共同科目排名 after 班级排名
  const all = refHead(on);
  const head = common ? [...all.slice(0, n), '共同科目排名', ...all.slice(n)] : all;
  const row = (s: StudentProgress['records'][number]): Cell[] => (common ? [...ref(on, s).slice(0, n), s.compareRank, ...ref(on, s).slice(n)] : ref(on, s));
  return [
    { name: '进步与退步', header: ['类别', ...head], rows: p.classes.flatMap((c) => [...c.up.map((s) => ['进步', ...row(s)]), ...c.low.map((s) => ['退步', ...row(s)])]) },
    { name: '全部学生', header: head, rows: p.records.map(row) },
  ];
}

export function studentTopSheets(p: StudentTop): Sheet[] {
  const on = hasSchool(p.classes.flatMap((c) => [...c.top, ...c.bottom]));
  return [{ name: '尖子生与后进生', header: ['类别', ...refHead(on)], rows: p.classes.flatMap((c) => [...c.top.map((s) => ['前列', ...ref(on, s)]), ...c.bottom.map((s) => ['后列', ...ref(on, s)])]) }];
}

export function studentWeakSheets(p: StudentWeak): Sheet[] {
  const name = (code: string | null) => (code ? p.subjects.find((s) => s.code === code)?.name ?? code : null);
  const on = hasSchool(p.records);
  return [{ name: '薄弱学科', header: [...refHead(on), ...p.subjects.map((s) => `${s.name}名次差`), '优势学科', '薄弱学科'], rows: p.records.map((s) => [...ref(on, s), ...s.gaps, name(s.strongSubject), name(s.weakSubject)]) }];
}
