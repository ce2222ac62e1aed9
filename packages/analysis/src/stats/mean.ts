import { sum } from './sum.js';
import type { Numbers } from './types.js';

/**
 * Arithmetic mean x̄ = Σx ÷ n. Cost O(n).
 * Empty or any non-finite entry → null (shown as "—").
 *
 * @example mean([90, 80, 70]) // 80
 */
export function mean(xs: Numbers): number | null {
  if (xs.length === 0) return null;
  const s = sum(xs);
  return s === null ? null : s / xs.length;
}
