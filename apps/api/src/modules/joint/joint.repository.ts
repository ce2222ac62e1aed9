/** SQL of joint exams (docs/DOMAIN-RULES.md §7): participating schools, their candidates and what a school may reach. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { ExamSchoolStatus, JointScoring } from '../../db/schema.js';

type Q = Db | Tx;

export interface JointExamRow {
  id: number; schoolId: number; organiserName: string; name: string; examType: number; gradeId: number; gradeName: string;
  gradeDictId: number | null; startDate: string; endDate: string; status: number; releasedAt: Date | null;
  registrationCode: string | null; anonymiseSchools: boolean;
}

function jointSelect(q: Q) {
  return q.selectFrom('exam as e')
    .innerJoin('school_grade as g', 'g.id', 'e.grade_id')
    .innerJoin('school as o', 'o.id', 'e.school_id')
    .select(['e.id', 'e.school_id as schoolId', 'o.name as organiserName', 'e.name', 'e.exam_type as examType', 'e.grade_id as gradeId',
      'g.name as gradeName', 'g.grade_dict_id as gradeDictId', 'e.status', 'e.released_at as releasedAt',
      'e.registration_code as registrationCode', 'e.anonymise_schools as anonymiseSchools',
      sql<string>`to_char(e.start_date, 'YYYY-MM-DD')`.as('startDate'), sql<string>`to_char(e.end_date, 'YYYY-MM-DD')`.as('endDate')])
    .where('e.mode', '=', 'joint');
}

export function findJointExam(q: Q, examId: number): Promise<JointExamRow | undefined> {
  return jointSelect(q).where('e.id', '=', examId).executeTakeFirst();
}

export function findByRegistrationCode(q: Q, code: string): Promise<JointExamRow | undefined> {
  return jointSelect(q).where('e.registration_code', '=', code).executeTakeFirst();
}

/** Joint exams the school organises or takes part in (withdrawn ones too: the school sees it left), newest first. */
export async function pageJointExams(q: Q, schoolId: number, offset: number, limit: number) {
  const mine = sql<boolean>`(e.school_id = ${schoolId} or exists (select 1 from exam_school x where x.exam_id = e.id and x.school_id = ${schoolId}))`;
  const base = jointSelect(q).where(mine);
  const { total } = await q.selectFrom('exam as e').where('e.mode', '=', 'joint').where(mine)
    .select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base.orderBy('e.start_date', 'desc').orderBy('e.id', 'desc').offset(offset).limit(limit).execute();
  return { rows, total: Number(total) };
}

export interface ExamSchoolRow { schoolId: number; schoolName: string; code: number; status: ExamSchoolStatus; classIds: number[] }

export function examSchools(q: Q, examId: number): Promise<ExamSchoolRow[]> {
  return q.selectFrom('exam_school as x').innerJoin('school as s', 's.id', 'x.school_id')
    .select(['x.school_id as schoolId', 's.name as schoolName', 'x.code', 'x.status', 'x.class_ids as classIds'])
    .where('x.exam_id', '=', examId).orderBy('x.code').execute();
}

export function examSchoolOf(q: Q, examId: number, schoolId: number) {
  return q.selectFrom('exam_school').selectAll().where('exam_id', '=', examId).where('school_id', '=', schoolId).executeTakeFirst();
}

/** Locks the exam's row so that two schools joining at once take different codes. */
export async function lockExamRow(tx: Tx, examId: number): Promise<void> {
  await sql`select id from exam where id = ${examId} for update`.execute(tx);
}

export async function nextSchoolCode(q: Q, examId: number): Promise<number> {
  const r = await q.selectFrom('exam_school').select((eb) => eb.fn.max('code').as('m')).where('exam_id', '=', examId).executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

export async function insertExamSchool(tx: Tx, v: { exam_id: number; school_id: number; code: number; status: ExamSchoolStatus; updated_by: number }) {
  await tx.insertInto('exam_school').values(v).execute();
}

export async function setExamSchool(tx: Tx, examId: number, schoolId: number, v: { status: ExamSchoolStatus; class_ids?: number[]; updated_by: number }) {
  await tx.updateTable('exam_school').set({ ...v, updated_at: new Date() }).where('exam_id', '=', examId).where('school_id', '=', schoolId).execute();
}

export async function setRegistrationCode(tx: Tx, examId: number, code: string): Promise<void> {
  await tx.updateTable('exam').set({ registration_code: code }).where('id', '=', examId).execute();
}

export async function setAnonymise(q: Q, examId: number, anonymise: boolean): Promise<void> {
  await q.updateTable('exam').set({ anonymise_schools: anonymise }).where('id', '=', examId).execute();
}

export function schoolsByIds(q: Q, ids: number[]) {
  return q.selectFrom('school').select(['id', 'name', 'kind', 'status']).where('id', 'in', ids).execute();
}

/** The school's classes among `classIds` in the school's class order, with the dictionary grade of each. */
export function classesOfSchool(q: Q, schoolId: number, classIds: number[]) {
  return q.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.grade_dict_id as gradeDictId', 'g.name as gradeName'])
    .where('c.school_id', '=', schoolId).where('c.id', 'in', classIds).orderBy('c.sort').orderBy('c.id').execute();
}

/** The students in school of these classes, by class then 学号. */
export function studentsOfClasses(q: Q, schoolId: number, classIds: number[]) {
  return q.selectFrom('student').select(['id', 'class_id as classId', 'registration_type as registrationType'])
    .where('school_id', '=', schoolId).where('status', '=', 1).where('class_id', 'in', classIds)
    .orderBy('class_id').orderBy('admission_no').orderBy('id').execute();
}

export async function insertCandidates(tx: Tx, examId: number, schoolId: number, rows: { studentId: number; classId: number; examNo: string; seat: number; registrationType: string }[]) {
  if (!rows.length) return;
  await sql`insert into exam_student (exam_id, school_id, student_id, class_id, exam_no, seat, registration_type)
    select ${examId}, ${schoolId}, * from unnest(${rows.map((r) => r.studentId)}::int[], ${rows.map((r) => r.classId)}::int[],
      ${rows.map((r) => r.examNo)}::text[], ${rows.map((r) => r.seat)}::int[], ${rows.map((r) => r.registrationType)}::text[])`.execute(tx);
}

export async function deleteCandidates(tx: Tx, examId: number, schoolId: number): Promise<void> {
  await tx.deleteFrom('exam_student').where('exam_id', '=', examId).where('school_id', '=', schoolId).execute();
}

/** Does any candidate of the school have a score or an absence stored? */
export async function schoolHasScores(q: Q, examId: number, schoolId: number): Promise<boolean> {
  const r = await sql<{ x: number }>`select 1 as x from exam_student es where es.exam_id = ${examId} and es.school_id = ${schoolId}
    and (exists (select 1 from question_score qs where qs.exam_student_id = es.id)
      or exists (select 1 from subject_absence a where a.exam_student_id = es.id)) limit 1`.execute(q);
  return r.rows.length > 0;
}

/** Candidates with their school, for the per-school progress. */
export function candidates(q: Q, examId: number) {
  return q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
    .select(['es.id', 'st.name', 'es.school_id as schoolId', 'es.class_id as classId']).where('es.exam_id', '=', examId).execute();
}

/** Schools an organiser may invite: open schools, not bureaus, not itself. */
export function invitableSchools(q: Q, organiserId: number) {
  return q.selectFrom('school').select(['id', 'name', 'area']).where('kind', '=', 'school').where('status', '=', 1)
    .where('id', '<>', organiserId).orderBy('id').execute();
}

/** How each subject is scored (exam_subject.joint_scoring), by exam subject id. */
export async function subjectScoring(q: Q, examId: number): Promise<Map<number, JointScoring>> {
  const rows = await q.selectFrom('exam_subject').select(['id', 'joint_scoring']).where('exam_id', '=', examId).execute();
  return new Map(rows.map((r) => [r.id, r.joint_scoring]));
}

export async function setSubjectScoring(q: Q, examId: number, courseCode: string, scoring: JointScoring): Promise<number> {
  const r = await q.updateTable('exam_subject').set({ joint_scoring: scoring }).where('exam_id', '=', examId).where('course_code', '=', courseCode).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Per school: sheets scanned and attached to a candidate, marking papers and those with a final score. */
export async function scanMarkCounts(q: Q, examId: number) {
  const r = await sql<{ schoolId: number; scanned: string; papers: string; marked: string }>`
    select es.school_id as "schoolId",
      (select count(*) from scan_student ss join exam_student e2 on e2.id = ss.exam_student_id
        where e2.exam_id = ${examId} and e2.school_id = es.school_id and ss.state = 'uploaded') as scanned,
      (select count(*) from marking_paper p join exam_student e3 on e3.id = p.exam_student_id
        where e3.exam_id = ${examId} and e3.school_id = es.school_id) as papers,
      (select count(*) from marking_paper p join exam_student e4 on e4.id = p.exam_student_id
        where e4.exam_id = ${examId} and e4.school_id = es.school_id and p.status = 'final') as marked
    from (select distinct school_id from exam_student where exam_id = ${examId}) es`.execute(q);
  return new Map(r.rows.map((x) => [x.schoolId, { scanned: Number(x.scanned), papers: Number(x.papers), marked: Number(x.marked) }]));
}

/**
 * 各校阅卷: per confirmed school and block of the exam's 各校阅卷 subjects, the papers of the school's candidates and
 * those not final yet (subject and block order, then the schools by code).
 */
export async function schoolMarkingState(q: Q, examId: number) {
  const r = await sql<{ schoolId: number; schoolName: string; courseName: string; blockName: string; papers: number; open: number }>`
    select x.school_id as "schoolId", sc.name as "schoolName", s.course_name as "courseName", b.name as "blockName",
      count(p.id)::int as papers, count(p.id) filter (where p.status <> 'final')::int as open
    from marking_block b join exam_subject s on s.id = b.exam_subject_id and s.joint_scoring = 'school_marking'
    join exam_school x on x.exam_id = b.exam_id and x.status = 'confirmed' join school sc on sc.id = x.school_id
    left join marking_paper p on p.block_id = b.id and exists (select 1 from exam_student es where es.id = p.exam_student_id and es.school_id = x.school_id)
    where b.exam_id = ${examId}
    group by x.code, x.school_id, sc.name, s.sort, s.id, s.course_name, b.sort, b.id, b.name
    order by x.code, s.sort, s.id, b.sort, b.id`.execute(q);
  return r.rows;
}
