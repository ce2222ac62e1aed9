// Anchor search: within a window around where an anchor should be, the connected dark blob of the expected
// size, nearly solid (fill ratio) and standing alone on paper (a light ring around it). The window is scanned
// on a coarse grid (stride ≈ anchor size / 10) and the winner's centre refined at full resolution.
import { inkCentroid, nearestBlob, sampleGrid, searchWindow, type Blob } from './anchor-blobs.js';
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
  const win = searchWindow(r, s);
  if (win.x1 - win.x0 < s.w || win.y1 - win.y0 < s.h) return null;
  const grid = sampleGrid(r, win, Math.max(1, Math.floor(Math.min(s.w, s.h) / 10)), 'mean');
  const { g, gw, gh, x0, y0, st, levels } = grid;
  if (!levels) return null;
  const { paper, dark, thr } = levels;

  const expW = s.w / st;
  const expH = s.h / st;
  const expA = expW * expH;
  const accept = ({ cells, bx0, by0, bx1, by1 }: Blob) => {
    const area = cells.length;
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    if (area < 0.45 * expA || area > 1.7 * expA) return false;
    if (bw < 0.55 * expW || bw > 1.6 * expW + 1 || bh < 0.55 * expH || bh > 1.6 * expH + 1) return false;
    if (area / (bw * bh) < 0.62) return false;
    return isolated(g, gw, gh, bx0, by0, bx1, by1, Math.max(2, Math.round(0.5 * Math.min(expW, expH))), thr);
  };
  const b = nearestBlob(gw, gh, (i) => g[i] < thr, accept, grid, s);
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
