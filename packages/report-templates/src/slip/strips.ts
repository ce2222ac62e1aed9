// 成绩条 to cut apart: STRIPS_PER_PAGE students per A4 page, one strip each, dashed cut lines between strips.
// Each class starts on a new page so a class's strips can be handed to its teacher as whole sheets.
import type { ReactNode } from 'react';
import { fmt, h } from '../common.js';
import type { ScoreSlipData, ScoreSlipOptions, SlipStudent } from './types.js';

export const STRIPS_PER_PAGE = 8;
const STRIP_H_MM = 297 / STRIPS_PER_PAGE; // 37.125 mm

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
  const line = (label: string, cell: (c: (typeof cols)[number]) => string) => h('tr', { key: label },
    h('th', null, label), cols.map((c, i) => h('td', { key: i, className: c.isTotal ? 'total' : c.score === null && label === '得分' ? 'absent' : undefined }, cell(c))));
  return h('div', { className: 'strip' },
    h('div', { className: 'strip-head' },
      h('span', { className: 'exam' }, `${data.schoolName} · ${data.examName}`),
      h('span', null, '姓名：', h('b', null, st.name)), h('span', null, `班级：${st.className}`),
      h('span', null, `座号：${st.seatNo}`), h('span', null, `考号：${st.admissionNo}`)),
    h('table', null, h('tbody', null,
      h('tr', null, h('th', null, '科目'), cols.map((c, i) => h('th', { key: i, className: c.isTotal ? 'total' : undefined }, c.subject))),
      line('得分', (c) => (c.score === null ? '缺考' : fmt(c.score, 1))),
      opts.showClassRank ? line('班级排名', (c) => (c.score === null ? '—' : fmt(c.classRank))) : null,
      opts.showGradeRank ? line('年级排名', (c) => (c.score === null ? '—' : fmt(c.gradeRank))) : null)));
}

export const STRIPS_CSS = `
.strips{width:210mm;height:297mm;overflow:hidden;break-after:page;page-break-after:always}
.strips:last-child{break-after:auto;page-break-after:auto}
.strip{height:${STRIP_H_MM}mm;padding:3.5mm 8mm 0;border-bottom:0.6px dashed #888;position:relative;overflow:hidden}
.strip:last-child{border-bottom:none}
.strip:not(:last-child)::after{content:'✂';position:absolute;left:1.5mm;bottom:-2.2mm;font-size:9px;color:#888;line-height:1}
.strip-head{display:flex;gap:5mm;font-size:10px;line-height:15px;white-space:nowrap}
.strip-head .exam{flex:1;overflow:hidden;text-overflow:ellipsis;color:#444}
.strip table{border-collapse:collapse;width:100%;table-layout:fixed;margin-top:2mm}
.strip th,.strip td{border:0.75px solid #333;font-size:9.5px;line-height:14px;padding:1px 2px;text-align:center;word-break:break-all}
.strip th{background:#E8EAEF;font-weight:700}
.strip tr th:first-child{width:15mm}
.strip .total{font-weight:700;background:#F5F6F9}
.strip td.absent{color:#c00}
`;

/** The pages of the strips layout as sections (one A4 page each). */
export function stripSections(data: ScoreSlipData, sorted: readonly SlipStudent[], opts: Required<ScoreSlipOptions>): ReactNode[] {
  return stripPages(sorted).map((page, i) => h('section', { key: i, className: 'strips' },
    page.map((st, k) => h(Strip, { key: k, data, st, opts }))));
}
