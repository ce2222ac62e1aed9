// Comparing readings with expected answers, answer by answer, and the confusion figures per sample set.
// right: read as expected with no doubt. flagged: shown to a person (doubt); acceptable only where the expected
// reading itself shows the mark is not clean (several marks, an empty 考号 column) or the mark is listed as
// visibly ambiguous with the reason. wrong: read differently with no doubt — a silent error, never acceptable.

export type Outcome = 'right' | 'flagged' | 'wrong';

export interface Check {
  file: string;
  column: string;
  expected: string;
  got: string;
  doubt: boolean;
  outcome: Outcome;
  /** Why a flag is acceptable here (undefined for right answers, and for flags and errors that are not). */
  excuse?: string;
}

export interface Tally {
  right: number;
  flaggedExpected: number;
  flaggedOther: number;
  wrong: number;
  problems: Check[];
}

export function judgeAnswer(
  file: string,
  column: string,
  expected: string,
  got: { value: string; doubt: boolean },
  excuse: (expected: string) => string | undefined,
): Check {
  const base = { file, column, expected, got: got.value, doubt: got.doubt };
  if (got.doubt) return { ...base, outcome: 'flagged', excuse: excuse(expected) };
  return { ...base, outcome: got.value === expected ? 'right' : 'wrong' };
}

export function tally(checks: Check[]): Tally {
  const t: Tally = { right: 0, flaggedExpected: 0, flaggedOther: 0, wrong: 0, problems: [] };
  for (const c of checks) {
    if (c.outcome === 'right') t.right++;
    else if (c.outcome === 'wrong') { t.wrong++; t.problems.push(c); } else if (c.excuse) t.flaggedExpected++;
    else { t.flaggedOther++; t.problems.push(c); }
  }
  return t;
}

export function summaryLine(set: string, sheets: number, t: Tally): string {
  const n = t.right + t.flaggedExpected + t.flaggedOther + t.wrong;
  return `${set.padEnd(28)} sheets ${String(sheets).padStart(3)}  answers ${String(n).padStart(5)}  read right ${String(t.right).padStart(5)}  ` +
    `flagged (expected) ${String(t.flaggedExpected).padStart(3)}  flagged (other) ${String(t.flaggedOther).padStart(3)}  wrong ${t.wrong}`;
}
