/**
 * A 题块's region on the answer-card page (docs/DOMAIN-RULES.md §4.1 "Block regions"): a rectangle in normalised page
 * coordinates (0–1 of the page's width and height, origin top-left), so one number fits the product's own card (mm)
 * and a third-party template (pixels of its blank) alike. Pure: the api cuts papers with it, the web draws it.
 */

export interface NRect { x: number; y: number; w: number; h: number }
export interface BlockRegion extends NRect { page: number }
/** A cut area of a card page (written box, fill-in, essay, 选做 box), by the id recognition gives its crop. */
export interface PageArea extends NRect { id: string }
export interface PageGeometry { page: number; width: number; height: number; unit: string; areas: PageArea[] }

/** Smallest region side, as a share of the page side. */
export const MIN_REGION_SIDE = 0.01;
const EPS = 1e-6;

interface LayoutLike {
  paper?: string; thirdParty?: boolean;
  pages?: { index: number; elements: { kind: string; x: number; y: number; w: number; h: number; no?: unknown; nos?: unknown[] }[] }[];
  template?: { width: number; height: number; unit?: string; blocks: { id: string; rect: { x: number; y: number; w: number; h: number } }[] };
}

/**
 * The cut areas of every card page, normalised: the product's card (fill-in, written, essay and 选做 boxes, as
 * packages/omr card-template cuts them; a 选做 box's id is its numbers joined by '/'), or a third-party template's
 * blocks (one page). Parts of one question on a page (an essay continued in the next column) are one area, their union.
 */
export function pageGeometry(layout: unknown): PageGeometry[] {
  const l = layout as LayoutLike | null;
  if (!l) return [];
  if (l.thirdParty && l.template) {
    const t = l.template;
    return [{ page: 1, width: t.width, height: t.height, unit: t.unit ?? 'px', areas: merge(t.blocks.map((b) => ({ id: b.id, x: b.rect.x / t.width, y: b.rect.y / t.height, w: b.rect.w / t.width, h: b.rect.h / t.height }))) }];
  }
  const [W, H] = l.paper === 'A3' ? [420, 297] : [210, 297];
  return (l.pages ?? []).map((p) => ({
    page: p.index, width: W, height: H, unit: 'mm',
    areas: merge(p.elements.flatMap((e) => {
      const id = e.kind === 'choice' ? (e.nos ?? []).join('/') : ['fillIn', 'subjective', 'essay'].includes(e.kind) ? String(e.no) : null;
      return id ? [{ id, x: e.x / W, y: e.y / H, w: e.w / W, h: e.h / H }] : [];
    })),
  }));
}

export function unionRect(rs: NRect[]): NRect {
  const x = Math.min(...rs.map((r) => r.x));
  const y = Math.min(...rs.map((r) => r.y));
  return { x, y, w: Math.max(...rs.map((r) => r.x + r.w)) - x, h: Math.max(...rs.map((r) => r.y + r.h)) - y };
}

function merge(areas: PageArea[]): PageArea[] {
  const byId = new Map<string, PageArea[]>();
  for (const a of areas) byId.set(a.id, [...(byId.get(a.id) ?? []), a]);
  return [...byId].map(([id, rs]) => ({ id, ...unionRect(rs) }));
}

/**
 * The region a block has without one of its own: the union of its areas (ids = its questions' numbers, or its
 * 选做 box) on the first page that holds any of them; null when the card has none.
 */
export function defaultRegion(pages: PageGeometry[], areaIds: string[]): BlockRegion | null {
  for (const p of pages) {
    const mine = p.areas.filter((a) => areaIds.includes(a.id));
    if (mine.length) return { page: p.page, ...unionRect(mine) };
  }
  return null;
}

/** What is wrong with a region on a card of `pageCount` pages (Chinese, for the user), or null. */
export function regionProblem(r: BlockRegion, pageCount: number): string | null {
  if (!Number.isInteger(r.page) || r.page < 1 || r.page > pageCount) return `答题卡没有第 ${r.page} 页`;
  if (![r.x, r.y, r.w, r.h].every(Number.isFinite)) return '题块区域不正确';
  if (r.w <= 0 || r.h <= 0) return '题块区域不能为空';
  if (r.x < -EPS || r.y < -EPS || r.x + r.w > 1 + EPS || r.y + r.h > 1 + EPS) return '题块区域超出答题卡页面';
  if (r.w < MIN_REGION_SIDE - EPS || r.h < MIN_REGION_SIDE - EPS) return '题块区域太小：宽和高至少为页面的 1%';
  return null;
}

/** An axis-aligned map from normalised page coordinates to pixels of one scanned page: px = s·n + t per axis. */
export interface PixelMap { sx: number; tx: number; sy: number; ty: number }

/**
 * The map of a scanned page, fitted by least squares to its cut areas: each area's normalised edges against the
 * pixel rectangle recognition cut (scan_page.rec.blocks). Null without two distinct edges on each axis.
 */
export function fitPixelMap(pairs: { area: NRect; px: NRect }[]): PixelMap | null {
  const fit = (pts: [number, number][]) => {
    const n = pts.length;
    const mx = pts.reduce((s, p) => s + p[0], 0) / n;
    const my = pts.reduce((s, p) => s + p[1], 0) / n;
    const sxx = pts.reduce((s, p) => s + (p[0] - mx) ** 2, 0);
    if (!n || sxx < 1e-12) return null;
    const s = pts.reduce((acc, p) => acc + (p[0] - mx) * (p[1] - my), 0) / sxx;
    return { s, t: my - s * mx };
  };
  const x = fit(pairs.flatMap((p) => [[p.area.x, p.px.x], [p.area.x + p.area.w, p.px.x + p.px.w]] as [number, number][]));
  const y = fit(pairs.flatMap((p) => [[p.area.y, p.px.y], [p.area.y + p.area.h, p.px.y + p.px.h]] as [number, number][]));
  return x && y ? { sx: x.s, tx: x.t, sy: y.s, ty: y.t } : null;
}

export const toPixels = (m: PixelMap, r: NRect): NRect => ({ x: m.sx * r.x + m.tx, y: m.sy * r.y + m.ty, w: m.sx * r.w, h: m.sy * r.h });
export const fromPixels = (m: PixelMap, r: NRect): NRect => ({ x: (r.x - m.tx) / m.sx, y: (r.y - m.ty) / m.sy, w: r.w / m.sx, h: r.h / m.sy });

/**
 * How a paper's crop follows the region on each scanned page: relative to one reference area of the page (its cut
 * rectangle in pixels, rx ry rw rh), crop = (rx + kx·rw, ry + ky·rh, kw·rw, kh·rh). One area fixes both axes'
 * scale and shift, so every scanned sheet is cut where that sheet's own reference lies.
 */
export function cutFactors(region: NRect, ref: NRect): { kx: number; ky: number; kw: number; kh: number } {
  return { kx: (region.x - ref.x) / ref.w, ky: (region.y - ref.y) / ref.h, kw: region.w / ref.w, kh: region.h / ref.h };
}

/** Rounds a normalised rectangle to 5 decimals (0.002 mm on A3: plenty, and stable in JSON). */
export const roundRect = <T extends NRect>(r: T): T => ({ ...r, x: round5(r.x), y: round5(r.y), w: round5(r.w), h: round5(r.h) });
const round5 = (v: number) => Math.round(v * 1e5) / 1e5;
