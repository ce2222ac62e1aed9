/**
 * Printed joint reports (docs/DECISIONS.md "Joint exams" → "Printed joint reports"): a report or Excel job of a
 * joint exam is built from the joint report context (joint-report.access jointContextFor), so the organiser prints
 * every school and a participating school only its own classes, with the other schools of 校际对比 named or
 * 学校A… exactly as the joint pages show them: the server decides the names, the page only asks. 校际对比 prints
 * first; the organiser's student lists carry each student's school (withSchools).
 */
import type { ReportData, ReportModule } from '@jz/report-templates';
import type { z } from 'zod';
import { REPORT_ROUTES, type ReportKey, type ReportQuery } from '@jz/shared/api/report';
import type { createRenderJobBody } from '@jz/shared/api/render';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden } from '../../core/http.js';
import type { ExamRow } from '../exam/exam.repository.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { jointContextFor, type JointCtx } from '../joint-report/joint-report.access.js';
import { jointTranscriptSheet, schoolContrastSheets } from '../joint-report/joint-report.export.js';
import { jointTranscript, schoolContrast, withSchools } from '../joint-report/joint-report.service.js';
import * as ex from '../report/report.export.js';
import * as reportService from '../report/report.service.js';
import { bar, excelSheets, reportModules, sheetTables, type BuildHooks, type ExcelSheet, type ReportScope } from './render.report.js';

type Body = z.infer<typeof createRenderJobBody>;

/** Reports printed after 校际对比 when the job names none: 数据概览 (成绩总览), 班级对比 (each school's classes), 学科对比. */
export const JOINT_DEFAULT_REPORTS: ReportKey[] = ['overview', 'classComparison', 'subjectComparison'];
export const SCHOOL_CONTRAST_TITLE = '校际对比';

/** The organiser's lists with each student's school; the transcript as the joint one (学校, 校内排名, 联考排名). */
const hook: BuildHooks = {
  data: (c, d) => withSchools(c as JointCtx, d),
  transcript: async (c, q) => jointTranscriptSheet(await jointTranscript(c as JointCtx, q, true)),
};
const query = (examId: number, classId = 0): ReportQuery => ({ examId, courseCode: '0', classId, classType: '', registrationType: '0', scoreType: 1 });

/** 校际对比 of every column the caller may see (the schools as the caller may name them). */
async function contrast(ctx: AppContext, user: SchoolUser, examId: number) {
  return schoolContrast(await jointContextFor(ctx.db, user, query(examId)));
}

function contrastModule(d: ReturnType<typeof schoolContrast>): ReportModule {
  const total = d.tables.find((t) => t.isTotal) ?? d.tables[0];
  return {
    title: SCHOOL_CONTRAST_TITLE,
    description: d.anonymised ? '其他学校按联考组织方的设置以 学校A、学校B… 显示。' : undefined,
    charts: total && total.rows.length ? [bar(`各校${total.name}平均分`, total.rows.map((r) => r.schoolName), total.rows.map((r) => r.mean), { mark: total.joint.mean, name: '平均分' })] : [],
    tables: schoolContrastSheets(d).flatMap(sheetTables).filter((t) => t.rows.length),
  };
}

/** The job's reports and scope, checked: participation (jointContextFor), the asked classes among the caller's. */
async function plan(ctx: AppContext, user: SchoolUser, body: Body, exam: ExamRow) {
  // the organiser prints the classes asked whatever their school; else the school asked, or the filter's default
  const schoolId = body.schoolId ?? (body.classIds.length ? 0 : undefined);
  const base = await jointContextFor(ctx.db, user, { ...query(exam.id), schoolId });
  const { access } = base;
  const classIds = [...new Set(body.classIds)];
  // another school's class is not the caller's to print (the organiser's access holds every school's classes)
  for (const id of classIds) if (!access.classes.has(id)) throw new BizError('无权打印其他学校班级的报告', 403);
  const mayOpen = new Set(reportService.reportKeysFor(access));
  const wanted = (body.reports ?? JOINT_DEFAULT_REPORTS).filter((k, i, a) => a.indexOf(k) === i);
  if (wanted.some((k) => !mayOpen.has(k))) throw forbidden();
  const withContrast = body.schoolContrast !== false;
  if (!wanted.length && !withContrast) throw new BizError('请选择要打印的报告');
  const course = body.courseCode && body.courseCode !== '0' ? body.courseCode : access.canTotal ? '0' : access.courses[0]!;
  const classes = base.set.classes.filter((c) => (classIds.length ? classIds.includes(c.id) : access.classes.has(c.id)));
  // one class: the one asked for, or the only one a teacher sees; else every class the caller sees (classId 0)
  const single = classes.length === 1 && (classIds.length === 1 || !access.allClasses) ? classes[0]! : null;
  const scopeOf = (classId: number): ReportScope => ({
    examId: exam.id, classId, courseCode: course, classType: body.classType ?? '', registrationType: body.registrationType || '0', scoreType: body.scoreType ?? 1, schoolId,
    fields: body.fields, keyword: body.keyword, totalPosition: body.totalPosition, allSubjects: !body.courseCode || body.courseCode === '0',
  });
  const ctxOf = (q: ReportQuery) => jointContextFor(ctx.db, user, q);
  const title = !wanted.length ? SCHOOL_CONTRAST_TITLE : wanted.length === 1 && !withContrast ? REPORT_ROUTES[wanted[0]!].title : '联考分析报告';
  return { base, wanted, withContrast, classIds, classes, single, scopeOf, ctxOf, title };
}

const caller = async (ctx: AppContext, user: SchoolUser) =>
  (await ctx.db.selectFrom('school').select('name').where('id', '=', user.schoolId).executeTakeFirst())?.name ?? '';

/** The printable document of a joint report job (or its preview). */
export async function jointReportData(ctx: AppContext, user: SchoolUser, body: Body, exam: ExamRow): Promise<{ title: string; data: ReportData }> {
  const p = await plan(ctx, user, body, exam);
  const modules: ReportModule[] = p.withContrast ? [contrastModule(await contrast(ctx, user, exam.id))] : [];
  if (p.wanted.length) {
    if (p.single) modules.push(...await reportModules(p.wanted, p.scopeOf(p.single.id), p.ctxOf, '', hook));
    else if (!p.classIds.length) modules.push(...await reportModules(p.wanted, p.scopeOf(0), p.ctxOf, '', hook));
    else for (const c of p.classes) modules.push(...await reportModules(p.wanted, p.scopeOf(c.id), p.ctxOf, ` · ${c.name}`, hook));
  }
  const organiser = p.base.joint.role === 'organiser';
  const sub = p.single ? p.single.name : p.classIds.length ? p.classes.map((c) => c.name).join('、') : organiser ? '联考全体' : '本校参考班级';
  const [y, m] = exam.startDate.split('-');
  return {
    title: p.title,
    data: { title: p.title, subtitle: `${exam.gradeName} · ${sub}`, schoolName: await caller(ctx, user), examName: exam.name, date: `${y}年${Number(m)}月`, modules },
  };
}

/** The xlsx sheets of a joint Excel job: 校际对比 (one sheet per column) then the asked reports. */
export async function jointExcelSheets(ctx: AppContext, user: SchoolUser, body: Body, exam: ExamRow): Promise<{ title: string; sheets: ExcelSheet[] }> {
  const p = await plan(ctx, user, body, exam);
  const used = new Set<string>();
  const sheets: ExcelSheet[] = [];
  if (p.withContrast) {
    for (const sh of schoolContrastSheets(await contrast(ctx, user, exam.id))) {
      const name = `${SCHOOL_CONTRAST_TITLE}-${sh.name}`.slice(0, 31);
      used.add(name);
      sheets.push({ name, columns: sh.header.map((h) => ({ header: h })), rows: [...ex.roundedRows(sh)].map((r) => sh.header.map((_, i) => (r[i] === undefined || r[i] === '' ? null : r[i] as string | number | null))) });
    }
  }
  if (p.wanted.length) {
    if (p.single || !p.classIds.length) sheets.push(...await excelSheets(p.wanted, p.scopeOf(p.single?.id ?? 0), p.ctxOf, { used, hook }));
    else for (const c of p.classes) sheets.push(...await excelSheets(p.wanted, p.scopeOf(c.id), p.ctxOf, { prefix: c.name, used, hook }));
  }
  return { title: p.title, sheets };
}
