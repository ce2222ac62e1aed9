/** exam_student: the candidates of an exam, their exam numbers, rooms and seats. */
import type { Db } from '../../db/database.js';
import { BizError, forbidden, notFound, page } from '../../core/http.js';
import { visibleClassIds } from '../../core/scope.js';
import { assertNotReleased, canEditExam, examFor, type SchoolUser } from './exam.access.js';
import * as repo from './exam.repository.js';

export async function findExamStudents(db: Db, user: SchoolUser, q: { examId: number; classId?: number; room?: string; keyword?: string; current: number; size: number }) {
  const exam = await examFor(db, user, q.examId);
  const classIds = canEditExam(user, exam) ? 'all' as const : await visibleClassIds(db, user);
  if (q.classId && classIds !== 'all' && !classIds.includes(q.classId)) throw forbidden();
  const { records, total } = await repo.pageExamStudents(db, { ...q, classIds }, q.current, q.size);
  return page(records, total, q);
}

export async function updateExamStudent(db: Db, user: SchoolUser, body: { id: number; examNo?: string; room?: string; seat?: number | null }) {
  const row = await repo.findExamStudent(db, body.id);
  if (!row) throw notFound('考生');
  const exam = await examFor(db, user, row.exam_id, 'edit');
  if (body.examNo !== undefined && body.examNo !== row.exam_no) {
    assertNotReleased(exam, '成绩已发布，不能修改考号');
    if (await repo.examNoTaken(db, exam.id, body.examNo)) throw new BizError(`考号 ${body.examNo} 已被其他考生使用`);
  }
  const set: { exam_no?: string; room?: string; seat?: number | null } = {};
  if (body.examNo !== undefined) set.exam_no = body.examNo;
  if (body.room !== undefined) set.room = body.room;
  if (body.seat !== undefined) set.seat = body.seat;
  await repo.updateExamStudent(db, row.id, set);
  return (await repo.examStudentsById(db, [row.id]))[0]!;
}

export async function arrangeRooms(db: Db, user: SchoolUser, examId: number, perRoom: number, prefix?: string) {
  const exam = await examFor(db, user, examId, 'edit');
  const students = await repo.arrangeRooms(db, exam.id, perRoom, prefix);
  return { rooms: Math.ceil(students / perRoom), students };
}
