import { describe, expect, it } from 'vitest';
import { blockScale, isSafe, markerQuality, rateOf, safeScore, type QualityMark } from './marker-quality.js';

/**
 * Worked by hand. Tolerance 2, block full score 12, step 1. P1: m1 8, m2 9 (within). P2: m1 4, m2 8 (beyond, third by
 * m3: 7). P3: m2 10 (round 1), m1 6 (round 2) (beyond, arbitration). P4: m1 6 alone.
 * m1: 8, 4, 6, 6 → mean 24/4 = 6; deviations 2, −2, 0, 0 → variance 8/4 = 2 → sd √2 = 1.41; paired P1–P3 = 3;
 *     within 1 (P1) → 1/3 = 33.33 %; third 1 (P2) → 33.33 %; arbitrations 1 (P3).
 * m2: 9, 8, 10 → mean 9; deviations 0, −1, 1 → variance 2/3 → sd 0.8165 → 0.82; paired 3; within 33.33 %;
 *     third 33.33 %; arbitrations 1.
 * m3: 7 → mean 7, sd 0, no first marks: nothing paired (null), arbitrations 0.
 * Block mean: (8+9+4+8+7+10+6+6)/8 = 58/8 = 7.25 → diffs −1.25, 1.75, −0.25. Block sd: deviations from 7.25 squared
 * 0.5625 + 3.0625 + 10.5625 + 0.5625 + 0.0625 + 7.5625 + 1.5625 + 1.5625 = 25.5, ÷ 8 = 3.1875, √ = 1.785 → 1.79.
 * Block papers: P1–P3 have both first marks (paired 3), within 1 (P1), third 1 (P2), arbitration 1 (P3).
 * 保险分: 0.71 × 12 = 8.52 → to the step 1: 9; safe marks 8, 9, 10. m1 8 of (8, 4, 6, 6) → 1/4 = 25 %;
 * m2 9, 8, 10 → 3/3 = 100 %; m3 7 → 0/1 = 0 %; block 8, 9, 8, 10 → 4/8 = 50 %.
 */
const marks: QualityMark[] = [
  { paperId: 1, round: 1, markerId: 1, total: 8 }, { paperId: 1, round: 2, markerId: 2, total: 9 },
  { paperId: 2, round: 1, markerId: 1, total: 4 }, { paperId: 2, round: 2, markerId: 2, total: 8 }, { paperId: 2, round: 3, markerId: 3, total: 7 },
  { paperId: 3, round: 1, markerId: 2, total: 10 }, { paperId: 3, round: 2, markerId: 1, total: 6 },
  { paperId: 4, round: 1, markerId: 1, total: 6 },
];
const papers = [
  { paperId: 1, third: false, arbitration: false }, { paperId: 2, third: true, arbitration: false },
  { paperId: 3, third: false, arbitration: true }, { paperId: 4, third: false, arbitration: false },
];
const twelve = { fullScore: 12, step: 1 };

describe('阅卷质量 per marker and per block', () => {
  it('works out mean, difference, spread, agreement, third marks, arbitrations and 保险分系数', () => {
    const q = markerQuality(marks, papers, 2, twelve);
    expect(q.safeScore).toBe(9);
    expect(q.markers).toEqual([
      { markerId: 1, marks: 4, mean: 6, diff: -1.25, sd: 1.41, paired: 3, within: 1, third: 1, withinPercent: 33.33, thirdPercent: 33.33, arbitrations: 1, safe: 1, safePercent: 25 },
      { markerId: 2, marks: 3, mean: 9, diff: 1.75, sd: 0.82, paired: 3, within: 1, third: 1, withinPercent: 33.33, thirdPercent: 33.33, arbitrations: 1, safe: 3, safePercent: 100 },
      { markerId: 3, marks: 1, mean: 7, diff: -0.25, sd: 0, paired: 0, within: 0, third: 0, withinPercent: null, thirdPercent: null, arbitrations: 0, safe: 0, safePercent: 0 },
    ]);
    expect(q.block).toEqual({ marks: 8, mean: 7.25, sd: 1.79, paired: 3, within: 1, third: 1, withinPercent: 33.33, thirdPercent: 33.33, arbitrations: 1, safe: 4, safePercent: 50 });
  });

  it('ignores the leader\'s round-4 mark; a third mark counts without paper flags; half steps (full 10, step 0.5)', () => {
    // paper 1: A 9, B 3 (|6| > 2), third C 8; paper 2: A 5, B 6 (within); paper 3: A 7 only; a leader mark is ignored.
    // marker 1: 9, 5, 7 → mean 7, SD √((4 + 4 + 0) / 3) = √2.667 = 1.633 → 1.63; paired papers 1 and 2, within 1 → 50 %,
    // third 1 (paper 1 has a round-3 mark) → 50 %. marker 2: 3, 6 → mean 4.5, SD 1.5, 50 %, 50 %. marker 3: 8 → nothing paired.
    // block: 9 3 8 5 6 7 → mean 38 / 6 = 6.333 → 6.33; squares of deviations 7.111 + 11.111 + 2.778 + 1.778 + 0.111 + 0.444
    // = 23.333, / 6 = 3.889, √ = 1.972 → 1.97; diffs 7 − 6.333 = 0.67, 4.5 − 6.333 = −1.83, 8 − 6.333 = 1.67.
    // 保险分: 0.71 × 10 = 7.1 → 14.2 steps of 0.5 → 14 → 7; safe 6.5 to 7.5: only the 7 → m1 1/3 = 33.33 %, block 1/6 = 16.67 %.
    const q = markerQuality([
      { paperId: 1, round: 1, markerId: 1, total: 9 }, { paperId: 1, round: 2, markerId: 2, total: 3 }, { paperId: 1, round: 3, markerId: 3, total: 8 },
      { paperId: 2, round: 1, markerId: 1, total: 5 }, { paperId: 2, round: 2, markerId: 2, total: 6 },
      { paperId: 3, round: 1, markerId: 1, total: 7 }, { paperId: 1, round: 4, markerId: 9, total: 5 },
    ], [], 2, { fullScore: 10, step: 0.5 });
    expect(q.safeScore).toBe(7);
    expect(q.markers.map((m) => [m.markerId, m.marks, m.mean, m.diff, m.sd, m.paired, m.withinPercent, m.thirdPercent, m.safePercent])).toEqual([
      [1, 3, 7, 0.67, 1.63, 2, 50, 50, 33.33],
      [2, 2, 4.5, -1.83, 1.5, 2, 50, 50, 0],
      [3, 1, 8, 1.67, 0, 0, null, null, 0],
    ]);
    expect(q.block).toEqual({ marks: 6, mean: 6.33, sd: 1.97, paired: 2, within: 1, third: 1, withinPercent: 50, thirdPercent: 50, arbitrations: 0, safe: 1, safePercent: 16.67 });
  });

  it('counts a difference equal to the tolerance as within (1 apart, tolerance 1), 1.25 apart as beyond', () => {
    const two = (a: number, b: number) => markerQuality([{ paperId: 1, round: 1, markerId: 1, total: a }, { paperId: 1, round: 2, markerId: 2, total: b }], [], 1, twelve).markers[0]!.withinPercent;
    expect(two(8, 9)).toBe(100);
    expect(two(8.5, 9.75)).toBe(0);
  });

  it('answers no rows and null figures for a block without marks (full 10, step 1: safe score 7.1 → 7)', () => {
    expect(markerQuality([], [], 1, { fullScore: 10, step: 1 })).toEqual({
      safeScore: 7, markers: [],
      block: { marks: 0, mean: null, sd: null, paired: 0, within: 0, third: 0, withinPercent: null, thirdPercent: null, arbitrations: 0, safe: 0, safePercent: null },
    });
  });
});

describe('保险分 (safe score)', () => {
  it('is 0.71 × full score rounded half up to the step', () => {
    expect(safeScore({ fullScore: 50, step: 1 })).toBe(36); // 35.5 → half up 36
    expect(safeScore({ fullScore: 15, step: 0.5 })).toBe(10.5); // 10.65 = 21.3 half-steps → 21 → 10.5
    expect(safeScore({ fullScore: 25, step: 0.5 })).toBe(18); // 17.75 = 35.5 half-steps → half up 36 → 18
    expect(safeScore({ fullScore: 100, step: 1 })).toBe(71);
    expect(safeScore({ fullScore: 1, step: 1 })).toBe(1); // 0.71 → 1
    expect(safeScore({ fullScore: 20, step: 2 })).toBe(14); // 14.2 = 7.1 steps → 7 → 14
  });
  it('takes marks within one step of it, inclusive', () => {
    expect([34, 35, 36, 37, 38].map((v) => isSafe(v, { fullScore: 50, step: 1 }))).toEqual([false, true, true, true, false]);
    expect([9.5, 10, 10.5, 11, 11.5].map((v) => isSafe(v, { fullScore: 15, step: 0.5 }))).toEqual([false, true, true, true, false]);
    expect([0, 1].map((v) => isSafe(v, { fullScore: 1, step: 1 }))).toEqual([true, true]);
    expect([11, 12, 16, 17].map((v) => isSafe(v, { fullScore: 20, step: 2 }))).toEqual([false, true, true, false]);
  });
});

describe('blockScale and rateOf', () => {
  it('sums full scores (to the cent), takes the smallest step of questions or points, one question for 选做', () => {
    expect(blockScale([{ fullScore: 6, step: 1, points: [] }, { fullScore: 4, step: 0.5, points: [] }])).toEqual({ fullScore: 10, step: 0.5 });
    expect(blockScale([{ fullScore: 0.1, step: 0.1, points: [] }, { fullScore: 0.2, step: 0.1, points: [] }])).toEqual({ fullScore: 0.3, step: 0.1 });
    // the points replace the question's own step 0.5: steps 2 and 1 → 1
    expect(blockScale([{ fullScore: 8, step: 0.5, points: [{ step: 2 }, { step: 1 }] }])).toEqual({ fullScore: 8, step: 1 });
    expect(blockScale([{ fullScore: 10, step: 1, points: [], electiveGroup: '选做一' }, { fullScore: 10, step: 1, points: [], electiveGroup: '选做一' }])).toEqual({ fullScore: 10, step: 1 });
  });
  it('rateOf: two decimals, null over nothing', () => {
    expect(rateOf(1, 3)).toBe(0.33);
    expect(rateOf(2, 3)).toBe(0.67);
    expect(rateOf(0, 0)).toBeNull();
  });
});
