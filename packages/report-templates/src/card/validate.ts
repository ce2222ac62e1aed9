// The maker's live check of a card layout (pure): areas overlapping, leaving the printable area or their
// column, or too small for what they hold. Each problem is one Chinese message naming the page and the area.
import { areaId, areaName, columnsOf, FLOW_KINDS, overlapArea, printableArea, type Rect } from './geometry.js';
import type { CardElement, CardLayout } from './layout.js';

export interface CardIssue {
  /** 1-based page. */
  page: number;
  /** areaId of the area at fault (null: a fixed part). */
  area: string | null;
  message: string;
}

/** Smallest sizes (mm) of areas whose size the user chooses. */
export const MIN_AREA = {
  subjective: { w: 40, h: 20 },
  fillIn: { w: 30, lineH: 6 },
  choice: { h: 25 },
  barcode: { w: 40, h: 20 },
  notes: { w: 30, h: 15 },
} as const;

const EPS = 0.05;
const inside = (r: Rect, o: Rect) => r.x >= o.x - EPS && r.y >= o.y - EPS && r.x + r.w <= o.x + o.w + EPS && r.y + r.h <= o.y + o.h + EPS;

/** Width and height the area's printed content needs (bubbles, grid, score box), or null when any size will do. */
function contentSize(e: CardElement): { w: number; h: number; why: string } | null {
  switch (e.kind) {
    case 'objective': {
      const n = Math.max(...e.questions.map((q) => q.options.length));
      return { w: e.optionX0 + (n - 1) * e.optionPitch + e.bubble.w / 2 + 0.5, h: e.rowY0 + (e.questions.length - 1) * e.rowPitch + e.bubble.h / 2 + 0.5, why: '放不下全部选项' };
    }
    case 'admission':
      return { w: e.colX0 + (e.digits - 0.5) * e.colPitch, h: e.rowY0 + 9 * e.rowPitch + e.bubble.h / 2 + 0.5, why: '放不下全部考号填涂格' };
    case 'absent':
      return { w: e.bubbleX + e.bubble.w / 2 + 0.5, h: e.bubbleY + e.bubble.h / 2 + 0.5, why: '放不下缺考填涂格' };
    case 'essay':
      return e.style === 'grid'
        ? { w: e.columns * e.cellMm, h: e.titleH + e.rows * (e.cellMm + e.rowGap) + e.rowGap, why: '放不下作文格' }
        : { w: 40, h: e.titleH + e.rows * 6, why: '放不下作文横线' };
    case 'choice':
      return { w: e.markX0 + (e.nos.length - 1) * e.markPitch + e.bubble.w / 2 + 31, h: MIN_AREA.choice.h, why: '放不下选做题号填涂格和得分框' };
    case 'subjective': return { ...MIN_AREA.subjective, why: '' };
    case 'fillIn': return { w: MIN_AREA.fillIn.w, h: e.lines * MIN_AREA.fillIn.lineH, why: '' };
    case 'barcode': return { ...MIN_AREA.barcode, why: '贴不下考号条形码' };
    case 'notes': return { ...MIN_AREA.notes, why: '' };
    default: return null;
  }
}

const fmt = (n: number) => String(Math.ceil(n));

export function validateCardLayout(layout: CardLayout): CardIssue[] {
  const issues: CardIssue[] = [];
  const printable = printableArea(layout.paper);
  const cols = columnsOf(layout.paper, layout.columns);
  layout.pages.forEach((page) => {
    const p = page.index;
    const add = (e: CardElement | null, message: string) => issues.push({ page: p, area: e ? areaId(e) : null, message: `第 ${p} 页：${message}` });
    const content = page.elements.filter((e) => e.kind !== 'anchor' && e.kind !== 'pageCode');
    for (const e of content) {
      const name = areaName(e);
      if (!inside(e, printable)) add(e, `${name}超出可打印区域（定位点以内、页码标识以上）`);
      else if (FLOW_KINDS.has(e.kind) && !cols.some((c) => inside(e, { x: c.x, y: printable.y, w: c.w, h: printable.h }))) {
        add(e, `${name}跨栏或超出栏宽（每栏宽 ${cols[0].w.toFixed(1)} mm）`);
      }
      const need = contentSize(e);
      if (need && (e.w < need.w - EPS || e.h < need.h - EPS)) {
        add(e, `${name}太小，至少需要 ${fmt(need.w)} × ${fmt(need.h)} mm${need.why ? `（${need.why}）` : ''}`);
      }
    }
    for (let i = 0; i < content.length; i++) {
      for (let j = i + 1; j < content.length; j++) {
        if (overlapArea(content[i], content[j]) > 0.5) add(content[j], `${areaName(content[j])}与${areaName(content[i])}重叠`);
      }
    }
  });
  // the boxes of a K > 1 选做 group on one page: recognition compares their choices there
  const boxes = layout.pages.flatMap((page) => page.elements.flatMap((e) => (e.kind === 'choice' && e.slot ? [{ page: page.index, e }] : [])));
  const pageOfFirst = new Map(boxes.filter((b) => b.e.slot === 1).map((b) => [b.e.nos.join('/'), b.page]));
  for (const { page, e } of boxes) {
    const p = pageOfFirst.get(e.nos.join('/'));
    if (p !== undefined && p !== page) issues.push({ page, area: areaId(e), message: `第 ${page} 页：${areaName(e)}须与同组第 1 框在同一页（第 ${p} 页）` });
  }
  return issues;
}
