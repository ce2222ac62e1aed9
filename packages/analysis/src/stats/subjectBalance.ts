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
  const ok = (r: number | null | undefined): r is number => r != null && r >= 1 && Number.isFinite(r);
  const gaps = subjectRanks.map((r) => (ok(r) && ok(totalRank) ? r - totalRank : null));
  let weak: number | null = null;
  let strong: number | null = null;
  gaps.forEach((g, i) => {
    if (g === null) return;
    if (g > 0 && (weak === null || g > (gaps[weak] as number))) weak = i;
    if (g < 0 && (strong === null || g < (gaps[strong] as number))) strong = i;
  });
  return { gaps, weak, strong };
}
