// Decision rules on the figures of real silent errors found by the synthetic benchmark: each case is
// the group's darkness and the sheet's threshold figures as the engine measured them (scripts/bench/omr-synthetic
// .bench.ts with OMR_SYNTH_CASES; seeds of packages/omr/src/synth, printed cards, decoded at 100 dpi). The sheets
// themselves are re-made and read in tests/render/omr-synthetic-misreads.test.ts.
import { describe, expect, it } from 'vitest';
import { judgeLone, learnThreshold, letterLevels, readGroup, type Threshold } from './threshold.js';
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

describe('each printed letter has its own empty level on the sheet (product cards)', () => {
  // Four question groups A–D plus the group under test; the other groups' C bubbles are empty at 0.12 ± 0.01
  // (median 0.12; median absolute deviation 0.01 → noise 1.4826 × 0.01 = 0.0148, under the 0.015 floor → 0.015),
  // their B bubbles at 0.17 (the letter B carries more ink). Threshold 0.45, sheet empty level 0.14.
  const th = sheet(0.45, 0.14, 0.85, 0.03, 0.02, 0.045);
  const others = [[0.9, 0.17, 0.11, 0.13], [0.12, 0.16, 0.12, 0.88], [0.13, 0.18, 0.13, 0.12], [0.12, 0.85, 0.12, 0.14]];
  const groups = [...others.map(() => group(['A', 'B', 'C', 'D'])), group(['A', 'B', 'C', 'D'])];

  it('learns each letter from its bubbles below the threshold', () => {
    const levels = letterLevels(groups, [...others, [0.12, 0.17, 0.12, 0.13]], th);
    // C below the threshold: 0.11 0.12 0.13 0.12 0.12 → median 0.12; B: 0.17 0.16 0.18 0.17 (0.85 is a mark) → 0.17
    expect(levels.values.get('C')).toMatchObject({ level: 0.12 });
    expect(levels.values.get('C')!.noise).toBeCloseTo(0.015, 6);
    expect(levels.values.get('B')!.level).toBeCloseTo(0.17, 6);
  });

  it('flags a C 0.08 above the other Cs though it is no darker than an empty B (seed 942: partial fill of C)', () => {
    const dark = [0.13, 0.17, 0.2, 0.14];
    const levels = letterLevels(groups, [...others, dark], th);
    // C ceiling: 0.12 + max(3.5 × 0.015, 0.07) = 0.19 < 0.20; the sheet-wide rules see 0.20 under 0.14 + 3 × 0.03
    expect(readGroup(group(['A', 'B', 'C', 'D']), dark, th).doubt).toBeUndefined();
    expect(readGroup(group(['A', 'B', 'C', 'D']), dark, th, false, { levels }).doubt).toBe('faint');
  });

  it('flags a bubble whose darkest half stands out (a fill on one side) when its mean does not', () => {
    const dark = [0.13, 0.17, 0.16, 0.14];
    const peaks = [[0.93, 0.19, 0.13, 0.15], [0.14, 0.18, 0.14, 0.9], [0.15, 0.2, 0.15, 0.14], [0.14, 0.88, 0.14, 0.16]];
    const levels = letterLevels(groups, [...others, dark], th, [...peaks, [0.15, 0.19, 0.26, 0.16]]);
    // C peaks below the threshold: 0.13 0.14 0.15 0.14 0.26 → median 0.14; ceiling 0.14 + max(3.5 × noise, 0.08) = 0.22 < 0.26
    expect(readGroup(group(['A', 'B', 'C', 'D']), dark, th, false, { levels, peak: [0.15, 0.19, 0.26, 0.16] }).doubt).toBe('faint');
    expect(readGroup(group(['A', 'B', 'C', 'D']), dark, th, false, { levels, peak: [0.15, 0.19, 0.2, 0.16] }).doubt).toBeUndefined();
  });

  it('holds the peak of a rare letter against the peaks of all the sheet\'s empty bubbles (seed 6212: a partial √)', () => {
    const dark = [0.13, 0.17, 0.12, 0.14];
    const peaks = [[0.93, 0.19, 0.13, 0.15], [0.14, 0.18, 0.14, 0.9], [0.15, 0.2, 0.15, 0.14], [0.14, 0.88, 0.14, 0.16]];
    const levels = letterLevels(groups, [...others, dark], th, [...peaks, [0.15, 0.19, 0.14, 0.16]]);
    // empty peaks: 0.19 0.13 0.15 | 0.14 0.18 0.14 | 0.15 0.2 0.15 0.14 | 0.14 0.14 0.16 | 0.15 0.19 0.14 0.16
    // (17 values, sorted: 0.13 0.14×6 0.15×4 0.16×2 0.18 0.19×2 0.2) → median 0.15; ceiling 0.15 + max(3.5 × noise, 0.08)
    expect(levels.sheetPeak!.level).toBeCloseTo(0.15, 6);
    // √ mean 0.176 stays under the sheet's band (0.14 + max(3 × 0.02, 0.05) = 0.20); its peak 0.30 does not
    expect(readGroup(group(['√', '×']), [0.176, 0.11], th, false, { levels, peak: [0.3, 0.14] }).doubt).toBe('faint');
    expect(readGroup(group(['√', '×']), [0.176, 0.11], th, false, { levels, peak: [0.2, 0.14] }).doubt).toBeUndefined();
  });

  it('measures a letter too rare for a level (√) against the sheet: 3 noise spreads above its empty level', () => {
    const levels = letterLevels(groups, [...others, [0.12, 0.17, 0.12, 0.13]], th);
    // ceiling 0.14 + max(3 × 0.02, 0.05) = 0.20 (seed 3022: a tick in √ at 0.219, the sheet's empty 0.144)
    expect(readGroup(group(['√', '×']), [0.21, 0.15], th, false, { levels }).doubt).toBe('faint');
    expect(readGroup(group(['√', '×']), [0.19, 0.15], th, false, { levels }).doubt).toBeUndefined();
  });
});

describe('a faint 缺考 mark is never read as present without a doubt', () => {
  it.each([
    // seed, darkness of the 缺考 bubble, the sheet's threshold figures (benchmark run of 2026-11-27)
    [6921, 0.213, sheet(0.289, 0.134, 0.724, 0.027, 0.027, 0.04)], // ceiling 0.134 + max(2.5 × 0.027, 0.05) = 0.2015
    [7228, 0.201, sheet(0.252, 0.14, 0.775, 0.022, 0.022, 0.034)], // ceiling 0.14 + max(2.5 × 0.022, 0.05) = 0.195
  ] as const)('seed %i: flagged faint', (_seed, d, th) => {
    expect(judgeLone(d, th)).toEqual({ marked: false, doubt: 'faint' });
  });
  it('an empty 缺考 bubble inside the band stays clear', () => {
    expect(judgeLone(0.19, sheet(0.252, 0.14, 0.775, 0.022, 0.022, 0.034))).toEqual({ marked: false });
  });
});

// Cards made elsewhere: the figures of OpenMCR's 1-bit scan page (1), question 16 (D marked 0.827, its empty
// bubbles 0.3–0.35 with their printed letters; the sheet's empty level 0.29, spread 0.012, threshold 0.421).
describe('cards made elsewhere have a wider clear-empty band', () => {
  const q16 = [0.35, 0.318, 0.306, 0.827, 0.3];
  const th = (emptyBand?: number): Threshold => ({ ...sheet(0.421, 0.29, 0.8, 0.012, 0.012, 0.03), ...(emptyBand === undefined ? {} : { emptyBand }) });

  it('an empty A 0.06 above the sheet\'s empty level: a doubt on our cards (band 0.05), clear on a third-party card (0.08)', () => {
    expect(readGroup(group(['A', 'B', 'C', 'D', 'E']), q16, th()).doubt).toBe('faint');
    expect(readGroup(group(['A', 'B', 'C', 'D', 'E']), q16, th(0.08))).toMatchObject({ marked: ['D'] });
    expect(readGroup(group(['A', 'B', 'C', 'D', 'E']), q16, th(0.08)).doubt).toBeUndefined();
  });

  it('a light mark above the wider band is still asked about', () => {
    // 0.38: 0.09 above the empty level, below the threshold's band (0.391–0.451)
    expect(readGroup(group(['A', 'B', 'C', 'D', 'E']), [0.38, 0.318, 0.306, 0.827, 0.3], th(0.08)).doubt).toBe('faint');
  });
});

describe('the threshold of a sheet whose empty bubbles read dark', () => {
  // 300 empty bubbles evenly 0.40–0.60 (median 0.50; 95th percentile 0.59, so the upper-tail spread is
  // (0.59 − 0.50) / 1.645 = 0.055) and 100 marks evenly 0.85–0.99 (median 0.92): 5 empty spreads reach 0.77,
  // the midpoint is 0.71 — the threshold ends at the midpoint, above the 0.65 bound, not among the empties.
  const empties = Array.from({ length: 300 }, (_, i) => 0.4 + (0.2 * i) / 299);
  const marks = Array.from({ length: 100 }, (_, i) => 0.85 + (0.14 * i) / 99);
  it('lets the upper bound give way to the empty cluster, up to the midpoint of the clusters', () => {
    const th = learnThreshold([...empties, ...marks]);
    expect(th.learnt).toBe(true);
    expect(th.t).toBeGreaterThan(0.65);
    expect(th.t).toBeCloseTo((th.empty + th.mark) / 2, 6);
    expect(th.t).toBeCloseTo(0.71, 1);
  });
  it('keeps the bound where the empty bubbles are light (empties 0.05–0.15, marks 0.85–0.99)', () => {
    const th = learnThreshold([...empties.map((v) => v / 4), ...marks]);
    expect(th.t).toBeLessThanOrEqual(0.65);
  });
});

describe('the threshold of a card made elsewhere keeps above its clear-empty band', () => {
  // 400 empty bubbles: 390 at 0.26 and 10 at 0.30 (an underline; median 0.26, spreads at their 0.015 floor) and
  // 30 marks evenly 0.45–0.95 (median 0.70, spread 0.15). Weighted by the spreads the threshold would be
  // 0.26 + 0.44 × 0.015 / 0.165 = 0.30; the clear-empty band of a card made elsewhere reaches 0.26 + 0.08 = 0.34,
  // and the near-threshold margin is 0.03: the threshold is 0.37.
  const values = [...Array<number>(390).fill(0.26), ...Array<number>(10).fill(0.3), ...Array.from({ length: 30 }, (_, i) => 0.45 + (0.5 * i) / 29)];
  it('a card made elsewhere (emptyBand 0.08): 0.37', () => {
    expect(learnThreshold(values, undefined, 0.08).t).toBeCloseTo(0.37, 6);
  });
  it('the product\'s own card: as the spreads weigh it, 5 spreads above the empty median at least', () => {
    expect(learnThreshold(values).t).toBeLessThan(0.34);
  });
});
