import { mean } from './mean.js';
import type { Numbers } from './types.js';

/**
 * Sample variance s² = Σ(x − x̄)² ÷ (n − 1) (Excel VAR.S, R var). Two passes, cost O(n).
 * n < 2 or a non-finite entry → null.
 *
 * @example sampleVariance([2, 4, 4, 4, 5, 5, 7, 9]) // 4.571428…
 */
export function sampleVariance(xs: Numbers): number | null {
  const n = xs.length;
  if (n < 2) return null;
  const m = mean(xs);
  if (m === null) return null;
  let ss = 0;
  let comp = 0;
  for (let i = 0; i < n; i++) {
    const d = xs[i] - m;
    ss += d * d;
    comp += d;
  }
  // Corrected two-pass algorithm (Chan, Golub & LeVeque): removes the rounding error of x̄.
  const v = (ss - (comp * comp) / n) / (n - 1);
  return v < 0 ? 0 : v;
}
