import { describe, expect, it } from 'vitest';
import { tScore, zScore } from './zScore.js';

// Hand computation: A has mean 78.2 and sample SD 14.905629063470544 (Python statistics, see descriptive.test.ts).
//   Z(97) = (97 − 78.2) / 14.905629063470544 = 1.26126847…  (Python: (97-78.2)/14.905629063470544 = 1.2612684724641008)
//   T(97) = 50 + 10 × 1.2612684724641008 = 62.61268472464101
describe('zScore / tScore', () => {
  it('standardises with the sample SD', () => {
    expect(zScore(97, 78.2, 14.905629063470544)).toBeCloseTo(1.2612684724641008, 12);
    expect(tScore(97, 78.2, 14.905629063470544)).toBeCloseTo(62.61268472464101, 10);
    expect(zScore(90, 80, 5)).toBe(2);
    expect(tScore(80, 80, 5)).toBe(50);
  });
  it('zero or missing SD (all equal, one student) → null', () => {
    expect(zScore(80, 80, 0)).toBeNull();
    expect(zScore(80, 80, null)).toBeNull();
    expect(tScore(80, null, 5)).toBeNull();
    expect(zScore(NaN, 80, 5)).toBeNull();
  });
});
