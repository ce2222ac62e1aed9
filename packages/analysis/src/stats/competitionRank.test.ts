import { describe, expect, it } from 'vitest';
import { competitionRank } from './competitionRank.js';

// Expected ranks: Excel RANK.EQ(x, range, 0) semantics, computed in Python as 1 + #{y > x}:
//   A = [78, 92, 85, 64, 92, 71, 55, 88, 97, 60]
//   [1 + sum(1 for y in A if y > x) for x in A] = [6, 2, 5, 8, 2, 7, 10, 4, 1, 9]
describe('competitionRank (RANK.EQ, "1224")', () => {
  it('docs/DOMAIN-RULES.md §3.2 example 100, 100, 98 → 1, 1, 3', () => {
    expect(Array.from(competitionRank([100, 100, 98]))).toEqual([1, 1, 3]);
  });
  it('matches RANK.EQ on a class', () => {
    expect(Array.from(competitionRank([78, 92, 85, 64, 92, 71, 55, 88, 97, 60]))).toEqual([6, 2, 5, 8, 2, 7, 10, 4, 1, 9]);
  });
  it('ascending order (RANK.EQ with order 1)', () => {
    expect(Array.from(competitionRank([3, 1, 3, 2], 'asc'))).toEqual([3, 1, 3, 2]);
  });
  it('all equal, one student, empty, non-finite gets 0', () => {
    expect(Array.from(competitionRank([70, 70, 70]))).toEqual([1, 1, 1]);
    expect(Array.from(competitionRank([50]))).toEqual([1]);
    expect(Array.from(competitionRank([]))).toEqual([]);
    expect(Array.from(competitionRank([80, NaN, 90]))).toEqual([2, 0, 1]);
  });
});
