import type { Numbers } from './types.js';

/**
 * Kuder–Richardson 20 for dichotomous (0/1) items: KR-20 = k/(k−1) · (1 − Σ pᵢqᵢ ÷ σ²ₜ), pᵢ the share
 * answering item i correctly, qᵢ = 1 − pᵢ, σ²ₜ the population variance of totals. Equals Cronbach's α on
 * 0/1 data. Cost O(k·n).
 * k < 2, n < 2, ragged items, any entry other than 0 or 1, or zero total variance → null.
 *
 * @example kr20([[1, 1, 0], [1, 0, 0]]) // 0.666… (2 · (1 − 4/9 ÷ 2/3))
 */
export function kr20(items: readonly Numbers[]): number | null {
  const k = items.length;
  if (k < 2) return null;
  const n = items[0].length;
  if (n < 2) return null;
  const totals = new Float64Array(n);
  let sumPq = 0;
  for (const item of items) {
    if (item.length !== n) return null;
    let correct = 0;
    for (let i = 0; i < n; i++) {
      const x = item[i];
      if (x !== 0 && x !== 1) return null;
      correct += x;
      totals[i] += x;
    }
    const p = correct / n;
    sumPq += p * (1 - p);
  }
  let m = 0;
  for (let i = 0; i < n; i++) m += totals[i];
  m /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (totals[i] - m) * (totals[i] - m);
  const vt = ss / n;
  if (vt <= 0) return null;
  return (k / (k - 1)) * (1 - sumPq / vt);
}
