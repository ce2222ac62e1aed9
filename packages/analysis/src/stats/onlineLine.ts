import type { Numbers } from './types.js';
import { roundHalfUp } from './types.js';

/**
 * A line (上线 score) from a target share p of the N sitting students: the score of the student at
 * position ⌈p·N⌉ of the scores sorted descending (position = rank by place, 1-based). Everybody tied with
 * that student is on-line too. Cost O(1) on sorted input.
 * N = 0 or p outside (0, 1] → null.
 *
 * @example lineFromShare([98, 90, 90, 85, 70], 0.4) // ⌈2⌉ → 90
 */
export function lineFromShare(sortedDesc: Numbers, share: number): number | null {
  const n = sortedDesc.length;
  if (n === 0 || !(share > 0 && share <= 1)) return null;
  const pos = Math.ceil(Math.round(share * n * 1e9) / 1e9);
  return sortedDesc[Math.min(n, Math.max(1, pos)) - 1];
}

/**
 * Subject 有效分 by the ratio method: round(mean subject score of on-line students × line ÷ their mean
 * total), half up. `subject[i]`, `total[i]` are the scores of the on-line students only. Cost O(n).
 * No on-line student, mean total 0 or a non-finite entry → null.
 *
 * @example effectiveScore([120, 100], [600, 500], 520) // round(110 × 520 ÷ 550) = round(104.0) = 104
 */
export function effectiveScore(subject: Numbers, total: Numbers, line: number): number | null {
  const n = subject.length;
  if (n === 0 || n !== total.length || !Number.isFinite(line)) return null;
  let ss = 0;
  let st = 0;
  for (let i = 0; i < n; i++) {
    ss += subject[i];
    st += total[i];
  }
  if (!Number.isFinite(ss) || !Number.isFinite(st) || st === 0) return null;
  return roundHalfUp(((ss / n) * line) / (st / n));
}

export interface OnlineCounts {
  /** total ≥ line */
  online: number;
  /** subject ≥ 有效分 (单上线) */
  single: number;
  /** subject ≥ 有效分 and total ≥ line (双上线) */
  double: number;
  /** 命中率 = double ÷ single; null when single = 0. */
  hitRate: number | null;
  /** 贡献率 = double ÷ online; null when online = 0. */
  contributionRate: number | null;
}

/**
 * 单上线 / 双上线 counts for one subject: single = students with subject ≥ effective score, double = those
 * also with total ≥ line; with 命中率 (double ÷ single) and 贡献率 (double ÷ on-line). Cost O(n).
 * A null effective score or line counts nobody.
 *
 * @example onlineCounts([110, 90, 100], [560, 540, 500], 104, 520) // online 2, single 1, double 1
 */
export function onlineCounts(subject: Numbers, total: Numbers, effective: number | null, line: number | null): OnlineCounts {
  let online = 0;
  let single = 0;
  let double = 0;
  const n = Math.min(subject.length, total.length);
  for (let i = 0; i < n; i++) {
    const on = line !== null && total[i] >= line;
    const s = effective !== null && subject[i] >= effective;
    if (on) online++;
    if (s) single++;
    if (s && on) double++;
  }
  return { online, single, double, hitRate: single > 0 ? double / single : null, contributionRate: online > 0 ? double / online : null };
}
