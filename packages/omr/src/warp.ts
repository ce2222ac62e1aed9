// Resampling a raster through a perspective map: each output pixel's centre is carried by `h` (output → input
// pixel coordinates) and read bilinearly. Where the input pixels are much smaller than the output's (a 13-MP
// photo warped to a page of 2 MP), a box average over the footprint keeps thin print from aliasing away.
import { applyHomography } from './homography.js';
import type { Raster } from './types.js';

export function warpRaster(r: Raster, h: readonly number[], width: number, height: number): Raster {
  const out = new Uint8Array(width * height);
  const { width: W, height: H, data } = r;
  // footprint of one output pixel in the input, measured at the centre
  const [ax, ay] = applyHomography(h, width / 2, height / 2);
  const [bx, by] = applyHomography(h, width / 2 + 1, height / 2 + 1);
  const k = Math.max(1, Math.round(Math.max(Math.abs(bx - ax), Math.abs(by - ay))));
  const src = k >= 2 ? boxBlur(r, k) : data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = h[6] * (x + 0.5) + h[7] * (y + 0.5) + h[8];
      const u = (h[0] * (x + 0.5) + h[1] * (y + 0.5) + h[2]) / w - 0.5;
      const v = (h[3] * (x + 0.5) + h[4] * (y + 0.5) + h[5]) / w - 0.5;
      const ix = Math.floor(u); const iy = Math.floor(v);
      if (ix < 0 || iy < 0 || ix + 1 >= W || iy + 1 >= H) { out[y * width + x] = 255; continue; }
      const fx = u - ix; const fy = v - iy;
      const o = iy * W + ix;
      const top = src[o] + (src[o + 1] - src[o]) * fx;
      const bottom = src[o + W] + (src[o + W + 1] - src[o + W]) * fx;
      out[y * width + x] = Math.round(top + (bottom - top) * fy);
    }
  }
  return { width, height, data: out };
}

/** Mean over a k × k box around each pixel (separable running sums). */
function boxBlur(r: Raster, k: number): Uint8Array {
  const { width: W, height: H, data } = r;
  const half = k >> 1;
  const tmp = new Float32Array(W * H);
  for (let y = 0; y < H; y++) {
    const row = y * W;
    let s = 0; let n = 0;
    for (let x = -half; x < W; x++) {
      const add = x + half; const drop = x - half - 1;
      if (add < W) { s += data[row + add]; n++; }
      if (drop >= 0) { s -= data[row + drop]; n--; }
      if (x >= 0) tmp[row + x] = s / n;
    }
  }
  const out = new Uint8Array(W * H);
  for (let x = 0; x < W; x++) {
    let s = 0; let n = 0;
    for (let y = -half; y < H; y++) {
      const add = y + half; const drop = y - half - 1;
      if (add < H) { s += tmp[add * W + x]; n++; }
      if (drop >= 0) { s -= tmp[drop * W + x]; n--; }
      if (y >= 0) out[y * W + x] = Math.round(s / n);
    }
  }
  return out;
}
