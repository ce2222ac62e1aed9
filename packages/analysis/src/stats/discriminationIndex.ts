import type { Numbers } from './types.js';

/** Size of each extreme group: ⌈0.27·n⌉ (Kelley's 27 %). n ≤ 0 → 0. @example extremeGroupSize(100) // 27 */
export function extremeGroupSize(n: number): number {
  return n > 0 ? Math.ceil((27 * n) / 100) : 0;
}

/**
 * Order of students for the extreme groups: total descending, ties by admission number ascending
 * (string comparison; all-digit numbers of equal length compare as numbers). Cost O(n log n).
 */
export function orderByTotal(total: Numbers, admissionNos?: readonly string[]): Int32Array {
  const order = Int32Array.from({ length: total.length }, (_, i) => i);
  const cmpAdm = admissionNos
    ? (a: number, b: number) => (admissionNos[a] < admissionNos[b] ? -1 : admissionNos[a] > admissionNos[b] ? 1 : a - b)
    : (a: number, b: number) => a - b;
  return order.sort((a, b) => total[b] - total[a] || cmpAdm(a, b));
}

/**
 * Discrimination index from a ready order (indices sorted by total descending, ties already broken):
 * D = (mean item score of the top g − mean of the bottom g) ÷ full score, g = ⌈0.27·n⌉. Cost O(g).
 * n < 2, full ≤ 0, or a non-finite entry in the groups → null.
 */
export function discriminationIndexFromOrder(item: Numbers, order: ArrayLike<number>, fullScore: number): number | null {
  const n = order.length;
  if (n < 2 || !(fullScore > 0)) return null;
  const g = extremeGroupSize(n);
  let hi = 0;
  let lo = 0;
  for (let k = 0; k < g; k++) {
    hi += item[order[k]];
    lo += item[order[n - 1 - k]];
  }
  const d = (hi - lo) / g / fullScore;
  return Number.isFinite(d) ? d : null;
}

/**
 * Discrimination index D (extreme-groups method): students sorted by total descending (ties by admission
 * number), top and bottom groups of ⌈0.27·n⌉; D = (mean item score of the top group − mean of the bottom
 * group) ÷ item full score. Range −1..1. Cost O(n log n).
 * Lengths differ, n < 2, full ≤ 0 or a non-finite entry → null.
 *
 * @example discriminationIndex([2, 2, 1, 0], [10, 8, 6, 4], 2) // g = 2: (2 − 0.5) ÷ 2 = 0.75
 */
export function discriminationIndex(item: Numbers, total: Numbers, fullScore: number, admissionNos?: readonly string[]): number | null {
  if (item.length !== total.length) return null;
  for (let i = 0; i < total.length; i++) if (!Number.isFinite(total[i]) || !Number.isFinite(item[i])) return null;
  return discriminationIndexFromOrder(item, orderByTotal(total, admissionNos), fullScore);
}
