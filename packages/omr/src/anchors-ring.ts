// Ring anchors (template.anchorShape 'ring'): the circle outlines of FormScanner forms and the bullseyes of
// OMRChecker forms. Within the search window: a dark connected blob of the expected outer size, about as wide as
// tall, whose ink lies within a circle — little ink in the corners of its box (that is what tells it from a
// square outline or a filled square). Its centre is the ink-weighted centroid of the box at full resolution,
// which for a ring (with or without its dot) is the centre.
import type { AnchorHit, AnchorSearch } from './anchors.js';
import { inkCentroid, nearestBlob, sampleGrid, searchWindow, type Blob } from './anchor-blobs.js';
import type { Raster } from './types.js';

export function findRingAnchor(r: Raster, s: AnchorSearch): AnchorHit | null {
  const win = searchWindow(r, s);
  if (win.x1 - win.x0 < s.w * 0.5 || win.y1 - win.y0 < s.h * 0.5) return null;
  // A ring's stroke is thin, so sample finer than for solid marks (about 1/25 of the ring).
  const grid = sampleGrid(r, win, Math.max(1, Math.floor(Math.min(s.w, s.h) / 25)), 'point');
  const { g, gw, gh, x0, y0, st, levels } = grid;
  if (!levels) return null;
  const { paper, dark, thr } = levels;

  const expW = s.w / st;
  const expH = s.h / st;
  const accept = ({ cells, bx0, by0, bx1, by1 }: Blob) => {
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    // Ring sizes are known less well than our own anchors (OMRChecker matches its marker at 35–100 % scale).
    if (bw < 0.5 * expW || bw > 1.6 * expW + 1 || bh < 0.5 * expH || bh > 1.6 * expH + 1) return false;
    if (bw / bh < 0.8 || bw / bh > 1.25) return false;
    return ringLike(cells, gw, bx0, by0, bx1, by1);
  };
  const b = nearestBlob(gw, gh, (i) => g[i] < thr, accept, grid, s);
  if (!b) return null;
  const c = inkCentroid(r, { x0: x0 + b.bx0 * st, y0: y0 + b.by0 * st, x1: x0 + (b.bx1 + 1) * st, y1: y0 + (b.by1 + 1) * st }, paper, dark, thr);
  return c && { ...c, paper };
}

/**
 * The blob's samples lie within the circle inscribed in its box (almost none in the box corners, which a square
 * outline or a filled square would have), and they do not fill it: a ring, or a bullseye whose white gap closed
 * in a coarse scan (a disc fills π/4 of its box).
 */
export function ringLike(members: Int32Array, gw: number, bx0: number, by0: number, bx1: number, by1: number): boolean {
  const cx = (bx0 + bx1) / 2;
  const cy = (by0 + by1) / 2;
  const rx = (bx1 - bx0 + 1) / 2;
  const ry = (by1 - by0 + 1) / 2;
  let outside = 0;
  for (const p of members) {
    const px = p % gw;
    const py = (p - px) / gw;
    const d = Math.hypot((px - cx) / rx, (py - cy) / ry);
    if (d > 1.12) outside++;
  }
  const area = members.length / ((bx1 - bx0 + 1) * (by1 - by0 + 1));
  return outside / members.length < 0.04 && area > 0.1 && area < 0.85;
}
