/**
 * A student's own score slip (成绩单 PDF): a render job of type slips with exactly one student — the caller —
 * built from what the portal shows her (ranks only where the school shows them). Its status and file are given
 * only to the student account that created it (no administrator exception on the student side).
 */
import type { ScoreSlipData } from '@jz/report-templates';
import type { RenderJob } from '@jz/shared/api/render';
import type { AppContext } from '../../core/context.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { findRenderJob, renderFile, renderJobView, renderStatus, startRenderJob } from '../render/render.jobs.js';
import * as repo from './student-report.repository.js';
import { schoolName } from './student-portal.repository.js';
import { examDetail, ownExam, type StudentUser } from './student-report.service.js';

const safeName = (s: string) => s.replace(/[\\/:*?"<>|\r\n]+/g, '_').trim();

export async function createSlipJob(ctx: AppContext, user: StudentUser, examId: number): Promise<{ jobId: string }> {
  const own = await ownExam(ctx.db, user, examId);
  const detail = await examDetail(ctx.db, user, examId);
  const subjects = await repo.examSubjects(ctx.db, [examId]);
  const school = await schoolName(ctx.db, user.schoolId);
  const slipSubjects = [];
  for (const r of detail.rows.filter((x) => !x.isTotal)) {
    const s = subjects.find((x) => x.code === r.code);
    const qs = s && r.hasQuestions && r.score !== null ? await repo.questionsWithScores(ctx.db, s.id, own.esid) : [];
    slipSubjects.push({
      subject: r.name, score: r.score, fullScore: r.fullScore, classRank: r.classRank, gradeRank: r.gradeRank, jointRank: r.jointRank,
      classMean: r.classMean, gradeMean: r.gradeMean,
      questions: qs.length ? qs.map((q) => ({ no: q.no, score: q.score, fullScore: q.fullScore })) : undefined,
    });
  }
  if (!slipSubjects.some((s) => s.score !== null)) throw new BizError('本次考试全部科目缺考，没有成绩单');
  const t = detail.rows.find((x) => x.isTotal);
  const data: ScoreSlipData = {
    schoolName: school.name,
    examName: detail.examName,
    examDate: own.startDate === own.endDate ? own.startDate : `${own.startDate} 至 ${own.endDate}`,
    options: { showClassRank: detail.ranks.classRank, showGradeRank: detail.ranks.gradeRank, showMeans: true, showQuestionScores: true, joint: detail.joint ?? false },
    students: [{
      name: detail.name, className: detail.className, seatNo: own.seat ?? 1, admissionNo: detail.admissionNo,
      total: t ? { score: t.score, fullScore: t.fullScore, classRank: t.classRank, gradeRank: t.gradeRank, jointRank: t.jointRank, classMean: t.classMean, gradeMean: t.gradeMean } : undefined,
      subjects: slipSubjects,
      comment: detail.comment,
    }],
  };
  const fileName = `${safeName(detail.examName)}-${safeName(detail.name)}-成绩单.pdf`;
  const jobId = await startRenderJob(ctx, { type: 'slips', owner: { schoolId: user.schoolId, userId: user.id }, fileName, zip: false, examId, createdBy: user.id },
    [{ name: fileName, params: data }]);
  return { jobId };
}

/** The job when it is this student's own slip job; anything else is refused alike (403). */
async function ownJob(ctx: AppContext, user: StudentUser, id: string) {
  const row = await findRenderJob(ctx, id);
  if (!row) throw notFound('任务');
  const { type, owner } = row.params;
  if (type !== 'slips' || owner.schoolId !== user.schoolId || owner.userId !== user.id) throw forbidden();
  return row;
}

export async function slipJob(ctx: AppContext, user: StudentUser, id: string): Promise<RenderJob> {
  const row = await ownJob(ctx, user, id);
  return renderJobView(row, await renderStatus(ctx, row));
}

export async function slipFile(ctx: AppContext, user: StudentUser, id: string) {
  const row = await ownJob(ctx, user, id);
  const s = await renderStatus(ctx, row);
  if (s.state === 'failed') throw new BizError(s.error ?? '生成失败');
  if (s.state !== 'completed' || !s.key) throw new BizError('文件尚未生成，请稍候');
  return {
    stream: await renderFile(ctx, s),
    disposition: `attachment; filename="file.pdf"; filename*=UTF-8''${encodeURIComponent(row.params.fileName)}`,
  };
}
