import type { Numbers } from './types.js';

/**
 * Σx with Neumaier compensation (stable for 100 000 half-point scores).
 * Cost O(n). Empty → 0. A non-finite entry → null.
 *
 * @example sum([1, 2, 3.5]) // 6.5
 */
export function sum(xs: Numbers): number | null {
  let s = 0;
  let c = 0;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (!Number.isFinite(x)) return null;
    const t = s + x;
    c += Math.abs(s) >= Math.abs(x) ? s - t + x : x - t + s;
    s = t;
  }
  return s + c;
}
