import type { Numbers } from './types.js';

export const DEFAULT_CRITICAL_BUFFER = 10;

/**
 * Critical students (临界生): indices of scores with |score − line| ≤ buffer (default 10 points), on both
 * sides of the line. Cost O(n). Non-finite line or negative buffer → []; non-finite scores are skipped.
 *
 * @example criticalStudents([95, 88, 80, 71, 69], 80) // [1, 2, 3]
 */
export function criticalStudents(scores: Numbers, line: number, buffer = DEFAULT_CRITICAL_BUFFER): number[] {
  if (!Number.isFinite(line) || !(buffer >= 0)) return [];
  const out: number[] = [];
  for (let i = 0; i < scores.length; i++) if (Math.abs(scores[i] - line) <= buffer + 1e-9) out.push(i);
  return out;
}
