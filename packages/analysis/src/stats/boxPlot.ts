import { allFinite, type Numbers } from './types.js';
import { quantileSorted } from './quantile.js';

export interface BoxPlotStats {
  n: number;
  min: number;
  /** Quartiles, R type 7 (the reports' quartiles, docs/DOMAIN-RULES.md §3.3). */
  q1: number;
  median: number;
  q3: number;
  max: number;
  /** The most extreme values within 1.5·IQR of the box (Tukey's whiskers). */
  lowerWhisker: number;
  upperWhisker: number;
  /** Values beyond the whiskers, ascending. */
  outliers: number[];
}

/**
 * Box plot of a list: type-7 quartiles, whiskers at the most extreme values inside q1 − 1.5·IQR and q3 + 1.5·IQR,
 * the values outside as outliers. Sorts a copy: cost O(n log n). Empty list or a non-finite entry → null.
 *
 * @example boxPlot([1, 2, 3, 4, 100]) // q1 2, median 3, q3 4, whiskers 1 and 4, outliers [100]
 */
export function boxPlot(xs: Numbers): BoxPlotStats | null {
  if (xs.length === 0 || !allFinite(xs)) return null;
  const s = Float64Array.from(xs).sort();
  const q1 = quantileSorted(s, 0.25)!;
  const q3 = quantileSorted(s, 0.75)!;
  const lo = q1 - 1.5 * (q3 - q1);
  const hi = q3 + 1.5 * (q3 - q1);
  let lowerWhisker = q1;
  let upperWhisker = q3;
  const outliers: number[] = [];
  for (const v of s) {
    if (v < lo || v > hi) outliers.push(v);
    else { if (v < lowerWhisker) lowerWhisker = v; if (v > upperWhisker) upperWhisker = v; }
  }
  return { n: s.length, min: s[0]!, q1, median: quantileSorted(s, 0.5)!, q3, max: s[s.length - 1]!, lowerWhisker, upperWhisker, outliers };
}
