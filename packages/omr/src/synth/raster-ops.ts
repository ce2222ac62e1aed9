// Pixel operations of the scanner simulation on greyscale rasters (0 = black, 255 = white): an affine warp with
// bilinear sampling, a separable Gaussian blur, and a tone curve with noise. Written as plain loops over typed
// arrays because the benchmark pushes ten thousand A4 pages through them.
import type { Raster } from '../types.js';

/** Affine map [a, b, c, d, e, f]: x' = a·x + b·y + c, y' = d·x + e·y + f. */
export type Affine = [number, number, number, number, number, number];

export function compose(outer: Affine, inner: Affine): Affine {
  const [a, b, c, d, e, f] = outer;
  const [p, q, r, s, t, u] = inner;
  return [a * p + b * s, a * q + b * t, a * r + b * u + c, d * p + e * s, d * q + e * t, d * r + e * u + f];
}

export function invert(m: Affine): Affine {
  const [a, b, c, d, e, f] = m;
  const det = a * e - b * d;
  if (Math.abs(det) < 1e-12) throw new Error('affine map is singular');
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

export function apply(m: Affine, x: number, y: number): [number, number] {
  return [m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5]];
}

export function blankRaster(width: number, height: number, value = 255): Raster {
  return { width, height, data: new Uint8Array(width * height).fill(value) };
}

/**
 * Output raster of `width`×`height` whose pixel at continuous position q shows the source at forward⁻¹(q)
 * (pixel (i, j) covers [i, i+1)×[j, j+1)), bilinear. Source tones are scaled by `gain` (paper tone); outside
 * the source the output is `outside`. Inside the source the loop runs in 16.16 fixed point without bounds checks
 * (the x-range whose four neighbours exist is solved per row); only the border pixels take the careful path.
 */
export function warpAffine(src: Raster, forward: Affine, width: number, height: number, outside: number, gain = 1): Raster {
  const [ia, ib, ic, id, ie, iff] = invert(forward);
  const out = new Uint8Array(width * height);
  const sw = src.width;
  const sh = src.height;
  const s = src.data;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.min(255, Math.round(v * gain));
  const dxi = Math.round(ia * 65536);
  const dyi = Math.round(id * 65536);
  const eps = 1e-3;
  const sample = (fx: number, fy: number): number => {
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    if (x0 < -1 || y0 < -1 || x0 >= sw || y0 >= sh) return outside;
    const wx = fx - x0;
    const wy = fy - y0;
    const at = (xx: number, yy: number) => (xx < 0 || yy < 0 || xx >= sw || yy >= sh ? outside : lut[s[yy * sw + xx]]);
    const top = at(x0, y0) + (at(x0 + 1, y0) - at(x0, y0)) * wx;
    const bot = at(x0, y0 + 1) + (at(x0 + 1, y0 + 1) - at(x0, y0 + 1)) * wx;
    return Math.round(top + (bot - top) * wy);
  };
  for (let y = 0; y < height; y++) {
    // source coordinates of output pixel (0, y)'s centre, shifted by −0.5 to index source pixel centres
    const fx0 = ia * 0.5 + ib * (y + 0.5) + ic - 0.5;
    const fy0 = id * 0.5 + ie * (y + 0.5) + iff - 0.5;
    // x-range with 0 ≤ fx ≤ sw − 1 − eps and 0 ≤ fy ≤ sh − 1 − eps
    let lo = 0;
    let hi = width - 1;
    for (const [f0, step, max] of [[fx0, ia, sw - 1 - eps], [fy0, id, sh - 1 - eps]]) {
      if (Math.abs(step) < 1e-12) {
        if (f0 < 0 || f0 > max) { lo = 1; hi = 0; }
      } else {
        const a = -f0 / step;
        const b = (max - f0) / step;
        lo = Math.max(lo, Math.ceil(Math.min(a, b)) + 1);
        hi = Math.min(hi, Math.floor(Math.max(a, b)) - 1);
      }
    }
    const row = y * width;
    if (lo > hi) { for (let x = 0; x < width; x++) out[row + x] = sample(fx0 + ia * x, fy0 + id * x); continue; }
    for (let x = 0; x < lo; x++) out[row + x] = sample(fx0 + ia * x, fy0 + id * x);
    for (let x = hi + 1; x < width; x++) out[row + x] = sample(fx0 + ia * x, fy0 + id * x);
    warpRow(s, sw, out, row + lo, hi - lo + 1, Math.round((fx0 + ia * lo) * 65536), Math.round((fy0 + id * lo) * 65536), dxi, dyi, lut);
  }
  return { width, height, data: out };
}

/**
 * The interior of one output row, 16.16 fixed point: its own small function because V8 compiles a hot loop in a
 * small function far better than the same loop inside warpAffine (three times faster here).
 */
function warpRow(s: Uint8Array, sw: number, out: Uint8Array, o: number, n: number, fxi: number, fyi: number, dxi: number, dyi: number, lut: Uint8Array): void {
  for (let x = 0; x < n; x++, o++, fxi += dxi, fyi += dyi) {
    const k = (fyi >> 16) * sw + (fxi >> 16);
    const wx = (fxi & 0xffff) >> 8;
    const wy = (fyi & 0xffff) >> 8;
    const a = s[k];
    const c = s[k + sw];
    const top = (a << 8) + (s[k + 1] - a) * wx;
    const bot = (c << 8) + (s[k + sw + 1] - c) * wx;
    out[o] = lut[((top << 8) + (bot - top) * wy + 32768) >> 16];
  }
}

/** The binomial order (2, 4 or 6) whose blur is closest to a Gaussian of `sigma` px (σ = √n / 2); 0 = none. */
export function blurOrder(sigma: number): 0 | 2 | 4 | 6 {
  if (sigma < 0.4) return 0;
  return sigma < 0.85 ? 2 : sigma < 1.1 ? 4 : 6;
}

/** One separable [1 2 1]/4 pass in both directions (edges clamped), integer arithmetic. */
function blur121(src: Raster): Raster {
  const { width: w, height: h, data } = src;
  const tmp = new Uint8Array(w * h);
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    tmp[row] = (3 * data[row] + data[row + 1] + 2) >> 2;
    for (let x = 1, o = row + 1; x < w - 1; x++, o++) tmp[o] = (data[o - 1] + 2 * data[o] + data[o + 1] + 2) >> 2;
    tmp[row + w - 1] = (data[row + w - 2] + 3 * data[row + w - 1] + 2) >> 2;
  }
  for (let y = 0; y < h; y++) {
    const up = Math.max(0, y - 1) * w;
    const row = y * w;
    const down = Math.min(h - 1, y + 1) * w;
    for (let x = 0; x < w; x++) out[row + x] = (tmp[up + x] + 2 * tmp[row + x] + tmp[down + x] + 2) >> 2;
  }
  return { width: w, height: h, data: out };
}

/**
 * Gaussian-like blur by a binomial kernel of order 2, 4 or 6 (σ = 0.71, 1.0, 1.22 px): that many halves of
 * [1 2 1] passes. Order 0 returns the input.
 */
export function binomialBlur(src: Raster, order: 0 | 2 | 4 | 6): Raster {
  let r = src;
  for (let i = 0; i < order / 2; i++) r = blur121(r);
  return r;
}

/**
 * In place: tone curve 255·(v/255)^gamma, then Gaussian noise of `sigma` grey levels. Noise values come from a
 * table filled by `rnd` and read at a random offset per row (a fresh random number per pixel costs more than
 * the warp).
 */
export function toneAndNoise(r: Raster, gamma: number, sigma: number, rnd: () => number): void {
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.round(255 * (v / 255) ** gamma);
  const d = r.data;
  if (sigma <= 0) {
    for (let i = 0; i < d.length; i++) d[i] = lut[d[i]];
    return;
  }
  const SIZE = 1 << 16;
  const table = new Int16Array(SIZE);
  for (let i = 0; i < SIZE; i += 2) {
    // Box–Muller: two normal values per pair of uniforms
    const u = Math.max(rnd(), 1e-12);
    const v = rnd();
    const m = Math.sqrt(-2 * Math.log(u)) * sigma;
    table[i] = Math.round(m * Math.cos(2 * Math.PI * v));
    table[i + 1] = Math.round(m * Math.sin(2 * Math.PI * v));
  }
  for (let y = 0; y < r.height; y++) {
    const t = Math.floor(rnd() * SIZE);
    const step = 1 + 2 * Math.floor(rnd() * 1000); // odd: walks the whole table
    noiseRow(d, y * r.width, r.width, lut, table, t, step);
  }
}

/** One row of toneAndNoise (a small function of its own for V8, as warpRow). */
function noiseRow(d: Uint8Array, o: number, n: number, lut: Uint8Array, table: Int16Array, t: number, step: number): void {
  const mask = table.length - 1;
  for (let x = 0; x < n; x++, o++) {
    const v = lut[d[o]] + table[t];
    d[o] = v < 0 ? 0 : v > 255 ? 255 : v;
    t = (t + step) & mask;
  }
}

/** Darkens a filled disc (toner speck, dot) to tone `tone` by multiplying: out = v·tone/255. */
export function darkenDisc(r: Raster, cx: number, cy: number, radius: number, tone: number): void {
  const x0 = Math.max(0, Math.floor(cx - radius));
  const x1 = Math.min(r.width - 1, Math.ceil(cx + radius));
  const y0 = Math.max(0, Math.floor(cy - radius));
  const y1 = Math.min(r.height - 1, Math.ceil(cy + radius));
  const r2 = radius * radius;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      const dy = y + 0.5 - cy;
      if (dx * dx + dy * dy <= r2) r.data[y * r.width + x] = (r.data[y * r.width + x] * tone) / 255;
    }
  }
}
