import { mulberry32 } from '@jz/shared/random';
import { describe, expect, it } from 'vitest';
import { apply, binomialBlur, blankRaster, compose, invert, toneAndNoise, warpAffine, type Affine } from './raster-ops.js';

const rotation = (deg: number, cx: number, cy: number, tx = 0, ty = 0): Affine => {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  return [c, -s, cx - c * cx + s * cy + tx, s, c, cy - s * cx - c * cy + ty];
};

/** Centroid of darkness (255 − v) of a raster. */
function centroid(r: { width: number; height: number; data: Uint8Array }): [number, number] {
  let sx = 0; let sy = 0; let sw = 0;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      const w = 255 - r.data[y * r.width + x];
      sx += w * (x + 0.5); sy += w * (y + 0.5); sw += w;
    }
  }
  return [sx / sw, sy / sw];
}

describe('affine maps', () => {
  it('composes with its inverse to the identity', () => {
    const m = rotation(33, 40, 70, 5, -3);
    const id = compose(m, invert(m));
    [1, 0, 0, 0, 1, 0].forEach((v, i) => expect(id[i]).toBeCloseTo(v, 12));
    const [x, y] = apply(m, 40, 70); // the centre only moves by the translation
    expect([x, y]).toEqual([expect.closeTo(45, 12), expect.closeTo(67, 12)]);
  });
});

describe('warpAffine', () => {
  it('copies the source exactly under the identity', () => {
    const src = blankRaster(37, 23);
    const rnd = mulberry32(1);
    for (let i = 0; i < src.data.length; i++) src.data[i] = Math.floor(rnd() * 256);
    expect(warpAffine(src, [1, 0, 0, 0, 1, 0], 37, 23, 255).data).toEqual(src.data);
  });

  it('moves a dark square to where the forward map sends its centre (30° turn, shift), tones scaled by the gain', () => {
    const src = blankRaster(200, 150);
    for (let y = 60; y < 66; y++) for (let x = 120; x < 126; x++) src.data[y * 200 + x] = 0; // centre (123, 63)
    const fwd = rotation(30, 100, 75, 12.25, -7.5);
    const out = warpAffine(src, fwd, 260, 200, 255, 0.8);
    const [ex, ey] = apply(fwd, 123, 63);
    // paper scaled by the gain 0.8 → 204, beyond the page the outside tone 255
    expect(out.data[100 * 260 + 100]).toBe(204);
    expect(out.data[199 * 260 + 259]).toBe(255);
    const norm = { ...out, data: out.data.map((v) => (v >= 204 ? 255 : v)) };
    const [cx, cy] = centroid(norm);
    expect(cx).toBeCloseTo(ex, 0);
    expect(Math.hypot(cx - ex, cy - ey)).toBeLessThan(0.15);
  });
});

describe('binomialBlur', () => {
  // A [1 2 1]/4 pass has variance 1/2 per axis, so order n (n/2 passes) spreads a point with variance n/4.
  it.each([[2, 0.5], [4, 1], [6, 1.5]] as const)('order %i spreads a point with variance %f per axis and keeps the total', (order, variance) => {
    const src = blankRaster(31, 31, 0);
    src.data[15 * 31 + 15] = 255;
    const out = binomialBlur(src, order);
    let sum = 0; let vx = 0;
    for (let y = 0; y < 31; y++) for (let x = 0; x < 31; x++) { const v = out.data[y * 31 + x]; sum += v; vx += v * (x - 15) ** 2; }
    expect(Math.abs(sum - 255) / 255).toBeLessThan(0.05); // integer rounding loses a little
    expect(Math.abs(vx / sum - variance) / variance).toBeLessThan(0.06); // 8-bit rounding after each pass
  });

  it('leaves a flat page flat', () => {
    const out = binomialBlur(blankRaster(20, 10, 180), 6);
    expect(out.data.every((v) => v === 180)).toBe(true);
  });
});

describe('toneAndNoise', () => {
  it('applies 255·(v/255)^γ: 128 → 64 for γ = 2 (255 × 0.50196² = 64.25)', () => {
    const r = blankRaster(4, 4, 128);
    toneAndNoise(r, 2, 0, mulberry32(1));
    expect([...new Set(r.data)]).toEqual([64]);
  });

  it('adds zero-mean noise of the asked sigma', () => {
    const r = blankRaster(400, 400, 128);
    toneAndNoise(r, 1, 8, mulberry32(7));
    const n = r.data.length;
    const mean = r.data.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(r.data.reduce((a, b) => a + (b - mean) ** 2, 0) / n);
    expect(Math.abs(mean - 128)).toBeLessThan(0.2);
    expect(sd).toBeGreaterThan(7.7);
    expect(sd).toBeLessThan(8.3);
  });
});
