/** SQL of exam management: exams, exam subjects, exam students, questions and groups. */
import { sql, type Insertable } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { ExamSubjectTable, ExamTable } from '../../db/schema.js';

type Q = Db | Tx;

export interface ExamRow {
  id: number;
  schoolId: number;
  name: string;
  examType: number;
  gradeId: number;
  gradeName: string;
  semesterId: number | null;
  mode: 'single' | 'multi' | 'joint';
  startDate: string;
  endDate: string;
  status: number;
  progress: number;
  cellsNeeded: number;
  cellsDone: number;
  referenceExamId: number | null;
  releasedAt: Date | null;
  createdAt: Date;
}

function examSelect(q: Q) {
  return q.selectFrom('exam as e')
    .innerJoin('school_grade as g', 'g.id', 'e.grade_id')
    .select([
      'e.id', 'e.school_id as schoolId', 'e.name', 'e.exam_type as examType', 'e.grade_id as gradeId', 'g.name as gradeName',
      'e.semester_id as semesterId', 'e.mode', 'e.status', 'e.progress', 'e.score_cells_needed as cellsNeeded', 'e.score_cells_done as cellsDone',
      'e.reference_exam_id as referenceExamId',
      'e.released_at as releasedAt', 'e.created_at as createdAt',
      sql<string>`to_char(e.start_date, 'YYYY-MM-DD')`.as('startDate'),
      sql<string>`to_char(e.end_date, 'YYYY-MM-DD')`.as('endDate'),
    ]);
}

export async function findExam(q: Q, examId: number): Promise<ExamRow | undefined> {
  return examSelect(q).where('e.id', '=', examId).executeTakeFirst() as Promise<ExamRow | undefined>;
}

export interface ExamFilter {
  schoolId: number;
  gradeIds: number[] | 'all';
  name?: string;
  examType?: number;
  gradeId?: number;
  status?: number;
}

export async function pageExams(q: Q, f: ExamFilter, current: number, size: number): Promise<{ rows: ExamRow[]; total: number }> {
  let base = q.selectFrom('exam as e').where('e.school_id', '=', f.schoolId);
  if (f.gradeIds !== 'all') base = f.gradeIds.length ? base.where('e.grade_id', 'in', f.gradeIds) : base.where(sql<boolean>`false`);
  if (f.name) base = base.where('e.name', 'ilike', `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.examType) base = base.where('e.exam_type', '=', f.examType);
  if (f.gradeId) base = base.where('e.grade_id', '=', f.gradeId);
  if (f.status) base = base.where('e.status', '=', f.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const ids = await base.select('e.id').orderBy('e.start_date', 'desc').orderBy('e.id', 'desc')
    .limit(size).offset((current - 1) * size).execute();
  if (!ids.length) return { rows: [], total: Number(total) };
  const rows = await examSelect(q).where('e.id', 'in', ids.map((r) => r.id)).execute() as ExamRow[];
  const order = new Map(ids.map((r, i) => [r.id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { rows, total: Number(total) };
}

export interface SubjectRow {
  id: number;
  examId: number;
  courseCode: string;
  courseName: string;
  fullScore: number;
  examDate: string | null;
  flowStatus: string;
  sort: number;
  questionCount: number;
  questionFullScore: number;
  totalsOnly: boolean;
  scoredCount: number;
  absentCount: number;
  /** Scanning (scan_student): students 缺考, 异常 and 上传成功; 未扫 = the exam's students minus these. */
  missExamCount: number;
  abnormalCount: number;
  uploadCount: number;
  /** 0 未设置, 1 本平台答题卡, 2 第三方答题卡 (@jz/shared/api/exam USED_CARD_TYPES). */
  usedCardType: number;
  /** Candidates removed from this subject (选择考生名单). */
  excludedCount: number;
}

/** Subjects of exams with their set-up and entry counts (scored = rows of the subject's first question). */
export async function subjectsOf(q: Q, examIds: number[]): Promise<SubjectRow[]> {
  if (!examIds.length) return [];
  const rows = await q.selectFrom('exam_subject as s')
    .select([
      's.id', 's.exam_id as examId', 's.course_code as courseCode', 's.course_name as courseName', 's.full_score as fullScore',
      sql<string | null>`to_char(s.exam_date, 'YYYY-MM-DD')`.as('examDate'), 's.flow_status as flowStatus', 's.sort',
      sql<number>`(select count(*)::int from question q where q.exam_subject_id = s.id and not q.is_total)`.as('questionCount'),
      // a 选做 group counts K of its questions (docs/DOMAIN-RULES.md 选做题)
      sql<number>`(select coalesce(sum(g.x), 0)::float8 from (select case when q.elective_group is null then sum(q.full_score)
        else max(q.full_score) * max(coalesce(q.elective_pick, 1)) end as x from question q where q.exam_subject_id = s.id and not q.is_total
        group by q.elective_group) g)`.as('questionFullScore'),
      sql<boolean>`exists (select 1 from question q where q.exam_subject_id = s.id and q.is_total)`.as('totalsOnly'),
      sql<number>`(select count(*)::int from question_score qs where qs.question_id =
        (select q.id from question q where q.exam_subject_id = s.id order by q.sort, q.id limit 1))`.as('scoredCount'),
      sql<number>`(select count(*)::int from subject_absence a where a.exam_subject_id = s.id)`.as('absentCount'),
      sql<number>`(select count(*)::int from scan_student ss where ss.exam_subject_id = s.id and ss.state = 'absent')`.as('missExamCount'),
      sql<number>`(select count(*)::int from scan_student ss where ss.exam_subject_id = s.id and ss.state = 'abnormal')`.as('abnormalCount'),
      sql<number>`(select count(*)::int from scan_student ss where ss.exam_subject_id = s.id and ss.state = 'uploaded')`.as('uploadCount'),
      sql<number>`(case when exists (select 1 from sheet_template t where t.exam_subject_id = s.id) then 2
        when exists (select 1 from answer_card c where c.exam_subject_id = s.id) or exists (select 1 from scan_batch b where b.exam_subject_id = s.id) then 1
        else 0 end)`.as('usedCardType'),
      sql<number>`(select count(*)::int from exam_subject_excluded x where x.exam_subject_id = s.id)`.as('excludedCount'),
    ])
    .where('s.exam_id', 'in', examIds)
    .orderBy('s.exam_id').orderBy('s.sort').orderBy('s.id')
    .execute();
  return rows.map((r) => ({ ...r, fullScore: Number(r.fullScore), questionFullScore: Number(r.questionFullScore) }));
}

export async function findSubject(q: Q, examSubjectId: number) {
  const r = await q.selectFrom('exam_subject').selectAll().where('id', '=', examSubjectId).executeTakeFirst();
  return r ? { ...r, full_score: Number(r.full_score) } : undefined;
}

export async function studentCounts(q: Q, examIds: number[]): Promise<Map<number, { students: number; classes: number }>> {
  if (!examIds.length) return new Map();
  const rows = await q.selectFrom('exam_student').select([
    'exam_id', sql<number>`count(*)::int`.as('students'), sql<number>`count(distinct class_id)::int`.as('classes'),
  ]).where('exam_id', 'in', examIds).groupBy('exam_id').execute();
  return new Map(rows.map((r) => [r.exam_id, { students: r.students, classes: r.classes }]));
}

/** Exam students: every active student of the classes, 考号 = 学号, seat = position in the class by 学号. */
export async function insertExamStudents(q: Q, examId: number, schoolId: number, classIds: number[]): Promise<number> {
  const res = await sql`
    insert into exam_student (exam_id, school_id, student_id, class_id, exam_no, seat, registration_type)
    select ${examId}, s.school_id, s.id, s.class_id, s.admission_no,
           row_number() over (partition by s.class_id order by s.admission_no), s.registration_type
    from student s
    where s.school_id = ${schoolId} and s.status = 1 and s.class_id in (${sql.join(classIds)})`.execute(q);
  return Number(res.numAffectedRows ?? 0);
}

/** Assigns 考场/座号 in class order (class sort, 学号), perRoom students per room. */
export async function arrangeRooms(q: Q, examId: number, perRoom: number, prefix: string | undefined): Promise<number> {
  const roomExpr = prefix ? sql`${prefix} || ((o.i / ${perRoom}) + 1)::text` : sql`'第' || ((o.i / ${perRoom}) + 1)::text || '考场'`;
  const res = await sql`
    with o as (
      select es.id, (row_number() over (order by c.sort, c.id, st.admission_no, es.id) - 1)::int as i
      from exam_student es
      join school_class c on c.id = es.class_id
      join student st on st.id = es.student_id
      where es.exam_id = ${examId}
    )
    update exam_student e set room = ${roomExpr}, seat = (o.i % ${perRoom}) + 1
    from o where e.id = o.id
    returning e.id`.execute(q);
  return res.rows.length;
}

export interface ExamStudentFilter { examId: number; classIds: number[] | 'all'; classId?: number; room?: string; keyword?: string }

const examStudentColumns = [
  'es.id', 'es.student_id as studentId', 'st.name', 'st.admission_no as admissionNo', 'es.exam_no as examNo',
  'es.class_id as classId', 'c.name as className', 'es.room', 'es.seat', 'es.registration_type as registrationType',
] as const;

export async function examStudentsById(q: Q, ids: number[]) {
  if (!ids.length) return [];
  return q.selectFrom('exam_student as es')
    .innerJoin('student as st', 'st.id', 'es.student_id')
    .innerJoin('school_class as c', 'c.id', 'es.class_id')
    .select(examStudentColumns).where('es.id', 'in', ids).execute();
}

export async function pageExamStudents(q: Q, f: ExamStudentFilter, current: number, size: number) {
  let base = q.selectFrom('exam_student as es')
    .innerJoin('student as st', 'st.id', 'es.student_id')
    .innerJoin('school_class as c', 'c.id', 'es.class_id')
    .where('es.exam_id', '=', f.examId);
  if (f.classIds !== 'all') base = f.classIds.length ? base.where('es.class_id', 'in', f.classIds) : base.where(sql<boolean>`false`);
  if (f.classId) base = base.where('es.class_id', '=', f.classId);
  if (f.room) base = base.where('es.room', '=', f.room);
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('st.name', 'like', like), eb('es.exam_no', 'like', like)]));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const records = await base.select(examStudentColumns).orderBy('c.sort').orderBy('c.id').orderBy('st.admission_no').orderBy('es.id')
    .limit(size).offset((current - 1) * size).execute();
  return { records, total: Number(total) };
}

export interface QuestionRow {
  id: number;
  examSubjectId: number;
  no: string;
  parentNo: string | null;
  sort: number;
  type: 'single' | 'multiple' | 'judge' | 'fill' | 'subjective';
  fullScore: number;
  step: number;
  answer: string | null;
  partialScore: number | null;
  /** 选对一项得分 (multiple choice); null = the partialScore rule. */
  optionScore: number | null;
  groupId: number | null;
  knowledgePoints: string[];
  isTotal: boolean;
  electiveGroup: string | null;
  electivePick: number | null;
}

export async function questionsOf(q: Q, examSubjectIds: number[], withTotals = false): Promise<QuestionRow[]> {
  if (!examSubjectIds.length) return [];
  let query = q.selectFrom('question').select([
    'id', 'exam_subject_id as examSubjectId', 'no', 'parent_no as parentNo', 'sort', 'type', 'full_score as fullScore', 'step',
    'answer', 'partial_score as partialScore', 'option_score as optionScore', 'group_id as groupId', 'knowledge_points as knowledgePoints', 'is_total as isTotal',
    'elective_group as electiveGroup', 'elective_pick as electivePick',
  ]).where('exam_subject_id', 'in', examSubjectIds);
  if (!withTotals) query = query.where('is_total', '=', false);
  const rows = await query.orderBy('exam_subject_id').orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({
    ...r,
    fullScore: Number(r.fullScore),
    step: Number(r.step),
    partialScore: r.partialScore === null ? null : Number(r.partialScore),
    optionScore: r.optionScore === null ? null : Number(r.optionScore),
  }));
}

export async function groupsOf(q: Q, examSubjectId: number) {
  return q.selectFrom('question_group').select(['id', 'name', 'sort']).where('exam_subject_id', '=', examSubjectId)
    .orderBy('sort').orderBy('id').execute();
}

/** Score rows of a subject's questions (any student). */
export async function subjectHasScores(q: Q, examSubjectId: number): Promise<boolean> {
  const r = await sql<{ n: number }>`
    select (exists (select 1 from question_score qs join question qu on qu.id = qs.question_id where qu.exam_subject_id = ${examSubjectId})
         or exists (select 1 from subject_absence a where a.exam_subject_id = ${examSubjectId}))::int as n`.execute(q);
  return r.rows[0]!.n === 1;
}

/** Adds a token to a subject's comma-joined flow status (question, score). */
export async function markFlow(q: Q, examSubjectId: number, token: string): Promise<void> {
  await sql`update exam_subject set flow_status = case
      when flow_status = '' then ${token}
      when ${token} = any(string_to_array(flow_status, ',')) then flow_status
      else flow_status || ',' || ${token} end
    where id = ${examSubjectId}`.execute(q);
}

// ---------- writes and lookups of exam_manage / exam_student (services hold no SQL) ----------

export function gradeOfSchool(q: Q, schoolId: number, gradeId: number) {
  return q.selectFrom('school_grade').select(['id', 'name']).where('id', '=', gradeId).where('school_id', '=', schoolId).executeTakeFirst();
}

export async function semesterInSchool(q: Q, schoolId: number, semesterId: number): Promise<boolean> {
  return !!(await q.selectFrom('semester').select('id').where('id', '=', semesterId).where('school_id', '=', schoolId).executeTakeFirst());
}

export async function examInSchool(q: Q, schoolId: number, examId: number): Promise<boolean> {
  return !!(await q.selectFrom('exam').select('id').where('id', '=', examId).where('school_id', '=', schoolId).executeTakeFirst());
}

export function gradeCourses(q: Q, schoolId: number, gradeId: number) {
  return q.selectFrom('school_grade_course').select(['course_code', 'course_name', 'sort']).where('grade_id', '=', gradeId).where('school_id', '=', schoolId).execute();
}

export function classesOfSchool(q: Q, schoolId: number, classIds: number[]) {
  return q.selectFrom('school_class').select(['id', 'grade_id']).where('school_id', '=', schoolId).where('id', 'in', classIds).execute();
}

export async function insertExam(tx: Q, values: Insertable<ExamTable>): Promise<number> {
  return (await tx.insertInto('exam').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertExamSubjects(tx: Q, rows: Insertable<ExamSubjectTable>[]): Promise<void> {
  await tx.insertInto('exam_subject').values(rows).execute();
}

/** Deletes an exam (its scores are deleted first, through score-write); exams that used it as their reference lose it. */
export async function deleteExam(tx: Q, examId: number): Promise<void> {
  await tx.updateTable('exam').set({ reference_exam_id: null }).where('reference_exam_id', '=', examId).execute();
  await tx.deleteFrom('exam').where('id', '=', examId).execute();
}

export async function setReferenceExam(q: Q, examId: number, referenceExamId: number | null): Promise<void> {
  await q.updateTable('exam').set({ reference_exam_id: referenceExamId, updated_at: new Date() }).where('id', '=', examId).execute();
}

export function examSchool(q: Q, examId: number) {
  return q.selectFrom('exam as e')
    .innerJoin('school as sc', 'sc.id', 'e.school_id')
    .leftJoin('exam_student as es', 'es.exam_id', 'e.id')
    .select(['sc.id as schoolId', 'sc.name as schoolName', sql<number>`count(es.id)::int`.as('studentCount'), sql<number>`count(distinct es.class_id)::int`.as('classCount')])
    .where('e.id', '=', examId).groupBy(['sc.id', 'sc.name']).execute();
}

export async function examHasCourse(q: Q, examId: number, courseCode: string): Promise<boolean> {
  return !!(await q.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).where('course_code', '=', courseCode).executeTakeFirst());
}

export async function subjectCount(q: Q, examId: number): Promise<number> {
  const row = await q.selectFrom('exam_subject').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', examId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves a subject (and its course settings, replacing the target's) to another exam, which becomes multi-subject. */
export async function moveSubject(tx: Q, examSubjectId: number, courseCode: string, fromExamId: number, toExamId: number): Promise<void> {
  await tx.updateTable('exam_subject').set({ exam_id: toExamId }).where('id', '=', examSubjectId).execute();
  await tx.deleteFrom('exam_setting').where('exam_id', '=', toExamId).where('course_code', '=', courseCode).execute();
  await tx.updateTable('exam_setting').set({ exam_id: toExamId }).where('exam_id', '=', fromExamId).where('course_code', '=', courseCode).execute();
  await tx.updateTable('exam').set({ mode: 'multi' }).where('id', '=', toExamId).where('mode', '=', 'single').execute();
}

export function examReleasedAt(q: Q, examId: number) {
  return q.selectFrom('exam').select(['released_at']).where('id', '=', examId).executeTakeFirst();
}

export async function setExamStatus(q: Q, examId: number, status: number, progress: number, cells: { needed: number; done: number }): Promise<void> {
  await q.updateTable('exam').set({ status, progress, score_cells_needed: cells.needed, score_cells_done: cells.done, updated_at: new Date() })
    .where('id', '=', examId).execute();
}

/** Question scores stored per (exam subject, exam student) of an exam. */
export async function storedScoreCounts(q: Q, examId: number): Promise<{ sid: number; esid: number; n: number }[]> {
  // one row per subject (a joint exam has 10⁶ (subject, student) pairs: as rows they cost the driver seconds)
  const rows = (await sql<{ sid: number; esids: string; ns: string }>`
      select sid, string_agg(esid::text, ',') as esids, string_agg(n::text, ',') as ns from (
        select q.exam_subject_id as sid, qs.exam_student_id as esid, count(*)::int as n
        from question_score qs join question q on q.id = qs.question_id
        join exam_subject s on s.id = q.exam_subject_id
        where s.exam_id = ${examId}
        group by q.exam_subject_id, qs.exam_student_id) c
      group by sid`.execute(q)).rows;
  return rows.flatMap((r) => {
    const ns = r.ns.split(',');
    return r.esids.split(',').map((esid, k) => ({ sid: r.sid, esid: Number(esid), n: Number(ns[k]) }));
  });
}

/** The exam's absences (缺考): exam subject id and exam student id. */
export function absencesOf(q: Q, examId: number) {
  return q.selectFrom('subject_absence as a').innerJoin('exam_subject as s', 's.id', 'a.exam_subject_id')
    .select(['a.exam_subject_id as sid', 'a.exam_student_id as esid']).where('s.exam_id', '=', examId).execute();
}

/** The exam's students (exam_student id, name) by exam number. */
export function examStudentNames(q: Q, examId: number) {
  return q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
    .select(['es.id', 'st.name']).where('es.exam_id', '=', examId).orderBy('es.exam_no').execute();
}

/**
 * Scores online marking has decided but not yet written as question scores, per exam: the questions of every final
 * paper not written (a 选做 paper: its one chosen question). They are written when the subject's marking completes.
 */
export async function decidedMarkingCells(q: Q, examIds: number[]): Promise<Map<number, number>> {
  if (!examIds.length) return new Map();
  const r = await sql<{ examId: number; n: number }>`
    select b.exam_id as "examId", coalesce(sum(case when mp.chosen_question_id is not null then 1
        else (select count(*) from marking_block_question bq where bq.block_id = b.id) end), 0)::int as n
    from marking_paper mp join marking_block b on b.id = mp.block_id
    where b.exam_id = any(${examIds}::int[]) and mp.status = 'final' and not mp.written
    group by b.exam_id`.execute(q);
  return new Map(r.rows.map((x) => [x.examId, x.n]));
}

export function findExamStudent(q: Q, id: number) {
  return q.selectFrom('exam_student').select(['id', 'exam_id', 'exam_no']).where('id', '=', id).executeTakeFirst();
}

export async function examNoTaken(q: Q, examId: number, examNo: string): Promise<boolean> {
  return !!(await q.selectFrom('exam_student').select('id').where('exam_id', '=', examId).where('exam_no', '=', examNo).executeTakeFirst());
}

export async function updateExamStudent(q: Q, id: number, set: { exam_no?: string; room?: string; seat?: number | null }): Promise<void> {
  if (Object.keys(set).length) await q.updateTable('exam_student').set(set).where('id', '=', id).execute();
}

/** A school's state in a joint exam it takes part in (exam_school), if any. */
export function participantStatus(q: Q, examId: number, schoolId: number) {
  return q.selectFrom('exam_school').select('status').where('exam_id', '=', examId).where('school_id', '=', schoolId).executeTakeFirst();
}

/**
 * A joint exam counted over one school's candidates: its students and classes, and per subject the school scans
 * (not 学校导入) the scan counters and exclusions of those candidates only.
 */
export async function participantCounts(q: Q, examId: number, schoolId: number) {
  const own = await q.selectFrom('exam_student').select([sql<number>`count(*)::int`.as('students'), sql<number>`count(distinct class_id)::int`.as('classes')])
    .where('exam_id', '=', examId).where('school_id', '=', schoolId).executeTakeFirstOrThrow();
  const scans = (state: string) => sql<number>`(select count(*)::int from scan_student ss join exam_student es on es.id = ss.exam_student_id
    where ss.exam_subject_id = s.id and es.school_id = ${schoolId} and ss.state = ${state})`;
  const subjects = await q.selectFrom('exam_subject as s').select([
    's.id', scans('absent').as('missExamCount'), scans('abnormal').as('abnormalCount'), scans('uploaded').as('uploadCount'),
    sql<number>`(select count(*)::int from exam_subject_excluded x join exam_student es on es.id = x.exam_student_id
      where x.exam_subject_id = s.id and es.school_id = ${schoolId})`.as('excludedCount'),
  ]).where('s.exam_id', '=', examId).where('s.joint_scoring', '!=', 'import').execute();
  return { students: own.students, classes: own.classes, subjects: new Map(subjects.map((s) => [s.id, s])) };
}
