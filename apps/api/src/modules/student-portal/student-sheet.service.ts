/**
 * Her scanned answer sheets (答题卡原卷): the pages scanning resolved to her own exam student, of an exam released to
 * her (ownExam: student account with report:report:view, her exam-student row, a stored report set). Only live
 * pages (status 'ok': not pending, abnormal or in the recycle bin) are shown. A page that is not hers — another
 * student's, an unreleased exam's, another school's — is the same 404 as one that does not exist, so an id tells
 * her nothing.
 */
import type { Readable } from 'node:stream';
import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/http.js';
import { StorageNotFound } from '../../core/storage.js';
import type { Db } from '../../db/database.js';
import * as repo from './student-report.repository.js';
import { assertStudent, ownExam, sheetsOf, type StudentUser } from './student-report.service.js';

/** Her live pages of one subject of her released exam (404 when the exam is not hers or not released). */
export async function sheetList(db: Db, user: StudentUser, examId: number, examSubjectId: number) {
  return sheetsOf(db, user, await ownExam(db, user, examId), examSubjectId);
}

/** The stored upright JPEG of one of her live pages. */
export async function sheetImage(ctx: AppContext, user: StudentUser, pageId: number): Promise<Readable> {
  assertStudent(user);
  const page = await repo.sheetPage(ctx.db, user.schoolId, pageId);
  if (!page) throw notFound('答题卡图片');
  // released to her and hers: her exam-student row of that released exam is the page's
  const own = (await repo.ownExams(ctx.db, user.id, user.schoolId, page.exam_id))[0];
  if (!own || page.exam_student_id !== own.esid || !page.image_key) throw notFound('答题卡图片');
  try {
    return await ctx.storage.getStream(page.image_key);
  } catch (e) {
    if (e instanceof StorageNotFound) throw notFound('答题卡图片');
    throw e;
  }
}
