import { describe, expect, it } from 'vitest';
import { flattenLocalBackground, flattenPrintedLabels } from './printed-labels.js';
import type { BubbleGroup } from './types.js';

const group = (id: string, values: string[]): BubbleGroup => ({
  id, kind: 'single', bubbles: values.map((value, i) => ({ x: i * 10, y: 0, w: 8, h: 8, value })),
});

describe('printed labels: the empty level of each value, learnt from the sheet', () => {
  // 10 questions A–D: empty 'B' bubbles carry 0.15 more ink than the others (a heavier printed letter).
  const questions = Array.from({ length: 10 }, (_, i) => group(`q${i + 1}`, ['A', 'B', 'C', 'D']));
  const base = { A: 0.2, B: 0.35, C: 0.2, D: 0.2 } as Record<string, number>;

  it('brings every empty bubble to the lightest value\'s level and keeps the added ink of a mark', () => {
    const dark = questions.map((g, i) => g.bubbles.map((b, k) => base[b.value] + (k === i % 4 ? 0.5 : 0)));
    const [flat] = flattenPrintedLabels([{ groups: questions, dark }]);
    // q1 marks A: A 0.7 stays, B 0.35 − 0.15 = 0.2; q2 marks B: 0.85 − 0.15 = 0.7
    expect(flat[0].map((v) => +v.toFixed(3))).toEqual([0.7, 0.2, 0.2, 0.2]);
    expect(flat[1].map((v) => +v.toFixed(3))).toEqual([0.2, 0.7, 0.2, 0.2]);
  });

  it('learns the levels over questions and 考号 columns together', () => {
    const digits = Array.from({ length: 6 }, (_, i) => group(`id${i + 1}`, ['0', '1']));
    const qDark = questions.map((g) => g.bubbles.map((b) => base[b.value]));
    const aDark = digits.map(() => [0.15, 0.15]); // digits print lighter than every letter
    const [q, a] = flattenPrintedLabels([{ groups: questions, dark: qDark }, { groups: digits, dark: aDark }]);
    // A, C, D: 0.2 − 0.05; B: 0.35 − 0.2 — all at the digits' level
    expect(q[0].map((v) => +v.toFixed(3))).toEqual([0.15, 0.15, 0.15, 0.15]);
    expect(a[0]).toEqual([0.15, 0.15]);
  });

  it('never takes more than 0.2 off, so a value marked on nearly every question still reads as marked', () => {
    // C marked (0.9) on 9 of 10 questions: C's "empty level" would be 0.9; the shift stops at 0.2.
    const dark = questions.map((g, i) => g.bubbles.map((b) => (b.value === 'C' && i < 9 ? 0.9 : 0.2)));
    const [flat] = flattenPrintedLabels([{ groups: questions, dark }]);
    expect(+flat[0][2].toFixed(3)).toBe(0.7);
    expect(+flat[9][2].toFixed(3)).toBe(0);
  });

  it('leaves a sheet alone when no value has enough bubbles to learn from', () => {
    const few = [group('q1', ['A', 'B'])];
    const dark = [[0.3, 0.5]];
    expect(flattenPrintedLabels([{ groups: few, dark }])).toEqual([dark]);
  });
});

describe('local background: each bubble against its region\'s empty bubbles', () => {
  // Two columns of 15 questions A–D, 100 px apart (a bubble's 24 nearest neighbours lie in its own column); one mark
  // per question, 0.5 above its empty level. The left column's empties read 0.2, the right one is shaded.
  const column = (c: number) => Array.from({ length: 15 }, (_, q): BubbleGroup => ({
    id: `q${c * 15 + q + 1}`, kind: 'single', bubbles: ['A', 'B', 'C', 'D'].map((value, k) => ({ x: c * 100 + k * 10, y: q * 10, w: 8, h: 8, value })),
  }));
  const questions = [...column(0), ...column(1)];
  const sheet = (shaded: number) => questions.map((g, i) => g.bubbles.map((_, k) => (i < 15 ? 0.2 : shaded) + (k === i % 4 ? 0.5 : 0)));

  it('brings a shaded region to the sheet\'s common empty level, marks keeping the ink they add', () => {
    // common level: the 30 % quantile of the 120 bubbles = 0.2 (90 empties, 45 of them at 0.2); the right column's
    // own level 0.3 (index 7 of its 25 nearest values, at most 7 of them marks): every right bubble moves by −0.1
    const [q] = flattenLocalBackground(questions, [], [sheet(0.3)]);
    expect(q[0].map((v) => +v.toFixed(3))).toEqual([0.7, 0.2, 0.2, 0.2]);
    expect(q[15].map((v) => +v.toFixed(3))).toEqual([0.2, 0.2, 0.2, 0.7]);
    expect(q[16].map((v) => +v.toFixed(3))).toEqual([0.7, 0.2, 0.2, 0.2]);
  });

  it('moves a region by 0.15 at most (a region is shaded, not printed differently)', () => {
    // right column at 0.45: 0.25 above the common level, taken out only up to 0.15
    const [q] = flattenLocalBackground(questions, [], [sheet(0.45)]);
    expect(q[15].map((v) => +v.toFixed(3))).toEqual([0.3, 0.3, 0.3, 0.8]);
  });

  it('measures 考号 columns with the questions and leaves a sheet of fewer than 96 bubbles alone', () => {
    const digits = [column(0)[0]!];
    const [, a] = flattenLocalBackground(questions, digits, [sheet(0.3), [[0.2, 0.2, 0.2, 0.2]]]);
    expect(a[0].map((v) => +v.toFixed(3))).toEqual([0.2, 0.2, 0.2, 0.2]);
    const few = column(1).slice(0, 10);
    const dark = few.map(() => [0.3, 0.3, 0.3, 0.8]);
    expect(flattenLocalBackground(few, [], [dark])).toEqual([dark]);
  });
});
