// The maker's dragged and resized areas: each override puts one area (by areaId) at a page and mm box. An
// essay grid keeps its cell size and takes as many columns and rows as the new box holds.
import { areaId, MOVABLE_KINDS } from './geometry.js';
import { CardLayoutError, type CardElement } from './layout.js';

export interface AreaOverride {
  area: string;
  /** 1-based page the area is put on. */
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Applies the overrides in place; an override of an area the card no longer has is ignored. */
export function applyOverrides(pages: CardElement[][], overrides: readonly AreaOverride[]): void {
  for (const o of overrides) {
    if (![o.x, o.y, o.w, o.h].every(Number.isFinite) || o.w <= 0 || o.h <= 0 || o.x < 0 || o.y < 0) {
      throw new CardLayoutError(`答题卡版式无效：区域 ${o.area} 的位置或大小不正确`);
    }
    if (!Number.isInteger(o.page) || o.page < 1 || o.page > pages.length) {
      throw new CardLayoutError(`答题卡版式无效：区域 ${o.area} 所在的第 ${o.page} 页不存在（共 ${pages.length} 页）`);
    }
    const from = pages.findIndex((els) => els.some((e) => areaId(e) === o.area));
    if (from < 0) continue;
    const idx = pages[from].findIndex((e) => areaId(e) === o.area);
    const el = pages[from][idx];
    if (!MOVABLE_KINDS.has(el.kind)) continue;
    const moved: CardElement = { ...el, x: round(o.x), y: round(o.y), w: round(o.w), h: round(o.h) };
    if (moved.kind === 'essay' && moved.style === 'grid') {
      moved.columns = Math.max(5, Math.min(40, Math.floor(moved.w / moved.cellMm + 1e-6)));
      moved.rows = Math.max(1, Math.min(80, Math.floor((moved.h - moved.titleH - moved.rowGap) / (moved.cellMm + moved.rowGap) + 1e-6)));
    } else if (moved.kind === 'essay') {
      moved.rows = Math.max(1, Math.min(80, Math.floor((moved.h - moved.titleH - 2) / 9 + 1e-6)));
    }
    pages[from].splice(idx, 1);
    pages[o.page - 1].push(moved);
  }
}
