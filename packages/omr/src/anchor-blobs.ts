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

export interface Grid {
  g: Uint8Array;
  gw: number;
  gh: number;
  /** Grid cells of `st` pixels from the window's corner. */
  x0: number;
  y0: number;
  st: number;
  levels: InkLevels | null;
}

/**
 * The window sampled every `st` pixels, each cell its top-left pixel ('point', fine for thin strokes) or the mean
 * of its st × st pixels ('mean', so halftoned marks — 1-bit dithered scans, OpenMCR's grey corner marks — read as
 * solid grey instead of a sieve of black and white samples), with the window's ink levels.
 */
export function sampleGrid(r: Raster, win: Box, st: number, how: 'point' | 'mean'): Grid {
  const { width: W, data } = r;
  const { x0, y0, x1, y1 } = win;
  const gw = Math.ceil((x1 - x0) / st);
  const gh = Math.ceil((y1 - y0) / st);
  const g = new Uint8Array(gw * gh);
  const hist = new Uint32Array(256);
  for (let j = 0; j < gh; j++) {
    const ya = y0 + j * st;
    const yb = Math.min(y1, ya + st);
    for (let i = 0; i < gw; i++) {
      const xa = x0 + i * st;
      let v = data[ya * W + xa];
      if (how === 'mean') {
        const xb = Math.min(x1, xa + st);
        let sum = 0;
        for (let y = ya; y < yb; y++) { const row = y * W; for (let x = xa; x < xb; x++) sum += data[row + x]; }
        v = Math.round(sum / ((yb - ya) * (xb - xa)));
      }
      g[j * gw + i] = v;
      hist[v]++;
    }
  }
  return { g, gw, gh, x0, y0, st, levels: inkLevels(hist, gw * gh, 0.001) };
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

export type BlobBox = Omit<Blob, 'cells'>;

/**
 * Of the blobs `accept` takes, the one whose box centre lies nearest the expected centre `s` (grid cells of `st`
 * pixels from the window corner x0, y0), or null.
 */
export function nearestBlob(
  gw: number, gh: number, ink: (i: number) => boolean, accept: (b: Blob) => boolean, grid: { x0: number; y0: number; st: number }, s: AnchorSearch,
): BlobBox | null {
  let best: (BlobBox & { d: number }) | null = null;
  eachBlob(gw, gh, ink, (b) => {
    if (!accept(b)) return;
    const d = Math.hypot(grid.x0 + ((b.bx0 + b.bx1) / 2) * grid.st - s.cx, grid.y0 + ((b.by0 + b.by1) / 2) * grid.st - s.cy);
    if (!best || d < best.d) best = { d, bx0: b.bx0, by0: b.by0, bx1: b.bx1, by1: b.by1 };
  });
  return best;
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
