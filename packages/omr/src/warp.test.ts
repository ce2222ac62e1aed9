import { describe, expect, it } from 'vitest';
import { paint } from './testing/paint.js';
import { warpRaster } from './warp.js';

describe('warpRaster', () => {
  it('reads each output pixel where the map sends its centre (bilinear)', () => {
    // grey = x + 2y on a 100 × 60 raster (pixel centres at +0.5)
    const r = paint(100, 60, (c) => { for (let y = 0; y < 60; y++) for (let x = 0; x < 100; x++) c.data[y * 100 + x] = x + 2 * y; });
    // output pixel (x, y) → input (x + 10, y + 5): a shift
    const out = warpRaster(r, [1, 0, 10, 0, 1, 5, 0, 0, 1], 40, 30);
    expect(out.data[0]).toBe(10 + 2 * 5);
    expect(out.data[7 * 40 + 3]).toBe(13 + 2 * 12);
    // half-pixel shift: the mean of two neighbours
    const half = warpRaster(r, [1, 0, 10.5, 0, 1, 5, 0, 0, 1], 4, 4);
    expect(half.data[0]).toBe(Math.round(10.5 + 10));
  });

  it('outside the input reads as white paper', () => {
    const r = paint(10, 10, (c) => c.data.fill(0));
    const out = warpRaster(r, [1, 0, 8, 0, 1, 0, 0, 0, 1], 6, 2);
    expect(Array.from(out.data.slice(0, 6))).toEqual([0, 255, 255, 255, 255, 255]);
  });

  it('shrinking 4:1 averages the footprint, so a 1 px line stays visible as grey', () => {
    const r = paint(400, 400, (c) => { for (let y = 0; y < 400; y++) c.data[y * 400 + 201] = 0; });
    const out = warpRaster(r, [4, 0, 0, 0, 4, 0, 0, 0, 1], 100, 100);
    const row = Array.from(out.data.slice(50 * 100, 51 * 100));
    expect(Math.min(...row)).toBeLessThan(230); // a bilinear sample alone would land on white
  });
});
