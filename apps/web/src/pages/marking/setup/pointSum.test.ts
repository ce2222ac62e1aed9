import { describe, expect, it } from 'vitest';
import { pointSumProblem } from './pointSum';

// Expected sums worked by hand: 4 + 4 + 4 = 12 (equals 12); 1.5 + 2.5 = 4 (short of 6); 0.1 + 0.2 = 0.3 exactly in cents.
describe('给分点之和', () => {
  it('accepts points that add up to the full score, or no points at all', () => {
    expect(pointSumProblem({ fullScore: 12, points: [{ fullScore: 4 }, { fullScore: 4 }, { fullScore: 4 }] })).toBeNull();
    expect(pointSumProblem({ fullScore: 12, points: [] })).toBeNull();
    expect(pointSumProblem({ fullScore: 0.3, points: [{ fullScore: 0.1 }, { fullScore: 0.2 }] })).toBeNull();
  });
  it('names the sum and the full score when they differ', () => {
    expect(pointSumProblem({ fullScore: 6, points: [{ fullScore: 1.5 }, { fullScore: 2.5 }] })).toBe('给分点分值之和（4分）须等于本题满分（6分）');
  });
});
