// 成绩条 to cut apart: STRIPS_PER_PAGE students per A4 page, one strip each, dashed cut lines between strips.
// Each class starts on a new page so a class's strips can be handed to its teacher as whole sheets.
import type { ReactNode } from 'react';
import { fmt, h } from '../common.js';
import { HEAD_FONT, HEAD_LINE, LABEL_W_MM, planStrip, STRIP_H_MM, STRIPS_PER_PAGE, TABLE_TYPES } from './strip-plan.js';
import type { ScoreSlipData, ScoreSlipOptions, SlipStudent } from './types.js';

export { STRIPS_PER_PAGE };

/** Students (already sorted by class then seat) cut into pages: at most STRIPS_PER_PAGE each, a new page per class. */
export function stripPages(sorted: readonly SlipStudent[]): SlipStudent[][] {
  const pages: SlipStudent[][] = [];
  let prev: string | undefined;
  for (const st of sorted) {
    const last = pages[pages.length - 1];
    if (!last || last.length >= STRIPS_PER_PAGE || st.className !== prev) pages.push([st]);
    else last.push(st);
    prev = st.className;
  }
  return pages;
}

function Strip(props: { data: ScoreSlipData; st: SlipStudent; opts: Required<ScoreSlipOptions> }): ReactNode {
  const { data, st, opts } = props;
  const cols = [...st.subjects.map((s) => ({ ...s, isTotal: false })), ...(st.total ? [{ ...st.total, subject: '总分', isTotal: true }] : [])];
  type Col = (typeof cols)[number];
  const examText = `${data.schoolName} · ${data.examName}`;
  const fields = [`姓名：${st.name}`, `班级：${st.className}`, `座号：${st.seatNo}`, `考号：${st.admissionNo}`];
  const lines: [string, (c: Col) => string][] = [['得分', (c) => (c.score === null ? '缺考' : fmt(c.score, 1))]];
  if (opts.showClassRank) lines.push(['班级排名', (c) => (c.score === null ? '—' : fmt(c.classRank))]);
  if (opts.showGradeRank) lines.push([opts.joint ? '校内排名' : '年级排名', (c) => (c.score === null ? '—' : fmt(c.gradeRank))]);
  if (opts.showGradeRank && opts.joint) lines.push(['联考排名', (c) => (c.score === null ? '—' : fmt(c.jointRank))]);
  const plan = planStrip(examText, fields, cols, lines.length);
  const line = (label: string, cell: (c: Col) => string) => h('tr', { key: label },
    h('th', null, label), cols.map((c, i) => h('td', { key: i, className: c.isTotal ? 'total' : c.score === null && label === '得分' ? 'absent' : undefined }, cell(c))));
  const type = plan.font === TABLE_TYPES[0].font ? undefined : `t${Math.round(plan.font * 10)}`;
  return h('div', { className: 'strip' },
    h('div', { className: plan.headLines > 1 ? 'strip-head two' : 'strip-head' },
      h('span', { className: 'exam' }, examText),
      h('span', null, '姓名：', h('b', null, st.name)), h('span', null, fields[1]), h('span', null, fields[2]), h('span', null, fields[3])),
    h('table', { className: type }, h('tbody', null,
      h('tr', null, h('th', null, '科目'), cols.map((c, i) => h('th', { key: i, className: c.isTotal ? 'total' : undefined }, c.subject))),
      lines.map(([label, cell]) => line(label, cell)))));
}

export const STRIPS_CSS = `
.strips{width:210mm;height:297mm;overflow:hidden;break-after:page;page-break-after:always}
.strips:last-child{break-after:auto;page-break-after:auto}
.strip{height:${STRIP_H_MM}mm;padding:3.5mm 8mm 0;border-bottom:0.6px dashed #888;position:relative;overflow:hidden}
.strip:last-child{border-bottom:none}
.strip:not(:last-child)::after{content:'✂';position:absolute;left:1.5mm;bottom:-2.2mm;font-size:9px;color:#888;line-height:1}
.strip-head{display:flex;gap:5mm;font-size:${HEAD_FONT}px;line-height:${HEAD_LINE}px;white-space:nowrap}
.strip-head .exam{flex:1;color:#444}
.strip-head.two{flex-wrap:wrap;row-gap:0}
.strip-head.two .exam{flex-basis:100%;white-space:normal;word-break:break-all}
.strip table{border-collapse:collapse;width:100%;table-layout:fixed;margin-top:2mm}
.strip th,.strip td{border:0.75px solid #333;font-size:${TABLE_TYPES[0].font}px;line-height:${TABLE_TYPES[0].line}px;padding:1px 2px;text-align:center;word-break:break-all}
${TABLE_TYPES.slice(1).map((t) => `.strip table.t${Math.round(t.font * 10)} th,.strip table.t${Math.round(t.font * 10)} td{font-size:${t.font}px;line-height:${t.line}px}`).join('\n')}
.strip th{background:#E8EAEF;font-weight:700}
.strip tr th:first-child{width:${LABEL_W_MM}mm}
.strip .total{font-weight:700;background:#F5F6F9}
.strip td.absent{color:#c00}
`;

/** The pages of the strips layout as sections (one A4 page each). */
export function stripSections(data: ScoreSlipData, sorted: readonly SlipStudent[], opts: Required<ScoreSlipOptions>): ReactNode[] {
  return stripPages(sorted).map((page, i) => h('section', { key: i, className: 'strips' },
    page.map((st, k) => h(Strip, { key: k, data, st, opts }))));
}
