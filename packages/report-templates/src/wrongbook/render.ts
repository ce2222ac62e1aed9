// 错题本 as a printed A4 document: per question (題号, type, full score, class and grade score rates, students
// wrong, knowledge points) the stem with formulas and pictures, the key and the analysis; the student version puts
// each student on a new page with the questions they lost marks on. Blocks never break across a page in their
// middle unless longer than a page, so no line is cut.
import { formatRate } from '@jz/shared/format';
import { fmt, h, htmlDocument } from '../common.js';
import { printableRich } from './rich.js';
import type { WrongBookPrintData, WrongBookPrintQuestion } from './types.js';

const CSS = `
.head{text-align:center;margin-bottom:4mm}
.head h1{font-size:16pt}
.head .sub{font-size:9.5pt;color:#444;margin-top:1.5mm}
.q{border-top:0.3mm solid #999;padding:2.5mm 0;break-inside:avoid;page-break-inside:avoid}
.meta{font-size:9pt;color:#222;display:flex;flex-wrap:wrap;gap:1mm 4mm;margin-bottom:1.5mm}
.meta b{font-size:10.5pt}
.rich{font-size:10.5pt;line-height:1.6;overflow-wrap:anywhere}
.rich p{margin:0.5mm 0}
.rich img{max-width:100%;max-height:120mm}
.rich table{border-collapse:collapse}.rich td,.rich th{border:0.2mm solid #666;padding:0.5mm 1.5mm}
.key{font-size:9.5pt;margin-top:1.5mm}
.missing{font-size:9.5pt;color:#666}
.formula-error{color:#c00}
.student{break-before:page;page-break-before:always}
.student:first-child{break-before:auto;page-break-before:auto}
.student h2{font-size:13pt;margin-bottom:2mm}
math{font-size:1.1em}
`;

function Question(props: { q: WrongBookPrintQuestion; lost?: { score: number; fullScore: number } }) {
  const { q, lost } = props;
  return h('div', { className: 'q' },
    h('div', { className: 'meta' },
      h('b', null, `第 ${q.no} 题`), h('span', null, `${q.typeName} · 满分 ${fmt(q.fullScore)}`),
      lost ? h('span', null, `得分 ${fmt(lost.score)}`) : null,
      h('span', null, `班级得分率 ${formatRate(q.classRate) || '—'}`), h('span', null, `年级得分率 ${formatRate(q.gradeRate) || '—'}`),
      lost ? null : h('span', null, `答错 ${q.wrongCount} 人`),
      h('span', null, `知识点：${q.knowledgePoints.join('、') || '—'}`)),
    q.stem ? h('div', { className: 'rich', dangerouslySetInnerHTML: { __html: printableRich(q.stem) } }) : h('div', { className: 'missing' }, '（本题未加入题库，无题干）'),
    h('div', { className: 'key' }, `答案：${q.answer ?? '—'}`),
    q.analysis ? h('div', { className: 'rich key', dangerouslySetInnerHTML: { __html: `解析：${printableRich(q.analysis)}` } }) : null);
}

export function renderWrongBookHtml(data: WrongBookPrintData): string {
  const title = `${data.examName} ${data.courseName} ${data.className} 错题本`;
  const sub = `${data.schoolName} · 班级得分率低于 ${formatRate(data.threshold)} 的题目 · 共 ${data.questions.length} 题`;
  const byNo = new Map(data.questions.map((q) => [q.no, q]));
  const body = data.version === 'class'
    ? [h('div', { key: 'h', className: 'head' }, h('h1', null, title), h('div', { className: 'sub' }, sub)),
      ...data.questions.map((q) => h(Question, { key: q.no, q }))]
    : data.students.map((s) => h('section', { key: s.examNo, className: 'student' },
      h('div', { className: 'head' }, h('h1', null, title), h('div', { className: 'sub' }, sub)),
      h('h2', null, `${s.name}（考号 ${s.examNo}）· 错题 ${s.items.length} 道`),
      s.items.map((i) => (byNo.has(i.no) ? h(Question, { key: i.no, q: byNo.get(i.no)!, lost: i }) : null))));
  return htmlDocument({ title, pageCss: '@page{size:A4 portrait;margin:14mm 14mm 16mm}', css: CSS, body });
}
