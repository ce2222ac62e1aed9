import { describe, expect, it } from 'vitest';
import { narrow } from './narrow.js';

describe('narrow', () => {
  it('keeps whole and half points in 32 bits and marks in 8, with every value the same', () => {
    const points = Float64Array.of(0, 1.5, 12, NaN, 149.5, -0.5);
    const choices = Uint32Array.of(0, 1, 5, 255, 0, 3);
    const n = narrow(points, choices);
    expect(n.points).toBeInstanceOf(Float32Array);
    expect(n.choices).toBeInstanceOf(Uint8Array);
    expect(Array.from(n.points)).toEqual(Array.from(points));
    expect(Array.from(n.choices!)).toEqual(Array.from(choices));
  });

  it('keeps 64 bits for a subject with a score 32 bits would change, and 16 or 32 bits for wide marks', () => {
    const points = Float64Array.of(1, 0.1, 2);
    const n = narrow(points, Uint32Array.of(0, 256, 1));
    expect(n.points).toBe(points);
    expect(n.choices).toBeInstanceOf(Uint16Array);
    expect(Array.from(n.choices!)).toEqual([0, 256, 1]);
    const wide = Uint32Array.of(2 ** 25, 1);
    expect(narrow(Float64Array.of(1), wide).choices).toBe(wide);
  });
});
