import type { Numbers } from './types.js';

/**
 * Smallest and largest value. Cost O(n). Empty or a non-finite entry → null.
 *
 * @example extent([3, 9, 1]) // { min: 1, max: 9 }
 */
export function extent(xs: Numbers): { min: number; max: number } | null {
  if (xs.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (!Number.isFinite(x)) return null;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { min, max };
}
