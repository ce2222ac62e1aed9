import { boxPlot, type BoxPlotStats } from '../stats/boxPlot.js';
import { histogram, type HistogramBin } from '../stats/histogram.js';
import { mean } from '../stats/mean.js';
import { pearson } from '../stats/pearson.js';

/** One sitting student of the chart: the column's score and the total (null when absent from it). */
export interface ChartStudent { classId: string; score: number | null; total: number | null }

export interface ChartBox { unitId: string; unitName: string; mean: number | null; box: BoxPlotStats | null }

export interface ScoreCharts {
  histogram: HistogramBin[];
  /** Every student given first (named `allName`, 全部 by default), then each class in the order given. */
  boxes: ChartBox[];
  /** Subject score against the total, with Pearson r and the least-squares line score = intercept + slope·total. */
  scatter: { points: { classId: string; total: number; score: number }[]; r: number | null; slope: number | null; intercept: number | null } | null;
}

/** Least-squares line y = a + b·x (null when x has no spread). */
function fitLine(x: number[], y: number[]): { slope: number; intercept: number } | null {
  const mx = mean(x);
  const my = mean(y);
  if (mx === null || my === null) return null;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < x.length; i++) { sxy += (x[i]! - mx) * (y[i]! - my); sxx += (x[i]! - mx) ** 2; }
  if (!(sxx > 1e-12 * x.length)) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/**
 * The chart views of one column of a released exam (成绩图表): the score distribution in fixed-width bins from 0
 * to the full score, a box plot per class and for all, and — for a subject, when the total is given — each
 * student's subject score against the total. Absent students are left out (docs/DOMAIN-RULES.md §3.1).
 */
export function buildScoreCharts(
  students: ChartStudent[], classes: { id: string; name: string }[], opts: { fullScore: number; width: number; scatter: boolean; allName?: string },
): ScoreCharts {
  const sat = students.filter((s): s is ChartStudent & { score: number } => s.score !== null);
  const scores = sat.map((s) => s.score);
  const unit = (unitId: string, unitName: string, xs: number[]): ChartBox => ({ unitId, unitName, mean: mean(xs), box: boxPlot(xs) });
  const boxes = [unit('0', opts.allName ?? '全部', scores), ...classes.map((c) => unit(c.id, c.name, sat.filter((s) => s.classId === c.id).map((s) => s.score)))];
  let scatter: ScoreCharts['scatter'] = null;
  if (opts.scatter) {
    const points = sat.filter((s): s is ChartStudent & { score: number; total: number } => s.total !== null).map((s) => ({ classId: s.classId, total: s.total, score: s.score }));
    const x = points.map((p) => p.total);
    const y = points.map((p) => p.score);
    const line = fitLine(x, y);
    scatter = { points, r: pearson(x, y), slope: line?.slope ?? null, intercept: line?.intercept ?? null };
  }
  return { histogram: histogram(scores, opts.fullScore, opts.width), boxes, scatter };
}
