import { describe, expect, it } from 'vitest';
import { scoreChoice, type ScoredQuestion } from './scoring.js';

/**
 * The multiple-choice rules of docs/DOMAIN-RULES.md §2, worked by hand. 新高考 multiple choice, 6 points: with a key of
 * two options each correct option chosen is worth 3 (one of two → 3), with three options 2 each (one → 2, two → 4);
 * the whole key → 6; any option outside the key → 0. Without 选对一项得分 a correct part scores 部分得分, half by default.
 */
describe('scoreChoice', () => {
  const multiple = (answer: string, extra: Partial<ScoredQuestion> = {}): ScoredQuestion => ({ type: 'multiple', fullScore: 6, step: 1, answer, partialScore: null, ...extra });

  it('scores by options chosen when 选对一项得分 is set', () => {
    const two = multiple('AB', { optionScore: 3 });
    expect([scoreChoice(two, 'AB'), scoreChoice(two, 'A'), scoreChoice(two, 'B'), scoreChoice(two, 'AC'), scoreChoice(two, 'C')]).toEqual([6, 3, 3, 0, 0]);
    const three = multiple('ACD', { optionScore: 2 });
    expect([scoreChoice(three, 'ACD'), scoreChoice(three, 'AC'), scoreChoice(three, 'D'), scoreChoice(three, 'ABCD'), scoreChoice(three, 'B')]).toEqual([6, 4, 2, 0, 0]);
    // 1.5 per option on a key of three: two options 3, one 1.5
    expect([scoreChoice(multiple('ACD', { optionScore: 1.5 }), 'CD'), scoreChoice(multiple('ACD', { optionScore: 1.5 }), 'C')]).toEqual([3, 1.5]);
  });

  it('scores a correct part by 部分得分, half the full score by default', () => {
    expect([scoreChoice(multiple('ACD'), 'AC'), scoreChoice(multiple('ACD'), 'A'), scoreChoice(multiple('ACD', { partialScore: 2 }), 'CD')]).toEqual([3, 3, 2]);
    expect(scoreChoice({ type: 'single', fullScore: 4, step: 1, answer: 'B', partialScore: null }, 'B')).toBe(4);
    expect(scoreChoice({ type: 'judge', fullScore: 2, step: 1, answer: 'T', partialScore: null }, 'F')).toBe(0);
  });
});
