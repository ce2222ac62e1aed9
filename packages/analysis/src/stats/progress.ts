/**
 * Rank change between two exams: last exam's rank − this exam's rank (positive = moved up). Cost O(1).
 * Either rank missing, non-finite or < 1 → null (new student, absent in one exam).
 *
 * @example rankChange(30, 12) // 18
 */
export function rankChange(lastRank: number | null | undefined, thisRank: number | null | undefined): number | null {
  if (lastRank == null || thisRank == null || !(lastRank >= 1) || !(thisRank >= 1)) return null;
  return lastRank - thisRank;
}

/**
 * The `k` items with the largest value (dir 'up') or the smallest (dir 'down'), skipping null values and,
 * for 'up', values ≤ 0 (nobody "rose" by 0) / for 'down', values ≥ 0. Ties keep the input order (stable).
 * Cost O(n log n).
 *
 * @example pickExtremes([5, null, -3, 8, 0], 2, 'up') // [3, 0]
 */
export function pickExtremes(values: readonly (number | null)[], k: number, dir: 'up' | 'down'): number[] {
  const idx: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || !Number.isFinite(v)) continue;
    if (dir === 'up' ? v > 0 : v < 0) idx.push(i);
  }
  idx.sort((a, b) => (dir === 'up' ? (values[b] as number) - (values[a] as number) : (values[a] as number) - (values[b] as number)) || a - b);
  return idx.slice(0, Math.max(0, Math.floor(k)));
}
