/** SQL of subject candidates (exam_subject_excluded) and exam rooms (exam_room, exam_student.room/seat). */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

/** SQL condition: exam_student `alias` takes the subject (is not in exam_subject_excluded for it). */
export const takesSubject = (examSubjectId: number, alias = 'es') =>
  sql<boolean>`not exists (select 1 from exam_subject_excluded x where x.exam_student_id = ${sql.ref(`${alias}.id`)} and x.exam_subject_id = ${examSubjectId})`;

/** Exam-student ids of the exam left out of each subject (选择考生名单): subject id → ids. */
export async function excludedBySubject(q: Q, examId: number): Promise<Map<number, Set<number>>> {
  const rows = await q.selectFrom('exam_subject_excluded as x').innerJoin('exam_subject as s', 's.id', 'x.exam_subject_id')
    .select(['x.exam_subject_id as subjectId', 'x.exam_student_id as examStudentId']).where('s.exam_id', '=', examId).execute();
  const out = new Map<number, Set<number>>();
  for (const r of rows) out.set(r.subjectId, (out.get(r.subjectId) ?? new Set()).add(r.examStudentId));
  return out;
}

const likeOf = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface SubjectStudentFilter {
  examId: number; examSubjectId: number; classIds: number[] | 'all'; classId?: number; keyword?: string; taking?: 'yes' | 'no';
}

export async function pageSubjectStudents(q: Q, f: SubjectStudentFilter, current: number, size: number) {
  let base = q.selectFrom('exam_student as es')
    .innerJoin('student as st', 'st.id', 'es.student_id')
    .innerJoin('school_class as c', 'c.id', 'es.class_id')
    .leftJoin('exam_subject_excluded as x', (j) => j.onRef('x.exam_student_id', '=', 'es.id').on('x.exam_subject_id', '=', f.examSubjectId))
    .where('es.exam_id', '=', f.examId);
  if (f.classIds !== 'all') base = f.classIds.length ? base.where('es.class_id', 'in', f.classIds) : base.where(sql<boolean>`false`);
  if (f.classId) base = base.where('es.class_id', '=', f.classId);
  if (f.keyword) { const like = likeOf(f.keyword); base = base.where((eb) => eb.or([eb('st.name', 'like', like), eb('es.exam_no', 'like', like)])); }
  if (f.taking === 'yes') base = base.where('x.exam_student_id', 'is', null);
  if (f.taking === 'no') base = base.where('x.exam_student_id', 'is not', null);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const records = await base.select([
    'es.id as examStudentId', 'es.student_id as studentId', 'st.name', 'es.exam_no as examNo', 'es.class_id as classId', 'c.name as className',
    'es.room', 'es.seat', sql<boolean>`x.exam_student_id is null`.as('taking'),
  ]).orderBy('c.sort').orderBy('c.id').orderBy('st.admission_no').orderBy('es.id').limit(size).offset((current - 1) * size).execute();
  return { records, total: Number(total) };
}

/** The exam's candidates (within classIds) and those of them taking the subject. */
export async function subjectCounts(q: Q, examId: number, examSubjectId: number, classIds: number[] | 'all') {
  let base = q.selectFrom('exam_student as es')
    .leftJoin('exam_subject_excluded as x', (j) => j.onRef('x.exam_student_id', '=', 'es.id').on('x.exam_subject_id', '=', examSubjectId))
    .where('es.exam_id', '=', examId);
  if (classIds !== 'all') base = classIds.length ? base.where('es.class_id', 'in', classIds) : base.where(sql<boolean>`false`);
  const r = await base.select([
    sql<number>`count(*)::int`.as('examCount'), sql<number>`count(*) filter (where x.exam_student_id is null)::int`.as('takingCount'),
  ]).executeTakeFirstOrThrow();
  return { examCount: Number(r.examCount), takingCount: Number(r.takingCount) };
}

/** Of the given exam-student ids, those that are the exam's (ids of other exams or schools drop out). */
export async function examStudentsOf(q: Q, examId: number, ids: number[]) {
  if (!ids.length) return [];
  return q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
    .select(['es.id', 'st.name']).where('es.exam_id', '=', examId).where('es.id', 'in', ids).execute();
}

/** Those of the ids that already have scanned sheets, scores or an absence in the subject (names, for the refusal). */
export async function withSubjectData(q: Q, examSubjectId: number, ids: number[]): Promise<string[]> {
  if (!ids.length) return [];
  const r = await q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').select('st.name')
    .where('es.id', 'in', ids)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('scan_page as p').select('p.id').whereRef('p.exam_student_id', '=', 'es.id').where('p.exam_subject_id', '=', examSubjectId).where('p.status', '!=', 'deleted')),
      eb.exists(eb.selectFrom('question_score as qs').innerJoin('question as qq', 'qq.id', 'qs.question_id').select('qs.question_id')
        .whereRef('qs.exam_student_id', '=', 'es.id').where('qq.exam_subject_id', '=', examSubjectId)),
      eb.exists(eb.selectFrom('subject_absence as a').select('a.exam_student_id').whereRef('a.exam_student_id', '=', 'es.id').where('a.exam_subject_id', '=', examSubjectId)),
    ]))
    .orderBy('es.id').execute();
  return r.map((x) => x.name);
}

export async function exclude(tx: Tx, schoolId: number, examSubjectId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await tx.insertInto('exam_subject_excluded').values(ids.map((id) => ({ exam_subject_id: examSubjectId, exam_student_id: id, school_id: schoolId })))
    .onConflict((c) => c.columns(['exam_subject_id', 'exam_student_id']).doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0);
}

export async function include(tx: Tx, examSubjectId: number, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const r = await tx.deleteFrom('exam_subject_excluded').where('exam_subject_id', '=', examSubjectId).where('exam_student_id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Active students of the grade (within classIds) not in the exam. */
export async function gradeCandidates(q: Q, f: { schoolId: number; gradeId: number; examId: number; classIds: number[] | 'all'; classId?: number; keyword?: string }) {
  let base = q.selectFrom('student as st').innerJoin('school_class as c', 'c.id', 'st.class_id')
    .select(['st.id as studentId', 'st.name', 'st.admission_no as admissionNo', 'st.class_id as classId', 'c.name as className'])
    .where('st.school_id', '=', f.schoolId).where('c.grade_id', '=', f.gradeId).where('st.status', '=', 1)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('exam_student as es').select('es.id').whereRef('es.student_id', '=', 'st.id').where('es.exam_id', '=', f.examId))));
  if (f.classIds !== 'all') base = f.classIds.length ? base.where('st.class_id', 'in', f.classIds) : base.where(sql<boolean>`false`);
  if (f.classId) base = base.where('st.class_id', '=', f.classId);
  if (f.keyword) { const like = likeOf(f.keyword); base = base.where((eb) => eb.or([eb('st.name', 'like', like), eb('st.admission_no', 'like', like)])); }
  return base.orderBy('c.sort').orderBy('st.admission_no').limit(2000).execute();
}

/** New candidates of the exam (考号 = 学号); answers their ids. */
export async function insertExamStudents(tx: Tx, examId: number, studentIds: number[]): Promise<number[]> {
  if (!studentIds.length) return [];
  const r = await sql<{ id: number }>`
    insert into exam_student (exam_id, school_id, student_id, class_id, exam_no, registration_type)
    select ${examId}, s.school_id, s.id, s.class_id, s.admission_no, s.registration_type from student s where s.id in (${sql.join(studentIds)})
    returning id`.execute(tx);
  return r.rows.map((x) => x.id);
}

export async function examNosTaken(q: Q, examId: number, studentIds: number[]): Promise<string[]> {
  const r = await q.selectFrom('exam_student as es').innerJoin('student as st', (j) => j.on('st.id', 'in', studentIds).onRef('st.admission_no', '=', 'es.exam_no'))
    .select('es.exam_no').where('es.exam_id', '=', examId).execute();
  return r.map((x) => x.exam_no);
}

export async function otherSubjects(q: Q, examId: number, examSubjectId: number): Promise<number[]> {
  return (await q.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).where('id', '!=', examSubjectId).execute()).map((r) => r.id);
}

// ---------------------------------------------------------------- rooms

export async function roomsOf(q: Q, examId: number) {
  return q.selectFrom('exam_room as r').select(['r.id', 'r.name', 'r.capacity',
    sql<number>`(select count(*)::int from exam_student es where es.exam_id = r.exam_id and es.room = r.name)`.as('assigned')])
    .where('r.exam_id', '=', examId).orderBy('r.sort').orderBy('r.id').execute();
}

export async function studentCount(q: Q, examId: number): Promise<{ total: number; unassigned: number }> {
  const r = await q.selectFrom('exam_student as es').select([
    sql<number>`count(*)::int`.as('total'),
    sql<number>`count(*) filter (where not exists (select 1 from exam_room r where r.exam_id = es.exam_id and r.name = es.room))::int`.as('unassigned'),
  ]).where('es.exam_id', '=', examId).executeTakeFirstOrThrow();
  return { total: Number(r.total), unassigned: Number(r.unassigned) };
}

export async function replaceRooms(tx: Tx, schoolId: number, examId: number, rooms: { name: string; capacity: number }[]): Promise<void> {
  await tx.deleteFrom('exam_room').where('exam_id', '=', examId).execute();
  await tx.insertInto('exam_room').values(rooms.map((r, i) => ({ school_id: schoolId, exam_id: examId, name: r.name, capacity: r.capacity, sort: i + 1 }))).execute();
}

/** The exam's candidates in class order (class sort, then 学号). */
export async function candidatesInClassOrder(q: Q, examId: number) {
  return q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('school_class as c', 'c.id', 'es.class_id')
    .select(['es.id']).where('es.exam_id', '=', examId)
    .orderBy('c.sort').orderBy('c.id').orderBy('st.admission_no').orderBy('es.id').execute();
}

/** Sets room and seat of every listed candidate (one statement). */
export async function setSeats(tx: Tx, seats: { id: number; room: string; seat: number }[]): Promise<void> {
  if (!seats.length) return;
  await sql`update exam_student es set room = v.room, seat = v.seat
    from (select unnest(${sql.val(seats.map((s) => s.id))}::int[]) as id, unnest(${sql.val(seats.map((s) => s.room))}::text[]) as room,
      unnest(${sql.val(seats.map((s) => s.seat))}::int[]) as seat) v
    where es.id = v.id`.execute(tx);
}

/** Every candidate with room and seat, in room order then seat (the export). */
export async function seatingList(q: Q, examId: number) {
  return q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('school_class as c', 'c.id', 'es.class_id')
    .leftJoin('exam_room as r', (j) => j.onRef('r.exam_id', '=', 'es.exam_id').onRef('r.name', '=', 'es.room'))
    .select(['es.room', 'es.seat', 'es.exam_no as examNo', 'st.name', 'c.name as className'])
    .where('es.exam_id', '=', examId)
    .orderBy(sql`r.sort nulls last`).orderBy('es.room').orderBy(sql`es.seat nulls last`).orderBy('es.exam_no').execute();
}

/**
 * Candidates for 考号 labels: within classIds, only those taking examSubjectId when given, only the rooms named
 * when given; in room order (exam_room.sort, candidates without a room last) then seat, or in class order then 考号.
 */
export async function labelStudents(q: Q, f: { examId: number; classIds: number[] | 'all'; examSubjectId?: number; rooms?: string[]; order: 'room' | 'class' }) {
  let base = q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').innerJoin('school_class as c', 'c.id', 'es.class_id')
    .leftJoin('exam_room as r', (j) => j.onRef('r.exam_id', '=', 'es.exam_id').onRef('r.name', '=', 'es.room'))
    .select(['st.name', 'c.name as className', 'es.exam_no as examNo', 'r.name as room', 'es.seat', 'es.class_id as classId'])
    .where('es.exam_id', '=', f.examId);
  if (f.classIds !== 'all') base = f.classIds.length ? base.where('es.class_id', 'in', f.classIds) : base.where(sql<boolean>`false`);
  if (f.examSubjectId) base = base.where(takesSubject(f.examSubjectId));
  if (f.rooms?.length) base = base.where('r.name', 'in', f.rooms);
  base = f.order === 'room'
    ? base.orderBy(sql`r.sort nulls last`).orderBy('r.id').orderBy(sql`es.seat nulls last`).orderBy('es.exam_no').orderBy('es.id')
    : base.orderBy('c.sort').orderBy('c.id').orderBy('es.exam_no').orderBy('es.id');
  return base.execute();
}
