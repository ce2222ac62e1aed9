/**
 * Difficulty (得分率) P = mean score ÷ full score; for a 0/1 item the share answering correctly.
 * Higher P = easier. Cost O(1). mean null/non-finite or full ≤ 0 → null.
 *
 * @example difficulty(6, 10) // 0.6
 */
export function difficulty(mean: number | null, fullScore: number): number | null {
  if (mean === null || !Number.isFinite(mean) || !(fullScore > 0) || !Number.isFinite(fullScore)) return null;
  return mean / fullScore;
}
