import { sampleVariance } from './sampleVariance.js';
import type { Numbers } from './types.js';

/**
 * Sample standard deviation s = √(Σ(x − x̄)² ÷ (n − 1)) — Excel STDEV.S, R sd. Cost O(n).
 * n < 2 or a non-finite entry → null ("—": one student has no spread to report).
 *
 * @example sampleStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9]) // 2.138089…
 */
export function sampleStandardDeviation(xs: Numbers): number | null {
  const v = sampleVariance(xs);
  return v === null ? null : Math.sqrt(v);
}
