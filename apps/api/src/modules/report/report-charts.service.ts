/**
 * The chart views of a released exam (成绩图表, 历次考试趋势; docs/DOMAIN-RULES.md §3.15). Figures come from the
 * stored report set — students' scores from its transcript, means and rates from its tables — cut by role as every
 * report (report.service.ts): a column the caller may not see is refused, classes it may not see are left out.
 */
import { buildScoreCharts } from '@jz/analysis';
import { TOTAL_CODE, type ReportQuery } from '@jz/shared/api/report';
import { TREND_EXAMS, type ScoreCharts, type Trend } from '@jz/shared/api/report-charts';
import { examTypeLabel } from '@jz/shared/exam';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import type { EngineReports } from '../release/report-set.js';
import { accessFor, allowed, columnOf, contextFor, rowClasses, single, type Ctx } from './report.service.js';
import { loadReportSet, reportsOf, type ReportName } from './report.store.js';

const CHART_REPORTS: ReportName[] = ['overview', 'classComparison'];
import * as repo from './report-charts.repository.js';

/** examReportComm/charts: distribution, box plots by class and (a subject) its scores against the total. */
export function charts(ctx: Ctx): ScoreCharts {
  const code = single(ctx);
  const column = columnOf(ctx, code);
  const cols = ctx.reports.transcript.columns;
  const at = cols.findIndex((c) => c.code === code);
  const totalAt = cols.findIndex((c) => c.isTotal);
  const classes = rowClasses(ctx, code);
  const shown = new Set(classes.map((c) => String(c.id)));
  // subject against total only where the caller sees the total of the student's class
  const scatterNote = column.isTotal ? '已选总分：请选择一个科目查看该科与总分的关系'
    : totalAt < 0 || !classes.some((c) => allowed(ctx.access, c.id, TOTAL_CODE)) ? '您所教班级的总分不在可查看范围内' : null;
  const students = ctx.reports.transcript.rows.filter((r) => shown.has(r.classId)).map((r) => ({
    classId: r.classId,
    score: r.scores[at] ?? null,
    total: totalAt >= 0 && allowed(ctx.access, Number(r.classId), TOTAL_CODE) ? r.scores[totalAt] ?? null : null,
  }));
  const width = ctx.reports.scoreSegments.find((t) => t.code === code)?.width ?? (column.isTotal ? 50 : 10);
  const built = buildScoreCharts(students, classes.map((c) => ({ id: String(c.id), name: c.name })), {
    fullScore: column.fullScore, width, scatter: !scatterNote,
    // 全年级 only when the caller sees every class (a class teacher's 合计 is its own classes)
    allName: ctx.access.allClasses && !ctx.q.classId && !ctx.q.classType ? '全年级' : '合计',
  });
  return { meta: ctx.meta, column, width, ...built, scatterNote };
}

/** The caller's access to another exam's report set, or null where it sees none of it (that exam is a gap). */
function accessOrNull(user: SchoolUser, set: Parameters<typeof accessFor>[1]) {
  try { return accessFor(user, set); } catch { return null; }
}

/** One exam's point of the trend: the column's mean and 得分率 for the grade (with rates) and per visible class. */
function pointsOf(reports: EngineReports, code: string) {
  const row = reports.overview.rows.find((r) => r.code === code);
  const table = reports.classComparison.find((t) => t.code === code);
  if (!row || !table) return null;
  const share = (key: string) => row.rates.find((x) => x.key === key)?.share ?? null;
  return {
    grade: { mean: row.mean, scoreRate: row.scoreRate, fullScore: row.fullScore, excellent: share('excellent'), pass: share('pass') },
    classes: new Map(table.rows.map((u) => [Number(u.unitId), { name: u.unitName, point: { mean: u.mean, scoreRate: u.scoreRate, fullScore: table.fullScore } }])),
  };
}

/**
 * examReportComm/trend: the column (a subject by its code, or 总分) over the grade's released exams up to this one:
 * 得分率 (mean ÷ full, so exams of other full scores compare) of the grade and of each class the caller sees; an
 * exam without the column, or whose column the caller may not see, is a gap (null).
 */
export async function trend(db: Db, user: SchoolUser, q: ReportQuery): Promise<Trend> {
  const ctx = await contextFor(db, user, q);
  const code = single(ctx);
  const all = await repo.releasedExamsOfGrade(db, user.schoolId, ctx.set.exam.gradeId);
  const upTo = all.findIndex((e) => e.id === ctx.set.exam.id);
  if (upTo < 0) throw new BizError('该考试成绩尚未发布，暂无分析报告', 404);
  const exams = all.slice(Math.max(0, upTo - TREND_EXAMS + 1), upTo + 1);
  const grade: Trend['grade'] = [];
  const classes = new Map<number, { className: string; values: Trend['classes'][number]['values'] }>();
  for (const [i, e] of exams.entries()) {
    const loaded = e.id === ctx.set.exam.id ? ctx.loaded : await loadReportSet(db, e.id);
    const access = loaded ? accessOrNull(user, loaded.set) : null;
    const points = loaded && access && (code === TOTAL_CODE ? access.canTotal : access.courses.includes(code)) ? pointsOf(await reportsOf(db, loaded, '0', CHART_REPORTS), code) : null;
    grade.push(points?.grade ?? null);
    for (const [classId, c] of points?.classes ?? []) {
      if (!allowed(access!, classId, code) || (q.classId && classId !== q.classId)) continue;
      const entry = classes.get(classId) ?? { className: c.name, values: exams.map(() => null) };
      entry.className = c.name;
      entry.values[i] = c.point;
      classes.set(classId, entry);
    }
  }
  const order = new Map(ctx.set.classes.map((c, i) => [c.id, i]));
  return {
    meta: ctx.meta,
    columnName: ctx.meta.courseName,
    exams: exams.map((e) => ({ examId: e.id, name: e.name, startDate: e.startDate, examTypeName: examTypeLabel(e.examType) })),
    grade,
    classes: [...classes].sort((a, b) => (order.get(a[0]) ?? 1e9) - (order.get(b[0]) ?? 1e9) || a[0] - b[0]).map(([classId, c]) => ({ classId, ...c })),
  };
}
