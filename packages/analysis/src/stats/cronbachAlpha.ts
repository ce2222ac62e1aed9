import { sampleVariance } from './sampleVariance.js';
import type { Numbers } from './types.js';

/**
 * Cronbach's α = k/(k−1) · (1 − Σ s²ᵢ ÷ s²ₜ) for k items, s²ᵢ the variance of item i, s²ₜ the variance of
 * the students' totals (sample variances; the n/(n−1) factor cancels, so population variances give the same
 * α). `items[j][i]` = score of student i on item j. Cost O(k·n).
 * k < 2, n < 2, ragged items, a non-finite entry or zero total variance → null.
 *
 * @example cronbachAlpha([[1, 1, 0], [1, 0, 0]]) // 0.666… (2 · (1 − (1/3 + 1/3) ÷ 1))
 */
export function cronbachAlpha(items: readonly Numbers[]): number | null {
  const k = items.length;
  if (k < 2) return null;
  const n = items[0].length;
  if (n < 2) return null;
  const totals = new Float64Array(n);
  let sumItemVar = 0;
  for (const item of items) {
    if (item.length !== n) return null;
    const v = sampleVariance(item);
    if (v === null) return null;
    sumItemVar += v;
    for (let i = 0; i < n; i++) totals[i] += item[i];
  }
  const vt = sampleVariance(totals);
  if (vt === null || vt <= 0) return null;
  return (k / (k - 1)) * (1 - sumItemVar / vt);
}

/**
 * Cronbach's α from its parts, for one-pass report code: k/(k−1) · (1 − Σ s²ᵢ ÷ s²ₜ) (variances with the
 * same denominator). Cost O(1). k < 2 or s²ₜ ≤ 0 or non-finite → null.
 *
 * @example cronbachAlphaFromVariances(2, 2 / 3, 1) // 0.666…
 */
export function cronbachAlphaFromVariances(k: number, sumItemVariance: number, totalVariance: number): number | null {
  if (!(k >= 2) || !(totalVariance > 0) || !Number.isFinite(sumItemVariance) || !Number.isFinite(totalVariance)) return null;
  return (k / (k - 1)) * (1 - sumItemVariance / totalVariance);
}
