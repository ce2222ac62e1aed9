/**
 * Render jobs: the api checks the caller, builds the job's input from the database (the stored report set of a
 * released exam, cut by role exactly as the report pages are, via report.service contextFor/accessFor; the
 * question set-up of an exam subject for cards) and enqueues it on the app's render queue with the owner.
 * Files are handed out only to the same school and the same user (or that school's administrator).
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import {
  buildCardLayout, CardLayoutError, renderCardHtml,
  type BuildCardInput, type CardLayout, type CardQuestionInput, type ReportData, type ReportModule, type ScoreSlipData, type SlipStudent,
} from '@jz/report-templates';
import type { JobType } from '@jz/render-service';
import { REPORT_ROUTES, TOTAL_CODE, type ReportKey, type ReportQuery } from '@jz/shared/api/report';
import type { RenderJob } from '@jz/shared/api/render';
import { sql } from 'kysely';
import type { z } from 'zod';
import { createRenderJobBody } from '@jz/shared/api/render';
import type { AppContext } from '../../core/context.js';
import { hasRole } from '../../core/auth.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { assertClassesVisible } from '../../core/scope.js';
import * as examRepo from '../exam/exam.repository.js';
import { subjectFor, type SchoolUser } from '../exam/exam.service.js';
import { allowed } from '../report/report.service.js';
import * as reportService from '../report/report.service.js';
import { DEFAULT_REPORTS, excelSheets, reportModules, type ReportScope } from './render.report.js';
import { findJob, jobStatus, startJob, type JobRecord } from './render.jobs.js';

type Body = z.infer<typeof createRenderJobBody>;

export const NOT_RELEASED = '该考试成绩尚未发布';
export const NO_STUDENTS = '所选班级没有学生';

const PERMISSION: Record<JobType, string> = {
  card: 'exam:exam:view', slips: 'report:report:export', report: 'report:report:export', excel: 'report:report:export',
};

const safeName = (s: string) => s.replace(/[\\/:*?"<>|\r\n]+/g, '_').trim();

async function schoolName(ctx: AppContext, schoolId: number): Promise<string> {
  const r = await ctx.db.selectFrom('school').select('name').where('id', '=', schoolId).executeTakeFirst();
  return r?.name ?? '';
}

// ---------------------------------------------------------------- cards

/** The exam subject's questions as a card input; 语文's long subjective question becomes the essay grid. */
async function cardInput(ctx: AppContext, user: SchoolUser, examSubjectId: number): Promise<{ input: BuildCardInput; examId: number }> {
  const { exam, subject } = await subjectFor(ctx.db, user, examSubjectId);
  const questions = await examRepo.questionsOf(ctx.db, [examSubjectId]);
  if (!questions.length) throw new BizError('该科目尚未设置小题，无法生成答题卡');
  const chinese = /语文/.test(subject.course_name);
  const essayIdx = chinese ? questions.reduce((best, q, i) => (q.type === 'subjective' && q.fullScore >= 40 && (best < 0 || q.fullScore > questions[best]!.fullScore) ? i : best), -1) : -1;
  const letters = 'ABCDEFGH';
  const cardQs: CardQuestionInput[] = questions.map((q, i) => {
    if (i === essayIdx) return { no: q.no, type: 'essay', fullScore: q.fullScore, words: 800 };
    if (q.type === 'single' || q.type === 'multiple') {
      const max = Math.max(3, ...[...(q.answer ?? '').toUpperCase()].map((ch) => letters.indexOf(ch)));
      return { no: q.no, type: q.type, fullScore: q.fullScore, options: [...letters.slice(0, max + 1)] };
    }
    if (q.type === 'fill') return { no: q.no, type: 'fill', fullScore: q.fullScore, blanks: 1 };
    return { no: q.no, type: q.type, fullScore: q.fullScore };
  });
  const digits = await ctx.db.selectFrom('exam_student').select(sql<number | null>`max(length(exam_no))::int`.as('n'))
    .where('exam_id', '=', exam.id).executeTakeFirst();
  const admissionDigits = Math.max(1, Math.min(14, Number(digits?.n ?? 0) || 8));
  return {
    examId: exam.id,
    input: { examName: exam.name, subjectName: subject.course_name, examSubjectId, admissionDigits, questions: cardQs },
  };
}

/** Builds the layout on up to 4 pages; a set-up that cannot be laid out is the caller's 400. */
function layoutOf(input: BuildCardInput): CardLayout {
  let last: unknown;
  for (const pages of [2, 3, 4] as const) {
    try {
      return buildCardLayout({ ...input, pages });
    } catch (e) {
      if (!(e instanceof CardLayoutError)) throw e;
      last = e;
    }
  }
  throw new BizError((last as Error).message);
}

export async function cardPreviewHtml(ctx: AppContext, user: SchoolUser, examSubjectId: number): Promise<string> {
  if (!user.permissions.has(PERMISSION.card)) throw forbidden();
  return renderCardHtml(layoutOf((await cardInput(ctx, user, examSubjectId)).input));
}

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
async function slipsData(ctx: AppContext, user: SchoolUser, exam: examRepo.ExamRow, scope: Scope, base: reportService.Ctx): Promise<ScoreSlipData> {
  const { loaded, access } = scope;
  const reports = loaded.set.variants['0']!;
  const t = reports.transcript;
  const classIds = new Set(scope.classes.map((c) => c.id));
  const classOrder = new Map(loaded.set.classes.map((c, i) => [c.id, i]));
  const rows = t.rows.filter((r) => classIds.has(Number(r.classId)));
  const mean = (code: string, classId: number) => {
    const table = reports.classComparison.find((x) => x.code === code);
    return { classMean: table?.rows.find((u) => u.unitId === String(classId))?.mean ?? null, gradeMean: table?.reference.mean ?? null };
  };
  const ids = rows.map((r) => Number(r.studentId));
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
    reportService.comment(base, { current: 1, size: 1 }, true).records.forEach((r) => comments.set(r.examStudentId, r.comment));
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
          subject: c.name, score, fullScore: c.fullScore, classRank: r.classRanks[i] ?? null, gradeRank: r.gradeRanks[i] ?? null, ...mean(c.code, classId),
          questions: score === null || !qs.length ? undefined : qs.map((q) => ({ no: q.no, score: qScores.get(`${sid}:${q.id}`) ?? null, fullScore: q.fullScore })),
        }];
      });
      if (!subjectsOut.some((s) => s.score !== null)) return; // absent from every subject: no slip
      const ti = t.columns.findIndex((c) => c.isTotal);
      const total = ti >= 0 && allowed(access, classId, TOTAL_CODE)
        ? { score: r.scores[ti] ?? null, fullScore: t.columns[ti]!.fullScore, classRank: r.classRanks[ti] ?? null, gradeRank: r.gradeRanks[ti] ?? null, ...mean(TOTAL_CODE, classId) }
        : undefined;
      students.push({
        name: r.name, className: r.className, classOrder: classOrder.get(classId) ?? 0, seatNo: seats.get(sid) ?? pos + 1, admissionNo: r.admissionNo,
        total, subjects: subjectsOut, comment: comments.get(sid),
      });
    });
  }
  const show = loaded.set.settings.showStudentRank;
  return {
    schoolName: await schoolName(ctx, user.schoolId),
    examName: exam.name,
    examDate: exam.startDate === exam.endDate ? exam.startDate : `${exam.startDate} 至 ${exam.endDate}`,
    options: { showClassRank: show, showGradeRank: show, showMeans: true, showQuestionScores: true },
    students,
  };
}

// ---------------------------------------------------------------- create / status / file

const reportQ = (examId: number, classId = 0, courseCode = '0'): ReportQuery =>
  ({ examId, courseCode, classId, classType: '', registrationType: '0', scoreType: 1 });

export async function createJob(ctx: AppContext, user: SchoolUser, body: Body): Promise<{ jobId: string }> {
  const { db } = ctx;
  const exam = await examRepo.findExam(db, body.examId);
  if (!exam) throw notFound('考试');
  if (exam.schoolId !== user.schoolId) throw forbidden();
  if (!user.permissions.has(PERMISSION[body.type])) throw forbidden();
  const owner = { schoolId: user.schoolId, userId: user.id };
  const examName = safeName(exam.name);

  if (body.type === 'card') {
    const { input, examId } = await cardInput(ctx, user, await cardSubjectId(ctx, body, exam.id));
    if (examId !== exam.id) throw new BizError('该科目不在本次考试中');
    const layout = layoutOf(input);
    const fileName = `${examName}-${safeName(input.subjectName)}-答题卡.pdf`;
    return { jobId: await startJob(ctx.render, ctx.config.dataDir, { type: 'card', owner, fileName, zip: false }, [{ name: fileName, params: { layout } }]) };
  }

  // scope before anything else: a class outside the caller's school or scope is refused (403)
  const classIds = [...new Set(body.classIds)];
  await assertClassesVisible(db, user, classIds);
  if (!exam.releasedAt) throw new BizError(NOT_RELEASED);
  const base = await reportService.contextFor(db, user, reportQ(exam.id));
  const { loaded, access } = base;
  for (const id of classIds) {
    if (!loaded.set.classes.some((c) => c.id === id)) throw new BizError('该班级不在本次考试中');
    if (!access.classes.has(id)) throw forbidden();
  }
  const classes = (classIds.length ? loaded.set.classes.filter((c) => classIds.includes(c.id)) : loaded.set.classes.filter((c) => access.classes.has(c.id)))
    .map((c) => ({ id: c.id, name: c.name, sort: c.sort }));
  const inClasses = new Set(classes.map((c) => c.id));
  if (!loaded.set.variants['0']!.transcript.rows.some((r) => inClasses.has(Number(r.classId)))) throw new BizError(NO_STUDENTS);
  const scope: Scope = { loaded, access, classes };
  const zip = body.format === 'zip' && classes.length > 1 && body.type !== 'excel';
  const label = classes.length === 1 ? `-${safeName(classes[0]!.name)}` : '';

  if (body.type === 'slips') {
    const build = async (cls: typeof classes) => {
      const data = await slipsData(ctx, user, exam, { ...scope, classes: cls }, base);
      if (!data.students.length) throw new BizError(NO_STUDENTS);
      return data;
    };
    if (zip) {
      const parts = [];
      for (const c of classes) {
        const data = await slipsData(ctx, user, exam, { ...scope, classes: [c] }, base);
        if (data.students.length) parts.push({ name: `${examName}-${safeName(c.name)}-成绩条.pdf`, params: data });
      }
      if (!parts.length) throw new BizError(NO_STUDENTS);
      return { jobId: await startJob(ctx.render, ctx.config.dataDir, { type: 'slips', owner, fileName: `${examName}-成绩条.zip`, zip: true }, parts) };
    }
    const fileName = `${examName}${label}-成绩条.pdf`;
    return { jobId: await startJob(ctx.render, ctx.config.dataDir, { type: 'slips', owner, fileName, zip: false }, [{ name: fileName, params: await build(classes) }]) };
  }

  // report / excel: the reports the caller may open (default set), course '0' = total or the caller's first subject
  const mayOpen = new Set(reportService.reportKeysFor(access));
  const wanted: ReportKey[] = (body.reports?.length ? body.reports : DEFAULT_REPORTS).filter((k, i, a) => a.indexOf(k) === i);
  if (body.reports?.length && wanted.some((k) => !mayOpen.has(k))) throw forbidden();
  const keys = wanted.filter((k) => mayOpen.has(k));
  if (!keys.length) throw forbidden();
  const course = body.courseCode && body.courseCode !== '0' ? body.courseCode : access.canTotal ? '0' : access.courses[0]!;
  const ctxOf = (q: ReportQuery) => reportService.contextFor(db, user, q);
  const title = keys.length === 1 ? REPORT_ROUTES[keys[0]!].title : '考试分析报告';
  const scopeOf = (classId: number): ReportScope => ({ examId: exam.id, classId, courseCode: course });

  if (body.type === 'excel') {
    const sheets = await excelSheets(keys, scopeOf(classes.length === 1 ? classes[0]!.id : 0), ctxOf);
    const fileName = `${examName}${label}-${title}.xlsx`;
    return { jobId: await startJob(ctx.render, ctx.config.dataDir, { type: 'excel', owner, fileName, zip: false }, [{ name: fileName, params: { sheets } }]) };
  }

  const school = await schoolName(ctx, user.schoolId);
  const [y, m] = exam.startDate.split('-');
  const doc = (modules: ReportModule[], sub: string): ReportData => ({
    title, subtitle: `${exam.gradeName} · ${sub}`, schoolName: school, examName: exam.name, date: `${y}年${Number(m)}月`, modules,
  });
  if (zip) {
    const parts = [];
    for (const c of classes) parts.push({ name: `${examName}-${safeName(c.name)}-${title}.pdf`, params: doc(await reportModules(keys, scopeOf(c.id), ctxOf), c.name) });
    return { jobId: await startJob(ctx.render, ctx.config.dataDir, { type: 'report', owner, fileName: `${examName}-${title}.zip`, zip: true }, parts) };
  }
  let data: ReportData;
  if (classes.length === 1 && (classIds.length === 1 || !access.allClasses)) {
    data = doc(await reportModules(keys, scopeOf(classes[0]!.id), ctxOf), classes[0]!.name);
  } else if (!classIds.length) {
    data = doc(await reportModules(keys, scopeOf(0), ctxOf), access.allClasses ? '全年级' : classes.map((c) => c.name).join('、'));
  } else {
    const modules: ReportModule[] = [];
    for (const c of classes) modules.push(...await reportModules(keys, scopeOf(c.id), ctxOf, ` · ${c.name}`));
    data = doc(modules, classes.map((c) => c.name).join('、'));
  }
  const fileName = `${examName}${classIds.length === 1 ? label : ''}-${title}.pdf`;
  return { jobId: await startJob(ctx.render, ctx.config.dataDir, { type: 'report', owner, fileName, zip: false }, [{ name: fileName, params: data }]) };
}

/** The job, if the caller may see it: same school and same user, or the school's administrator. */
async function ownJob(ctx: AppContext, user: SchoolUser, id: string): Promise<JobRecord> {
  const rec = await findJob(ctx.config.dataDir, id);
  if (!rec) throw notFound('任务');
  if (rec.owner.schoolId !== user.schoolId) throw forbidden();
  if (rec.owner.userId !== user.id && !hasRole(user, 'school_admin')) throw forbidden();
  return rec;
}

export async function getJob(ctx: AppContext, user: SchoolUser, id: string): Promise<RenderJob> {
  const rec = await ownJob(ctx, user, id);
  const s = await jobStatus(ctx.render, ctx.config.dataDir, rec);
  return { jobId: rec.id, type: rec.type, state: s.state, progress: s.progress, error: s.error, fileName: rec.fileName, createdAt: rec.createdAt };
}

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf', '.zip': 'application/zip', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function jobFile(ctx: AppContext, user: SchoolUser, id: string) {
  const rec = await ownJob(ctx, user, id);
  const s = await jobStatus(ctx.render, ctx.config.dataDir, rec);
  if (s.state === 'failed') throw new BizError(s.error ?? '渲染失败');
  if (s.state !== 'completed' || !s.file) throw new BizError('文件尚未生成，请稍候');
  const ext = path.extname(rec.fileName).toLowerCase();
  return {
    stream: createReadStream(s.file),
    type: MIME[ext] ?? 'application/octet-stream',
    disposition: `attachment; filename="file${ext}"; filename*=UTF-8''${encodeURIComponent(rec.fileName)}`,
  };
}
