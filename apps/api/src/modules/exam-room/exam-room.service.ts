/**
 * Subject candidates (选择考生名单) and exam rooms (考场编排); contract @jz/shared/api/exam-room, rules
 * docs/DOMAIN-RULES.md「考生名单与考场编排」. Reading needs the exam visible (teachers: their classes only); changing
 * the subject's list needs canEditSubject (school admin, the grade's leader, the subject's 备课组长); rooms are the
 * whole exam's, so they need canEditExam (school admin, grade leader). One transaction per command.
 */
import { mulberry32 } from '@jz/shared/random';
import type { Db } from '../../db/database.js';
import { BizError, forbidden, page } from '../../core/http.js';
import { visibleClassIds } from '../../core/scope.js';
import { canEditExam, examFor, subjectFor, type SchoolUser } from '../exam/exam.access.js';
import { writeWorkbook } from '../excel/excel.workbook.js';
import * as repo from './exam-room.repository.js';

const RELEASED = '成绩已发布，不能修改考生名单';

async function visible(db: Db, user: SchoolUser, exam: { gradeId: number }) {
  return canEditExam(user, exam) ? 'all' as const : await visibleClassIds(db, user);
}

export async function subjectStudents(db: Db, user: SchoolUser, q: { examSubjectId: number; classId?: number; keyword?: string; taking?: 'yes' | 'no'; current: number; size: number }) {
  const { exam } = await subjectFor(db, user, q.examSubjectId);
  const classIds = await visible(db, user, exam);
  if (q.classId && classIds !== 'all' && !classIds.includes(q.classId)) throw forbidden();
  const { records, total } = await repo.pageSubjectStudents(db, { ...q, examId: exam.id, classIds }, q.current, q.size);
  return { ...page(records, total, q), ...await repo.subjectCounts(db, exam.id, q.examSubjectId, classIds) };
}

/** The ids must all be the exam's candidates (another exam's or school's id is a 400, nothing changed). */
async function ownStudents(db: Db, examId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await repo.examStudentsOf(db, examId, unique);
  if (rows.length !== unique.length) throw new BizError('所选考生不是本次考试的考生');
  return unique;
}

export async function removeStudents(db: Db, user: SchoolUser, examSubjectId: number, ids: number[]): Promise<number> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId, 'edit');
  if (exam.releasedAt) throw new BizError(RELEASED);
  const unique = await ownStudents(db, exam.id, ids);
  return db.transaction().execute(async (tx) => {
    // a sheet, a score or an absence of the subject would be orphaned: the person deletes those first
    const busy = await repo.withSubjectData(tx, subject.id, unique);
    if (busy.length) throw new BizError(`${busy.slice(0, 5).join('、')}${busy.length > 5 ? ` 等 ${busy.length} 名考生` : ''}在本科目已有答题卡、成绩或缺考记录，不能移出考生名单`);
    return repo.exclude(tx, exam.schoolId, subject.id, unique);
  });
}

export async function addStudents(db: Db, user: SchoolUser, examSubjectId: number, ids: number[]): Promise<number> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId, 'edit');
  if (exam.releasedAt) throw new BizError(RELEASED);
  const unique = await ownStudents(db, exam.id, ids);
  return db.transaction().execute((tx) => repo.include(tx, subject.id, unique));
}

export async function gradeCandidates(db: Db, user: SchoolUser, q: { examSubjectId: number; classId?: number; keyword?: string }) {
  const { exam } = await subjectFor(db, user, q.examSubjectId, 'edit');
  return repo.gradeCandidates(db, { schoolId: user.schoolId, gradeId: exam.gradeId, examId: exam.id, classIds: 'all', classId: q.classId, keyword: q.keyword });
}

/** Students of the grade join the exam (考号 = 学号) for this subject only: the exam's other subjects list them as not taking. */
export async function importStudents(db: Db, user: SchoolUser, examSubjectId: number, studentIds: number[]): Promise<number> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId, 'edit');
  if (exam.releasedAt) throw new BizError(RELEASED);
  const unique = [...new Set(studentIds)];
  const allowed = new Set((await repo.gradeCandidates(db, { schoolId: user.schoolId, gradeId: exam.gradeId, examId: exam.id, classIds: 'all' })).map((s) => s.studentId));
  if (unique.some((id) => !allowed.has(id))) throw new BizError('所选学生不是本年级在读且未参加本次考试的学生');
  const taken = await repo.examNosTaken(db, exam.id, unique);
  if (taken.length) throw new BizError(`考号 ${taken.slice(0, 5).join('、')} 已被本次考试的其他考生使用，请先修改考号`);
  return db.transaction().execute(async (tx) => {
    const ids = await repo.insertExamStudents(tx, exam.id, unique);
    for (const other of await repo.otherSubjects(tx, exam.id, subject.id)) await repo.exclude(tx, exam.schoolId, other, ids);
    return ids.length;
  });
}

// ---------------------------------------------------------------- rooms

export async function roomList(db: Db, user: SchoolUser, examId: number) {
  const exam = await examFor(db, user, examId);
  const { total, unassigned } = await repo.studentCount(db, exam.id);
  return { rooms: await repo.roomsOf(db, exam.id), studentCount: total, unassigned };
}

export async function saveRooms(db: Db, user: SchoolUser, examId: number, rooms: { name: string; capacity: number }[]) {
  const exam = await examFor(db, user, examId, 'edit');
  const names = rooms.map((r) => r.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new BizError(`考场名称重复：${dup}`);
  await db.transaction().execute((tx) => repo.replaceRooms(tx, exam.schoolId, exam.id, rooms));
  return roomList(db, user, examId);
}

/** Order of candidates for seating: class order, or that list shuffled by the seed (Fisher–Yates on mulberry32). */
export function seatingOrder<T>(inClassOrder: T[], order: 'class' | 'random', seed = 0): T[] {
  const xs = inClassOrder.slice();
  if (order === 'random') {
    const rnd = mulberry32(seed >>> 0);
    for (let i = xs.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [xs[i], xs[j]] = [xs[j]!, xs[i]!];
    }
  }
  return xs;
}

export async function arrange(db: Db, user: SchoolUser, body: { examId: number; order: 'class' | 'random'; seed?: number }) {
  const exam = await examFor(db, user, body.examId, 'edit');
  return db.transaction().execute(async (tx) => {
    const rooms = await repo.roomsOf(tx, exam.id);
    if (!rooms.length) throw new BizError('请先设置考场及其容量');
    const students = seatingOrder(await repo.candidatesInClassOrder(tx, exam.id), body.order, body.seed ?? 0);
    const capacity = rooms.reduce((a, r) => a + r.capacity, 0);
    if (capacity < students.length) throw new BizError(`考场容量不足：共 ${students.length} 名考生，考场总容量 ${capacity}`);
    const seats: { id: number; room: string; seat: number }[] = [];
    let k = 0;
    for (const r of rooms) for (let seat = 1; seat <= r.capacity && k < students.length; seat++) seats.push({ id: students[k++]!.id, room: r.name, seat });
    await repo.setSeats(tx, seats);
    return { rooms: new Set(seats.map((s) => s.room)).size, students: seats.length };
  });
}

export async function exportSeating(db: Db, user: SchoolUser, examId: number): Promise<{ fileName: string; bytes: Buffer }> {
  const exam = await examFor(db, user, examId, 'edit');
  const rows = await repo.seatingList(db, exam.id);
  const bytes = await writeWorkbook([{
    name: '考场安排',
    columns: [
      { header: '考场', key: 'room', width: 14, text: true }, { header: '座号', key: 'seat', width: 8 },
      { header: '考号', key: 'examNo', width: 16, text: true }, { header: '姓名', key: 'name', width: 12 }, { header: '班级', key: 'className', width: 10 },
    ],
    rows: rows.map((r) => [r.room, r.seat, r.examNo, r.name, r.className]),
  }]);
  return { fileName: `${exam.name}-考场安排.xlsx`, bytes };
}
