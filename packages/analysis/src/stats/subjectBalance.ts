export interface SubjectBalance {
  /** subject grade rank − total grade rank, per subject (null where either rank is missing). */
  gaps: (number | null)[];
  /** Index of the weak subject: the largest positive gap (first on ties); null when no gap is positive. */
  weak: number | null;
  /** Index of the strong subject: the most negative gap (first on ties); null when no gap is negative. */
  strong: number | null;
}

/**
 * Subject balance (学科均衡): gap = subject grade rank − total grade rank; a positive gap means the subject
 * ranks worse than the student's total. Weak subject = the largest positive gap. Cost O(subjects).
 *
 * @example subjectBalance([12, 3, 40], 10) // gaps [2, -7, 30], weak 2, strong 1
 */
export function subjectBalance(subjectRanks: readonly (number | null | undefined)[], totalRank: number | null | undefined): SubjectBalance {
  const totalOk = totalRank != null && totalRank >= 1 && Number.isFinite(totalRank);
  const gaps = new Array<number | null>(subjectRanks.length);
  let weak: number | null = null;
  let strong: number | null = null;
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < subjectRanks.length; i++) {
    const r = subjectRanks[i];
    if (!totalOk || r == null || !(r >= 1) || !Number.isFinite(r)) {
      gaps[i] = null;
      continue;
    }
    const g = r - (totalRank as number);
    gaps[i] = g;
    if (g > hi) { hi = g; weak = i; }
    if (g < lo) { lo = g; strong = i; }
  }
  return { gaps, weak, strong };
}
