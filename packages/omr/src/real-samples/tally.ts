// Comparing readings with expected answers, answer by answer, and the confusion figures per sample set.
// right: read as expected with no doubt. flagged: shown to a person (doubt), in three kinds —
//   expected:    the expected reading itself shows the mark is not clean (several marks, an empty 考号 column);
//   ambiguous:   listed by hand with what the scan shows (a light or partial mark, an erasure, a stray line);
//   false doubt: listed by hand: a clear mark the engine still asks about (costs a person a click, not a score).
// Anything else flagged is a problem, and so is every wrong reading: read differently with no doubt — a silent
// error, never acceptable.

export type Outcome = 'right' | 'flagged' | 'wrong';
export type Excuse = { kind: 'expected' | 'ambiguous' | 'false-doubt'; why: string };

export interface Check {
  file: string;
  column: string;
  expected: string;
  got: string;
  doubt: boolean;
  outcome: Outcome;
  /** Why this flag is acceptable (absent for right answers, for unexplained flags and for errors). */
  excuse?: Excuse;
}

export interface Tally {
  right: number;
  expected: number;
  ambiguous: number;
  falseDoubts: number;
  wrong: number;
  /** Unexplained flags and wrong readings. */
  problems: Check[];
}

export function judgeAnswer(
  file: string,
  column: string,
  expected: string,
  got: { value: string; doubt: boolean },
  excuse: (expected: string) => Excuse | undefined,
): Check {
  const base = { file, column, expected, got: got.value, doubt: got.doubt };
  if (got.doubt) {
    const e = excuse(expected);
    return e ? { ...base, outcome: 'flagged', excuse: e } : { ...base, outcome: 'flagged' };
  }
  return { ...base, outcome: got.value === expected ? 'right' : 'wrong' };
}

export function tally(checks: Check[]): Tally {
  const t: Tally = { right: 0, expected: 0, ambiguous: 0, falseDoubts: 0, wrong: 0, problems: [] };
  for (const c of checks) {
    if (c.outcome === 'right') t.right++;
    else if (c.outcome === 'wrong') { t.wrong++; t.problems.push(c); } else if (c.excuse?.kind === 'expected') t.expected++;
    else if (c.excuse?.kind === 'ambiguous') t.ambiguous++;
    else if (c.excuse?.kind === 'false-doubt') t.falseDoubts++;
    else t.problems.push(c);
  }
  return t;
}

export function summaryLine(set: string, sheets: number, t: Tally): string {
  const unexplained = t.problems.filter((p) => p.outcome === 'flagged').length;
  const n = t.right + t.expected + t.ambiguous + t.falseDoubts + unexplained + t.wrong;
  const f = (v: number, w = 4) => String(v).padStart(w);
  return `${set.padEnd(34)} sheets ${f(sheets, 3)} answers ${f(n, 5)} | right ${f(n ? t.right : 0, 5)} | flagged: expected ${f(t.expected)}` +
    ` ambiguous ${f(t.ambiguous)} false-doubt ${f(t.falseDoubts)} unexplained ${f(unexplained)} | wrong ${t.wrong}`;
}
