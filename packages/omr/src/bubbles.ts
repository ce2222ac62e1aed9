// Darkness of a printed mark area: the mean ink over the area's inner part (the printed outline left out),
// measured against the paper just around the area and the sheet's own ink (the anchors' grey), so a grey
// scanner, a photocopy or uneven lighting give the same 0–1 scale. Sparse: only the area's pixels are read.
import { applyAffine, describe } from './transform.js';
import type { Raster, Rect } from './types.js';

export interface InkScale {
  /** Grey of solid print (the anchors) and of clean paper near them. */
  ink: number;
  paper: number;
}

export interface Sampler {
  r: Raster;
  t: readonly number[];
  scale: InkScale;
  /** Pixels per template unit (mean of both axes). */
  ppu: number;
}

export function makeSampler(r: Raster, t: readonly number[], scale: InkScale): Sampler {
  const d = describe(t);
  return { r, t, scale, ppu: (d.sx + d.sy) / 2 };
}

function grey(s: Sampler, x: number, y: number): number {
  const [u, v] = applyAffine(s.t, x, y);
  const ix = Math.floor(u);
  const iy = Math.floor(v);
  if (ix < 0 || iy < 0 || ix >= s.r.width || iy >= s.r.height) return -1;
  return s.r.data[iy * s.r.width + ix];
}

/** Paper grey around a rectangle: upper quartile of samples on a ring just outside it. */
export function localPaper(s: Sampler, rect: Rect): number {
  const e = 0.18 * Math.min(rect.w, rect.h);
  const x0 = rect.x - e; const y0 = rect.y - e; const x1 = rect.x + rect.w + e; const y1 = rect.y + rect.h + e;
  const vals: number[] = [];
  const k = 6;
  for (let i = 0; i <= k; i++) {
    const fx = x0 + ((x1 - x0) * i) / k;
    const fy = y0 + ((y1 - y0) * i) / k;
    vals.push(grey(s, fx, y0), grey(s, fx, y1));
    if (i > 0 && i < k) vals.push(grey(s, x0, fy), grey(s, x1, fy));
  }
  const ok = vals.filter((v) => v >= 0).sort((a, b) => a - b);
  if (!ok.length) return s.scale.paper;
  const q = ok[Math.floor(ok.length * 0.75)];
  // A ring on a stray mark or a neighbour's overfill is not paper: fall back towards the sheet's paper.
  return Math.max(q, s.scale.paper - 60);
}

/** Mean ink 0–1 over the inner area of `rect` (inset by `inset` of its size on each side). */
export function darkness(s: Sampler, rect: Rect, inset = 0.18): number {
  return ink(s, rect, inset).mean;
}

/**
 * The inner area's mean ink and its peak: the darkest of its four halves (left, right, top, bottom). A partial
 * fill or a tick on one side of a bubble darkens one half far more than the whole, while the printed letter
 * sits in the middle and darkens the halves alike.
 */
export function ink(s: Sampler, rect: Rect, inset = 0.18): { mean: number; peak: number } {
  const paper = localPaper(s, rect);
  const span = Math.max(30, paper - s.scale.ink);
  const ix0 = rect.x + rect.w * inset;
  const iy0 = rect.y + rect.h * inset;
  const iw = rect.w * (1 - 2 * inset);
  const ih = rect.h * (1 - 2 * inset);
  // about two samples per pixel (bilinear) at low resolution, at most 16 × 10: enough to integrate the area
  const nx = Math.min(16, Math.max(4, Math.round(2 * iw * s.ppu)));
  const ny = Math.min(10, Math.max(4, Math.round(2 * ih * s.ppu)));
  const t = s.t;
  const { width: W, height: H, data } = s.r;
  // The affine map stepped incrementally (no allocation per sample); -0.5: pixel centres for bilinear.
  const sx = iw / nx;
  const sy = ih / ny;
  const dux = t[0] * sx; const dvx = t[3] * sx;
  let sum = 0;
  let count = 0;
  // ink and samples of the left, right, top and bottom halves
  const half = [0, 0, 0, 0];
  const halfN = [0, 0, 0, 0];
  const midX = nx / 2; const midY = ny / 2;
  for (let j = 0; j < ny; j++) {
    const x = ix0 + 0.5 * sx;
    const y = iy0 + (j + 0.5) * sy;
    let u = t[0] * x + t[1] * y + t[2] - 0.5;
    let v = t[3] * x + t[4] * y + t[5] - 0.5;
    for (let i = 0; i < nx; i++, u += dux, v += dvx) {
      const ix = Math.floor(u);
      const iy = Math.floor(v);
      if (ix < 0 || iy < 0 || ix + 1 >= W || iy + 1 >= H) continue;
      const fx = u - ix;
      const fy = v - iy;
      const o = iy * W + ix;
      const top = data[o] + (data[o + 1] - data[o]) * fx;
      const bottom = data[o + W] + (data[o + W + 1] - data[o + W]) * fx;
      const d = (paper - (top + (bottom - top) * fy)) / span;
      const c = d <= 0 ? 0 : d >= 1 ? 1 : d;
      sum += c;
      count++;
      // a middle row or column (odd counts) belongs to both halves
      if (i < midX) { half[0] += c; halfN[0]++; }
      if (i + 1 > midX) { half[1] += c; halfN[1]++; }
      if (j < midY) { half[2] += c; halfN[2]++; }
      if (j + 1 > midY) { half[3] += c; halfN[3]++; }
    }
  }
  if (!count) return { mean: 0, peak: 0 };
  let peak = 0;
  for (let k = 0; k < 4; k++) if (halfN[k]) peak = Math.max(peak, half[k] / halfN[k]);
  return { mean: sum / count, peak };
}
