// Decision rules on the figures of real silent errors found by the synthetic benchmark (issue 10 §5): each case is
// the group's darkness and the sheet's threshold figures as the engine measured them (scripts/bench/omr-synthetic
// .bench.ts with OMR_SYNTH_CASES; seeds of packages/omr/src/synth, printed cards, decoded at 100 dpi). The sheets
// themselves are re-made and read in tests/render/omr-synthetic-misreads.test.ts.
import { describe, expect, it } from 'vitest';
import { readGroup, type Threshold } from './threshold.js';
import type { BubbleGroup } from './types.js';

const group = (values: string[]): BubbleGroup => ({ id: 'q', kind: 'single', bubbles: values.map((value, i) => ({ x: i * 8, y: 0, w: 6, h: 4, value })) });
const sheet = (t: number, empty: number, mark: number, emptySpread: number, emptyNoise: number, margin: number): Threshold => ({ t, empty, mark, emptySpread, emptyNoise, margin, learnt: true });

describe('a light mark darker than its siblings is never read as blank without a doubt', () => {
  it.each([
    // seed, group, darkness A–D (C is a tick), threshold figures of the sheet
    [286, '3', [0.125, 0.151, 0.229, 0.133], sheet(0.43, 0.131, 0.741, 0.06, 0.021, 0.09)],
    [356, '5', [0.163, 0.185, 0.275, 0.179], sheet(0.403, 0.16, 0.763, 0.039, 0.027, 0.058)],
  ] as const)('seed %i, question %s: the tick is flagged', (_seed, _id, dark, th) => {
    const r = readGroup(group(['A', 'B', 'C', 'D']), [...dark], th);
    expect(r.marked).toEqual([]);
    expect(r.doubt).toBe('faint');
  });

  it('leaves a clear group alone on a quiet sheet: printed letters differing by 0.04 are no trace', () => {
    const th = sheet(0.43, 0.131, 0.741, 0.03, 0.015, 0.045);
    const r = readGroup(group(['A', 'B', 'C', 'D']), [0.125, 0.165, 0.82, 0.133], th);
    expect(r).toMatchObject({ marked: ['C'] });
    expect(r.doubt).toBeUndefined();
  });
});
