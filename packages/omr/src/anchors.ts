// Anchor search: within a window around where an anchor should be, the connected dark blob of the expected
// size, nearly solid (fill ratio) and standing alone on paper (a light ring around it). The window is scanned
// on a coarse grid (stride ≈ anchor size / 10) and the winner's centre refined at full resolution.
import { eachBlob, inkCentroid, inkLevels, searchWindow } from './anchor-blobs.js';
import type { Raster } from './types.js';

export interface AnchorSearch {
  /** Expected centre and size in pixels, and how far from the centre to look. */
  cx: number;
  cy: number;
  w: number;
  h: number;
  radius: number;
}

export interface AnchorHit {
  /** Centre in continuous pixel coordinates (pixel i covers [i, i+1)). */
  x: number;
  y: number;
  /** Mean grey of the blob and of the paper around it. */
  ink: number;
  paper: number;
}

export function findAnchor(r: Raster, s: AnchorSearch): AnchorHit | null {
  const { width: W, data } = r;
  const { x0, y0, x1, y1 } = searchWindow(r, s);
  if (x1 - x0 < s.w || y1 - y0 < s.h) return null;
  const st = Math.max(1, Math.floor(Math.min(s.w, s.h) / 10));
  const gw = Math.ceil((x1 - x0) / st);
  const gh = Math.ceil((y1 - y0) / st);
  const g = new Uint8Array(gw * gh);
  const hist = new Uint32Array(256);
  // Each grid cell is the mean of its st × st pixels, so halftoned marks (1-bit dithered scans, OpenMCR's grey
  // corner marks) read as solid grey instead of a sieve of black and white samples.
  for (let j = 0; j < gh; j++) {
    const ya = y0 + j * st;
    const yb = Math.min(y1, ya + st);
    for (let i = 0; i < gw; i++) {
      const xa = x0 + i * st;
      const xb = Math.min(x1, xa + st);
      let sum = 0;
      for (let y = ya; y < yb; y++) { const row = y * W; for (let x = xa; x < xb; x++) sum += data[row + x]; }
      const v = Math.round(sum / ((yb - ya) * (xb - xa)));
      g[j * gw + i] = v;
      hist[v]++;
    }
  }
  const levels = inkLevels(hist, gw * gh, 0.001);
  if (!levels) return null;
  const { paper, dark, thr } = levels;

  const expW = s.w / st;
  const expH = s.h / st;
  const expA = expW * expH;
  let best: { d: number; bx0: number; by0: number; bx1: number; by1: number } | null = null;
  eachBlob(gw, gh, (i) => g[i] < thr, ({ cells, bx0, by0, bx1, by1 }) => {
    const area = cells.length;
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    if (area < 0.45 * expA || area > 1.7 * expA) return;
    if (bw < 0.55 * expW || bw > 1.6 * expW + 1 || bh < 0.55 * expH || bh > 1.6 * expH + 1) return;
    if (area / (bw * bh) < 0.62) return;
    if (!isolated(g, gw, gh, bx0, by0, bx1, by1, Math.max(2, Math.round(0.5 * Math.min(expW, expH))), thr)) return;
    const d = Math.hypot(x0 + ((bx0 + bx1) / 2) * st - s.cx, y0 + ((by0 + by1) / 2) * st - s.cy);
    if (!best || d < best.d) best = { d, bx0, by0, bx1, by1 };
  });
  // assigned inside the callback, which TypeScript's narrowing does not see
  const b = best as { bx0: number; by0: number; bx1: number; by1: number } | null;
  if (!b) return null;
  // Paper noise must not pull the centre: weights start a fifth of the way from paper to ink.
  const box = { x0: x0 + (b.bx0 - 1) * st, y0: y0 + (b.by0 - 1) * st, x1: x0 + (b.bx1 + 2) * st, y1: y0 + (b.by1 + 2) * st };
  const c = inkCentroid(r, box, paper - 0.2 * (paper - dark), dark, thr);
  return c && { ...c, paper };
}

/** True when few samples on a ring `gap` cells outside the blob's box are dark (the blob stands alone). */
function isolated(g: Uint8Array, gw: number, gh: number, bx0: number, by0: number, bx1: number, by1: number, gap: number, thr: number): boolean {
  const rx0 = bx0 - gap; const ry0 = by0 - gap; const rx1 = bx1 + gap; const ry1 = by1 + gap;
  let dark = 0;
  let total = 0;
  const at = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= gw || y >= gh) return; // outside the scan: no evidence either way
    total++;
    if (g[y * gw + x] < thr) dark++;
  };
  for (let x = rx0; x <= rx1; x++) { at(x, ry0); at(x, ry1); }
  for (let y = ry0 + 1; y < ry1; y++) { at(rx0, y); at(rx1, y); }
  return total > 0 && dark / total < 0.2;
}
