// What the three anchor finders (solid squares, rings, brackets) share: the search window clipped to the scan,
// paper and ink levels from a histogram of the window, the dark connected blobs of a sampled grid, and the
// ink-weighted centroid of a box at full resolution.
import type { AnchorSearch } from './anchors.js';
import type { Raster } from './types.js';

/** Paper and darkest ink closer than this (grey levels): no printed mark in the window. */
const MIN_CONTRAST = 50;

export interface Box {
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
}

/** The search window clipped to the raster. */
export function searchWindow(r: Raster, s: AnchorSearch): Box {
  return {
    x0: Math.max(0, Math.floor(s.cx - s.radius)),
    y0: Math.max(0, Math.floor(s.cy - s.radius)),
    x1: Math.min(r.width, Math.ceil(s.cx + s.radius)),
    y1: Math.min(r.height, Math.ceil(s.cy + s.radius)),
  };
}

export interface InkLevels {
  /** 60th percentile (most of a window is paper), the `darkQ` percentile, and half-way between them. */
  paper: number;
  dark: number;
  thr: number;
}

/** Levels from a 256-bin histogram of `n` samples, or null when paper and ink are too close to tell apart. */
export function inkLevels(hist: Uint32Array, n: number, darkQ: number): InkLevels | null {
  const pct = (q: number) => { let acc = 0; for (let v = 0; v < 256; v++) { acc += hist[v]; if (acc >= q * n) return v; } return 255; };
  const paper = pct(0.6);
  const dark = pct(darkQ);
  if (paper - dark < MIN_CONTRAST) return null;
  return { paper, dark, thr: (paper + dark) / 2 };
}

/** One 4-connected blob of a grid: its cells (indices) and bounding box in grid cells (inclusive). */
export interface Blob {
  cells: Int32Array;
  bx0: number;
  by0: number;
  bx1: number;
  by1: number;
}

/**
 * Calls `onBlob` for each 4-connected blob of cells where `ink(i)` holds, on a `gw` × `gh` grid (cell i at
 * x = i % gw, y = ⌊i / gw⌋). The blob's `cells` are valid only during the call.
 */
export function eachBlob(gw: number, gh: number, ink: (i: number) => boolean, onBlob: (b: Blob) => void): void {
  const n = gw * gh;
  const seen = new Uint8Array(n);
  const stack = new Int32Array(n);
  const cells = new Int32Array(n);
  for (let start = 0; start < n; start++) {
    if (seen[start] || !ink(start)) continue;
    let sp = 0;
    let count = 0;
    stack[sp++] = start;
    seen[start] = 1;
    let bx0 = gw; let by0 = gh; let bx1 = -1; let by1 = -1;
    while (sp) {
      const p = stack[--sp];
      cells[count++] = p;
      const px = p % gw;
      const py = (p - px) / gw;
      if (px < bx0) bx0 = px; if (px > bx1) bx1 = px;
      if (py < by0) by0 = py; if (py > by1) by1 = py;
      if (px > 0 && !seen[p - 1] && ink(p - 1)) { seen[p - 1] = 1; stack[sp++] = p - 1; }
      if (px < gw - 1 && !seen[p + 1] && ink(p + 1)) { seen[p + 1] = 1; stack[sp++] = p + 1; }
      if (py > 0 && !seen[p - gw] && ink(p - gw)) { seen[p - gw] = 1; stack[sp++] = p - gw; }
      if (py < gh - 1 && !seen[p + gw] && ink(p + gw)) { seen[p + gw] = 1; stack[sp++] = p + gw; }
    }
    onBlob({ cells: cells.subarray(0, count), bx0, by0, bx1, by1 });
  }
}

/**
 * Ink-weighted centroid over a box at full resolution (sub-pixel) and the mean grey of its ink (below `thr`).
 * Weights run from 0 at grey `top` to 1 at `dark`, so paper noise above `top` does not pull the centre.
 */
export function inkCentroid(r: Raster, box: Box, top: number, dark: number, thr: number): { x: number; y: number; ink: number } | null {
  const { width: W, height: H, data } = r;
  const xa = Math.max(0, box.x0); const ya = Math.max(0, box.y0);
  const xb = Math.min(W, box.x1); const yb = Math.min(H, box.y1);
  let sw = 0; let sx = 0; let sy = 0; let inkSum = 0; let inkN = 0;
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
  return { x: sx / sw, y: sy / sw, ink: inkSum / inkN };
}
