/**
 * The exam's chart views (报告详情 → 成绩图表 echartsExample, 历次考试趋势 echartsExamples): examReportComm/charts
 * (score distribution, box plots by class, subject against total) and examReportComm/trend (the grade's and each
 * class's 得分率 over the grade's released exams). Same filters and role cut as the other reports.
 */
import { z } from 'zod';
import { reportMetaSchema } from './report.js';

const num = z.number().nullable();

export const boxStatsSchema = z.object({
  n: z.number(), min: z.number(), q1: z.number(), median: z.number(), q3: z.number(), max: z.number(),
  lowerWhisker: z.number(), upperWhisker: z.number(), outliers: z.array(z.number()),
});

export const scoreChartsSchema = z.object({
  meta: reportMetaSchema,
  column: z.object({ code: z.string(), name: z.string(), fullScore: z.number(), isTotal: z.boolean() }),
  /** Bin width: the exam's 分数段 width of the column. */
  width: z.number(),
  histogram: z.array(z.object({ lower: z.number(), upper: z.number(), count: z.number() })),
  boxes: z.array(z.object({ unitId: z.string(), unitName: z.string(), mean: num, box: boxStatsSchema.nullable() })),
  scatter: z.object({
    points: z.array(z.object({ classId: z.string(), total: z.number(), score: z.number() })),
    r: num, slope: num, intercept: num,
  }).nullable(),
  /** Why there is no scatter (总分 chosen, or the total not visible to the caller). */
  scatterNote: z.string().nullable(),
});
export type ScoreCharts = z.infer<typeof scoreChartsSchema>;

const trendPoint = z.object({ mean: num, scoreRate: num, fullScore: z.number() }).nullable();
export const trendSchema = z.object({
  meta: reportMetaSchema,
  columnName: z.string(),
  /** The grade's released exams up to this one (oldest first, at most TREND_EXAMS). */
  exams: z.array(z.object({ examId: z.number(), name: z.string(), startDate: z.string(), examTypeName: z.string() })),
  /** Per exam the grade's mean, 得分率 and its 优秀率 / 及格率 (null where the caller may not see the column). */
  grade: z.array(z.object({ mean: num, scoreRate: num, fullScore: z.number(), excellent: num, pass: num }).nullable()),
  classes: z.array(z.object({ classId: z.number(), className: z.string(), values: z.array(trendPoint) })),
});
export type Trend = z.infer<typeof trendSchema>;

/** Released exams a trend shows, the current one last. */
export const TREND_EXAMS = 10;
