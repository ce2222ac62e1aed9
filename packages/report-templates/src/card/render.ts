// Draws a CardLayout exactly: every element at its millimetre box (CSS mm), one printed page (A4 portrait or
// A3 landscape, the layout's paper) per layout page.
import type { CSSProperties, ReactNode } from 'react';
import { h, htmlDocument } from '../common.js';
import { pageSizeOf, parseCardLayout, type CardElement, type CardLayout } from './layout.js';

const mm = (n: number) => `${+n.toFixed(3)}mm`;
const at = (x: number, y: number, w: number, hh: number, extra?: CSSProperties): CSSProperties =>
  ({ position: 'absolute', left: mm(x), top: mm(y), width: mm(w), height: mm(hh), ...extra });

type El<K extends CardElement['kind']> = Extract<CardElement, { kind: K }>;

function bubble(cx: number, cy: number, w: number, hh: number, label: string, key?: string | number): ReactNode {
  return h('div', { key, className: 'bubble', style: at(cx - w / 2, cy - hh / 2, w, hh, { fontSize: mm(hh * 0.82), lineHeight: mm(hh) }) }, label);
}

const draw: { [K in CardElement['kind']]: (e: El<K>) => ReactNode } = {
  anchor: (e) => h('div', { style: at(e.x, e.y, e.w, e.h, { background: '#000' }) }),
  pageCode: (e) => {
    const pitch = e.cellMm + 0.8;
    return h('div', { style: at(e.x, e.y, e.w, e.h) },
      h('div', { className: 'pc-text', style: { fontSize: mm(2.4), lineHeight: mm(3.2), height: mm(3.2) } }, e.text),
      e.bits.map((b, i) => h('div', {
        key: i,
        style: at(i * pitch, e.h - e.cellMm, e.cellMm, e.cellMm, b ? { background: '#000' } : { border: '0.2mm solid #000' }),
      })));
  },
  header: (e) => h('div', { className: 'header', style: at(e.x, e.y, e.w, e.h) },
    h('div', { style: { fontSize: mm(e.subtitle ? e.h * 0.42 : titleSize(e.title, e.w, e.h * 0.6)), fontWeight: 700, lineHeight: 1.15 } }, e.title),
    e.subtitle ? h('div', { style: { fontSize: mm(e.h * 0.3), lineHeight: 1.2 } }, e.subtitle) : null),
  studentInfo: (e) => {
    // 32 mm blanks where they fit (A4 one column), narrower in a narrow column
    const blank = Math.min(32, (e.w - 4) / e.fields.length - 12);
    return h('div', { className: 'box info', style: at(e.x, e.y, e.w, e.h, { fontSize: mm(3.4) }) },
      e.fields.map((f) => h('div', { key: f, className: 'field' }, h('span', null, `${f}：`),
        h('span', { className: 'blank', ...(blank < 32 ? { style: { width: mm(blank) } } : {}) }))));
  },
  admission: (e) => {
    const items: ReactNode[] = [h('div', { key: 't', className: 'cap', style: at(0, 0, e.w, e.writeBoxY, { lineHeight: mm(e.writeBoxY) }) }, '考　号')];
    for (let c = 0; c < e.digits; c++) {
      const cx = e.colX0 + c * e.colPitch;
      items.push(h('div', { key: `w${c}`, style: at(cx - (e.colPitch - 0.8) / 2, e.writeBoxY, e.colPitch - 0.8, e.writeBoxH, { border: '0.2mm solid #000' }) }));
      for (let d = 0; d < 10; d++) items.push(bubble(cx, e.rowY0 + d * e.rowPitch, e.bubble.w, e.bubble.h, String(d), `b${c}-${d}`));
    }
    return h('div', { className: 'box', style: at(e.x, e.y, e.w, e.h) }, items);
  },
  barcode: (e) => h('div', { className: 'box dashed center', style: at(e.x, e.y, e.w, e.h, { fontSize: mm(3.6), color: '#555' }) }, e.label),
  absent: (e) => h('div', { className: 'box', style: at(e.x, e.y, e.w, e.h) },
    h('div', { style: at(2, e.bubbleY - 2, e.bubbleX - e.bubble.w / 2 - 3, 4, { fontSize: mm(3.2), lineHeight: mm(4), textAlign: 'right' }) }, '缺考'),
    bubble(e.bubbleX, e.bubbleY, e.bubble.w, e.bubble.h, ''),
    h('div', { style: at(e.bubbleX + e.bubble.w / 2 + 2, e.bubbleY - 3, e.w - e.bubbleX - e.bubble.w / 2 - 3, 6, { fontSize: mm(2.3), lineHeight: mm(3) }) }, '考生禁填，由监考员用 2B 铅笔填涂')),
  notes: (e) => h('div', { className: 'box notes', style: at(e.x, e.y, e.w, e.h, { padding: '1.5mm 2mm' }) },
    h('div', { style: { fontSize: mm(3.2), fontWeight: 700, textAlign: 'center', marginBottom: '1mm' } }, e.title),
    e.lines.map((l, i) => h('div', { key: i, style: { fontSize: mm(2.5), lineHeight: 1.45 } }, l))),
  sectionTitle: (e) => h('div', { style: at(e.x, e.y, e.w, e.h, { fontSize: mm(3.5), fontWeight: 700, lineHeight: mm(e.h) }) }, e.text),
  objective: (e) => h('div', { className: 'box', style: at(e.x, e.y, e.w, e.h) },
    e.questions.flatMap((q, r) => {
      const cy = e.rowY0 + r * e.rowPitch;
      return [
        h('div', { key: `n${r}`, style: at(0.5, cy - 1.8, e.optionX0 - e.bubble.w / 2 - 1.5, 3.6, { fontSize: mm(3), lineHeight: mm(3.6), textAlign: 'right' }) },
          String(q.no) + (q.type === 'multiple' ? '*' : '')),
        ...q.options.map((o, k) => bubble(e.optionX0 + k * e.optionPitch, cy, e.bubble.w, e.bubble.h, o, `${r}-${k}`)),
      ];
    })),
  fillIn: (e) => {
    const lineH = (e.h - 1) / e.lines;
    return h('div', { style: at(e.x, e.y, e.w, e.h) },
      h('div', { style: at(0, lineH - 5, 12, 5, { fontSize: mm(3.2), lineHeight: mm(5) }) }, `${e.no}.`),
      Array.from({ length: e.lines }, (_, i) => h('div', { key: i, style: at(12, (i + 1) * lineH - 0.2, e.w - 13, 0.2, { background: '#000' }) })));
  },
  subjective: (e) => h('div', { className: 'box thick', style: at(e.x, e.y, e.w, e.h) },
    h('div', { style: { position: 'absolute', left: '2mm', top: '1.5mm', fontSize: mm(3.3), fontWeight: 700 } },
      e.continued ? `（第 ${e.no} 题续）` : `${e.no}.（${e.fullScore}分）${e.title ? ' ' + e.title : ''}`),
    e.continued ? null : scoreBox(e.w)),
  choice: (e) => h('div', { className: 'box thick', style: at(e.x, e.y, e.w, e.h) },
    h('div', { style: at(2, e.markY - 2, e.markX0 - e.bubble.w / 2 - 3, 4, { fontSize: mm(3.3), fontWeight: 700, lineHeight: mm(4), whiteSpace: 'nowrap' }) },
      e.slot ? `选做${'①②③④⑤'[e.slot - 1]}（${e.fullScore}分）` : `选做题（${e.fullScore}分）`),
    e.nos.map((no, i) => bubble(e.markX0 + i * e.markPitch, e.markY, e.bubble.w, e.bubble.h, String(no), `m${i}`)),
    h('div', { style: at(2, e.markY + 3, e.w - 34, 4, { fontSize: mm(2.4), lineHeight: mm(4), whiteSpace: 'nowrap', overflow: 'hidden' }) },
      e.slot
        ? `从第 ${e.nos.join('、')} 题中任选 ${e.pick} 题，每框答一题并涂黑该框所答题号，各框题号不同`
        : `从第 ${e.nos.join('、')} 题中任选一题作答，并用 2B 铅笔涂黑所选题号`),
    scoreBox(e.w)),
  essay: (e) => {
    const items: ReactNode[] = [h('div', { key: 't', style: at(0, 0, e.w, e.titleH, { fontSize: mm(3.3), fontWeight: 700, lineHeight: mm(e.titleH) }) },
      e.continued ? `（第 ${e.no} 题作文续）` : `${e.no}. 作文（${e.fullScore}分）`)];
    if (!e.continued) items.push(h('div', { key: 's', style: { position: 'absolute', right: 0, top: '0.5mm' } }, scoreBoxInner()));
    if (e.style === 'grid') {
      const rowY = (r: number) => e.titleH + r * (e.cellMm + e.rowGap) + e.rowGap;
      // all cell lines as one SVG path (a box per cell would be ~800 boxes, slow to print)
      const gw = e.columns * e.cellMm;
      let d = '';
      for (let r = 0; r < e.rows; r++) {
        const y = rowY(r);
        d += `M0 ${y.toFixed(3)}h${gw.toFixed(3)}M0 ${(y + e.cellMm).toFixed(3)}h${gw.toFixed(3)}`;
        for (let c = 0; c <= e.columns; c++) d += `M${(c * e.cellMm).toFixed(3)} ${y.toFixed(3)}v${e.cellMm.toFixed(3)}`;
      }
      items.push(h('svg', {
        key: 'grid', xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${e.w} ${e.h}`,
        style: { position: 'absolute', left: 0, top: 0, width: mm(e.w), height: mm(e.h), overflow: 'visible' },
      }, h('path', { d, fill: 'none', stroke: '#444', strokeWidth: 0.2 })));
      // every 100th cell is labelled under its bottom-right corner
      const last = e.startCount + e.rows * e.columns;
      for (let k = Math.ceil((e.startCount + 1) / 100) * 100; k <= last; k += 100) {
        const i = k - e.startCount - 1;
        const r = Math.floor(i / e.columns);
        const c = i % e.columns;
        items.push(h('div', { key: `c${k}`, className: 'count', style: at((c + 1) * e.cellMm - 6, rowY(r) + e.cellMm, 6, Math.max(1.2, e.rowGap), { fontSize: mm(1.3), lineHeight: mm(Math.max(1.2, e.rowGap)) }) }, String(k)));
      }
    } else {
      const rowH = (e.h - e.titleH - 2) / e.rows;
      for (let r = 0; r < e.rows; r++) items.push(h('div', { key: `l${r}`, style: at(0, e.titleH + (r + 1) * rowH, e.w, 0.2, { background: '#000' }) }));
    }
    return h('div', { style: at(e.x, e.y, e.w, e.h) }, items);
  },
};

/** A title alone on its line: as large as `max`, smaller when it would not fit the width on one line. */
function titleSize(text: string, w: number, max: number): number {
  const ems = [...text].reduce((n, ch) => n + (ch.charCodeAt(0) < 0x2e80 ? 0.56 : 1), 0);
  return ems ? Math.min(max, (w * 0.96) / ems) : max;
}

function scoreBoxInner(): ReactNode {
  return h('div', { className: 'score' }, h('span', null, '得分'), h('span', { className: 'cell' }));
}
function scoreBox(w: number): ReactNode {
  return h('div', { style: { position: 'absolute', left: mm(w - 30), top: '1mm' } }, scoreBoxInner());
}

const cardCss = (w: number, hh: number) => `
.page{position:relative;width:${w}mm;height:${hh}mm;overflow:hidden;break-after:page;page-break-after:always}
.page:last-child{break-after:auto;page-break-after:auto}
.box{border:0.25mm solid #000}
.box.thick{border-width:0.35mm}
.box.dashed{border-style:dashed}
.center{display:flex;align-items:center;justify-content:center}
.header{text-align:center}
.info{display:flex;align-items:center;justify-content:space-around}
.field{display:flex;align-items:flex-end}
.field .blank{display:inline-block;width:32mm;border-bottom:0.2mm solid #000;height:4mm}
.cap{text-align:center;font-size:3.2mm;font-weight:700;letter-spacing:1mm}
.bubble{border:0.2mm solid #222;border-radius:1mm;text-align:center;color:#222;font-weight:400}
.pc-text{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;color:#000}
.count{color:#444;text-align:right}
.score{display:flex;align-items:stretch;border:0.25mm solid #000;font-size:2.8mm;height:6mm}
.score span{display:flex;align-items:center;padding:0 1.2mm}
.score .cell{width:16mm;border-left:0.25mm solid #000}
`;

/** Full HTML of the card: validates the layout first (throws 答题卡版式无效：… on a bad one). */
export function renderCardHtml(input: CardLayout | unknown): string {
  const layout = parseCardLayout(input);
  const size = pageSizeOf(layout.paper);
  const pages = layout.pages.map((p) => h('section', { key: p.index, className: 'page' },
    p.elements.map((e, i) => h('div', { key: i, 'data-kind': e.kind }, (draw[e.kind] as (x: CardElement) => ReactNode)(e)))));
  return htmlDocument({
    title: `${layout.examName} ${layout.subjectName} 答题卡`,
    pageCss: `@page{size:${layout.paper === 'A3' ? 'A3 landscape' : 'A4 portrait'};margin:0}`,
    css: cardCss(size.w, size.h),
    body: pages,
  });
}
