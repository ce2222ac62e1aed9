import type { Numbers } from './types.js';

export interface SegmentBound {
  /** Label "lower-upper", e.g. "140-150". */
  label: string;
  /** Inclusive lower bound. */
  lower: number;
  /** Upper bound: inclusive for the first (top) segment, exclusive for the others. */
  upper: number;
}

export interface SegmentCount extends SegmentBound {
  count: number;
  /** Students in this segment or any higher one. */
  cumulative: number;
}

/**
 * Segments of `width` points from the full score down: [full − w, full], [full − 2w, full − w), …, the last
 * one reaching 0 (it is narrower when full is not a multiple of w). Scores above full fall in the top
 * segment, below 0 in the last. width ≤ 0 or full ≤ 0 → one segment [0, full].
 *
 * @example segmentBounds(25, 10) // 15-25, 5-15, 0-5
 */
export function segmentBounds(fullScore: number, width: number): SegmentBound[] {
  const full = Number.isFinite(fullScore) && fullScore > 0 ? fullScore : 0;
  if (!(width > 0) || full === 0) return [{ label: `0-${fmt(full)}`, lower: 0, upper: full }];
  const out: SegmentBound[] = [];
  for (let upper = full; upper > 1e-9; upper = Math.round((upper - width) * 1e6) / 1e6) {
    const lower = Math.max(0, Math.round((upper - width) * 1e6) / 1e6);
    out.push({ label: `${fmt(lower)}-${fmt(upper)}`, lower, upper });
  }
  return out;
}

const fmt = (x: number) => String(Math.round(x * 100) / 100);

/**
 * Index of the segment (of `segmentBounds`) holding a score: with d = full − score, segment 0 holds
 * 0 ≤ d ≤ w, segment k ≥ 1 holds k·w < d ≤ (k+1)·w. Cost O(1).
 */
export function segmentIndex(score: number, fullScore: number, width: number, segmentCount: number): number {
  if (!(width > 0) || segmentCount <= 1 || score >= fullScore) return 0;
  const k = Math.ceil((fullScore - score) / width - 1e-9) - 1;
  return k < 0 ? 0 : k >= segmentCount ? segmentCount - 1 : k;
}

/**
 * Score segments with count and cumulative count, default width 10 for a subject (50 for a total).
 * Cost O(n + segments). Non-finite scores are skipped.
 *
 * @example scoreSegments([100, 95, 90, 85, 40], 100, 10).slice(0, 2) // 90-100: 3 (cum 3), 80-90: 1 (cum 4)
 */
export function scoreSegments(scores: Numbers, fullScore: number, width = 10): SegmentCount[] {
  const bounds = segmentBounds(fullScore, width);
  const counts = new Int32Array(bounds.length);
  const full = bounds[0].upper;
  for (let i = 0; i < scores.length; i++) {
    const s = scores[i];
    if (Number.isFinite(s)) counts[segmentIndex(s, full, width, bounds.length)]++;
  }
  let cum = 0;
  return bounds.map((b, k) => ({ ...b, count: counts[k], cumulative: (cum += counts[k]) }));
}
