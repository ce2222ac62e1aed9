/**
 * Standard score Z = (x − x̄) ÷ s (s = sample SD, as docs/DOMAIN-RULES.md §3.8). Cost O(1).
 * A null/zero/non-finite SD or non-finite input → null (everyone equal: no standing to report).
 *
 * @example zScore(90, 80, 5) // 2
 */
export function zScore(x: number, mean: number | null, sd: number | null): number | null {
  if (mean === null || sd === null || !Number.isFinite(x) || !Number.isFinite(mean) || !Number.isFinite(sd) || sd <= 0) return null;
  return (x - mean) / sd;
}

/**
 * T score T = 50 + 10·Z. Same null cases as zScore.
 *
 * @example tScore(90, 80, 5) // 70
 */
export function tScore(x: number, mean: number | null, sd: number | null): number | null {
  const z = zScore(x, mean, sd);
  return z === null ? null : 50 + 10 * z;
}
