import type { Numbers } from './types.js';

export interface HistogramBin { lower: number; upper: number; count: number }

/**
 * Counts per fixed-width bin from 0 to `max` (a score's full score): [0, w), [w, 2w), …, the last bin closed at
 * `max` (a full score counts in it; it is narrower when max is not a multiple of w). Values outside [0, max] are
 * counted in the first or last bin. Cost O(n + bins). max ≤ 0 or width ≤ 0 → [].
 *
 * @example histogram([0, 5, 10, 20], 20, 10) // [{0,10,2}, {10,20,2}]
 */
export function histogram(xs: Numbers, max: number, width: number): HistogramBin[] {
  if (!(max > 0) || !(width > 0)) return [];
  const k = Math.ceil(max / width - 1e-9);
  const bins: HistogramBin[] = Array.from({ length: k }, (_, i) => ({ lower: i * width, upper: Math.min((i + 1) * width, max), count: 0 }));
  for (let j = 0; j < xs.length; j++) {
    const v = xs[j]!;
    if (!Number.isFinite(v)) continue;
    const i = Math.min(k - 1, Math.max(0, Math.floor(v / width + 1e-9)));
    bins[i]!.count++;
  }
  return bins;
}
