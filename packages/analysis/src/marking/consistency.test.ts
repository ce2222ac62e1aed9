import { describe, expect, it } from 'vitest';
import { recheckDue, selfConsistency, trialOutcome } from './consistency.js';

describe('个人一致性: when a re-check is due', () => {
  // interval 20: the first after 20 submitted papers, the second after 40; never when off (0)
  it('is due after N, 2N, … submitted papers', () => {
    expect(recheckDue(19, 0, 20)).toBe(false);
    expect(recheckDue(20, 0, 20)).toBe(true);
    expect(recheckDue(25, 1, 20)).toBe(false);
    expect(recheckDue(40, 1, 20)).toBe(true);
    expect(recheckDue(100, 0, 0)).toBe(false);
  });
});

describe('个人一致性 per marker', () => {
  /**
   * Worked by hand, tolerance 1:
   * marker 7: 8 → 8 (0, within), 5 → 6.5 (1.5, beyond), 3 → 4 (1, equal to tolerance: within) → 2 of 3 = 66.67 %.
   * marker 3: 10 → 7.5 (2.5, beyond) → 0 of 1 = 0 %.
   * Listed by marker id.
   */
  it('is the share of re-marks within tolerance of the original mark, two decimals', () => {
    expect(selfConsistency([
      { markerId: 7, original: 8, remark: 8 }, { markerId: 7, original: 5, remark: 6.5 }, { markerId: 3, original: 10, remark: 7.5 },
      { markerId: 7, original: 3, remark: 4 },
    ], 1)).toEqual([
      { markerId: 3, checks: 1, within: 0, percent: 0 },
      { markerId: 7, checks: 3, within: 2, percent: 66.67 },
    ]);
  });
  it('compares in cents (0.1 + 0.2 against 0.3 with tolerance 0 is within), and is empty without re-checks', () => {
    expect(selfConsistency([{ markerId: 1, original: 0.1 + 0.2, remark: 0.3 }], 0)[0]!.percent).toBe(100);
    expect(selfConsistency([], 1)).toEqual([]);
  });
});

describe('试评 against the reference', () => {
  /** Tolerance 1: paper 1 ref 6, mark 7 (1: within); paper 2 ref 4, mark 2 (2: beyond); paper 3 ref 9 unmarked. */
  it('tells per paper whether the mark is within tolerance, and whether the trial is finished', () => {
    const o = trialOutcome([{ paperId: 1, reference: 6, mark: 7 }, { paperId: 2, reference: 4, mark: 2 }, { paperId: 3, reference: 9, mark: null }], 1);
    expect(o).toEqual({
      done: 2, total: 3, within: 1, finished: false,
      rows: [{ paperId: 1, reference: 6, mark: 7, within: true }, { paperId: 2, reference: 4, mark: 2, within: false }, { paperId: 3, reference: 9, mark: null, within: null }],
    });
    expect(trialOutcome([{ paperId: 1, reference: 6, mark: 6 }], 0)).toMatchObject({ done: 1, total: 1, within: 1, finished: true });
    expect(trialOutcome([], 1).finished).toBe(false);
  });
});
