/**
 * 条形码贴 (labels render job): the exam's candidates as sticky 考号 labels, grouped by exam room (seat order,
 * candidates without a room in a last group 未安排考场) or by class (考号 order). Teachers who cannot edit the
 * exam get their visible classes' candidates only; a subject limits the labels to its own candidates
 * (选择考生名单); rooms limit them to the rooms named.
 */
import type { LabelGroup, LabelSheetData } from '@jz/report-templates';
import type { AppContext } from '../../core/context.js';
import { BizError } from '../../core/http.js';
import { assertClassesVisible, visibleClassIds } from '../../core/scope.js';
import { canEditExam, examFor, type ExamRow, type SchoolUser } from '../exam/exam.access.js';
import { labelStudents } from '../exam-room/exam-room.repository.js';
import { findSubject } from '../exam/exam.repository.js';

export const NO_ROOM = '未安排考场';
export const NO_LABELS = '没有符合条件的考生';

export async function labelsData(ctx: AppContext, user: SchoolUser, exam: ExamRow,
  q: { classIds: number[]; examSubjectId?: number; rooms?: string[]; labelOrder?: 'room' | 'class' }): Promise<{ data: LabelSheetData; subjectName: string | null }> {
  const { db } = ctx;
  await examFor(db, user, exam.id); // the exam's grade must be the caller's to see
  const asked = [...new Set(q.classIds)];
  await assertClassesVisible(db, user, asked);
  const visible = canEditExam(user, exam) ? 'all' as const : await visibleClassIds(db, user);
  const classIds = asked.length ? asked : visible;
  let subjectName: string | null = null;
  if (q.examSubjectId) {
    const s = await findSubject(db, q.examSubjectId);
    if (!s || s.exam_id !== exam.id) throw new BizError('该科目不在本次考试中');
    subjectName = s.course_name;
  }
  const order = q.labelOrder ?? 'room';
  const rows = await labelStudents(db, { examId: exam.id, classIds, examSubjectId: q.examSubjectId, rooms: q.rooms, order });
  if (!rows.length) throw new BizError(NO_LABELS);
  if (order === 'room' && rows.every((r) => !r.room)) throw new BizError('考生尚未编排考场，请先编排考场或按班级打印');
  const groups: LabelGroup[] = [];
  for (const r of rows) {
    const title = order === 'room' ? r.room ?? NO_ROOM : r.className;
    let g = groups[groups.length - 1];
    if (!g || g.title !== title) groups.push(g = { title, labels: [] });
    g.labels.push({ name: r.name, className: r.className, examNo: r.examNo, room: r.room, seat: r.room ? r.seat : null });
  }
  return { data: { examName: exam.name, groups }, subjectName };
}
