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

/**
 * The same r(item, total − item) from moments, for one-pass report code: with s²ᵢ the item variance, s²ₜ
 * the total variance and cᵢₜ their covariance (any common denominator),
 * r = (cᵢₜ − s²ᵢ) ÷ √(s²ᵢ · (s²ₜ − 2cᵢₜ + s²ᵢ)). Cost O(1).
 * A constant item or constant rest score (variance ≤ 1e-12 relative) or non-finite input → null.
 *
 * @example correctedCorrelationFromMoments(0.25, 1.25, 0.5) // r([1,0,1,0], [4,2,3,3]) with population moments = 0.7071…
 */
export function correctedCorrelationFromMoments(itemVariance: number, totalVariance: number, covariance: number): number | null {
  const restVariance = totalVariance - 2 * covariance + itemVariance;
  const scale = Math.max(Math.abs(totalVariance), Math.abs(itemVariance), 1e-300);
  if (!Number.isFinite(restVariance) || !(itemVariance > 1e-12 * scale) || !(restVariance > 1e-12 * scale)) return null;
  const r = (covariance - itemVariance) / Math.sqrt(itemVariance * restVariance);
  return r > 1 ? 1 : r < -1 ? -1 : r;
}
