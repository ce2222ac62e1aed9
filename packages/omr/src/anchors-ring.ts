// Ring anchors (template.anchorShape 'ring'): the circle outlines of FormScanner forms and the bullseyes of
// OMRChecker forms. Within the search window: a dark connected blob of the expected outer size, about as wide as
// tall, whose ink lies within a circle — little ink in the corners of its box (that is what tells it from a
// square outline or a filled square). Its centre is the ink-weighted centroid of the box at full resolution,
// which for a ring (with or without its dot) is the centre.
import type { AnchorHit, AnchorSearch } from './anchors.js';
import type { Raster } from './types.js';

const MIN_CONTRAST = 50;

export function findRingAnchor(r: Raster, s: AnchorSearch): AnchorHit | null {
  const { width: W, height: H, data } = r;
  const x0 = Math.max(0, Math.floor(s.cx - s.radius));
  const y0 = Math.max(0, Math.floor(s.cy - s.radius));
  const x1 = Math.min(W, Math.ceil(s.cx + s.radius));
  const y1 = Math.min(H, Math.ceil(s.cy + s.radius));
  if (x1 - x0 < s.w * 0.5 || y1 - y0 < s.h * 0.5) return null;
  // A ring's stroke is thin, so sample finer than for solid marks (about 1/25 of the ring).
  const st = Math.max(1, Math.floor(Math.min(s.w, s.h) / 25));
  const gw = Math.ceil((x1 - x0) / st);
  const gh = Math.ceil((y1 - y0) / st);
  const g = new Uint8Array(gw * gh);
  const hist = new Uint32Array(256);
  for (let j = 0; j < gh; j++) {
    const row = (y0 + j * st) * W + x0;
    for (let i = 0; i < gw; i++) {
      const v = data[row + i * st];
      g[j * gw + i] = v;
      hist[v]++;
    }
  }
  const n = gw * gh;
  const pct = (q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hist[v]; if (acc >= q * n) return v; } return 255; };
  const paper = pct(0.6);
  const dark = pct(0.001);
  if (paper - dark < MIN_CONTRAST) return null;
  const thr = (paper + dark) / 2;

  const expW = s.w / st;
  const expH = s.h / st;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const members: number[] = [];
  let best: { d: number; bx0: number; by0: number; bx1: number; by1: number } | null = null;
  for (let start = 0; start < n; start++) {
    if (seen[start] || g[start] >= thr) continue;
    let sp = 0;
    stack[sp++] = start;
    seen[start] = 1;
    members.length = 0;
    let bx0 = gw; let by0 = gh; let bx1 = -1; let by1 = -1;
    while (sp) {
      const p = stack[--sp];
      members.push(p);
      const px = p % gw;
      const py = (p - px) / gw;
      if (px < bx0) bx0 = px; if (px > bx1) bx1 = px;
      if (py < by0) by0 = py; if (py > by1) by1 = py;
      if (px > 0 && !seen[p - 1] && g[p - 1] < thr) { seen[p - 1] = 1; stack[sp++] = p - 1; }
      if (px < gw - 1 && !seen[p + 1] && g[p + 1] < thr) { seen[p + 1] = 1; stack[sp++] = p + 1; }
      if (py > 0 && !seen[p - gw] && g[p - gw] < thr) { seen[p - gw] = 1; stack[sp++] = p - gw; }
      if (py < gh - 1 && !seen[p + gw] && g[p + gw] < thr) { seen[p + gw] = 1; stack[sp++] = p + gw; }
    }
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    // Ring sizes are known less well than our own anchors (OMRChecker matches its marker at 35–100 % scale).
    if (bw < 0.5 * expW || bw > 1.6 * expW + 1 || bh < 0.5 * expH || bh > 1.6 * expH + 1) continue;
    if (bw / bh < 0.8 || bw / bh > 1.25) continue;
    if (!ringLike(members, gw, bx0, by0, bx1, by1)) continue;
    const cx = x0 + ((bx0 + bx1) / 2) * st;
    const cy = y0 + ((by0 + by1) / 2) * st;
    const d = Math.hypot(cx - s.cx, cy - s.cy);
    if (!best || d < best.d) best = { d, bx0, by0, bx1, by1 };
  }
  if (!best) return null;
  return refine(r, x0 + best.bx0 * st, y0 + best.by0 * st, x0 + (best.bx1 + 1) * st, y0 + (best.by1 + 1) * st, paper, dark, thr);
}

/**
 * The blob's samples lie within the circle inscribed in its box (almost none in the box corners, which a square
 * outline or a filled square would have), and they do not fill it: a ring, or a bullseye whose white gap closed
 * in a coarse scan (a disc fills π/4 of its box).
 */
function ringLike(members: number[], gw: number, bx0: number, by0: number, bx1: number, by1: number): boolean {
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

/** Ink-weighted centroid over the ring's box at full resolution, and the mean grey of its ink. */
function refine(r: Raster, bx0: number, by0: number, bx1: number, by1: number, paper: number, dark: number, thr: number): AnchorHit | null {
  const { width: W, height: H, data } = r;
  const xa = Math.max(0, bx0); const ya = Math.max(0, by0);
  const xb = Math.min(W, bx1); const yb = Math.min(H, by1);
  let sw = 0; let sx = 0; let sy = 0; let inkSum = 0; let inkN = 0;
  const span = paper - dark;
  for (let y = ya; y < yb; y++) {
    const row = y * W;
    for (let x = xa; x < xb; x++) {
      const v = data[row + x];
      const w = v >= paper ? 0 : v <= dark ? 1 : (paper - v) / span;
      sw += w; sx += w * (x + 0.5); sy += w * (y + 0.5);
      if (v < thr) { inkSum += v; inkN++; }
    }
  }
  if (!sw || !inkN) return null;
  return { x: sx / sw, y: sy / sw, ink: inkSum / inkN, paper };
}
