// Where content may go on a card page (all mm): the printable area inside the anchors and page code, the
// columns content flows in, and the stable id of each area the maker lets the user move or resize.
import { choiceKey, pageSizeOf, type CardElement, type CardPaper } from './layout.js';

/** Anchors: 5 mm squares 10 mm in from each edge; content 18 mm from the sides. */
export const FRAME = { anchorSize: 5, anchorInset: 10, side: 18, top: 24, bottom: 20, gutter: 8 } as const;

export interface Rect { x: number; y: number; w: number; h: number }

/** Inside the anchors (x) and above the page code (y): nothing of the content may leave it. */
export function printableArea(paper: CardPaper): Rect {
  const { w, h } = pageSizeOf(paper);
  const inner = FRAME.anchorInset + FRAME.anchorSize;
  return { x: inner, y: FRAME.anchorInset, w: w - 2 * inner, h: h - FRAME.anchorInset - FRAME.bottom };
}

/** The columns' x ranges, left to right, `FRAME.gutter` apart. */
export function columnsOf(paper: CardPaper, columns: number): { x: number; w: number }[] {
  const { w } = pageSizeOf(paper);
  const width = w - 2 * FRAME.side;
  const colW = (width - (columns - 1) * FRAME.gutter) / columns;
  return Array.from({ length: columns }, (_, i) => ({ x: FRAME.side + i * (colW + FRAME.gutter), w: colW }));
}

/** Areas that flow in the columns (each must lie inside one column); the rest is the page-1 head. */
export const FLOW_KINDS = new Set<CardElement['kind']>(['sectionTitle', 'objective', 'fillIn', 'subjective', 'essay', 'choice']);
/** Areas the maker lets the user drag and resize. */
export const MOVABLE_KINDS = new Set<CardElement['kind']>(['objective', 'fillIn', 'subjective', 'essay', 'choice', 'barcode', 'notes', 'admission', 'absent']);

/** Stable id of a movable area (same question set-up ⇒ same id), or null for fixed parts (anchors, page code …). */
export function areaId(e: CardElement): string | null {
  switch (e.kind) {
    case 'objective': return `objective:${e.questions[0].no}`;
    case 'fillIn': return `fillIn:${e.no}`;
    case 'subjective': return `subjective:${e.no}${e.continued ? ':续' : ''}`;
    case 'essay': return `essay:${e.no}:${e.startCount}`;
    case 'choice': return `choice:${choiceKey(e.nos, e.slot)}`;
    case 'barcode': case 'notes': case 'admission': case 'absent': return e.kind;
    default: return null;
  }
}

/** Chinese name of an area for messages: 第 17 题答题区, 选择题 1–5, 考号 … */
export function areaName(e: CardElement): string {
  switch (e.kind) {
    case 'objective': return `选择题 ${e.questions[0].no}–${e.questions[e.questions.length - 1].no}`;
    case 'fillIn': return `第 ${e.no} 题填空区`;
    case 'subjective': return `第 ${e.no} 题答题区${e.continued ? '（续）' : ''}`;
    case 'essay': return `第 ${e.no} 题作文格${e.startCount ? '（续）' : ''}`;
    case 'choice': return `选做题 ${e.nos.join('/')}${e.slot ? ` 第 ${e.slot} 框` : ''}`;
    case 'barcode': return '条形码区';
    case 'notes': return '注意事项';
    case 'admission': return '考号填涂区';
    case 'absent': return '缺考标记';
    case 'header': return '标题';
    case 'studentInfo': return '考生信息';
    case 'sectionTitle': return `“${e.text.slice(0, 6)}”标题`;
    case 'anchor': return '定位点';
    case 'pageCode': return '页码标识';
  }
}

export const overlapArea = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
