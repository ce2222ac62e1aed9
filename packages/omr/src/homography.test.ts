import { describe, expect, it } from 'vitest';
import { applyHomography, composeHomography, fitHomography, homographyResidual, invertHomography } from './homography.js';
import type { Point } from './transform.js';

// A known perspective map (a page seen from below and to the left), written out by hand.
const H = [1.2, 0.1, 40, -0.05, 1.1, 25, 0.0002, 0.0004, 1];

describe('homography', () => {
  it('four corners give back the map that made them', () => {
    const src: Point[] = [[0, 0], [300, 0], [300, 400], [0, 400]];
    const dst = src.map(([x, y]) => applyHomography(H, x, y));
    const h = fitHomography(src, dst)!;
    for (const [x, y] of [[150, 200], [10, 390], [290, 5]] as Point[]) {
      const [u, v] = applyHomography(h, x, y);
      const [eu, ev] = applyHomography(H, x, y);
      expect(Math.hypot(u - eu, v - ev)).toBeLessThan(1e-6);
    }
  });
  it('more points: least squares; noise of ±0.5 px stays under a pixel of error', () => {
    const src: Point[] = [];
    for (let y = 0; y <= 400; y += 100) for (let x = 0; x <= 300; x += 100) src.push([x, y]);
    // deterministic "noise": alternating offsets
    const dst = src.map(([x, y], i) => { const [u, v] = applyHomography(H, x, y); return [u + (i % 2 ? 0.5 : -0.5), v + (i % 3 ? 0.4 : -0.4)] as Point; });
    const h = fitHomography(src, dst)!;
    expect(homographyResidual(h, src, dst)).toBeLessThan(0.7);
    const [u, v] = applyHomography(h, 150, 200);
    const [eu, ev] = applyHomography(H, 150, 200);
    expect(Math.hypot(u - eu, v - ev)).toBeLessThan(1);
  });
  it('inverse and composition', () => {
    const inv = invertHomography(H)!;
    const id = composeHomography(inv, H);
    [1, 0, 0, 0, 1, 0, 0, 0, 1].forEach((v, i) => expect(id[i]).toBeCloseTo(v, 9));
    const [u, v] = applyHomography(H, 77, 123);
    const [x, y] = applyHomography(inv, u, v);
    expect(x).toBeCloseTo(77, 6);
    expect(y).toBeCloseTo(123, 6);
  });
  it('degenerate points (three on a line) give null', () => {
    expect(fitHomography([[0, 0], [1, 1], [2, 2], [3, 3]], [[0, 0], [1, 1], [2, 2], [3, 3]])).toBeNull();
    expect(fitHomography([[0, 0], [1, 0], [0, 1]], [[0, 0], [1, 0], [0, 1]])).toBeNull();
  });
});
