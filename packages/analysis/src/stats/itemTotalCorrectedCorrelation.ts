import { pearson } from './pearson.js';
import type { Numbers } from './types.js';

/**
 * Corrected item–total correlation r(item, total − item): the Pearson correlation of an item's scores with
 * the rest of the paper, so the item does not correlate with itself. Cost O(n).
 * Same null cases as pearson (n < 2, constant item or constant rest score).
 *
 * @example itemTotalCorrectedCorrelation([1, 0, 1, 0], [5, 2, 4, 3]) // r([1,0,1,0], [4,2,3,3]) = 0.7071…
 */
export function itemTotalCorrectedCorrelation(item: Numbers, total: Numbers): number | null {
  if (item.length !== total.length) return null;
  const rest = new Float64Array(item.length);
  for (let i = 0; i < item.length; i++) rest[i] = total[i] - item[i];
  return pearson(item, rest);
}
