import type { Numbers } from './types.js';

/** One rate level: "at least threshold × full" or, with `below`, "below threshold × full". */
export interface RateLevel {
  key: string;
  name: string;
  /** Share of the full score, 0..1. */
  threshold: number;
  below?: boolean;
}

export interface RateShare {
  key: string;
  name: string;
  /** The score the threshold stands for: threshold × full (to 6 decimals, so 0.7 × 150 is 105, not 104.999…). */
  thresholdScore: number;
  below: boolean;
  count: number;
  /** count ÷ sitting students; null when nobody sat. */
  share: number | null;
}

/** threshold × full without binary noise (0.7 × 150 = 105). */
export function thresholdScore(threshold: number, fullScore: number): number {
  return Math.round(threshold * fullScore * 1e6) / 1e6;
}

/**
 * Five / four rates: for each level the number and share of sitting students with score ≥ threshold × full
 * (低分: score < threshold × full). Rates are cumulative (an 高分 student also counts as 优秀, 良好, 及格).
 * Cost O(n·levels). No students → counts 0, shares null. Non-finite scores are not counted but stay in n
 * (pass only sitting students).
 *
 * @example rateShares([95, 85, 75, 65, 20], 100, [{ key: 'pass', name: '及格', threshold: 0.6 }]) // count 4, share 0.8
 */
export function rateShares(scores: Numbers, fullScore: number, levels: readonly RateLevel[]): RateShare[] {
  const n = scores.length;
  return levels.map((l) => {
    const t = thresholdScore(l.threshold, fullScore);
    const below = l.below === true;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const s = scores[i];
      if (below ? s < t : s >= t) count++;
    }
    return { key: l.key, name: l.name, thresholdScore: t, below, count, share: n > 0 ? count / n : null };
  });
}
