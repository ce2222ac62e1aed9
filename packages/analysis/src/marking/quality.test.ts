import { describe, expect, it } from 'vitest';
import { markingQuality } from './quality.js';

/** Expected values worked by hand (arithmetic beside each), not by the code under test. */
describe('markingQuality', () => {
  it('per marker and per block, tolerance 2', () => {
    // paper 1: A 9, B 3 (|6| > 2), third C 8; paper 2: A 5, B 6 (within); paper 3: A 7 only; a leader mark is ignored
    const q = markingQuality([
      { paperId: 1, round: 1, markerId: 1, total: 9 }, { paperId: 1, round: 2, markerId: 2, total: 3 }, { paperId: 1, round: 3, markerId: 3, total: 8 },
      { paperId: 2, round: 1, markerId: 1, total: 5 }, { paperId: 2, round: 2, markerId: 2, total: 6 },
      { paperId: 3, round: 1, markerId: 1, total: 7 }, { paperId: 1, round: 4, markerId: 9, total: 5 },
    ], 2);
    // marker 1: 9, 5, 7 → mean 7, SD √((4 + 4 + 0) / 3) = √2.667 = 1.633 → 1.63; compared on papers 1 and 2, agreed on 2 → 0.5
    // marker 2: 3, 6 → mean 4.5, SD 1.5; same papers → 0.5; marker 3: 8 → mean 8, SD 0, no compared paper → null
    expect(q.markers).toEqual([
      { markerId: 1, count: 3, mean: 7, sd: 1.63, agreed: 1, compared: 2, agreeRate: 0.5 },
      { markerId: 2, count: 2, mean: 4.5, sd: 1.5, agreed: 1, compared: 2, agreeRate: 0.5 },
      { markerId: 3, count: 1, mean: 8, sd: 0, agreed: 0, compared: 0, agreeRate: null },
    ]);
    // block: 9 3 8 5 6 7 → mean 38 / 6 = 6.333 → 6.33; squares of deviations: 7.111 + 11.111 + 2.778 + 1.778 + 0.111 + 0.444
    // = 23.333, / 6 = 3.889, √ = 1.972 → 1.97; 2 compared papers, 1 agreed → 0.5; one third mark → 0.5
    expect(q.block).toEqual({ count: 6, mean: 6.33, sd: 1.97, compared: 2, agreeRate: 0.5, thirdRate: 0.5 });
  });
  it('nothing marked', () => {
    expect(markingQuality([], 1)).toEqual({ markers: [], block: { count: 0, mean: null, sd: null, compared: 0, agreeRate: null, thirdRate: null } });
  });
});
