import { competitionRank } from './competitionRank.js';
import type { Numbers } from './types.js';
import { roundHalfUp } from './types.js';

export interface LevelBand {
  name: string;
  /** Share of students in this level, percent (A 15, B 35, C 35, D 13, E 2). */
  sharePercent: number;
  /** Assigned-score band [T1 (low), T2 (high)], e.g. A [86, 100]. */
  low: number;
  high: number;
}

/** 3+1+2 defaults: A 15 % 100–86, B 35 % 85–71, C 35 % 70–56, D 13 % 55–41, E 2 % 40–30. */
export const DEFAULT_LEVEL_BANDS: readonly LevelBand[] = [
  { name: 'A', sharePercent: 15, low: 86, high: 100 },
  { name: 'B', sharePercent: 35, low: 71, high: 85 },
  { name: 'C', sharePercent: 35, low: 56, high: 70 },
  { name: 'D', sharePercent: 13, low: 41, high: 55 },
  { name: 'E', sharePercent: 2, low: 30, high: 40 },
];

export interface LevelAssignment {
  /** 0-based index into the bands. */
  level: number;
  name: string;
  /** Competition rank of the raw score. */
  rank: number;
  /** Level-assigned score (等级赋分), an integer. */
  assigned: number;
}

/**
 * 等级赋分 (3+1+2). Levels by rank share: a student of competition rank r among N is in the first level L
 * whose cumulative share exceeds the share of students strictly ahead of them: (r − 1)/N < cum_L
 * (integer form (r − 1)·100 < cumPercent_L·N). So the top student is always A, tied students share a level,
 * and the last level takes the rest (with N = 20, 2 % is 0.4 of a student: E stays empty). Within a level, raw Y in [Y1, Y2] (the lowest and highest raw score in the level)
 * maps linearly onto [T1, T2]: (Y2 − Y)/(Y − Y1) = (T2 − T)/(T − T1), i.e.
 * T = (T2·(Y − Y1) + T1·(Y2 − Y)) ÷ (Y2 − Y1), rounded half up. A level whose raw scores are all equal
 * (Y1 = Y2) gives T2. Cost O(n log n).
 * Non-finite scores → null at their position (no level); they are not counted in N.
 *
 * @example levelAssign([90, 80, 70, 60]).map((x) => x?.name) // ['A', 'B', 'C', 'D'] (ahead-shares 0, 25 %, 50 %, 75 %)
 */
export function levelAssign(scores: Numbers, bands: readonly LevelBand[] = DEFAULT_LEVEL_BANDS): (LevelAssignment | null)[] {
  const n = scores.length;
  const ranks = competitionRank(scores);
  let valid = 0;
  for (let i = 0; i < n; i++) if (ranks[i] > 0) valid++;
  const out: (LevelAssignment | null)[] = new Array(n).fill(null);
  if (valid === 0 || bands.length === 0) return out;
  const cum: number[] = [];
  let c = 0;
  for (const b of bands) cum.push((c += b.sharePercent));
  const level = new Int32Array(n).fill(-1);
  const y1 = new Array<number>(bands.length).fill(Infinity);
  const y2 = new Array<number>(bands.length).fill(-Infinity);
  for (let i = 0; i < n; i++) {
    const r = ranks[i];
    if (r === 0) continue;
    let L = bands.length - 1;
    for (let k = 0; k < bands.length - 1; k++) {
      if ((r - 1) * 100 < cum[k] * valid - 1e-9) {
        L = k;
        break;
      }
    }
    level[i] = L;
    if (scores[i] < y1[L]) y1[L] = scores[i];
    if (scores[i] > y2[L]) y2[L] = scores[i];
  }
  for (let i = 0; i < n; i++) {
    const L = level[i];
    if (L < 0) continue;
    const { low: t1, high: t2, name } = bands[L];
    const y = scores[i];
    const t = y2[L] === y1[L] ? t2 : (t2 * (y - y1[L]) + t1 * (y2[L] - y)) / (y2[L] - y1[L]);
    out[i] = { level: L, name, rank: ranks[i], assigned: roundHalfUp(t) };
  }
  return out;
}
