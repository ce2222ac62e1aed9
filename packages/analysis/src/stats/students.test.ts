import { describe, expect, it } from 'vitest';
import { decodeChoice, encodeChoice, optionDistribution } from './optionDistribution.js';
import { pickExtremes, rankChange } from './progress.js';
import { subjectBalance } from './subjectBalance.js';

describe('rankChange / pickExtremes (student progress)', () => {
  // Hand: last rank 30, this 12 → +18 (up); last 5, this 9 → −4 (down)
  it('last rank − this rank', () => {
    expect(rankChange(30, 12)).toBe(18);
    expect(rankChange(5, 9)).toBe(-4);
    expect(rankChange(null, 3)).toBeNull();
    expect(rankChange(4, 0)).toBeNull();
  });
  // Hand: changes [5, null, −3, 8, 0, 5, −9] → up by size: 8 (3), 5 (0), 5 (5); down: −9 (6), −3 (2)
  it('top risers and fallers, stable on ties, zero and null skipped', () => {
    const ch = [5, null, -3, 8, 0, 5, -9];
    expect(pickExtremes(ch, 3, 'up')).toEqual([3, 0, 5]);
    expect(pickExtremes(ch, 3, 'down')).toEqual([6, 2]);
    expect(pickExtremes([], 3, 'up')).toEqual([]);
  });
});

describe('subjectBalance (subject grade rank − total grade rank)', () => {
  // Hand: subject ranks [12, 3, 40, null], total rank 10 → gaps [2, −7, 30, null]; weak = 2, strong = 1
  it('weak subject = largest positive gap', () => {
    expect(subjectBalance([12, 3, 40, null], 10)).toEqual({ gaps: [2, -7, 30, null], weak: 2, strong: 1 });
  });
  it('balanced student, missing total', () => {
    expect(subjectBalance([5, 5], 5)).toEqual({ gaps: [0, 0], weak: null, strong: null });
    expect(subjectBalance([5, 5], null)).toEqual({ gaps: [null, null], weak: null, strong: null });
  });
});

describe('optionDistribution', () => {
  it('encodes marks as bit masks', () => {
    expect(encodeChoice('A')).toBe(1);
    expect(encodeChoice('ac')).toBe(5);
    expect(encodeChoice('')).toBe(0);
    expect(encodeChoice(null)).toBe(0);
    expect(decodeChoice(13)).toBe('ACD');
  });
  // Hand count, key 'B', 10 students: A, B, B, B, C, D, blank, AB, B, blank
  //   only-A 1, only-B 4, only-C 1, only-D 1; blank 2; multiple 1 (AB); 1+4+1+1+2+1 = 10
  //   marked A = 2 (A, AB), marked B = 5; key marked exactly = 4 → share 0.4
  it('single choice: shares, blanks, multiple marks, key', () => {
    const marks = ['A', 'B', 'B', 'B', 'C', 'D', '', 'AB', 'B', null].map(encodeChoice);
    const d = optionDistribution(marks, encodeChoice('B'));
    expect(d.options.map((o) => o.count)).toEqual([1, 4, 1, 1]);
    expect(d.options.map((o) => o.marked)).toEqual([2, 5, 1, 1]);
    expect(d.options.map((o) => o.correct)).toEqual([false, true, false, false]);
    expect(d.blank).toEqual({ count: 2, share: 0.2 });
    expect(d.multiple).toEqual({ count: 1, share: 0.1 });
    expect(d.keyMarked).toEqual({ count: 4, share: 0.4 });
    expect(d.options[1].share).toBe(0.4);
  });
  it('extends past D when E is marked; empty item', () => {
    expect(optionDistribution([encodeChoice('E')], 1).options).toHaveLength(5);
    const e = optionDistribution([], 1);
    expect(e.n).toBe(0);
    expect(e.blank.share).toBeNull();
  });
});
