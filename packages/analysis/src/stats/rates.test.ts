import { describe, expect, it } from 'vitest';
import { criticalStudents } from './criticalStudents.js';
import { gGroupOf, gGroupSizes } from './gGroups.js';
import { effectiveScore, lineFromShare, onlineCounts } from './onlineLine.js';
import { rankSegments } from './rankSegments.js';
import { rateShares, thresholdScore } from './rateShares.js';
import { scoreSegments, segmentBounds } from './scoreSegments.js';

const FOUR = [
  { key: 'excellent', name: '优秀', threshold: 0.8 },
  { key: 'good', name: '良好', threshold: 0.7 },
  { key: 'pass', name: '及格', threshold: 0.6 },
  { key: 'low', name: '低分', threshold: 0.3, below: true },
];

describe('rateShares (≥ threshold × full; 低分 below 30 %)', () => {
  // Hand count, full 150 → thresholds 120, 105, 90, 45:
  //   scores [150, 120, 119.5, 105, 104.5, 90, 89.5, 45, 44.5, 0]
  //   ≥120: 150, 120 → 2; ≥105: +119.5, 105 → 4; ≥90: +104.5, 90 → 6; <45: 44.5, 0 → 2; n = 10
  it('counts boundaries as reached, cumulative rates', () => {
    const r = rateShares([150, 120, 119.5, 105, 104.5, 90, 89.5, 45, 44.5, 0], 150, FOUR);
    expect(r.map((x) => x.count)).toEqual([2, 4, 6, 2]);
    expect(r.map((x) => x.share)).toEqual([0.2, 0.4, 0.6, 0.2]);
    expect(r.map((x) => x.thresholdScore)).toEqual([120, 105, 90, 45]);
  });
  it('threshold × full without binary noise (0.7 × 150 = 105, 0.3 × 110 = 33)', () => {
    expect(thresholdScore(0.7, 150)).toBe(105);
    expect(thresholdScore(0.3, 110)).toBe(33);
    expect(thresholdScore(0.6, 750)).toBe(450);
  });
  it('empty class → counts 0, shares null', () => {
    expect(rateShares([], 100, FOUR).map((x) => [x.count, x.share])).toEqual([
      [0, null],
      [0, null],
      [0, null],
      [0, null],
    ]);
  });
});

describe('scoreSegments (from full score down)', () => {
  it('bounds: full 25, width 10 → 15-25, 5-15, 0-5; full 150 width 10 → 15 segments', () => {
    expect(segmentBounds(25, 10).map((b) => b.label)).toEqual(['15-25', '5-15', '0-5']);
    expect(segmentBounds(150, 10)).toHaveLength(15);
    expect(segmentBounds(750, 50)[0]).toEqual({ label: '700-750', lower: 700, upper: 750 });
    expect(segmentBounds(0, 10)).toEqual([{ label: '0-0', lower: 0, upper: 0 }]);
  });
  // Hand count, full 100, width 10: [100, 95, 90, 89.5, 80, 40, 0, 9.5]
  //   90-100 (incl. 100 and 90): 100, 95, 90 → 3; 80-90: 89.5, 80 → 2; 40-50: 40 → 1; 0-10: 0, 9.5 → 2
  it('counts and cumulative counts, lower bound inclusive, full in the top segment', () => {
    const seg = scoreSegments([100, 95, 90, 89.5, 80, 40, 0, 9.5], 100, 10);
    expect(seg.map((s) => s.count)).toEqual([3, 2, 0, 0, 0, 1, 0, 0, 0, 2]);
    expect(seg.map((s) => s.cumulative)).toEqual([3, 5, 5, 5, 5, 6, 6, 6, 6, 8]);
  });
  it('out-of-range scores clamp to the end segments; empty', () => {
    const seg = scoreSegments([105, -2], 100, 10);
    expect(seg[0].count).toBe(1);
    expect(seg[9].count).toBe(1);
    expect(scoreSegments([], 100, 10).every((s) => s.count === 0)).toBe(true);
  });
});

describe('rankSegments (top 10, 20, 50, 100, 200, 500)', () => {
  // Hand: ranks [1, 5, 10, 11, 20, 21, 60, 700] → (0,10]: 3; (10,20]: 2; (20,50]: 1; (50,100]: 1; 700 none
  it('count and cumulative', () => {
    const r = rankSegments([1, 5, 10, 11, 20, 21, 60, 700]);
    expect(r.map((x) => x.label)).toEqual(['前10名', '前20名', '前50名', '前100名', '前200名', '前500名']);
    expect(r.map((x) => x.count)).toEqual([3, 2, 1, 1, 0, 0]);
    expect(r.map((x) => x.cumulative)).toEqual([3, 5, 6, 7, 7, 7]);
  });
  it('ignores absent (0) ranks; custom cutoffs sorted', () => {
    expect(rankSegments([0, 3, NaN], [5, 1]).map((x) => x.count)).toEqual([0, 1]);
  });
});

describe('gGroups (10 groups of ⌈N/10⌉, last takes the rest)', () => {
  // Hand: N = 25 → size 3: G1..G8 = 3 (24), G9 = 1, G10 = 0; N = 100 → 10 × 10; N = 7 → 1 × 7 then 0 × 3
  it('sizes', () => {
    expect(gGroupSizes(25)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 1, 0]);
    expect(gGroupSizes(100)).toEqual(new Array(10).fill(10));
    expect(gGroupSizes(7)).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
    expect(gGroupSizes(0)).toEqual(new Array(10).fill(0));
    expect(gGroupSizes(1)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  });
  it('group of a position', () => {
    expect(gGroupOf(0, 25)).toBe(0);
    expect(gGroupOf(23, 25)).toBe(7);
    expect(gGroupOf(24, 25)).toBe(8);
    expect(gGroupOf(25, 25)).toBe(-1);
  });
});

describe('online lines', () => {
  // Independent Python (decimal ROUND_HALF_UP):
  //   tot = [620,598,590,590,575,560,548,530,512,500]; sub = [130,125,118,121,110,108,112,100,95,90]
  //   p = 0.3 → pos = ceil(3.0) = 3 → line = 590 (the tie at 590 puts 4 students on line)
  //   mean sub of on-line = 123.5, mean total = 599.5 → 123.5 × 590 / 599.5 = 121.54295… → 有效分 122
  //   单上线 (sub ≥ 122): 130, 125 → 2; 双上线 (and total ≥ 590): 2
  const tot = [620, 598, 590, 590, 575, 560, 548, 530, 512, 500];
  const sub = [130, 125, 118, 121, 110, 108, 112, 100, 95, 90];
  it('line from a target share', () => {
    expect(lineFromShare(tot, 0.3)).toBe(590);
    expect(lineFromShare(tot, 1)).toBe(500);
    expect(lineFromShare(tot, 0.01)).toBe(620);
    expect(lineFromShare([], 0.5)).toBeNull();
    expect(lineFromShare(tot, 0)).toBeNull();
    expect(lineFromShare(tot, 1.2)).toBeNull();
  });
  it('有效分 by the ratio method and 单/双上线', () => {
    const on = [0, 1, 2, 3];
    expect(effectiveScore(on.map((i) => sub[i]), on.map((i) => tot[i]), 590)).toBe(122);
    const c = onlineCounts(sub, tot, 122, 590);
    expect(c).toEqual({ online: 4, single: 2, double: 2, hitRate: 1, contributionRate: 0.5 });
  });
  it('nobody on line → null effective score, counts 0', () => {
    expect(effectiveScore([], [], 700)).toBeNull();
    expect(onlineCounts(sub, tot, null, null)).toEqual({ online: 0, single: 0, double: 0, hitRate: null, contributionRate: null });
  });
});

describe('criticalStudents (|score − line| ≤ buffer, default 10)', () => {
  // Hand: line 80 → 95 (15) no, 90 (10) yes, 88 yes, 80 yes, 70 (10) yes, 69.5 no
  it('both sides, inclusive', () => {
    expect(criticalStudents([95, 90, 88, 80, 70, 69.5], 80)).toEqual([1, 2, 3, 4]);
    expect(criticalStudents([95, 90, 88], 80, 5)).toEqual([]);
    expect(criticalStudents([80], NaN)).toEqual([]);
  });
});
