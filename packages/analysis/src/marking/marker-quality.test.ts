import { describe, expect, it } from 'vitest';
import { markerQuality } from './marker-quality.js';
import type { QualityMark } from './quality.js';

/**
 * Worked by hand. Tolerance 2. P1: m1 8, m2 9 (within). P2: m1 4, m2 8 (beyond, third by m3: 7). P3: m2 10 (round 1),
 * m1 6 (round 2) (beyond, arbitration). P4: m1 6 alone.
 * m1: 8, 4, 6, 6 → mean 24/4 = 6; deviations 2, −2, 0, 0 → variance 8/4 = 2 → sd √2 = 1.41; paired P1–P3 = 3;
 *     within 1/3 = 33.33 %; third 1/3 = 33.33 %; arbitrations 1 (P3).
 * m2: 9, 8, 10 → mean 9; deviations 0, −1, 1 → variance 2/3 → sd 0.8165 → 0.82; paired 3; within 33.33 %;
 *     third 33.33 %; arbitrations 1.
 * m3: 7 → mean 7, sd 0, no first marks: nothing paired (null), arbitrations 0.
 * Block mean: (8+9+4+8+7+10+6+6)/8 = 58/8 = 7.25 → diffs −1.25, 1.75, −0.25.
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

describe('阅卷质量 per marker', () => {
  it('works out mean, difference, spread, agreement, third marks and arbitrations', () => {
    expect(markerQuality(marks, papers, 2)).toEqual([
      { markerId: 1, marks: 4, mean: 6, diff: -1.25, sd: 1.41, paired: 3, withinPercent: 33.33, thirdPercent: 33.33, arbitrations: 1 },
      { markerId: 2, marks: 3, mean: 9, diff: 1.75, sd: 0.82, paired: 3, withinPercent: 33.33, thirdPercent: 33.33, arbitrations: 1 },
      { markerId: 3, marks: 1, mean: 7, diff: -0.25, sd: 0, paired: 0, withinPercent: null, thirdPercent: null, arbitrations: 0 },
    ]);
  });
  it('counts a difference equal to the tolerance as within (1 apart, tolerance 1), 1.25 apart as beyond', () => {
    const two = (a: number, b: number) => markerQuality([{ paperId: 1, round: 1, markerId: 1, total: a }, { paperId: 1, round: 2, markerId: 2, total: b }], [], 1)[0]!.withinPercent;
    expect(two(8, 9)).toBe(100);
    expect(two(8.5, 9.75)).toBe(0);
  });
  it('answers nothing for a block without marks', () => {
    expect(markerQuality([], [], 1)).toEqual([]);
  });
});
