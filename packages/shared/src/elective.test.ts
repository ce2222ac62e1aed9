import { describe, expect, it } from 'vitest';
import { countedFullScore, electiveGroupsOf, electiveProblems } from './elective.js';

const q = (no: string, fullScore: number, electiveGroup: string | null = null, electivePick: number | null = null, type = 'subjective', step = 1) =>
  ({ no, type, fullScore, step, electiveGroup, electivePick });

describe('选做题 groups', () => {
  it('counts K questions of a group in the full score (hand-worked: 40 + 2 × 10 + 1 × 10 = 70)', () => {
    const qs = [q('1', 40, null), q('22', 10, 'A'), q('23', 10, 'A'), q('24', 10, 'B', 2), q('25', 10, 'B', 2), q('26', 10, 'B', 2)];
    expect(electiveGroupsOf(qs).map((g) => [g.name, g.pick, g.questions.map((x) => x.no)])).toEqual([['A', 1, ['22', '23']], ['B', 2, ['24', '25', '26']]]);
    expect(countedFullScore(qs)).toBe(70);
    expect(electiveProblems(qs)).toEqual([]);
  });
  it('names every problem in Chinese', () => {
    expect(electiveProblems([q('22', 10, 'A'), q('23', 12, 'A', null, 'subjective', 0.5)])).toEqual([
      '选做题组“A”各题满分须相同', '选做题组“A”各题给分步长须相同',
    ]);
    expect(electiveProblems([q('22', 10, 'A'), q('1', 10, 'A', null, 'single')])).toEqual(['选做题组“A”只能包含解答题（第 1 题不是）']);
    expect(electiveProblems([q('22', 10, 'A')])).toEqual(['选做题组“A”至少要有两道题']);
    expect(electiveProblems([q('22', 10, 'A', 2), q('23', 10, 'A', 2)])).toEqual(['选做题组“A”选做 2 道须少于组内 2 道题']);
    expect(electiveProblems([q('22', 10, 'A', 1), q('23', 10, 'A', 2), q('24', 10, 'A', 2)])).toEqual(['选做题组“A”各题的选做题数须相同']);
  });
});
