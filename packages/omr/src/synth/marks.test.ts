import { mulberry32 } from '@jz/shared/random';
import { describe, expect, it } from 'vitest';
import { drawMark } from './marks.js';
import { blankRaster } from './raster-ops.js';
import type { MarkKind } from './types.js';

const BUBBLE = { x: 8, y: 8, w: 4.2, h: 2.6 }; // the card's bubble, mm

/** Darkness 1 − mean/255 over the bubble inset by 18 % on each side (the part an engine samples). */
function inner(kind: MarkKind, dpi: number, seed: number): number {
  const k = dpi / 25.4;
  const r = blankRaster(Math.round(20 * k), Math.round(20 * k));
  drawMark(r, BUBBLE, k, kind, mulberry32(seed));
  let s = 0; let n = 0;
  const b = BUBBLE;
  for (let y = Math.round((b.y + b.h * 0.18) * k); y < Math.round((b.y + b.h * 0.82) * k); y++) {
    for (let x = Math.round((b.x + b.w * 0.18) * k); x < Math.round((b.x + b.w * 0.82) * k); x++) { s += r.data[y * r.width + x]; n++; }
  }
  return 1 - s / n / 255;
}

const range = (kind: MarkKind, dpi: number) => {
  const xs = Array.from({ length: 300 }, (_, i) => inner(kind, dpi, i + 1));
  return [Math.min(...xs), Math.max(...xs)];
};

describe('marks (generator rules, docs/DECISIONS.md 合成答题卡)', () => {
  it.each([150, 300])('at %i dpi: clear fills are dark, faint/erasure/stray/tick stay light, with a gap between', (dpi) => {
    const [pencilMin] = range('pencil', dpi);
    const [penMin] = range('pen', dpi);
    const [, faintMax] = range('faint', dpi);
    const [erasureMin, erasureMax] = range('erasure', dpi);
    const [, strayMax] = range('stray', dpi);
    const [tickMin, tickMax] = range('tick', dpi);
    expect(pencilMin).toBeGreaterThan(0.55);
    expect(penMin).toBeGreaterThan(0.8);
    expect(faintMax).toBeLessThan(0.35);
    expect(erasureMin).toBeGreaterThan(0.02); // a residue is left
    expect(erasureMax).toBeLessThan(0.22);
    expect(strayMax).toBeLessThan(0.25);
    expect(tickMin).toBeGreaterThan(0.08);
    expect(tickMax).toBeLessThan(0.42);
    // the gap that makes "clear" clear: the lightest clear fill against the darkest light mark
    expect(Math.min(pencilMin, penMin) - Math.max(faintMax, erasureMax, strayMax, tickMax)).toBeGreaterThan(0.15);
  }, 60_000); // ≈ 1.5 s alone; more than vitest's 5 s default on the shared, loaded machine

  it('partial fills cover part of the bubble: sometimes the middle, sometimes a side', () => {
    const xs = Array.from({ length: 300 }, (_, i) => inner('partial', 200, i + 1));
    expect(Math.min(...xs)).toBeLessThan(0.1); // a side only: the sampled middle stays light
    expect(Math.max(...xs)).toBeGreaterThan(0.45); // a blob in the middle
  });

  it('marks stay near their bubble (strays excepted)', () => {
    const k = 200 / 25.4;
    for (const kind of ['pencil', 'pen', 'partial', 'faint', 'tick', 'erasure'] as MarkKind[]) {
      for (let seed = 1; seed <= 50; seed++) {
        const r = blankRaster(Math.round(20 * k), Math.round(20 * k));
        drawMark(r, BUBBLE, k, kind, mulberry32(seed));
        const b = BUBBLE;
        const x0 = (b.x - b.w * 0.2) * k - 2;
        const x1 = (b.x + b.w * 1.2) * k + 2;
        const y0 = (b.y - b.h * 0.3) * k - 2;
        const y1 = (b.y + b.h * 1.3) * k + 2;
        for (let y = 0; y < r.height; y++) {
          for (let x = 0; x < r.width; x++) {
            if (r.data[y * r.width + x] < 255 && (x < x0 || x > x1 || y < y0 || y > y1)) throw new Error(`${kind} seed ${seed} drew at (${x}, ${y})`);
          }
        }
      }
    }
  });
});
