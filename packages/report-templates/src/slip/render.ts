// Student score slips: one 595×842 px slip per student (a second page when it does not fit one, slip/pages.ts), scaled onto A4, ordered by class then seat.
import { Fragment, type ReactNode } from 'react';
import { fmt, h, htmlDocument, zhCollator } from '../common.js';
import { GRID_CSS, questionGridHtml } from './grid.js';
import { STRIPS_CSS, stripSections } from './strips.js';
import { planSlipPages, qsLabel, type SlipBlock } from './pages.js';
import type { ScoreSlipData, ScoreSlipOptions, SlipQuestionScore, SlipStudent, SlipSubjectScore } from './types.js';

export const SLIP_WIDTH_PX = 595;
export const SLIP_HEIGHT_PX = 842;
/** 595 px → 210 mm (793.7 px) and 842 px → 297 mm (1122.5 px): the smaller ratio, a hair under. */
const SLIP_ZOOM = 1.3331;

/** Students ordered by class (classOrder, else class name with numbers compared numerically), then seat. */
export function sortSlipStudents(students: readonly SlipStudent[]): SlipStudent[] {
  return [...students].sort((a, b) =>
    ((a.classOrder ?? Infinity) - (b.classOrder ?? Infinity) || 0) // NaN when both lack an order
    || zhCollator.compare(a.className, b.className)
    || a.seatNo - b.seatNo
    || zhCollator.compare(a.admissionNo, b.admissionNo));
}

function scoreText(s: { score: number | null }): string {
  return s.score === null ? '缺考' : fmt(s.score, 1);
}

type Row = Omit<SlipSubjectScore, 'subject'> & { subject: string };
type Col = { title: string; cell: (r: Row) => string };

function Slip(props: { data: ScoreSlipData; student: SlipStudent; opts: Required<ScoreSlipOptions> }): ReactNode {
  const { data, student: st, opts } = props;
  const cols: Col[] = [
    { title: '得分', cell: scoreText },
    { title: '满分', cell: (r) => fmt(r.fullScore) },
  ];
  if (opts.showClassRank) cols.push({ title: '班级排名', cell: (r) => (r.score === null ? '—' : fmt(r.classRank)) });
  if (opts.showGradeRank) cols.push({ title: opts.joint ? '校内排名' : '年级排名', cell: (r) => (r.score === null ? '—' : fmt(r.gradeRank)) });
  if (opts.showGradeRank && opts.joint) cols.push({ title: '联考排名', cell: (r) => (r.score === null ? '—' : fmt(r.jointRank)) });
  if (opts.showMeans) {
    cols.push({ title: '班级均分', cell: (r) => fmt(r.classMean, 1) }, { title: opts.joint ? '联考均分' : '年级均分', cell: (r) => fmt(r.gradeMean, 1) });
  }
  const rows: Row[] = [
    ...(st.total ? [{ ...st.total, subject: '总分' }] : []),
    ...st.subjects,
  ];
  const withQuestions = opts.showQuestionScores ? st.subjects.filter((s) => s.questions?.length) as { subject: string; questions: SlipQuestionScore[] }[] : [];
  const pages = planSlipPages({ student: st, hasDate: !!data.examDate, scoreRows: rows.length, withQuestions });
  const block = (b: SlipBlock, k: number): ReactNode => {
    switch (b.kind) {
      case 'head': return h(Fragment, { key: k },
        h('div', { className: 'school' }, data.schoolName),
        h('div', { className: 'title' }, `${data.examName} 成绩单`),
        data.examDate ? h('div', { className: 'date' }, `考试日期：${data.examDate}`) : null,
        h('table', { className: 'info' }, h('tbody', null, h('tr', null,
          h('th', null, '姓名'), h('td', { className: 'name' }, st.name),
          h('th', null, '班级'), h('td', null, st.className),
          h('th', null, '座号'), h('td', null, String(st.seatNo)),
          h('th', null, '考号'), h('td', null, st.admissionNo)))));
      case 'contHead': return h('div', { key: k, className: 'cont' }, `${st.name} · 考号 ${st.admissionNo} · ${data.examName} 成绩单（续）`);
      case 'scores': return h('table', { key: k, className: 'scores' },
        h('thead', null, h('tr', null, h('th', null, '科目'), cols.map((c) => h('th', { key: c.title }, c.title)))),
        h('tbody', null, rows.map((r) => h('tr', { key: r.subject, className: r.subject === '总分' ? 'total' : undefined },
          h('td', null, r.subject),
          cols.map((c) => h('td', { key: c.title, className: r.score === null && c.title === '得分' ? 'absent' : undefined }, c.cell(r)))))));
      case 'qsTitle': return h('div', { key: k, className: 'qs-title' }, '小题得分');
      case 'qs': return h('div', { key: k, className: 'qs' },
        h('div', { className: 'qs-subject' }, qsLabel(b.subject, b.continued)),
        h('div', { className: 'qs-cells', dangerouslySetInnerHTML: { __html: questionGridHtml(b.questions) } }));
      case 'comment': return h('div', { key: k, className: 'comment' }, h('b', null, '评语：'), st.comment);
    }
  };
  const foot = `${data.schoolName} · ${st.className} · ${st.seatNo} 号`;
  return pages.map((blocks, i) => h('section', { key: i, className: 'sheet' },
    h('div', { className: 'slip' },
      blocks.map(block),
      h('div', { className: 'foot' }, pages.length > 1 ? `${foot} · 第 ${i + 1} / ${pages.length} 页` : foot))));
}

const SLIP_CSS = `
.sheet{width:210mm;height:297mm;overflow:hidden;break-after:page;page-break-after:always}
.sheet:last-child{break-after:auto;page-break-after:auto}
.slip{position:relative;width:${SLIP_WIDTH_PX}px;height:${SLIP_HEIGHT_PX}px;zoom:${SLIP_ZOOM};padding:28px 30px;font-size:10px;overflow:hidden}
.school{text-align:center;font-size:17px;line-height:24px;font-weight:700;letter-spacing:1px}
.title{text-align:center;font-size:14px;line-height:20px;font-weight:700;margin-top:4px}
.date{text-align:center;font-size:9px;line-height:13px;color:#444;margin-top:2px}
.cont{font-size:11px;line-height:21px;font-weight:700;border-bottom:0.75px solid #333;margin-bottom:10px}
table{border-collapse:collapse;width:100%;margin-top:10px}
th,td{border:0.75px solid #333;padding:3px 4px;text-align:center;font-size:10px;line-height:1.3}
th{background:#E8EAEF;font-weight:700}
.info td.name{font-weight:700}
.scores tr.total td{font-weight:700;background:#F5F6F9}
td.absent{color:#c00}
${GRID_CSS}
.qs-title{margin-top:12px;font-size:11px;line-height:16px;font-weight:700;border-left:3px solid #333;padding-left:5px}
.qs{display:flex;margin-top:5px;align-items:flex-start}
.qs-subject{width:40px;flex:none;font-weight:700;font-size:10px;line-height:13px;padding-top:3px;word-break:break-all}
.qs-cells{flex:none}
.comment{margin-top:12px;border:0.75px solid #333;padding:6px 8px;font-size:10px;line-height:1.6}
.foot{position:absolute;left:30px;right:30px;bottom:14px;text-align:center;font-size:8px;line-height:11px;color:#666}
`;

/**
 * One HTML document for a class or grade, in class-then-seat order: one A4 page per student, or with
 * layout 'strips' several students per A4 page (成绩条 to cut apart).
 */
export function renderSlipsHtml(data: ScoreSlipData): string {
  const opts: Required<ScoreSlipOptions> = {
    showClassRank: false, showGradeRank: false, joint: false, showMeans: true, showQuestionScores: true, ...data.options,
  };
  return htmlDocument({
    title: `${data.examName} 成绩单`,
    pageCss: '@page{size:A4 portrait;margin:0}',
    css: data.layout === 'strips' ? STRIPS_CSS : SLIP_CSS,
    body: data.layout === 'strips'
      ? stripSections(data, sortSlipStudents(data.students), opts)
      : sortSlipStudents(data.students).map((s, i) => h(Slip, { key: i, data, student: s, opts })),
  });
}
