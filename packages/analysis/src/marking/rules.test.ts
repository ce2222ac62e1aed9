import { describe, expect, it } from 'vitest';
import { closerPair, decide, defaultTolerance, meanScores, onGrid, roundToStep, scoreProblem, scoresProblems, totalOf, type BlockRule } from './rules.js';

/**
 * Every expected value below was worked out by hand from the rules in docs/DOMAIN-RULES.md §4.1 (the arithmetic
 * is written beside each case), not computed by the code under test.
 */
const items = [{ fullScore: 6, step: 1 }, { fullScore: 4, step: 0.5 }]; // a block of two points, full 10
const rule = (mode: BlockRule['mode'], tolerance = 2): BlockRule => ({ mode, tolerance, items });

describe('score checks', () => {
  it('accepts multiples of the step within full score', () => {
    expect(scoreProblem(items[0]!, 0)).toBeNull();
    expect(scoreProblem(items[0]!, 6)).toBeNull();
    expect(scoreProblem(items[1]!, 3.5)).toBeNull();
  });
  it('refuses above full, negative, off the step, not a number', () => {
    expect(scoreProblem(items[0]!, 7)).toBe('超过满分 6');
    expect(scoreProblem(items[0]!, -1)).toBe('分数不能为负');
    expect(scoreProblem(items[0]!, 2.5)).toBe('不是给分步长 1 的整数倍');
    expect(scoreProblem(items[1]!, 1.25)).toBe('不是给分步长 0.5 的整数倍');
    expect(scoreProblem(items[0]!, Number.NaN)).toBe('不是数字');
    expect(scoreProblem(items[1]!, 0.505)).toBe('最多两位小数');
  });
  it('refuses a number next to the grid: 5.000000001 is not 5, 1e-10 is not 0 (a score lies on the grid exactly)', () => {
    const five = { fullScore: 5, step: 1 };
    expect(scoreProblem(five, 5.000000001)).toBe('最多两位小数');
    expect(scoreProblem(five, 4.999999999)).toBe('最多两位小数');
    expect(scoreProblem(five, 1e-10)).toBe('最多两位小数');
    expect(scoreProblem(five, -1e-10)).toBe('分数不能为负');
    expect(scoreProblem(five, 5.006)).toBe('最多两位小数');
    expect(scoreProblem(five, Infinity)).toBe('不是数字');
  });
  it('forgives binary noise only, and stores the grid value: 0.1 + 0.2 → 0.3, −0 → 0', () => {
    const tenth = { fullScore: 1, step: 0.1 };
    expect(0.1 + 0.2).not.toBe(0.3); // 0.30000000000000004 in binary floating point
    expect(scoreProblem(tenth, 0.1 + 0.2)).toBeNull();
    expect(onGrid([0.1 + 0.2, -0, 4.5, 1 - 0.9])).toEqual([0.3, 0, 4.5, 0.1]); // 1 − 0.9 = 0.09999999999999998
    expect(Object.is(onGrid([-0])[0], 0)).toBe(true);
  });
  it('checks the vector length and each item', () => {
    expect(scoresProblems(items, [1])).toEqual(['需要 2 个分数']);
    expect(scoresProblems(items, 'x')).toEqual(['需要 2 个分数']);
    expect(scoresProblems(items, [6, 4.5])).toEqual(['第 2 个给分点：超过满分 4']);
    expect(scoresProblems(items, [6, 4])).toEqual([]);
  });
});

describe('rounding to the step (half up)', () => {
  it('rounds a mean between two steps up', () => {
    expect(roundToStep(7.5, { fullScore: 10, step: 1 })).toBe(8); // 7.5 is half way between 7 and 8 → 8
    expect(roundToStep(3.25, { fullScore: 4, step: 0.5 })).toBe(3.5); // half way between 3 and 3.5 → 3.5
    expect(roundToStep(3.2, { fullScore: 4, step: 0.5 })).toBe(3); // 3.2 is nearer 3
    expect(roundToStep(0.15, { fullScore: 1, step: 0.1 })).toBe(0.2);
  });
  it('item-wise means: (5+2)/2 = 3.5 → 4 on step 1; (3+2.5)/2 = 2.75 → 3 on step 0.5', () => {
    expect(meanScores(items, [5, 3], [2, 2.5])).toEqual([4, 3]);
    expect(totalOf([4, 3])).toBe(7);
  });
  it('default tolerance = 10 % of full, to the first item step: 10 → 1', () => {
    expect(defaultTolerance(items)).toBe(1);
    expect(defaultTolerance([{ fullScore: 15, step: 1 }])).toBe(2); // 1.5 → 2 half up
  });
});

describe('decide: every branch of the five rating modes', () => {
  it('mode 1: the single mark is final', () => {
    expect(decide(rule(1), [])).toEqual({ state: 'waitingSecond' });
    expect(decide(rule(1), [{ round: 1, scores: [5, 3.5] }])).toEqual({ state: 'final', scores: [5, 3.5], total: 8.5, via: 'single' });
  });
  it('modes 2–5: one mark waits for the second', () => {
    for (const m of [2, 3, 4, 5] as const) expect(decide(rule(m), [{ round: 1, scores: [5, 3] }]).state).toBe('waitingSecond');
  });
  it('within tolerance (|8 − 6.5| = 1.5 ≤ 2): the item-wise mean (5+4)/2 = 4.5 → 5, (3+2.5)/2 = 2.75 → 3; total 8', () => {
    for (const m of [2, 3, 4, 5] as const) {
      expect(decide(rule(m), [{ round: 1, scores: [5, 3] }, { round: 2, scores: [4, 2.5] }]))
        .toEqual({ state: 'final', scores: [5, 3], total: 8, via: 'mean' });
    }
  });
  it('mode 2 beyond tolerance (|9 − 3| = 6 > 2): the mean anyway, (6+2)/2 = 4, (3+1)/2 = 2; total 6', () => {
    expect(decide(rule(2), [{ round: 1, scores: [6, 3] }, { round: 2, scores: [2, 1] }])).toEqual({ state: 'final', scores: [4, 2], total: 6, via: 'mean' });
  });
  it('mode 4 beyond tolerance: arbitration; the arbitration mark is final', () => {
    const marks = [{ round: 1 as const, scores: [6, 3] }, { round: 2 as const, scores: [2, 1] }];
    expect(decide(rule(4), marks)).toEqual({ state: 'arbitration' });
    expect(decide(rule(4), [...marks, { round: 4, scores: [5, 1.5] }])).toEqual({ state: 'final', scores: [5, 1.5], total: 6.5, via: 'arbitration' });
  });
  it('modes 3 and 5 beyond tolerance: a third mark', () => {
    const marks = [{ round: 1 as const, scores: [6, 3] }, { round: 2 as const, scores: [2, 1] }];
    expect(decide(rule(3), marks)).toEqual({ state: 'third' });
    expect(decide(rule(5), marks)).toEqual({ state: 'third' });
  });
  it('third within tolerance of the closer mark: a = 9, b = 3, c = 8 → pair (a, c), |9 − 8| = 1 ≤ 2; mean (6+5)/2 = 5.5 → 6, (3+3)/2 = 3; total 9', () => {
    const marks = [{ round: 1 as const, scores: [6, 3] }, { round: 2 as const, scores: [2, 1] }, { round: 3 as const, scores: [5, 3] }];
    for (const m of [3, 5] as const) expect(decide(rule(m), marks)).toEqual({ state: 'final', scores: [6, 3], total: 9, via: 'third' });
  });
  it('third paired with b when closer: a = 9, b = 3, c = 4 → pair (b, c): (2+3)/2 = 2.5 → 3, (1+1)/2 = 1; total 4', () => {
    const marks = [{ round: 1 as const, scores: [6, 3] }, { round: 2 as const, scores: [2, 1] }, { round: 3 as const, scores: [3, 1] }];
    expect(decide(rule(3), marks)).toEqual({ state: 'final', scores: [3, 1], total: 4, via: 'third' });
  });
  it('third beyond tolerance of both: a = 10, b = 0, c = 5 (tie: 5 from each) → paired with a; |10 − 5| = 5 > 2', () => {
    const marks = [{ round: 1 as const, scores: [6, 4] }, { round: 2 as const, scores: [0, 0] }, { round: 3 as const, scores: [3, 2] }];
    expect(closerPair([6, 4], [0, 0], [3, 2])).toEqual([[6, 4], [3, 2]]);
    // mode 3: the pair's mean anyway, (6+3)/2 = 4.5 → 5, (4+2)/2 = 3; total 8
    expect(decide(rule(3), marks)).toEqual({ state: 'final', scores: [5, 3], total: 8, via: 'third' });
    // mode 5: arbitration
    expect(decide(rule(5), marks)).toEqual({ state: 'arbitration' });
    expect(decide(rule(5), [...marks, { round: 4, scores: [4, 2] }])).toEqual({ state: 'final', scores: [4, 2], total: 6, via: 'arbitration' });
  });
  it('a later mark of the same round (回评) replaces the earlier one', () => {
    const marks = [{ round: 1 as const, scores: [6, 3] }, { round: 2 as const, scores: [2, 1] }, { round: 2 as const, scores: [6, 2] }];
    // |9 − 8| = 1 ≤ 2 → (6+6)/2 = 6, (3+2)/2 = 2.5; total 8.5
    expect(decide(rule(4), marks)).toEqual({ state: 'final', scores: [6, 2.5], total: 8.5, via: 'mean' });
  });
  it('exactly at the tolerance counts as within (|8 − 6| = 2)', () => {
    expect(decide(rule(4), [{ round: 1, scores: [5, 3] }, { round: 2, scores: [3, 3] }]).state).toBe('final');
    expect(decide(rule(4, 1.5), [{ round: 1, scores: [5, 3] }, { round: 2, scores: [3, 3] }]).state).toBe('arbitration');
  });
});
