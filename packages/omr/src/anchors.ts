// Anchor search: within a window around where an anchor should be, the connected dark blob of the expected
// size, nearly solid (fill ratio) and standing alone on paper (a light ring around it). The window is scanned
// on a coarse grid (stride ≈ anchor size / 10) and the winner's centre refined at full resolution.
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

const MIN_CONTRAST = 50;

export function findAnchor(r: Raster, s: AnchorSearch): AnchorHit | null {
  const { width: W, height: H, data } = r;
  const x0 = Math.max(0, Math.floor(s.cx - s.radius));
  const y0 = Math.max(0, Math.floor(s.cy - s.radius));
  const x1 = Math.min(W, Math.ceil(s.cx + s.radius));
  const y1 = Math.min(H, Math.ceil(s.cy + s.radius));
  if (x1 - x0 < s.w || y1 - y0 < s.h) return null;
  const st = Math.max(1, Math.floor(Math.min(s.w, s.h) / 10));
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
  const expA = expW * expH;
  const labels = new Uint8Array(n); // 0 unvisited, 1 visited
  const stack = new Int32Array(n);
  let best: { d: number; bx0: number; by0: number; bx1: number; by1: number } | null = null;
  for (let start = 0; start < n; start++) {
    if (labels[start] || g[start] >= thr) continue;
    let sp = 0;
    stack[sp++] = start;
    labels[start] = 1;
    let area = 0;
    let bx0 = gw; let by0 = gh; let bx1 = -1; let by1 = -1;
    while (sp) {
      const p = stack[--sp];
      const px = p % gw;
      const py = (p - px) / gw;
      area++;
      if (px < bx0) bx0 = px; if (px > bx1) bx1 = px;
      if (py < by0) by0 = py; if (py > by1) by1 = py;
      if (px > 0 && !labels[p - 1] && g[p - 1] < thr) { labels[p - 1] = 1; stack[sp++] = p - 1; }
      if (px < gw - 1 && !labels[p + 1] && g[p + 1] < thr) { labels[p + 1] = 1; stack[sp++] = p + 1; }
      if (py > 0 && !labels[p - gw] && g[p - gw] < thr) { labels[p - gw] = 1; stack[sp++] = p - gw; }
      if (py < gh - 1 && !labels[p + gw] && g[p + gw] < thr) { labels[p + gw] = 1; stack[sp++] = p + gw; }
    }
    const bw = bx1 - bx0 + 1;
    const bh = by1 - by0 + 1;
    if (area < 0.45 * expA || area > 1.7 * expA) continue;
    if (bw < 0.55 * expW || bw > 1.6 * expW + 1 || bh < 0.55 * expH || bh > 1.6 * expH + 1) continue;
    if (area / (bw * bh) < 0.62) continue;
    if (!isolated(g, gw, gh, bx0, by0, bx1, by1, Math.max(2, Math.round(0.5 * Math.min(expW, expH))), thr)) continue;
    const cx = x0 + ((bx0 + bx1) / 2) * st;
    const cy = y0 + ((by0 + by1) / 2) * st;
    const d = Math.hypot(cx - s.cx, cy - s.cy);
    if (!best || d < best.d) best = { d, bx0, by0, bx1, by1 };
  }
  if (!best) return null;
  return refine(r, x0 + (best.bx0 - 1) * st, y0 + (best.by0 - 1) * st, x0 + (best.bx1 + 2) * st, y0 + (best.by1 + 2) * st, paper, dark, thr);
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

/** Ink-weighted centroid over the blob's box at full resolution (sub-pixel), and its mean ink grey. */
function refine(r: Raster, bx0: number, by0: number, bx1: number, by1: number, paper: number, dark: number, thr: number): AnchorHit | null {
  const { width: W, height: H, data } = r;
  const xa = Math.max(0, bx0); const ya = Math.max(0, by0);
  const xb = Math.min(W, bx1); const yb = Math.min(H, by1);
  let sw = 0; let sx = 0; let sy = 0; let inkSum = 0; let inkN = 0;
  // Paper noise must not pull the centre: weights start a fifth of the way from paper to ink.
  const top = paper - 0.2 * (paper - dark);
  const span = top - dark;
  for (let y = ya; y < yb; y++) {
    const row = y * W;
    for (let x = xa; x < xb; x++) {
      const v = data[row + x];
      const w = v >= top ? 0 : v <= dark ? 1 : (top - v) / span;
      sw += w; sx += w * (x + 0.5); sy += w * (y + 0.5);
      if (v < thr) { inkSum += v; inkN++; }
    }
  }
  if (!sw || !inkN) return null;
  return { x: sx / sw, y: sy / sw, ink: inkSum / inkN, paper };
}
