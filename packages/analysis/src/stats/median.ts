import { quantile } from './quantile.js';
import type { Numbers } from './types.js';

/**
 * Median: the middle value, or the mean of the two middle values for even n (= quantile type 7 at 0.5,
 * Excel MEDIAN). Cost O(n log n). Empty or a non-finite entry → null.
 *
 * @example median([3, 1, 4, 2]) // 2.5
 */
export function median(xs: Numbers): number | null {
  return quantile(xs, 0.5);
}
