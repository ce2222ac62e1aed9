/**
 * A bank question's difficulty is its score rate (the share of the full score students got; higher = easier,
 * docs/DOMAIN-RULES.md §11): ≥ 0.7 容易, ≥ 0.4 中等, else 困难; none measured or set = 未测.
 */
export function difficultyLabel(d: number | null): string {
  if (d === null) return '未测';
  if (d >= 0.7) return '容易';
  if (d >= 0.4) return '中等';
  return '困难';
}
