/**
 * Marking quality control (docs/DOMAIN-RULES.md §4.1 "个人一致性 and 试评"). Pure: no I/O.
 * - 个人一致性: a marker's own submitted papers come back blind every N papers; the share of re-marks within the
 *   block tolerance of the marker's original mark.
 * - 试评: a marker's trial marks against the leader's reference scores.
 * Totals are compared in cents, tolerance inclusive (|A − B| ≤ tolerance), as rules.decide.
 */

const r2 = (x: number) => Math.round(x * 100) / 100;
const cents = (x: number) => Math.round(x * 100);
const within = (a: number, b: number, tolerance: number) => Math.abs(cents(a) - cents(b)) <= cents(tolerance);

/**
 * Whether marking/next should hand the marker a re-check now: on (interval > 0) and the marker has submitted at
 * least (issued + 1) × interval papers — the first after N, the second after 2N, … (issued = re-checks already given).
 */
export function recheckDue(submitted: number, issued: number, interval: number): boolean {
  return interval > 0 && submitted >= (issued + 1) * interval;
}

/** One answered re-check: the marker's original total and the blind re-mark. */
export interface RecheckPair { markerId: number; original: number; remark: number }
export interface ConsistencyFigure { markerId: number; checks: number; within: number; percent: number | null }

/**
 * 个人一致性 per marker (by marker id): re-checks answered, how many within tolerance of the original, and the
 * share in percent with two decimals (null when none).
 */
export function selfConsistency(pairs: RecheckPair[], tolerance: number): ConsistencyFigure[] {
  const by = new Map<number, { checks: number; within: number }>();
  for (const p of pairs) {
    const f = by.get(p.markerId) ?? { checks: 0, within: 0 };
    f.checks++;
    if (within(p.original, p.remark, tolerance)) f.within++;
    by.set(p.markerId, f);
  }
  return [...by].sort(([a], [b]) => a - b)
    .map(([markerId, f]) => ({ markerId, checks: f.checks, within: f.within, percent: f.checks ? r2((f.within / f.checks) * 100) : null }));
}

/** A trial paper's reference total and the marker's trial mark of it (null = not marked yet). */
export interface TrialPaperMark { paperId: number; reference: number; mark: number | null }
export interface TrialOutcome {
  /** trial papers the marker has marked, of all */
  done: number; total: number;
  /** marked papers within tolerance of the reference */
  within: number;
  /** every trial paper marked */
  finished: boolean;
  rows: (TrialPaperMark & { within: boolean | null })[];
}

/** A marker's 试评: per trial paper whether the mark is within tolerance of the reference (null when unmarked). */
export function trialOutcome(papers: TrialPaperMark[], tolerance: number): TrialOutcome {
  const rows = papers.map((p) => ({ ...p, within: p.mark === null ? null : within(p.mark, p.reference, tolerance) }));
  const done = rows.filter((r) => r.mark !== null).length;
  return { done, total: rows.length, within: rows.filter((r) => r.within).length, finished: rows.length > 0 && done === rows.length, rows };
}
