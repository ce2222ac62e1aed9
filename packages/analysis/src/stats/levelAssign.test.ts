import { describe, expect, it } from 'vitest';
import { levelAssign } from './levelAssign.js';

// Independent Python implementation (decimal ROUND_HALF_UP), 20 students:
//   S = [98,95,95,91,88,86,84,80,79,77,75,72,70,66,63,60,58,51,45,30]
//   rank = 1 + #{y > x}; level = first L with (rank−1)·100 < cum_L·n, cum = [15,50,85,98,100]
//     → A: ranks ≤ 3, B: ≤ 10, C: ≤ 17, D: ≤ 20 (19/20 = 95 % < 98 %), E: nobody (2 % of 20 = 0.4)
//   levels  = AAABBBBBBBCCCCCCCDDD
//   T = (T2·(Y−Y1) + T1·(Y2−Y)) / (Y2−Y1) per band, rounded half up; a one-score band gives T2
//   assigned = [100, 86, 86, 85, 82, 80, 78, 74, 73, 71, 70, 68, 66, 63, 60, 58, 56, 55, 51, 41]
//   e.g. 88 in B (Y1 = 77, Y2 = 91): (85·11 + 71·3)/14 = 1148/14 = 82
const S = [98, 95, 95, 91, 88, 86, 84, 80, 79, 77, 75, 72, 70, 66, 63, 60, 58, 51, 45, 30];

describe('levelAssign 等级赋分 (3+1+2)', () => {
  it('levels and assigned scores match the independent computation', () => {
    const out = levelAssign(S);
    expect(out.map((o) => o?.name).join('')).toBe('AAABBBBBBBCCCCCCCDDD');
    expect(out.map((o) => o?.assigned)).toEqual([100, 86, 86, 85, 82, 80, 78, 74, 73, 71, 70, 68, 66, 63, 60, 58, 56, 55, 51, 41]);
    expect(out[1]?.rank).toBe(2);
  });
  // Second Python run (same program), 50 students, a permutation of 51..100 with one tie:
  //   S = [100-(k*37)%50 for k in range(50)]; S[10] = S[11]
  //   A: ranks ≤ 8, B: ≤ 25, C: ≤ 43, D: ≤ 49, E: rank 50 (score 51, a one-score band → T2 = 40)
  it('50 students: all five levels, a tie, a one-score band', () => {
    const S2 = Array.from({ length: 50 }, (_, k) => 100 - ((k * 37) % 50));
    S2[10] = S2[11];
    const out = levelAssign(S2);
    expect(out.map((o) => o?.name).join('')).toBe('ACBBDCBBDCAADCBACCBACCBACCBECBBDCBBDCBADCBACCBACCB');
    expect(out.map((o) => o?.assigned)).toEqual([
      100, 60, 71, 82, 41, 62, 73, 84, 47, 63, 86, 86, 52, 65, 76, 90, 56, 67, 78, 94, 58, 68, 80, 98, 59, 70, 82, 40, 61, 72, 83, 44, 63, 74, 85, 49, 64, 75, 88,
      55, 66, 77, 92, 57, 68, 79, 96, 58, 69, 81,
    ]);
  });
  it('input order does not matter', () => {
    const rev = [...S].reverse();
    expect(levelAssign(rev).map((o) => o?.assigned)).toEqual([100, 86, 86, 85, 82, 80, 78, 74, 73, 71, 70, 68, 66, 63, 60, 58, 56, 55, 51, 41].reverse());
  });
  it('one student, all equal: everybody rank 1 → A with T2 = 100', () => {
    expect(levelAssign([77])).toEqual([{ level: 0, name: 'A', rank: 1, assigned: 100 }]);
    expect(levelAssign([60, 60, 60]).map((o) => o?.assigned)).toEqual([100, 100, 100]);
  });
  it('empty and non-finite', () => {
    expect(levelAssign([])).toEqual([]);
    const out = levelAssign([80, NaN]);
    expect(out[1]).toBeNull();
    expect(out[0]?.name).toBe('A');
  });
});
