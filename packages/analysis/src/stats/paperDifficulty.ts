/**
 * Paper difficulty = Σ(Pᵢ × fullᵢ) ÷ paper full score, i.e. the paper's mean ÷ its full score.
 * `paperFull` defaults to Σ fullᵢ. Cost O(k).
 * No items, a null/non-finite Pᵢ, a negative full score or paper full ≤ 0 → null.
 *
 * @example paperDifficulty([{ difficulty: 0.8, fullScore: 5 }, { difficulty: 0.5, fullScore: 10 }]) // (4 + 5) ÷ 15 = 0.6
 */
export function paperDifficulty(items: readonly { difficulty: number | null; fullScore: number }[], paperFull?: number): number | null {
  if (items.length === 0) return null;
  let weighted = 0;
  let full = 0;
  for (const it of items) {
    if (it.difficulty === null || !Number.isFinite(it.difficulty) || !(it.fullScore >= 0)) return null;
    weighted += it.difficulty * it.fullScore;
    full += it.fullScore;
  }
  const denominator = paperFull ?? full;
  return denominator > 0 && Number.isFinite(denominator) ? weighted / denominator : null;
}
