import { describe, expect, it } from 'vitest';
import { assemblePaper, pickForTarget } from './paper-assembly.js';

describe('paper assembly', () => {
  // Worked by hand, target 0.6, singles 1:0.9 2:0.6 3:0.3 4:0.55 5:null.
  //   step 1: |d − 0.6| → id 2 (0.6) exactly.            sum 0.6
  //   step 2: (0.6 + d)/2: id4 0.575 (0.025), id1 0.75 (0.15), id3 0.45 (0.15) → id 4.   sum 1.15
  //   step 3: (1.15 + d)/3: id1 0.6833 (0.0833), id3 0.4833 (0.1167) → id 1.   mean 2.05 / 3 = 0.68333
  const pool = [
    { id: 1, type: 'single', difficulty: 0.9 }, { id: 2, type: 'single', difficulty: 0.6 }, { id: 3, type: 'single', difficulty: 0.3 },
    { id: 4, type: 'single', difficulty: 0.55 }, { id: 5, type: 'single', difficulty: null },
    { id: 6, type: 'subjective', difficulty: 0.4 }, { id: 7, type: 'subjective', difficulty: null },
  ];
  it('takes the question that keeps the running mean nearest the target', () => {
    expect(pickForTarget(pool.filter((c) => c.type === 'single'), 3, 0.6)).toEqual([2, 4, 1]);
  });
  it('fills with unmeasured questions last and reports the measured mean', () => {
    const r = assemblePaper(pool, [{ type: 'single', count: 5 }, { type: 'subjective', count: 2 }], 0.6);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.ids).toEqual([2, 4, 1, 3, 5, 6, 7]);
    // (0.9 + 0.6 + 0.3 + 0.55 + 0.4) / 5 = 2.75 / 5 = 0.55
    expect(r.meanDifficulty).toBeCloseTo(0.55, 12);
  });
  it('is the same paper whatever the order of the bank', () => {
    const a = assemblePaper(pool, [{ type: 'single', count: 3 }], 0.6);
    const b = assemblePaper([...pool].reverse(), [{ type: 'single', count: 3 }], 0.6);
    expect(a).toEqual(b);
  });
  it('names each type the bank cannot fill', () => {
    expect(assemblePaper(pool, [{ type: 'single', count: 6 }, { type: 'judge', count: 1 }], 0.5)).toEqual({
      ok: false, shortages: [{ type: 'single', wanted: 6, available: 5 }, { type: 'judge', wanted: 1, available: 0 }],
    });
  });
});
