import { describe, expect, it } from 'vitest';
import { boxPlot } from '../stats/boxPlot.js';
import { histogram } from '../stats/histogram.js';
import { buildScoreCharts } from './charts.js';

/**
 * Expected values computed with Python 3.11's statistics module outside the project: quantiles(xs, n=4,
 * method='inclusive') is R's quantile type 7; correlation() is Pearson's r; linear_regression() the least-squares
 * line; the 1.5·IQR fences and histogram counts by hand from those quartiles.
 *   A = 35 60 62 68 70 71 75 80 96        q1 62, median 70, q3 75; fences 42.5 / 94.5 → whiskers 60, 80; outliers 35, 96; mean 68.5556
 *   B = 50 55 58 61 64 66 90              q1 56.5, median 61, q3 65; fences 43.75 / 77.75 → whiskers 50, 66; outlier 90; mean 63.4286
 *   A+B                                   q1 59.5, median 65, q3 72; fences 40.75 / 90.75 → whiskers 50, 90; outliers 35, 96
 *   totals 120 180 175 200 210 205 230 240 280 | 150 160 170 185 190 195 260 against A+B:
 *     r = 0.991975, slope 0.357539, intercept −4.077990
 *   bins of 10 up to 100: 30–40 1, 50–60 3, 60–70 6, 70–80 3, 80–90 1, 90–100 2 (90 and 96).
 */
const A = [35, 60, 62, 68, 70, 71, 75, 80, 96];
const B = [50, 55, 58, 61, 64, 66, 90];
const TOTALS = [120, 180, 175, 200, 210, 205, 230, 240, 280, 150, 160, 170, 185, 190, 195, 260];

describe('chart statistics', () => {
  it('box plots with type-7 quartiles and Tukey whiskers', () => {
    expect(boxPlot(A)).toEqual({ n: 9, min: 35, q1: 62, median: 70, q3: 75, max: 96, lowerWhisker: 60, upperWhisker: 80, outliers: [35, 96] });
    expect(boxPlot(B)).toEqual({ n: 7, min: 50, q1: 56.5, median: 61, q3: 65, max: 90, lowerWhisker: 50, upperWhisker: 66, outliers: [90] });
    expect(boxPlot([])).toBeNull();
    expect(boxPlot([5])).toEqual({ n: 1, min: 5, q1: 5, median: 5, q3: 5, max: 5, lowerWhisker: 5, upperWhisker: 5, outliers: [] });
  });

  it('histogram bins from 0 to the full score, the full score in the last bin', () => {
    expect(histogram([...A, ...B], 100, 10).map((b) => b.count)).toEqual([0, 0, 0, 1, 0, 3, 6, 3, 1, 2]);
    expect(histogram([0, 100, 150, 149.5], 150, 20)).toEqual([
      { lower: 0, upper: 20, count: 1 }, { lower: 20, upper: 40, count: 0 }, { lower: 40, upper: 60, count: 0 }, { lower: 60, upper: 80, count: 0 },
      { lower: 80, upper: 100, count: 0 }, { lower: 100, upper: 120, count: 1 }, { lower: 120, upper: 140, count: 0 }, { lower: 140, upper: 150, count: 2 },
    ]);
  });

  it('builds the chart views: all and per class, absentees left out, subject against total', () => {
    const students = [
      ...A.map((score, i) => ({ classId: '1', score, total: TOTALS[i]! })),
      ...B.map((score, i) => ({ classId: '2', score, total: TOTALS[9 + i]! })),
      { classId: '2', score: null, total: null },
    ];
    const c = buildScoreCharts(students, [{ id: '1', name: '1班' }, { id: '2', name: '2班' }], { fullScore: 100, width: 10, scatter: true });
    expect(c.boxes.map((b) => [b.unitName, b.box?.n, b.box?.q1, b.box?.median, b.box?.q3, b.box?.lowerWhisker, b.box?.upperWhisker, b.box?.outliers])).toEqual([
      ['全部', 16, 59.5, 65, 72, 50, 90, [35, 96]], ['1班', 9, 62, 70, 75, 60, 80, [35, 96]], ['2班', 7, 56.5, 61, 65, 50, 66, [90]],
    ]);
    expect(c.boxes[1]!.mean).toBeCloseTo(68.5556, 4);
    expect(c.boxes[2]!.mean).toBeCloseTo(63.4286, 4);
    expect(c.scatter!.points).toHaveLength(16);
    expect(c.scatter!.r).toBeCloseTo(0.991975, 6);
    expect(c.scatter!.slope).toBeCloseTo(0.357539, 6);
    expect(c.scatter!.intercept).toBeCloseTo(-4.07799, 5);
    expect(buildScoreCharts(students, [], { fullScore: 100, width: 10, scatter: false }).scatter).toBeNull();
  });
});
