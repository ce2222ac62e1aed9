import { describe, expect, it } from 'vitest';
import { cronbachAlpha, cronbachAlphaFromVariances } from './cronbachAlpha.js';
import { difficulty } from './difficulty.js';
import { discriminationIndex, extremeGroupRates, extremeGroups, extremeGroupSize, orderByTotal } from './discriminationIndex.js';
import { discriminationQuality } from './discriminationQuality.js';
import { correctedCorrelationFromMoments, itemTotalCorrectedCorrelation } from './itemTotalCorrectedCorrelation.js';
import { kr20 } from './kr20.js';
import { overMeanRate } from './overMeanRate.js';
import { paperDifficulty } from './paperDifficulty.js';
import { pearson } from './pearson.js';

// Expected values from Python 3.11 (statistics module, an independent implementation):
//   st.correlation([1,2,3,4,5], [2,4,5,4,5]) = 0.7745966692414834
//   st.correlation([1,2,3], [2,4,7]) = 0.9933992677987828
// Cronbach's α, 5 students × 4 items (rows = students):
//   M = [[3,4,3,5],[2,2,3,3],[4,5,4,5],[1,2,1,2],[3,3,4,4]]
//   items = columns; tot = row sums
//   4/3 * (1 - sum(st.variance(i) for i in items) / st.variance(tot)) = 0.9541284403669723
//   by hand: item variances 1.3, 1.7, 1.5, 1.7 (Σ 6.2); totals [15,10,18,6,14], variance 21.8;
//            4/3 × (1 − 6.2/21.8) = 0.95412844…
// KR-20, 6 students × 5 items of 0/1:
//   K = [[1,1,1,1,0],[1,1,0,1,0],[1,0,0,0,0],[1,1,1,1,1],[0,1,0,0,0],[1,1,1,0,0]]
//   p = [5/6, 5/6, 1/2, 1/2, 1/6]; Σpq = 0.8611…; σ²(totals [4,3,1,5,1,3]) population = 2.2222…
//   5/4 * (1 - Σpq/σ²) = 0.7142857142857144 (α with sample variances on the same data: 0.7142857142857142)
// Corrected item–total: st.correlation([1,0,1,0], [4,2,3,3]) = 0.7071067811865475
//   M item 2 ([4,2,5,2,3]) vs rest: 0.852879332839356
const M = [
  [3, 4, 3, 5],
  [2, 2, 3, 3],
  [4, 5, 4, 5],
  [1, 2, 1, 2],
  [3, 3, 4, 4],
];
const columns = (rows: number[][]) => rows[0].map((_, j) => rows.map((r) => r[j]));
const K = [
  [1, 1, 1, 1, 0],
  [1, 1, 0, 1, 0],
  [1, 0, 0, 0, 0],
  [1, 1, 1, 1, 1],
  [0, 1, 0, 0, 0],
  [1, 1, 1, 0, 0],
];

describe('pearson (Excel CORREL)', () => {
  it('matches statistics.correlation', () => {
    expect(pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5])).toBeCloseTo(0.7745966692414834, 12);
    expect(pearson([1, 2, 3], [2, 4, 7])).toBeCloseTo(0.9933992677987828, 12);
    expect(pearson([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
  });
  it('zero variance, n < 2, ragged, bad → null', () => {
    expect(pearson([5, 5, 5], [1, 2, 3])).toBeNull();
    expect(pearson([1], [1])).toBeNull();
    expect(pearson([1, 2], [1, 2, 3])).toBeNull();
    expect(pearson([1, NaN, 3], [1, 2, 3])).toBeNull();
  });
});

describe("cronbachAlpha (α = k/(k−1)·(1 − Σs²ᵢ/s²ₜ))", () => {
  it('matches the worked 5 × 4 example', () => {
    expect(cronbachAlpha(columns(M))).toBeCloseTo(0.9541284403669723, 12);
  });
  it('from variances: same example, 2 × 3 example (Python: 2*(1-(1/3+1/3)/1) = 0.6666666666666667)', () => {
    expect(cronbachAlphaFromVariances(4, 6.2, 21.8)).toBeCloseTo(0.9541284403669723, 12);
    expect(cronbachAlpha([[1, 1, 0], [1, 0, 0]])).toBeCloseTo(0.6666666666666667, 12);
  });
  it('on 0/1 data equals KR-20', () => {
    expect(cronbachAlpha(columns(K))).toBeCloseTo(0.7142857142857142, 12);
  });
  it('one item, one student, all equal, ragged → null', () => {
    expect(cronbachAlpha([[1, 2, 3]])).toBeNull();
    expect(cronbachAlpha([[1], [2]])).toBeNull();
    expect(cronbachAlpha([[2, 2], [3, 3]])).toBeNull();
    expect(cronbachAlpha([[1, 2], [1, 2, 3]])).toBeNull();
    expect(cronbachAlphaFromVariances(1, 1, 1)).toBeNull();
    expect(cronbachAlphaFromVariances(3, 1, 0)).toBeNull();
  });
});

describe('kr20', () => {
  it('matches the worked 6 × 5 example', () => {
    expect(kr20(columns(K))).toBeCloseTo(0.7142857142857144, 12);
  });
  it('non-0/1 data, one item, no variance → null', () => {
    expect(kr20(columns(M))).toBeNull();
    expect(kr20([[1, 0, 1]])).toBeNull();
    expect(kr20([[1, 1], [1, 1]])).toBeNull();
  });
});

describe('itemTotalCorrectedCorrelation r(item, total − item)', () => {
  it('matches statistics.correlation of item and rest score', () => {
    expect(itemTotalCorrectedCorrelation([1, 0, 1, 0], [5, 2, 4, 3])).toBeCloseTo(0.7071067811865475, 12);
    const totals = M.map((r) => r.reduce((a, b) => a + b, 0));
    expect(itemTotalCorrectedCorrelation(columns(M)[1], totals)).toBeCloseTo(0.852879332839356, 12);
  });
  it('the moment form gives the same r (population moments of the first example: s²ᵢ 0.25, s²ₜ 1.25, cov 0.5)', () => {
    expect(correctedCorrelationFromMoments(0.25, 1.25, 0.5)).toBeCloseTo(0.7071067811865475, 12);
  });
  it('constant item → null', () => {
    expect(itemTotalCorrectedCorrelation([1, 1, 1], [3, 4, 5])).toBeNull();
    expect(correctedCorrelationFromMoments(0, 2, 0)).toBeNull();
  });
});

describe('discriminationIndex (27 % extreme groups)', () => {
  it('group size ⌈0.27 n⌉', () => {
    expect([1, 2, 3, 4, 10, 100, 101].map(extremeGroupSize)).toEqual([1, 1, 1, 2, 3, 27, 28]);
  });
  // Worked example, 10 students, item full 2:
  //   totals  [95, 90, 88, 80, 75, 70, 66, 60, 52, 40]; item [2, 2, 1, 2, 1, 1, 0, 1, 0, 0]
  //   g = ⌈2.7⌉ = 3; top 3 (95, 90, 88) item mean (2+2+1)/3 = 5/3; bottom 3 (60, 52, 40) mean (1+0+0)/3 = 1/3
  //   D = (5/3 − 1/3) / 2 = 2/3 = 0.6666…
  it('worked example', () => {
    const totals = [95, 90, 88, 80, 75, 70, 66, 60, 52, 40];
    const item = [2, 2, 1, 2, 1, 1, 0, 1, 0, 0];
    expect(discriminationIndex(item, totals, 2)).toBeCloseTo(2 / 3, 12);
    // input order does not matter
    const perm = [9, 3, 0, 7, 5, 1, 8, 2, 6, 4];
    expect(discriminationIndex(perm.map((i) => item[i]), perm.map((i) => totals[i]), 2)).toBeCloseTo(2 / 3, 12);
  });
  // Ties at the group boundary share the weight (no tie-break): totals [90, 80, 80, 70], g = ⌈1.08⌉ = 2.
  //   Upper: a (90) fully, then b and c tied on 80 share the remaining weight 1 → ½ each; lower: d (70) fully,
  //   b and c ½ each. item [1, 0, 1, 0] → upper mean (1 + ½·0 + ½·1) / 2 = 0.75, lower (0 + ½·0 + ½·1) / 2 = 0.25
  //   → D = 0.5, whatever order or admission numbers the students have (the former tie-break gave 1 or 0).
  it('students tied at the cut share the remaining weight', () => {
    const totals = [90, 80, 80, 70];
    const item = [1, 0, 1, 0];
    expect(extremeGroupRates(item, totals, 1)).toEqual({ upperRate: 0.75, lowerRate: 0.25, d: 0.5 });
    // The 1 moved from c to b (the other tied student): the same D.
    expect(discriminationIndex([1, 1, 0, 0], [90, 80, 80, 70], 1)).toBe(0.5);
    const groups = extremeGroups(orderByTotal(totals), totals);
    expect(groups.g).toBe(2);
    expect(Array.from(groups.upper.members)).toEqual([0, 1, 2]);
    expect(Array.from(groups.upper.weights)).toEqual([1, 0.5, 0.5]);
    expect(Array.from(groups.lower.members)).toEqual([3, 2, 1]);
    expect(Array.from(groups.lower.weights)).toEqual([1, 0.5, 0.5]);
  });
  // Everybody tied: both groups are everyone at weight g/n → D = 0 (hand: 5 students, g 2, weights 0.4).
  it('all tied → both groups are everyone, D = 0', () => {
    const r = extremeGroupRates([1, 0, 1, 1, 0], [7, 7, 7, 7, 7], 1)!;
    expect(r.upperRate).toBeCloseTo(0.6, 12);
    expect(r.lowerRate).toBeCloseTo(0.6, 12);
    expect(r.d).toBeCloseTo(0, 12);
  });
  it('DOMAIN example from the JSDoc: [2,2,1,0] by totals [10,8,6,4], full 2 → (2 − 0.5)/2 = 0.75', () => {
    expect(discriminationIndex([2, 2, 1, 0], [10, 8, 6, 4], 2)).toBe(0.75);
  });
  it('one student, zero full, ragged, bad → null', () => {
    expect(discriminationIndex([1], [1], 1)).toBeNull();
    expect(discriminationIndex([1, 0], [2, 1], 0)).toBeNull();
    expect(discriminationIndex([1, 0], [2], 1)).toBeNull();
    expect(discriminationIndex([1, NaN], [2, 1], 1)).toBeNull();
    expect(extremeGroupRates([1, 0], [2, 1], 1)).toEqual({ upperRate: 1, lowerRate: 0, d: 1 });
  });
});

describe('discriminationQuality (≥0.4 很好, 0.3–0.39 良好, 0.2–0.29 尚可需改进, <0.2 差)', () => {
  it.each([
    [0.4, '很好'],
    [0.75, '很好'],
    [0.39, '良好'],
    [0.3, '良好'],
    [0.29, '尚可需改进'],
    [0.2, '尚可需改进'],
    [0.19, '差'],
    [-0.3, '差'],
  ])('%s → %s', (d, want) => {
    expect(discriminationQuality(d)).toBe(want);
  });
  it('missing → null', () => {
    expect(discriminationQuality(null)).toBeNull();
    expect(discriminationQuality(NaN)).toBeNull();
  });
});

describe('difficulty, paperDifficulty, overMeanRate', () => {
  it('difficulty = mean ÷ full', () => {
    expect(difficulty(6, 10)).toBe(0.6);
    expect(difficulty(78.2, 100)).toBeCloseTo(0.782, 12);
    expect(difficulty(null, 10)).toBeNull();
    expect(difficulty(5, 0)).toBeNull();
  });
  // Hand: P = [0.8, 0.5, 0.9], full = [5, 10, 20] → (4 + 5 + 18) / 35 = 27/35 = 0.7714285714…
  it('paper difficulty = Σ Pᵢ fullᵢ ÷ paper full', () => {
    expect(paperDifficulty([{ difficulty: 0.8, fullScore: 5 }, { difficulty: 0.5, fullScore: 10 }, { difficulty: 0.9, fullScore: 20 }])).toBeCloseTo(27 / 35, 12);
    expect(paperDifficulty([{ difficulty: 0.8, fullScore: 5 }, { difficulty: 0.5, fullScore: 10 }], 30)).toBeCloseTo(9 / 30, 12);
    expect(paperDifficulty([])).toBeNull();
    expect(paperDifficulty([{ difficulty: null, fullScore: 5 }])).toBeNull();
    expect(paperDifficulty([{ difficulty: 0.5, fullScore: 0 }])).toBeNull();
  });
  // Hand: class 88 vs grade 80 → 8/80 = 0.1; class 72 vs 80 → −0.1
  it('超均率 = (unit − reference) ÷ reference', () => {
    expect(overMeanRate(88, 80)).toBeCloseTo(0.1, 12);
    expect(overMeanRate(72, 80)).toBeCloseTo(-0.1, 12);
    expect(overMeanRate(null, 80)).toBeNull();
    expect(overMeanRate(80, 0)).toBeNull();
  });
});
