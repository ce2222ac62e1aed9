/**
 * Who opens a 多科 exam's details (docs/DECISIONS.md「Multi-subject exam details」): the exam's own school or bureau
 * (the organiser of a joint exam) as the exam module allows it; a school taking part in a joint exam (joined or
 * confirmed, with exam:exam:view) only its own part of the summary, the rooms and the subject list — its school id
 * is forced on every query. Analysis settings and candidate lists stay the organiser's.
 */
import type { Db } from '../../db/database.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { canEditExam, examFor, type ExamRow, type SchoolUser } from '../exam/exam.access.js';
import { findExam } from '../exam/exam.repository.js';
import * as repo from './multi-exam.repository.js';

export interface MultiAccess { exam: ExamRow; role: 'organiser' | 'participant'; canEdit: boolean; schoolId?: number }

export const ORGANISER_ONLY = '联考的分析设置与考生名单由组织方管理，本校只能查看本校的成绩汇总与考场';

export async function multiExamFor(db: Db, user: SchoolUser, examId: number, need: 'view' | 'organiser' | 'edit' = 'view'): Promise<MultiAccess> {
  const found = await findExam(db, examId);
  if (!found) throw notFound('考试');
  if (found.schoolId === user.schoolId) {
    const exam = await examFor(db, user, examId, need === 'edit' ? 'edit' : 'view');
    if (exam.mode === 'single') throw new BizError('这是单科考试，请在考试分析管理中查看');
    return { exam, role: 'organiser', canEdit: canEditExam(user, exam) };
  }
  if (found.mode !== 'joint' || !user.permissions.has('exam:exam:view') || !(await repo.participation(db, examId, user.schoolId))) throw forbidden();
  if (need !== 'view') throw new BizError(ORGANISER_ONLY, 403);
  return { exam: found, role: 'participant', canEdit: false, schoolId: user.schoolId };
}
