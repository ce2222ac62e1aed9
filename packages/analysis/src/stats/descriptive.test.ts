import { describe, expect, it } from 'vitest';
import { extent } from './extent.js';
import { mean } from './mean.js';
import { median } from './median.js';
import { quantile, quantileSorted } from './quantile.js';
import { sampleStandardDeviation } from './sampleStandardDeviation.js';
import { sampleVariance } from './sampleVariance.js';
import { sum } from './sum.js';

// Scores of a 10-student class; expected values from Python 3.11's statistics module (an independent
// implementation; stdev/variance use n−1 like Excel STDEV.S / VAR.S; quantiles(method='inclusive') is
// R type 7 = Excel QUARTILE.INC / PERCENTILE.INC):
//   A = [78, 92, 85, 64, 92, 71, 55, 88, 97, 60]
//   st.mean(A) = 78.2; st.stdev(A) = 14.905629063470544; st.variance(A) = 222.17777777777778
//   st.median(A) = 81.5; st.quantiles(A, n=4, method='inclusive') = [65.75, 81.5, 91.0]
//   st.quantiles(A, n=10, method='inclusive') = [59.5, 63.2, 68.9, 75.2, 81.5, 86.2, 89.2, 92.0, 92.5]
//   B = [2,4,4,4,5,5,7,9]: st.variance(B) = 4.571428571428571, st.stdev(B) = 2.138089935299395
const A = [78, 92, 85, 64, 92, 71, 55, 88, 97, 60];

describe('sum', () => {
  it('is exact where naive addition drifts (0.1 × 10 = 1, math.fsum)', () => {
    expect(sum(new Array(10).fill(0.1))).toBe(1);
    expect(sum([])).toBe(0);
    expect(sum([1, NaN])).toBeNull();
  });
});

describe('mean', () => {
  it('matches statistics.mean', () => {
    expect(mean(A)).toBeCloseTo(78.2, 12);
    expect(mean(Float64Array.from(A))).toBeCloseTo(78.2, 12);
  });
  it('one student, all equal', () => {
    expect(mean([73])).toBe(73);
    expect(mean([60, 60, 60])).toBe(60);
  });
  it('empty class or bad input → null, never NaN', () => {
    expect(mean([])).toBeNull();
    expect(mean([1, Infinity])).toBeNull();
    expect(mean([1, NaN])).toBeNull();
  });
});

describe('sampleVariance / sampleStandardDeviation (n − 1, Excel STDEV.S)', () => {
  it('matches statistics.variance / stdev', () => {
    expect(sampleVariance(A)).toBeCloseTo(222.17777777777778, 10);
    expect(sampleStandardDeviation(A)).toBeCloseTo(14.905629063470544, 12);
    expect(sampleVariance([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(4.571428571428571, 12);
    expect(sampleStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(2.138089935299395, 12);
  });
  it('all equal → 0 (not a tiny negative), large offsets stay accurate', () => {
    expect(sampleStandardDeviation([85.5, 85.5, 85.5])).toBe(0);
    // Same spread shifted by 1e9: variance unchanged (B above).
    expect(sampleVariance([2, 4, 4, 4, 5, 5, 7, 9].map((x) => x + 1e9))).toBeCloseTo(4.571428571428571, 6);
  });
  it('n < 2 or bad input → null', () => {
    expect(sampleStandardDeviation([90])).toBeNull();
    expect(sampleStandardDeviation([])).toBeNull();
    expect(sampleVariance([1, NaN, 3])).toBeNull();
  });
});

describe('extent', () => {
  it('min and max', () => {
    expect(extent(A)).toEqual({ min: 55, max: 97 });
    expect(extent([4])).toEqual({ min: 4, max: 4 });
    expect(extent([])).toBeNull();
    expect(extent([1, NaN])).toBeNull();
  });
});

describe('quantile (R type 7 = Excel QUARTILE.INC)', () => {
  it('quartiles match statistics.quantiles(method="inclusive")', () => {
    expect(quantile(A, 0.25)).toBeCloseTo(65.75, 12);
    expect(quantile(A, 0.5)).toBeCloseTo(81.5, 12);
    expect(quantile(A, 0.75)).toBeCloseTo(91.0, 12);
  });
  it('deciles match statistics.quantiles(n=10, method="inclusive")', () => {
    const want = [59.5, 63.2, 68.9, 75.2, 81.5, 86.2, 89.2, 92.0, 92.5];
    want.forEach((w, k) => expect(quantile(A, (k + 1) / 10)).toBeCloseTo(w, 10));
  });
  it('ends are min and max; does not reorder its input', () => {
    const copy = [...A];
    expect(quantile(copy, 0)).toBe(55);
    expect(quantile(copy, 1)).toBe(97);
    expect(copy).toEqual(A);
  });
  it('worked example: [1,2,3,4] at 0.25 → h = 0.75, 1 + 0.75 × (2 − 1) = 1.75', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.25)).toBe(1.75);
  });
  it('one student, empty, bad p', () => {
    expect(quantile([88], 0.25)).toBe(88);
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile(A, 1.5)).toBeNull();
    expect(quantile(A, NaN)).toBeNull();
    expect(quantile([1, NaN], 0.5)).toBeNull();
  });
});

describe('median', () => {
  it('matches statistics.median', () => {
    expect(median(A)).toBe(81.5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([3, 1, 4, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
