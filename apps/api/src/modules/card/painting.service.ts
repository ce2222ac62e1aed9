/**
 * The spec's card calls (painting/*, school-answer-paintings, speed/*): lists and deletions of answer cards over
 * the card service's rules. Saving goes through card.service saveCard (the same checks and layout); a card that
 * sheets were scanned with is deleted only after the caller's password (the batches keep the layout they were
 * read with, but later batches would be read with another card).
 */
import type { CardSettings, CardSummary } from '@jz/shared/api/card';
import type { AppContext } from '../../core/context.js';
import { verifyPassword } from '../../core/crypto.js';
import { BizError, page } from '../../core/http.js';
import { visibleGradeIds } from '../../core/scope.js';
import type { Db } from '../../db/database.js';
import { examFor, subjectFor, type SchoolUser } from '../exam/exam.access.js';
import { passwordHashOf } from '../personal/personal.repository.js';
import * as repo from './card.repository.js';
import { getCard, resetCard, saveCard } from './card.service.js';

type Settings = Partial<Record<keyof CardSettings, unknown>>;

function summary(r: repo.CardSummaryRow): CardSummary {
  const settings = r.settings as { title?: string; paper?: string } | null;
  const layout = r.layout as { pages?: unknown[] } | null;
  return {
    examSubjectId: r.examSubjectId, examId: r.examId, examName: r.examName, courseCode: r.courseCode, subjectName: r.subjectName,
    saved: r.settings !== null, title: settings?.title ?? null, paper: settings?.paper ?? null, pageCount: layout?.pages?.length ?? 0,
    scannedBatches: r.scannedBatches, updatedBy: r.updatedBy, updatedAt: r.updatedAt ? Math.floor(new Date(r.updatedAt).getTime() / 1000) : null,
  };
}

/** painting/find_exam_paintings: every subject of the exam with its card's state. */
export async function examCards(db: Db, user: SchoolUser, examId: number): Promise<CardSummary[]> {
  const exam = await examFor(db, user, examId);
  return (await repo.examCards(db, user.schoolId, exam.id)).map(summary);
}

/** school-answer-paintings: the school's saved cards in the grades the caller sees. */
export async function schoolCards(db: Db, user: SchoolUser, q: { current: number; size: number; examId?: number }) {
  if (q.examId) await examFor(db, user, q.examId);
  const { rows, total } = await repo.schoolCards(db, user.schoolId, { gradeIds: await visibleGradeIds(db, user), examId: q.examId }, q.current, q.size);
  return page(rows.map(summary), total, q);
}

/** painting/add (the subject has no card yet) and painting/update (it has one): card/save with that guard. */
export async function addOrUpdate(db: Db, user: SchoolUser, examSubjectId: number, settings: Settings, mode: 'add' | 'update') {
  const { subject } = await subjectFor(db, user, examSubjectId, 'edit');
  const saved = !!(await repo.findCard(db, user.schoolId, subject.id));
  if (mode === 'add' && saved) throw new BizError('该科目已有答题卡，请修改已有的答题卡');
  if (mode === 'update' && !saved) throw new BizError('该科目还没有答题卡，请先新建');
  return saveCard(db, user, examSubjectId, settings);
}

/** painting/delete_all_painting: every saved card of the exam (editing the exam as a whole). */
export async function deleteExamCards(db: Db, user: SchoolUser, examId: number): Promise<{ deleted: number }> {
  const exam = await examFor(db, user, examId, 'edit');
  return { deleted: await repo.deleteExamCards(db, user.schoolId, exam.id) };
}

/** speed/delPaintInfo: the subject's card, while no sheet was scanned with it. */
export async function deleteUnusedCard(db: Db, user: SchoolUser, examSubjectId: number) {
  const { subject } = await subjectFor(db, user, examSubjectId, 'edit');
  if (!(await repo.findCard(db, user.schoolId, subject.id))) throw new BizError('该科目没有已保存的答题卡');
  if (await repo.scannedBatches(db, subject.id)) throw new BizError('该科目已扫描答题卡，删除答题卡需验证登录密码');
  return resetCard(db, user, examSubjectId);
}

/** speed/verifyPasswordDelPaint: the subject's card after the caller's password (RSA-encrypted), scanned or not. */
export async function deleteCardWithPassword(ctx: AppContext, user: SchoolUser, body: { examSubjectId: number; password: string }) {
  const { subject } = await subjectFor(ctx.db, user, body.examSubjectId, 'edit');
  const { password_hash: hash } = await passwordHashOf(ctx.db, user.id);
  if (!(await verifyPassword(ctx.cipher.decrypt(body.password), hash))) throw new BizError('密码错误');
  if (!(await repo.findCard(ctx.db, user.schoolId, subject.id))) throw new BizError('该科目没有已保存的答题卡');
  return resetCard(ctx.db, user, body.examSubjectId);
}

export { getCard };
