/**
 * Render jobs: the api checks the caller, builds the job's input from the database (the stored report set of a
 * released exam, cut by role exactly as the report pages are, via report.service contextFor/accessFor; for
 * cards the exam subject's saved card, else its default card, from card.service) and enqueues it on the app's
 * render queue with the owner.
 * Files are handed out only to the same school and the same user (or that school's administrator).
 */
import path from 'node:path';
import type { ReportData, ReportModule, ScoreSlipData, SlipLayout, SlipStudent } from '@jz/report-templates';
import type { JobType } from '@jz/render-service';
import { REPORT_ROUTES, TOTAL_CODE, type ReportKey, type ReportQuery } from '@jz/shared/api/report';
import type { RenderJob } from '@jz/shared/api/render';
import type { z } from 'zod';
import { createRenderJobBody } from '@jz/shared/api/render';
import type { AppContext } from '../../core/context.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { assertClassesVisible } from '../../core/scope.js';
import * as examRepo from '../exam/exam.repository.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { printableCard } from '../card/card.service.js';
import { allowed } from '../report/report.service.js';
import { reportsOf } from '../report/report.store.js';
import * as reportService from '../report/report.service.js';
import { DEFAULT_REPORTS, excelSheets, reportModules, type ReportScope } from './render.report.js';
import { labelsData } from './render.labels.js';
import { wrongBookData } from './render.wrongbook.js';
import { jointExcelSheets, jointReportData } from './render.joint.js';
import { jointContextFor, type JointCtx } from '../joint-report/joint-report.access.js';
import { schoolRanksOf } from '../joint-report/joint-report.service.js';
import { findRenderJob, renderFile, renderJobView, renderStatus, startRenderJob } from './render.jobs.js';

type Body = z.infer<typeof createRenderJobBody>;

export const NOT_RELEASED = '该考试成绩尚未发布';
export const NO_STUDENTS = '所选班级没有学生';

const PERMISSION: Record<JobType, string> = {
  card: 'exam:exam:view', labels: 'exam:exam:view', wrongbook: 'exam:exam:view', slips: 'report:report:export', report: 'report:report:export', excel: 'report:report:export',
};

const safeName = (s: string) => s.replace(/[\\/:*?"<>|\r\n]+/g, '_').trim();

async function schoolName(ctx: AppContext, schoolId: number): Promise<string> {
  const r = await ctx.db.selectFrom('school').select('name').where('id', '=', schoolId).executeTakeFirst();
  return r?.name ?? '';
}

// ---------------------------------------------------------------- cards

async function cardSubjectId(ctx: AppContext, body: Body, examId: number): Promise<number> {
  if (body.examSubjectId) return body.examSubjectId;
  if (!body.courseCode) throw new BizError('请选择科目');
  const s = await ctx.db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).where('course_code', '=', body.courseCode).executeTakeFirst();
  if (!s) throw new BizError('该科目不在本次考试中');
  return s.id;
}

// ---------------------------------------------------------------- slips

interface Scope {
  loaded: reportService.Ctx['loaded'];
  access: reportService.Access;
  classes: { id: number; name: string; sort: number }[];
}

/** Score slips of the classes' students who sat at least one visible subject, ordered by class then seat. */
async function slipsData(ctx: AppContext, user: SchoolUser, exam: examRepo.ExamRow, scope: Scope, base: reportService.Ctx, layout?: SlipLayout): Promise<ScoreSlipData> {
  const { loaded, access } = scope;
  const reports = await reportsOf(ctx.db, loaded, '0', ['transcript', 'classComparison']);
  const t = reports.transcript;
  const classIds = new Set(scope.classes.map((c) => c.id));
  const classOrder = new Map(loaded.set.classes.map((c, i) => [c.id, i]));
  const rows = t.rows.filter((r) => classIds.has(Number(r.classId)));
  const mean = (code: string, classId: number) => {
    const table = reports.classComparison.find((x) => x.code === code);
    return { classMean: table?.rows.find((u) => u.unitId === String(classId))?.mean ?? null, gradeMean: table?.reference.mean ?? null };
  };
  const ids = rows.map((r) => Number(r.studentId));
  // a joint exam: 年级排名 becomes 校内排名 (inside the student's school) and 联考排名 (the stored grade rank) stands beside it
  const schoolRanks = 'joint' in base ? schoolRanksOf(base as JointCtx) : null;
  const classNames = new Map(base.set.classes.map((c) => [c.id, c.name])); // the organiser's classes are named with their school
  const ranksOf = (r: (typeof rows)[number], i: number) => (schoolRanks
    ? { classRank: r.classRanks[i] ?? null, gradeRank: schoolRanks.get(r.studentId)?.[i] ?? null, jointRank: r.gradeRanks[i] ?? null }
    : { classRank: r.classRanks[i] ?? null, gradeRank: r.gradeRanks[i] ?? null });
  // seats and question scores (the report set holds subject scores only)
  const seats = new Map<number, number | null>();
  const qScores = new Map<string, number>();
  const subjects = await examRepo.subjectsOf(ctx.db, [exam.id]);
  const questions = await examRepo.questionsOf(ctx.db, subjects.map((s) => s.id));
  for (let i = 0; i < ids.length; i += 2000) {
    const chunk = ids.slice(i, i + 2000);
    if (!chunk.length) continue;
    const [st, qs] = await Promise.all([
      ctx.db.selectFrom('exam_student').select(['id', 'seat']).where('id', 'in', chunk).execute(),
      ctx.db.selectFrom('question_score').select(['exam_student_id', 'question_id', 'score']).where('exam_student_id', 'in', chunk).execute(),
    ]);
    st.forEach((r) => seats.set(r.id, r.seat));
    qs.forEach((r) => qScores.set(`${r.exam_student_id}:${r.question_id}`, Number(r.score)));
  }
  const subjectQuestions = new Map<string, typeof questions>();
  for (const s of subjects) subjectQuestions.set(s.courseCode, questions.filter((q) => q.examSubjectId === s.id));
  // comments from the report module's generator (needs the total; skipped for subject-only callers)
  const comments = new Map<number, string>();
  try {
    (await reportService.comment(base, { current: 1, size: 1 }, true)).records.forEach((r) => comments.set(r.examStudentId, r.comment));
  } catch (e) {
    if (!(e instanceof BizError)) throw e;
  }
  const students: SlipStudent[] = [];
  const byClass = new Map<number, typeof rows>();
  for (const r of rows) { const k = Number(r.classId); byClass.set(k, [...(byClass.get(k) ?? []), r]); }
  for (const [classId, list] of byClass) {
    const sorted = [...list].sort((a, b) => a.admissionNo.localeCompare(b.admissionNo));
    sorted.forEach((r, pos) => {
      const sid = Number(r.studentId);
      const subjectsOut = t.columns.flatMap((c, i) => {
        if (c.isTotal || !allowed(access, classId, c.code)) return [];
        const score = r.scores[i] ?? null;
        const qs = subjectQuestions.get(c.code) ?? [];
        return [{
          subject: c.name, score, fullScore: c.fullScore, ...ranksOf(r, i), ...mean(c.code, classId),
          questions: score === null || !qs.length ? undefined : qs.map((q) => ({ no: q.no, score: qScores.get(`${sid}:${q.id}`) ?? null, fullScore: q.fullScore })),
        }];
      });
      if (!subjectsOut.some((s) => s.score !== null)) return; // absent from every subject: no slip
      const ti = t.columns.findIndex((c) => c.isTotal);
      const total = ti >= 0 && allowed(access, classId, TOTAL_CODE)
        ? { score: r.scores[ti] ?? null, fullScore: t.columns[ti]!.fullScore, ...ranksOf(r, ti), ...mean(TOTAL_CODE, classId) }
        : undefined;
      students.push({
        name: r.name, className: classNames.get(classId) ?? r.className, classOrder: classOrder.get(classId) ?? 0, seatNo: seats.get(sid) ?? pos + 1, admissionNo: r.admissionNo,
        total, subjects: subjectsOut, comment: comments.get(sid),
      });
    });
  }
  const show = loaded.set.settings.showStudentRank;
  return {
    schoolName: await schoolName(ctx, user.schoolId),
    examName: exam.name,
    examDate: exam.startDate === exam.endDate ? exam.startDate : `${exam.startDate} 至 ${exam.endDate}`,
    options: { showClassRank: show, showGradeRank: show, showMeans: true, showQuestionScores: true, ...(schoolRanks ? { joint: true } : {}) },
    layout: layout ?? 'page',
    students,
  };
}

// ---------------------------------------------------------------- create / status / file

const reportQ = (examId: number, registrationType = '0'): ReportQuery =>
  ({ examId, courseCode: '0', classId: 0, classType: '', registrationType, scoreType: 1 });

const isJointReport = (exam: examRepo.ExamRow, body: Body) => exam.mode === 'joint' && (body.type === 'report' || body.type === 'excel');
/** Slips of a joint exam: the joint access too (a participating school its own classes), with 校内排名 and 联考排名. */
const isJointSlips = (exam: examRepo.ExamRow, body: Body) => exam.mode === 'joint' && body.type === 'slips';

/** The exam of a job, checked: the caller's school and the job type's permission. */
async function examOf(ctx: AppContext, user: SchoolUser, body: Body) {
  const exam = await examRepo.findExam(ctx.db, body.examId);
  if (!exam) throw notFound('考试');
  // a joint exam's reports: the joint access (render.joint.ts) decides, participating schools included
  if (exam.schoolId !== user.schoolId && !isJointReport(exam, body) && !isJointSlips(exam, body)) throw forbidden();
  if (!user.permissions.has(PERMISSION[body.type])) throw forbidden();
  return exam;
}

/** A released exam's classes for a report / excel / slips job (or the report preview), cut by scope and filters. */
async function prepare(ctx: AppContext, user: SchoolUser, body: Body, exam: examRepo.ExamRow) {
  const { db } = ctx;
  // scope before anything else: a class outside the caller's school or scope is refused (403)
  const classIds = [...new Set(body.classIds)];
  const joint = exam.mode === 'joint';
  // a joint exam's classes are several schools': the joint access below decides (another school's class 403)
  if (!joint) await assertClassesVisible(db, user, classIds);
  if (!exam.releasedAt) throw new BizError(NOT_RELEASED);
  // a joint exam's organiser prints the classes asked whatever their school; else the school asked, or the default
  const schoolId = joint ? body.schoolId ?? (classIds.length ? 0 : undefined) : undefined;
  const base = joint ? await jointContextFor(db, user, { ...reportQ(exam.id), schoolId }) : await reportService.contextFor(db, user, reportQ(exam.id));
  const { loaded, access } = base;
  for (const id of classIds) {
    if (!loaded.set.classes.some((c) => c.id === id)) throw new BizError('该班级不在本次考试中');
    if (!access.classes.has(id)) throw joint ? new BizError('无权打印其他学校班级的报告', 403) : forbidden();
  }
  // the report pages' filters: 班级类型 keeps the classes of that type (every job); 学籍类型 takes the report set's
  // variant of that type (report / excel; slips keep the whole grade's numbers), an unknown type refused as there
  const classType = body.classType ?? '';
  const registrationType = body.type === 'slips' ? '0' : body.registrationType ?? '0';
  const variant = registrationType === '0' ? base : await reportService.contextFor(db, user, { ...reportQ(exam.id, registrationType), schoolId });
  const classes = (classIds.length ? base.set.classes.filter((c) => classIds.includes(c.id)) : base.set.classes.filter((c) => access.classes.has(c.id)))
    .filter((c) => !classType || c.classType === classType)
    .map((c) => ({ id: c.id, name: c.name, sort: c.sort }));
  const inClasses = new Set(classes.map((c) => c.id));
  if (!variant.reports.transcript.rows.some((r) => inClasses.has(Number(r.classId)))) throw new BizError(NO_STUDENTS);
  return { base, classIds, classes, classType, registrationType, scope: { loaded, access, classes } as Scope };
}
type Prepared = Awaited<ReturnType<typeof prepare>>;

/** The reports of a report / excel job (or preview) and how each class or the grade becomes a printed document. */
async function reportPlan(ctx: AppContext, user: SchoolUser, body: Body, exam: examRepo.ExamRow, p: Prepared) {
  const { access } = p.scope;
  // the reports the caller may open (default set), course '0' = total or the caller's first subject
  const mayOpen = new Set(reportService.reportKeysFor(access));
  const wanted: ReportKey[] = (body.reports?.length ? body.reports : DEFAULT_REPORTS).filter((k, i, a) => a.indexOf(k) === i);
  if (body.reports?.length && wanted.some((k) => !mayOpen.has(k))) throw forbidden();
  const keys = wanted.filter((k) => mayOpen.has(k));
  if (!keys.length) throw forbidden();
  const course = body.courseCode && body.courseCode !== '0' ? body.courseCode : access.canTotal ? '0' : access.courses[0]!;
  const ctxOf = (q: ReportQuery) => reportService.contextFor(ctx.db, user, q);
  const title = keys.length === 1 ? REPORT_ROUTES[keys[0]!].title : '考试分析报告';
  const scopeOf = (classId: number): ReportScope => ({
    examId: exam.id, classId, courseCode: course, classType: p.classType, registrationType: p.registrationType, scoreType: body.scoreType ?? 1,
    fields: body.fields, keyword: body.keyword, totalPosition: body.totalPosition,
    allSubjects: !body.courseCode || body.courseCode === '0',
  });
  // one class: the one asked for, or the only one the caller sees (else the grade, cut by the filters)
  const single = p.classes.length === 1 && (p.classIds.length === 1 || !access.allClasses) ? p.classes[0]! : null;
  const school = await schoolName(ctx, user.schoolId);
  const [y, m] = exam.startDate.split('-');
  const filterNote = [p.classType, p.registrationType === '0' ? '' : p.registrationType, body.scoreType === 2 ? '等级赋分' : '']
    .filter(Boolean).map((f) => ` · ${f}`).join('');
  const doc = (modules: ReportModule[], sub: string): ReportData => ({
    title, subtitle: `${exam.gradeName} · ${sub}${filterNote}`, schoolName: school, examName: exam.name, date: `${y}年${Number(m)}月`, modules,
  });
  /** The one printed document of the job: one class, the grade, or the asked classes one after another. */
  const whole = async (): Promise<ReportData> => {
    if (single) return doc(await reportModules(keys, scopeOf(single.id), ctxOf), single.name);
    if (!p.classIds.length) return doc(await reportModules(keys, scopeOf(0), ctxOf), access.allClasses ? '全年级' : p.classes.map((c) => c.name).join('、'));
    const modules: ReportModule[] = [];
    for (const c of p.classes) modules.push(...await reportModules(keys, scopeOf(c.id), ctxOf, ` · ${c.name}`));
    return doc(modules, p.classes.map((c) => c.name).join('、'));
  };
  return { keys, title, ctxOf, scopeOf, single, doc, whole };
}

export async function createJob(ctx: AppContext, user: SchoolUser, body: Body): Promise<{ jobId: string }> {
  const exam = await examOf(ctx, user, body);
  const owner = { schoolId: user.schoolId, userId: user.id };
  const examName = safeName(exam.name);
  // a job of the job layer (browser lane): state, progress and result in the job table
  const start = async (type: JobType, fileName: string, zip: boolean, parts: { name: string; params: unknown }[]) =>
    ({ jobId: await startRenderJob(ctx, { type, owner, fileName, zip, examId: exam.id, createdBy: user.id }, parts) });

  if (body.type === 'card') {
    // the saved card exactly as saved (what recognition reads), else the default card
    const { layout, examId, subjectName } = await printableCard(ctx.db, user, await cardSubjectId(ctx, body, exam.id));
    if (examId !== exam.id) throw new BizError('该科目不在本次考试中');
    const fileName = `${examName}-${safeName(subjectName)}-答题卡.pdf`;
    return start('card', fileName, false, [{ name: fileName, params: { layout } }]);
  }

  if (isJointReport(exam, body)) {
    if (body.type === 'excel') {
      const { title, sheets } = await jointExcelSheets(ctx, user, body, exam);
      const fileName = `${examName}-${title}.xlsx`;
      return start('excel', fileName, false, [{ name: fileName, params: { sheets } }]);
    }
    const { title, data } = await jointReportData(ctx, user, body, exam);
    const fileName = `${examName}-${title}.pdf`;
    return start('report', fileName, false, [{ name: fileName, params: data }]);
  }

  if (body.type === 'labels') {
    const { data, subjectName } = await labelsData(ctx, user, exam, body);
    const fileName = `${examName}${subjectName ? `-${safeName(subjectName)}` : ''}-条形码贴.pdf`;
    return start('labels', fileName, false, [{ name: fileName, params: data }]);
  }

  if (body.type === 'wrongbook') {
    const data = await wrongBookData(ctx, user, await schoolName(ctx, user.schoolId), body);
    const fileName = `${examName}-${safeName(data.courseName)}-${safeName(data.className)}-错题本${data.version === 'students' ? '（学生版）' : ''}.pdf`;
    return start('wrongbook', fileName, false, [{ name: fileName, params: data }]);
  }

  const p = await prepare(ctx, user, body, exam);
  const { classes } = p;
  const zip = body.format === 'zip' && classes.length > 1 && body.type !== 'excel';
  const label = classes.length === 1 ? `-${safeName(classes[0]!.name)}` : '';

  if (body.type === 'slips') {
    if (zip) {
      const parts = [];
      for (const c of classes) {
        const data = await slipsData(ctx, user, exam, { ...p.scope, classes: [c] }, p.base, body.layout);
        if (data.students.length) parts.push({ name: `${examName}-${safeName(c.name)}-成绩条.pdf`, params: data });
      }
      if (!parts.length) throw new BizError(NO_STUDENTS);
      return start('slips', `${examName}-成绩条.zip`, true, parts);
    }
    const data = await slipsData(ctx, user, exam, p.scope, p.base, body.layout);
    if (!data.students.length) throw new BizError(NO_STUDENTS);
    const fileName = `${examName}${label}-成绩条.pdf`;
    return start('slips', fileName, false, [{ name: fileName, params: data }]);
  }

  const plan = await reportPlan(ctx, user, body, exam, p);
  const { keys, title, ctxOf, scopeOf, single } = plan;
  if (body.type === 'excel') {
    // one class or the grade: its sheets; several classes asked for: each class's sheets, named after the class
    let sheets: Awaited<ReturnType<typeof excelSheets>> = [];
    if (single || !p.classIds.length) sheets = await excelSheets(keys, scopeOf(single?.id ?? 0), ctxOf);
    else {
      const used = new Set<string>();
      for (const c of classes) sheets.push(...await excelSheets(keys, scopeOf(c.id), ctxOf, { prefix: c.name, used }));
    }
    const fileName = `${examName}${single ? `-${safeName(single.name)}` : ''}-${title}.xlsx`;
    return start('excel', fileName, false, [{ name: fileName, params: { sheets } }]);
  }

  if (zip) {
    const parts = [];
    for (const c of classes) parts.push({ name: `${examName}-${safeName(c.name)}-${title}.pdf`, params: plan.doc(await reportModules(keys, scopeOf(c.id), ctxOf), c.name) });
    return start('report', `${examName}-${title}.zip`, true, parts);
  }
  const fileName = `${examName}${p.classIds.length === 1 ? label : ''}-${title}.pdf`;
  return start('report', fileName, false, [{ name: fileName, params: await plan.whole() }]);
}

/**
 * 打印预览 of a report: the very HTML document the report job prints (same data, same template), for the web to
 * show page by page before printing; the body is a report job's.
 */
export async function reportPreviewHtml(ctx: AppContext, user: SchoolUser, body: Body): Promise<string> {
  const asReport: Body = { ...body, type: 'report', format: 'pdf' };
  const exam = await examOf(ctx, user, asReport);
  const { renderReportHtml } = await import('@jz/report-templates/report/render'); // React + ECharts: loaded when first used
  if (isJointReport(exam, asReport)) return renderReportHtml((await jointReportData(ctx, user, asReport, exam)).data);
  const p = await prepare(ctx, user, asReport, exam);
  return renderReportHtml(await (await reportPlan(ctx, user, asReport, exam, p)).whole());
}

/** The job, if the caller may see it: same school and same user, or the school's administrator. */
async function ownJob(ctx: AppContext, user: SchoolUser, id: string) {
  const row = await findRenderJob(ctx, id);
  if (!row) throw notFound('任务');
  const { owner } = row.params;
  if (owner.schoolId !== user.schoolId) throw forbidden();
  if (owner.userId !== user.id && !hasRole(user, 'school_admin')) throw forbidden();
  return row;
}

export async function getJob(ctx: AppContext, user: SchoolUser, id: string): Promise<RenderJob> {
  const row = await ownJob(ctx, user, id);
  return renderJobView(row, await renderStatus(ctx, row));
}

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf', '.zip': 'application/zip', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function jobFile(ctx: AppContext, user: SchoolUser, id: string) {
  const row = await ownJob(ctx, user, id);
  const s = await renderStatus(ctx, row);
  if (s.state === 'failed') throw new BizError(s.error ?? '渲染失败');
  if (s.state !== 'completed' || !s.key) throw new BizError('文件尚未生成，请稍候');
  const { fileName } = row.params;
  const ext = path.extname(fileName).toLowerCase();
  return {
    stream: await renderFile(ctx, s),
    type: MIME[ext] ?? 'application/octet-stream',
    disposition: `attachment; filename="file${ext}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  };
}
