import type { Numbers } from './types.js';

/**
 * Standard competition ranking ("1224"; Excel RANK.EQ, R rank(-x, ties.method = "min")): a value's rank
 * is 1 + the number of values strictly better. Default order 'desc' (higher score = better):
 * 100, 100, 98 → 1, 1, 3. Cost O(n log n).
 * Non-finite entries get rank 0 (no rank) and are not counted.
 *
 * @example competitionRank([100, 98, 100]) // Int32Array [1, 3, 1]
 */
export function competitionRank(xs: Numbers, order: 'desc' | 'asc' = 'desc'): Int32Array {
  const n = xs.length;
  const ranks = new Int32Array(n);
  const idx: number[] = [];
  for (let i = 0; i < n; i++) if (Number.isFinite(xs[i])) idx.push(i);
  const sign = order === 'desc' ? -1 : 1;
  idx.sort((a, b) => sign * (xs[a] - xs[b]));
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k];
    ranks[i] = k > 0 && xs[idx[k - 1]] === xs[i] ? ranks[idx[k - 1]] : k + 1;
  }
  return ranks;
}
