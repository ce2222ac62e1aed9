import type { Numbers } from './types.js';

/** Size of each extreme group: ⌈0.27·n⌉ (Kelley's 27 %). n ≤ 0 → 0. @example extremeGroupSize(100) // 27 */
export function extremeGroupSize(n: number): number {
  return n > 0 ? Math.ceil((27 * n) / 100) : 0;
}

/** Students sorted by total descending (ties in input order: the groups below do not depend on it). O(n log n). */
export function orderByTotal(total: Numbers): Int32Array {
  const order = Int32Array.from({ length: total.length }, (_, i) => i);
  return order.sort((a, b) => total[b] - total[a] || a - b);
}

/** One extreme group: student indices and their weights (1, or the shared weight of the students tied at the cut). */
export interface WeightedGroup {
  members: Int32Array;
  weights: Float64Array;
}

/** The upper and lower 27 % groups, each of total weight g = ⌈0.27·n⌉. */
export interface ExtremeGroups {
  g: number;
  upper: WeightedGroup;
  lower: WeightedGroup;
}

/**
 * The extreme groups without any tie-break (so they never depend on admission numbers or input order): each
 * group holds exactly g = ⌈0.27·n⌉ weight; students strictly beyond the cut score count 1, the t students tied
 * at the cut share the remaining weight equally, (g − strictly beyond) ÷ t each. `order` = the sitting
 * students by `score` descending (any order among equals). Cost O(g + students tied at the cuts).
 *
 * @example extremeGroups([0, 1, 2, 3], [9, 5, 5, 1]) // g 2: upper 0 (1), 1 and 2 (½ each); lower 3 (1), 1 and 2 (½ each)
 */
export function extremeGroups(order: ArrayLike<number>, score: ArrayLike<number>): ExtremeGroups {
  const n = order.length;
  const g = extremeGroupSize(n);
  const side = (at: (k: number) => number): WeightedGroup => {
    if (g === 0) return { members: new Int32Array(0), weights: new Float64Array(0) };
    const cut = score[at(g - 1)];
    let a = g - 1;
    while (a > 0 && score[at(a - 1)] === cut) a--;
    let b = g;
    while (b < n && score[at(b)] === cut) b++;
    const members = Int32Array.from({ length: b }, (_, k) => at(k));
    const weights = new Float64Array(b).fill(1);
    weights.fill((g - a) / (b - a), a, b);
    return { members, weights };
  };
  return { g, upper: side((k) => order[k]), lower: side((k) => order[n - 1 - k]) };
}

/** Weighted mean of `item` over a group of total weight g. */
function groupMean(item: Numbers, group: WeightedGroup, g: number): number {
  let s = 0;
  for (let k = 0; k < group.members.length; k++) s += group.weights[k] * item[group.members[k]];
  return s / g;
}

/** Score rates (mean ÷ full) of the upper and lower groups and D = upper − lower. */
export interface ExtremeGroupRates {
  upperRate: number;
  lowerRate: number;
  d: number;
}

/**
 * 高分组得分率, 低分组得分率 and the discrimination index D = their difference, by the extreme groups of
 * `extremeGroups` (students by `total`; ties at the cuts share weight). Cost O(n log n).
 * Lengths differ, n < 2, full ≤ 0 or a non-finite entry → null.
 *
 * @example extremeGroupRates([2, 2, 1, 0], [10, 8, 6, 4], 2) // g = 2: upper 1, lower 0.25, D 0.75
 */
export function extremeGroupRates(item: Numbers, total: Numbers, fullScore: number): ExtremeGroupRates | null {
  const n = total.length;
  if (item.length !== n || n < 2 || !(fullScore > 0)) return null;
  for (let i = 0; i < n; i++) if (!Number.isFinite(total[i]) || !Number.isFinite(item[i])) return null;
  const groups = extremeGroups(orderByTotal(total), total);
  const upperRate = groupMean(item, groups.upper, groups.g) / fullScore;
  const lowerRate = groupMean(item, groups.lower, groups.g) / fullScore;
  return { upperRate, lowerRate, d: upperRate - lowerRate };
}

/**
 * Discrimination index D (extreme-groups method): (weighted mean item score of the upper 27 % − that of the
 * lower 27 %) ÷ item full score, the groups of `extremeGroups` (order-free: no tie-break by admission number).
 * Range −1..1. Cost O(n log n). Lengths differ, n < 2, full ≤ 0 or a non-finite entry → null.
 *
 * @example discriminationIndex([2, 2, 1, 0], [10, 8, 6, 4], 2) // g = 2: (2 − 0.5) ÷ 2 = 0.75
 */
export function discriminationIndex(item: Numbers, total: Numbers, fullScore: number): number | null {
  return extremeGroupRates(item, total, fullScore)?.d ?? null;
}
