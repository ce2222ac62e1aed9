import { allFinite, type Numbers } from './types.js';

/**
 * Quantile of an ascending-sorted list, R type 7 (R's default; Excel QUARTILE.INC / PERCENTILE.INC):
 * h = (n − 1)·p, Q(p) = x₍⌊h⌋₎ + (h − ⌊h⌋)(x₍⌊h⌋+1₎ − x₍⌊h⌋₎) with 0-based indices. Cost O(1).
 * Empty list, p outside [0, 1] or NaN → null. The list is trusted to be sorted and finite.
 *
 * @example quantileSorted([1, 2, 3, 4], 0.25) // 1.75
 */
export function quantileSorted(sorted: Numbers, p: number): number | null {
  const n = sorted.length;
  if (n === 0 || !(p >= 0 && p <= 1)) return null;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * Quantile, R type 7 = Excel QUARTILE.INC (p = k/4) / PERCENTILE.INC. Sorts a copy: cost O(n log n).
 * Empty list, a non-finite entry or p outside [0, 1] → null.
 *
 * @example quantile([7, 1, 3, 5], 0.75) // 5.5
 */
export function quantile(xs: Numbers, p: number): number | null {
  if (xs.length === 0 || !allFinite(xs)) return null;
  const sorted = Float64Array.from(xs).sort();
  return quantileSorted(sorted, p);
}
