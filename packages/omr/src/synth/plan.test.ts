import { mulberry32 } from '@jz/shared/random';
import { describe, expect, it } from 'vitest';
import type { BubbleGroup, SheetTemplate } from '../types.js';
import { DEFAULT_RATES, expectationOf, planFromFill, planSheet } from './plan.js';

const group = (id: string, kind: 'single' | 'multiple', values: string[]): BubbleGroup =>
  ({ id, kind, bubbles: values.map((value, i) => ({ value, x: 10 + i * 6, y: 10, w: 4.2, h: 2.6 })) });

const TEMPLATE: SheetTemplate = {
  version: 1, name: 't', unit: 'mm', width: 210, height: 297, anchors: [],
  admission: { digits: Array.from({ length: 6 }, (_, c) => group(`考号${c + 1}`, 'single', '0123456789'.split(''))) },
  absent: { x: 100, y: 50, w: 4.2, h: 2.6 },
  questions: [
    ...Array.from({ length: 30 }, (_, i) => group(String(i + 1), 'single', ['A', 'B', 'C', 'D'])),
    ...Array.from({ length: 10 }, (_, i) => group(String(i + 31), 'multiple', ['A', 'B', 'C', 'D', 'E'])),
  ],
  blocks: [],
};

describe('expectationOf', () => {
  it('is clear for pencil and pen only, a flag for two meant marks where one is allowed', () => {
    expect(expectationOf('single', [{ kind: 'pencil' }], 'question')).toBe('clear');
    expect(expectationOf('single', [], 'question')).toBe('clear'); // a question left blank
    expect(expectationOf('single', [], 'admission')).toBe('flag'); // a 考号 column left blank
    expect(expectationOf('multiple', [{ kind: 'pen' }, { kind: 'pencil' }], 'question')).toBe('clear');
    expect(expectationOf('single', [{ kind: 'pen' }, { kind: 'pencil' }], 'question')).toBe('flag');
    expect(expectationOf('single', [{ kind: 'pencil' }, { kind: 'faint' }], 'question')).toBe('flag');
    expect(expectationOf('single', [{ kind: 'pencil' }, { kind: 'erasure' }], 'question')).toBe('ambiguous');
    expect(expectationOf('single', [{ kind: 'pencil' }, { kind: 'stray' }], 'question')).toBe('ambiguous');
    for (const k of ['partial', 'faint', 'tick'] as const) expect(expectationOf('single', [{ kind: k }], 'question')).toBe('ambiguous');
  });
});

describe('planSheet', () => {
  it('is the same for the same seed', () => {
    expect(planSheet(TEMPLATE, mulberry32(5))).toEqual(planSheet(TEMPLATE, mulberry32(5)));
    expect(planSheet(TEMPLATE, mulberry32(5))).not.toEqual(planSheet(TEMPLATE, mulberry32(6)));
  });

  it('marks the 考号 digits it reports, and a single-choice question holds one meant value unless doubled', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const p = planSheet(TEMPLATE, mulberry32(seed));
      expect(p.admission).toMatch(/^\d{6}$/);
      p.groups.filter((g) => g.role === 'admission').forEach((g, c) => {
        if (g.scenario !== 'blank' && g.scenario !== 'double') expect(g.intended).toEqual([p.admission[c]]);
      });
      for (const g of p.groups.filter((x) => x.role === 'question' && x.kind === 'single')) {
        const meant = g.scenario === 'double' ? 2 : g.scenario === 'blank' || g.scenario === 'erasure' ? 0 : 1;
        expect(g.intended, `seed ${seed} ${g.id} ${g.scenario}`).toHaveLength(meant);
        expect(g.expect).toBe(g.scenario === 'double' ? 'flag' : g.scenario === 'blank' || g.scenario === 'clear' ? 'clear' : 'ambiguous');
      }
      for (const g of p.groups.filter((x) => x.kind === 'multiple')) expect(g.scenario).not.toBe('double');
    }
  });

  it('draws question scenarios at the configured rates', () => {
    const counts: Record<string, number> = {};
    let n = 0;
    for (let seed = 1; seed <= 400; seed++) {
      for (const g of planSheet(TEMPLATE, mulberry32(seed)).groups.filter((x) => x.role === 'question' && x.kind === 'single')) {
        counts[g.scenario] = (counts[g.scenario] ?? 0) + 1;
        n++;
      }
    }
    const rates = DEFAULT_RATES.questions;
    const total = Object.values(rates).reduce((a, b) => a + b, 0);
    for (const [scenario, p] of Object.entries(rates)) {
      const expected = p / total;
      // 12,000 draws: three standard errors √(p(1−p)/n) ≤ 0.013
      expect(Math.abs((counts[scenario] ?? 0) / n - expected), scenario).toBeLessThan(3 * Math.sqrt((expected * (1 - expected)) / n));
    }
  });
});

describe('planFromFill', () => {
  it('fills what it is given, with the expectations of planSheet', () => {
    const p = planFromFill(TEMPLATE, {
      admission: '20250', absent: 'faint',
      answers: { 1: ['B'], 2: ['A', 'C'], 3: [{ value: 'D', kind: 'tick' }], 31: ['A', 'E'], 32: [{ value: 'B', kind: 'erasure' }] },
    });
    expect(p.admission).toBe('20250');
    const by = Object.fromEntries(p.groups.map((g) => [g.id, [g.scenario, g.intended.join(''), g.expect]]));
    expect(by['考号1']).toEqual(['clear', '2', 'clear']);
    expect(by['考号6']).toEqual(['blank', '', 'flag']); // five digits for six columns
    expect(by[1]).toEqual(['clear', 'B', 'clear']);
    expect(by[2]).toEqual(['double', 'AC', 'flag']);
    expect(by[3]).toEqual(['tick', 'D', 'ambiguous']);
    expect(by[4]).toEqual(['blank', '', 'clear']);
    expect(by[31]).toEqual(['clear', 'AE', 'clear']);
    expect(by[32]).toEqual(['erasure', '', 'ambiguous']);
    expect(p.absent).toEqual({ marked: true, kind: 'faint', expect: 'ambiguous' });
    expect(() => planFromFill(TEMPLATE, { answers: { 1: ['E'] } })).toThrow('group 1 has no bubble E');
  });
});
