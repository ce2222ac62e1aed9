import type { Numbers } from './types.js';

export const DEFAULT_RANK_CUTOFFS = [10, 20, 50, 100, 200, 500] as const;

export interface RankSegmentCount {
  /** Label "前10名" (cumulative) segment. */
  label: string;
  /** Ranks in (previous cutoff, cutoff]. */
  from: number;
  to: number;
  count: number;
  /** Ranks ≤ cutoff. */
  cumulative: number;
}

/**
 * Rank segments: for each cutoff (default top 10, 20, 50, 100, 200, 500) the number of students ranked
 * in (previous cutoff, cutoff] and the cumulative number ranked ≤ cutoff. Ranks are competition ranks
 * (1-based); ranks ≤ 0 or non-finite are ignored. Cutoffs are sorted and de-duplicated; non-positive ones
 * dropped. Cost O(n + cutoffs).
 *
 * @example rankSegments([1, 5, 12, 60, 700], [10, 20, 50, 100]) // counts 2, 1, 0, 1; cumulative 2, 3, 3, 4
 */
export function rankSegments(ranks: Numbers, cutoffs: readonly number[] = DEFAULT_RANK_CUTOFFS): RankSegmentCount[] {
  const cuts = [...new Set(cutoffs.filter((c) => Number.isFinite(c) && c > 0).map((c) => Math.floor(c)))].sort((a, b) => a - b);
  const counts = new Int32Array(cuts.length);
  for (let i = 0; i < ranks.length; i++) {
    const r = ranks[i];
    if (!(r >= 1)) continue;
    // first cutoff ≥ r (binary search)
    let lo = 0;
    let hi = cuts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cuts[mid] >= r) hi = mid;
      else lo = mid + 1;
    }
    if (lo < cuts.length) counts[lo]++;
  }
  let cum = 0;
  return cuts.map((c, k) => ({ label: `前${c}名`, from: k === 0 ? 1 : cuts[k - 1] + 1, to: c, count: counts[k], cumulative: (cum += counts[k]) }));
}
