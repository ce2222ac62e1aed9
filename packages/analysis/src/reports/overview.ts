import { difficulty } from '../stats/difficulty.js';
import { rateShares, type RateShare } from '../stats/rateShares.js';
import { ratesOf } from '../settings.js';
import { absentList, type PreparedExam, type Summary } from './prepare.js';

export interface OverviewRow extends Summary {
  code: string;
  name: string;
  fullScore: number;
  isTotal: boolean;
  /** Students who sat (= count). */
  sat: number;
  absent: number;
  /** 得分率 = mean ÷ full. */
  scoreRate: number | null;
  rates: RateShare[];
}

export interface OverviewReport {
  rows: OverviewRow[];
  absentStudents: ReturnType<typeof absentList>;
}

/** 数据概览: per subject and total — sat, absent, mean, SD, max, min, median, quartiles, 得分率, rates. */
export function buildOverview(exam: PreparedExam): OverviewReport {
  const rows = exam.columns.map((c) => ({
    code: c.code,
    name: c.name,
    fullScore: c.fullScore,
    isTotal: c.isTotal,
    sat: c.summary.count,
    absent: c.absentCount,
    ...c.summary,
    scoreRate: difficulty(c.summary.mean, c.fullScore),
    rates: rateShares(c.ascending, c.fullScore, ratesOf(exam.settings, c.code, c.isTotal)),
  }));
  return { rows, absentStudents: absentList(exam) };
}
