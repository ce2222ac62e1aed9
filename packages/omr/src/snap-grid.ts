// Snapping a bubble grid drawn roughly by a person (rows × cols equal cells) onto the bubbles printed on the
// blank scan. Each cell is searched for its printed bubble — the dark connected outline (with the letter inside
// it, or a disc) of about a bubble's size, nearest the cell's expected centre; table lines around the cells are
// longer than a cell and left out — and a regular grid (origin, pitch, a slight skew) is fitted to the centres
// found. The bubble's size is the median printed size. So the area sampled inside every bubble comes from the
// print, never from how tightly the box was drawn.
import { eachBlob, inkLevels } from './anchor-blobs.js';
import type { Raster, Rect } from './types.js';

export interface GridBox extends Rect {
  rows: number;
  cols: number;
}

export interface SnappedGrid {
  /** The grid's outline: cells of equal pitch whose centres are the printed bubbles' centres. */
  rect: Rect;
  /** The printed bubble (outer edge of its outline), centred in every cell. */
  bubble: { w: number; h: number };
  /** Bubbles found of rows × cols. */
  found: number;
}

/** A grid needs this share of its bubbles found on the blank to be snapped. */
const MIN_FOUND = 0.6;
const round1 = (v: number) => Math.round(v * 10) / 10;

interface Hit { r: number; c: number; x: number; y: number; w: number; h: number }

export function snapGrid(ras: Raster, g: GridBox): SnappedGrid | null {
  if (!(g.rows >= 1 && g.cols >= 1 && g.w > 0 && g.h > 0)) return null;
  let px = g.w / g.cols;
  let py = g.h / g.rows;
  const levels = regionLevels(ras, { x: g.x - px / 2, y: g.y - py / 2, w: g.w + px, h: g.h + py });
  if (!levels) return null;
  // centre of cell (r, c) = (ox + c·px + r·kx, oy + r·py + c·ky): a drawn box is straight, the blank may not be
  let ox = g.x + px / 2; let oy = g.y + py / 2; let kx = 0; let ky = 0;
  let hits: Hit[] = [];
  for (const reach of [0.75, 0.5, 0.4]) {
    hits = [];
    for (let r = 0; r < g.rows; r++) {
      for (let c = 0; c < g.cols; c++) {
        const h = bubbleNear(ras, ox + c * px + r * kx, oy + r * py + c * ky, px, py, reach, levels.thr);
        if (h) hits.push({ r, c, ...h });
      }
    }
    if (hits.length < MIN_FOUND * g.rows * g.cols) return null;
    const fx = fitLine(hits.map((h) => [h.c, h.r, h.x]), g.cols > 1, g.rows > 1, px);
    const fy = fitLine(hits.map((h) => [h.r, h.c, h.y]), g.rows > 1, g.cols > 1, py);
    // one column (or row): its pitch stays as drawn
    ox = fx.a; px = g.cols > 1 ? fx.b : px; kx = fx.k;
    oy = fy.a; py = g.rows > 1 ? fy.b : py; ky = fy.k;
  }
  const med = (v: number[]) => { const s = [...v].sort((a, b) => a - b); return s[s.length >> 1]!; };
  const bw = Math.min(px, med(hits.map((h) => h.w)));
  const bh = Math.min(py, med(hits.map((h) => h.h)));
  // the outline of the straight grid that best matches: centre of the middle cell kept
  const mr = (g.rows - 1) / 2; const mc = (g.cols - 1) / 2;
  const cx = ox + mc * px + mr * kx; const cy = oy + mr * py + mc * ky;
  return {
    rect: { x: round1(cx - (g.cols * px) / 2), y: round1(cy - (g.rows * py) / 2), w: round1(g.cols * px), h: round1(g.rows * py) },
    bubble: { w: round1(bw), h: round1(bh) },
    found: hits.length,
  };
}

/** Paper and ink of a region (sampled every 2nd pixel): the threshold between them. */
function regionLevels(r: Raster, q: Rect) {
  const x0 = Math.max(0, Math.floor(q.x)); const y0 = Math.max(0, Math.floor(q.y));
  const x1 = Math.min(r.width, Math.ceil(q.x + q.w)); const y1 = Math.min(r.height, Math.ceil(q.y + q.h));
  const hist = new Uint32Array(256);
  let n = 0;
  for (let y = y0; y < y1; y += 2) for (let x = x0; x < x1; x += 2) { hist[r.data[y * r.width + x]!]!++; n++; }
  return n ? inkLevels(hist, n, 0.01) : null;
}

/**
 * The printed bubble nearest (cx, cy) within `reach` pitches: a blob of the window between a fifth of a pitch and
 * a little more than a pitch on each side (smaller: a speck; larger: a table line or a label), the larger of two
 * at the same spot (the outline, not the letter inside it).
 */
function bubbleNear(r: Raster, cx: number, cy: number, px: number, py: number, reach: number, thr: number): Omit<Hit, 'r' | 'c'> | null {
  const x0 = Math.max(0, Math.floor(cx - (reach + 0.5) * px)); const y0 = Math.max(0, Math.floor(cy - (reach + 0.5) * py));
  const x1 = Math.min(r.width, Math.ceil(cx + (reach + 0.5) * px)); const y1 = Math.min(r.height, Math.ceil(cy + (reach + 0.5) * py));
  const gw = x1 - x0; const gh = y1 - y0;
  if (gw < 3 || gh < 3) return null;
  const { width: W, data } = r;
  const ink = (i: number) => data[(y0 + Math.floor(i / gw)) * W + x0 + (i % gw)]! < thr;
  let best: (Omit<Hit, 'r' | 'c'> & { d: number }) | null = null;
  eachBlob(gw, gh, ink, ({ bx0, by0, bx1, by1 }) => {
    const w = bx1 - bx0 + 1; const h = by1 - by0 + 1;
    if (w < Math.max(4, px / 5) || h < Math.max(4, py / 5) || w > 1.2 * px || h > 1.2 * py || w > 2.5 * h || h > 2.5 * w) return;
    const x = x0 + (bx0 + bx1 + 1) / 2; const y = y0 + (by0 + by1 + 1) / 2;
    const dx = (x - cx) / px; const dy = (y - cy) / py;
    if (Math.abs(dx) > reach || Math.abs(dy) > reach) return;
    // the outline rather than the letter inside it (same centre, larger), and the nearer of two outlines
    const d = -(w * h) * (1 - Math.hypot(dx, dy) / (reach * Math.SQRT2));
    if (!best || d < best.d) best = { x, y, w, h, d };
  });
  const b = best as (Omit<Hit, 'r' | 'c'> & { d: number }) | null;
  return b && { x: b.x, y: b.y, w: b.w, h: b.h };
}

/**
 * v = a + b·i + k·j by least squares over [i, j, v] (i the index along the axis, j across it), twice, the second
 * time without points more than a fifth of a pitch off. Without spread along i (one column) b is not fitted, and
 * likewise k without spread across.
 */
function fitLine(pts: [number, number, number][], alongI: boolean, acrossJ: boolean, pitch: number): { a: number; b: number; k: number } {
  let use = pts;
  let res = { a: 0, b: pitch, k: 0 };
  for (let round = 0; round < 2; round++) {
    res = leastSquares(use, alongI, acrossJ, pitch);
    const keep = use.filter(([i, j, v]) => Math.abs(res.a + res.b * i + res.k * j - v) <= 0.2 * pitch);
    if (keep.length < 2 || keep.length === use.length) break;
    use = keep;
  }
  return res;
}

function leastSquares(pts: [number, number, number][], alongI: boolean, acrossJ: boolean, pitch: number) {
  // centre the indices so the three unknowns separate when the points cover a full grid
  const n = pts.length;
  const mi = pts.reduce((s, p) => s + p[0], 0) / n;
  const mj = pts.reduce((s, p) => s + p[1], 0) / n;
  const mv = pts.reduce((s, p) => s + p[2], 0) / n;
  let sii = 0; let sjj = 0; let sij = 0; let siv = 0; let sjv = 0;
  for (const [i, j, v] of pts) {
    const di = i - mi; const dj = j - mj; const dv = v - mv;
    sii += di * di; sjj += dj * dj; sij += di * dj; siv += di * dv; sjv += dj * dv;
  }
  let b = pitch; let k = 0;
  if (alongI && acrossJ && sii > 0 && sjj > 0 && sii * sjj - sij * sij > 1e-9) {
    const det = sii * sjj - sij * sij;
    b = (siv * sjj - sjv * sij) / det;
    k = (sjv * sii - siv * sij) / det;
  } else if (alongI && sii > 0) {
    b = siv / sii;
  } else if (acrossJ && sjj > 0) {
    k = sjv / sjj;
  }
  if (!alongI) b = pitch;
  return { a: mv - b * mi - k * mj, b, k };
}
