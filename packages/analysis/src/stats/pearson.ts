import type { Numbers } from './types.js';

/**
 * Pearson product-moment correlation r = Σ(x−x̄)(y−ȳ) ÷ √(Σ(x−x̄)² Σ(y−ȳ)²) (Excel CORREL, R cor).
 * Two passes, cost O(n). Lengths differ, n < 2, a non-finite entry, or either variable constant → null.
 *
 * @example pearson([1, 2, 3], [2, 4, 7]) // 0.9933…
 */
export function pearson(x: Numbers, y: Numbers): number | null {
  const n = x.length;
  if (n !== y.length || n < 2) return null;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    if (!Number.isFinite(x[i]) || !Number.isFinite(y[i])) return null;
    sx += x[i];
    sy += y[i];
  }
  const mx = sx / n;
  const my = sy / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (!(sxx > 1e-12 * n) || !(syy > 1e-12 * n)) return null;
  const r = sxy / Math.sqrt(sxx * syy);
  return r > 1 ? 1 : r < -1 ? -1 : r;
}
