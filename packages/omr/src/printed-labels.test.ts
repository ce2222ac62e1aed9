import { describe, expect, it } from 'vitest';
import { flattenPrintedLabels } from './printed-labels.js';
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
