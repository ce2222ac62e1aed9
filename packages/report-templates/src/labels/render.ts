// 条形码贴: sticky 考号 labels on A4 label sheets, 3 × 8 = 24 a sheet, each label with name, class, room and
// seat, and the 考号 as a Code 128 barcode (drawn here, code128.ts) with the number printed under it.
// The sheet is the common 24-up A4 layout of Avery L7159 / Herma 4677 and their Chinese copies (得力 and
// others sell "A4 24格 63.5×33.9"): labels 63.5 × 33.9 mm, top and bottom margin 12.9 mm, left and right
// 7.2 mm, 2.5 mm between columns, rows touching. Content keeps 2.5 mm inside each label so a sheet fed ±1 mm
// off still prints on its labels. Each group (exam room or class) starts on a new sheet.
import type { ReactNode } from 'react';
import { escapeHtml, h, htmlDocument } from '../common.js';
import { code128Bars } from './code128.js';
import type { LabelGroup, LabelSheetData, StudentLabel } from './types.js';

export const LABEL_SHEET = {
  columns: 3, rows: 8, labelW: 63.5, labelH: 33.9, top: 12.9, left: 7.2, gapX: 2.5, gapY: 0, padding: 2.5,
  /** Widest module (narrowest bar) in mm: 0.33 mm reads well from office laser and inkjet printers. */
  maxModule: 0.33,
  barcodeH: 12,
} as const;
export const LABELS_PER_SHEET = LABEL_SHEET.columns * LABEL_SHEET.rows;

export interface LabelPage { title: string; sheet: number; sheets: number; labels: StudentLabel[] }

/** Groups cut into sheets of LABELS_PER_SHEET, each group from a new sheet (empty groups print nothing). */
export function labelPages(data: { groups: readonly LabelGroup[] }): LabelPage[] {
  const pages: LabelPage[] = [];
  for (const g of data.groups) {
    const sheets = Math.ceil(g.labels.length / LABELS_PER_SHEET);
    for (let i = 0; i < sheets; i++) {
      pages.push({ title: g.title, sheet: i + 1, sheets, labels: g.labels.slice(i * LABELS_PER_SHEET, (i + 1) * LABELS_PER_SHEET) });
    }
  }
  return pages;
}

/** Top-left corner of the label at `index` (row by row) on the sheet, in mm. */
export function labelOrigin(index: number): { x: number; y: number } {
  const S = LABEL_SHEET;
  const col = index % S.columns;
  const row = Math.floor(index / S.columns);
  return { x: S.left + col * (S.labelW + S.gapX), y: S.top + row * (S.labelH + S.gapY) };
}

/** The module width (mm) that fits the symbol into the label's inner width, at most maxModule. */
export function moduleWidth(modules: number): number {
  const inner = LABEL_SHEET.labelW - 2 * LABEL_SHEET.padding;
  return Math.min(LABEL_SHEET.maxModule, inner / modules);
}

/** The barcode as an SVG string: one path of bars, sized in mm (vector in the PDF). */
export function barcodeSvg(text: string, heightMm: number = LABEL_SHEET.barcodeH): string {
  const { bars, modules } = code128Bars(text);
  const width = modules * moduleWidth(modules);
  const d = bars.map(([x, w]) => `M${x} 0h${w}v1h-${w}z`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width.toFixed(3)}mm" height="${heightMm}mm" viewBox="0 0 ${modules} 1" `
    + `preserveAspectRatio="none" shape-rendering="crispEdges" role="img" aria-label="${escapeHtml(text)}"><path fill="#000" d="${d}"/></svg>`;
}

function Label(props: { label: StudentLabel; index: number }): ReactNode {
  const { label: l, index } = props;
  const { x, y } = labelOrigin(index);
  const place = l.room ? `${l.room}${l.seat ? ` ${l.seat}号` : ''}` : '';
  return h('div', { className: 'label', style: { left: `${x}mm`, top: `${y}mm` } },
    h('div', { className: 'l1' }, h('span', { className: 'name' }, l.name), h('span', { className: 'cls' }, l.className)),
    h('div', { className: 'l2' }, place || '\u00a0'),
    h('div', { className: 'bc', dangerouslySetInnerHTML: { __html: barcodeSvg(l.examNo) } }),
    h('div', { className: 'no' }, l.examNo));
}

const S = LABEL_SHEET;
const LABEL_CSS = `
.sheet{position:relative;width:210mm;height:297mm;overflow:hidden;break-after:page;page-break-after:always}
.sheet:last-child{break-after:auto;page-break-after:auto}
.head{position:absolute;left:${S.left}mm;right:${S.left}mm;top:4mm;font-size:7pt;color:#555;display:flex;justify-content:space-between}
.label{position:absolute;width:${S.labelW}mm;height:${S.labelH}mm;padding:${S.padding}mm;overflow:hidden}
.l1{display:flex;justify-content:space-between;align-items:baseline;height:5mm;white-space:nowrap;overflow:hidden}
.name{font-size:11pt;font-weight:700}
.cls{font-size:8pt;margin-left:2mm}
.l2{font-size:7.5pt;height:3.6mm;line-height:3.6mm;white-space:nowrap;overflow:hidden}
.bc{height:${S.barcodeH}mm;margin-top:0.6mm;display:flex;justify-content:center}
.bc svg{display:block}
.no{font-size:8pt;text-align:center;letter-spacing:0.5pt;line-height:3.6mm;font-family:'DejaVu Sans Mono',monospace}
`;

/** The label sheets of the groups as one HTML document (A4, no page margin: positions are the sheet's). */
export function renderLabelsHtml(data: LabelSheetData): string {
  const pages = labelPages(data);
  return htmlDocument({
    title: `${data.examName} 条形码贴`,
    pageCss: '@page{size:A4 portrait;margin:0}',
    css: LABEL_CSS,
    body: pages.map((p, i) => h('section', { key: i, className: 'sheet' },
      h('div', { className: 'head' }, h('span', null, `${data.examName} · ${p.title}`), h('span', null, `第 ${p.sheet}/${p.sheets} 张`)),
      p.labels.map((l, k) => h(Label, { key: k, label: l, index: k })))),
  });
}
