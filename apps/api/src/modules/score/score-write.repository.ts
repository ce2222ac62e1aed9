/**
 * SQL of every write to question_score and subject_absence (docs/DOMAIN-RULES.md §10). Only
 * score-write.service.ts calls these, inside a transaction that holds the exam's score lock.
 */
import { sql } from 'kysely';
import { anyId } from '../../db/any-id.js';
import type { Tx } from '../../db/database.js';

/** Parallel arrays of question scores (one entry per student and question). */
export interface ScoreColumns { studentIds: number[]; questionIds: number[]; scores: number[]; choices: (string | null)[] }

const CHUNK = 20_000;

/** Row indexes in primary-key order (question, student): ≈ 2× faster inserts than student-major order on PGlite. */
function keyOrder(rows: ScoreColumns): number[] {
  return rows.studentIds.map((_, i) => i).sort((a, b) => rows.questionIds[a]! - rows.questionIds[b]! || rows.studentIds[a]! - rows.studentIds[b]!);
}

/**
 * Writes question scores through unnest (4 array parameters per statement). `replace`: a row already stored
 * for the same student and question takes the new score and choice; otherwise such a row is an error (the
 * caller deleted the old ones first).
 */
export async function insertScores(tx: Tx, rows: ScoreColumns, replace = false): Promise<void> {
  const order = keyOrder(rows);
  const pick = <T>(list: T[], from: number, to: number) => order.slice(from, to).map((i) => list[i]!);
  const onConflict = replace ? sql`on conflict (question_id, exam_student_id) do update set score = excluded.score, choice = excluded.choice` : sql``;
  for (let i = 0; i < order.length; i += CHUNK) {
    const end = i + CHUNK;
    await sql`insert into question_score (exam_student_id, question_id, score, choice)
      select * from unnest(${pick(rows.studentIds, i, end)}::int[], ${pick(rows.questionIds, i, end)}::int[],
                           ${pick(rows.scores, i, end)}::numeric[], ${pick(rows.choices, i, end)}::text[])
      ${onConflict}`.execute(tx);
  }
}

/** Changes the score of rows already stored (a correction); returns how many rows changed. */
export async function updateScores(tx: Tx, rows: ScoreColumns): Promise<number> {
  const res = await sql`update question_score qs set score = v.score
      from (select unnest(${rows.studentIds}::int[]) as sid, unnest(${rows.questionIds}::int[]) as qid,
                   unnest(${rows.scores}::numeric[]) as score) v
      where qs.question_id = v.qid and qs.exam_student_id = v.sid`.execute(tx);
  return Number(res.numAffectedRows ?? 0);
}

export async function insertAbsences(tx: Tx, examSubjectId: number, studentIds: number[]): Promise<void> {
  for (let i = 0; i < studentIds.length; i += CHUNK) {
    await sql`insert into subject_absence (exam_subject_id, exam_student_id)
      select ${examSubjectId}, unnest(${studentIds.slice(i, i + CHUNK)}::int[]) on conflict do nothing`.execute(tx);
  }
}

export async function deleteAbsences(tx: Tx, examSubjectId: number, studentIds: number[]): Promise<void> {
  if (!studentIds.length) return;
  await tx.deleteFrom('subject_absence').where('exam_subject_id', '=', examSubjectId).where(anyId('exam_student_id', studentIds)).execute();
}

/** Removes one student's scores and absence in one subject. */
export async function deleteStudentSubject(tx: Tx, examSubjectId: number, examStudentId: number): Promise<void> {
  await sql`delete from question_score where exam_student_id = ${examStudentId}
    and question_id in (select id from question where exam_subject_id = ${examSubjectId})`.execute(tx);
  await tx.deleteFrom('subject_absence').where('exam_student_id', '=', examStudentId).where('exam_subject_id', '=', examSubjectId).execute();
}

/** Removes some students' scores of some questions, and those students' absences in the subject. */
export async function deleteStudentsQuestions(tx: Tx, examSubjectId: number, studentIds: number[], questionIds: number[]): Promise<void> {
  if (!studentIds.length) return;
  if (questionIds.length) {
    await tx.deleteFrom('question_score').where(anyId('exam_student_id', studentIds)).where(anyId('question_id', questionIds)).execute();
  }
  await tx.deleteFrom('subject_absence').where('exam_subject_id', '=', examSubjectId).where(anyId('exam_student_id', studentIds)).execute();
}

/** Removes every score and absence of a subject. */
export async function deleteSubject(tx: Tx, examSubjectId: number): Promise<void> {
  await sql`delete from question_score where question_id in (select id from question where exam_subject_id = ${examSubjectId})`.execute(tx);
  await tx.deleteFrom('subject_absence').where('exam_subject_id', '=', examSubjectId).execute();
}

/** Removes the scores of some questions (question_score has no foreign keys: before deleting the questions). */
export async function deleteQuestions(tx: Tx, questionIds: number[]): Promise<void> {
  if (questionIds.length) await tx.deleteFrom('question_score').where('question_id', 'in', questionIds).execute();
}

/** Removes every score and absence of an exam (before deleting the exam). */
export async function deleteExam(tx: Tx, examId: number): Promise<void> {
  await sql`delete from question_score where question_id in
    (select q.id from question q join exam_subject s on s.id = q.exam_subject_id where s.exam_id = ${examId})`.execute(tx);
  await sql`delete from subject_absence where exam_subject_id in (select id from exam_subject where exam_id = ${examId})`.execute(tx);
}

/** The recorded option letters of some questions (rows without a choice are typed points, not re-scored). */
export async function recordedChoices(tx: Tx, questionIds: number[]): Promise<{ questionId: number; examStudentId: number; choice: string; score: number }[]> {
  if (!questionIds.length) return [];
  const rows = await tx.selectFrom('question_score').select(['question_id as questionId', 'exam_student_id as examStudentId', 'choice', 'score'])
    .where('question_id', 'in', questionIds).where('choice', 'is not', null).execute();
  return rows.map((r) => ({ questionId: r.questionId, examStudentId: r.examStudentId, choice: r.choice!, score: Number(r.score) }));
}

/** The exam of a subject (to check it against the exam whose lock the transaction holds). */
export async function examOfSubject(tx: Tx, examSubjectId: number): Promise<number | undefined> {
  return (await tx.selectFrom('exam_subject').select('exam_id').where('id', '=', examSubjectId).executeTakeFirst())?.exam_id;
}

export async function subjectOfQuestion(tx: Tx, questionId: number): Promise<number | undefined> {
  return (await tx.selectFrom('question').select('exam_subject_id').where('id', '=', questionId).executeTakeFirst())?.exam_subject_id;
}

/** Which of the ids are exam students of the exam. */
export async function examStudentIdsIn(tx: Tx, examId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await sql<{ id: number }>`select id from exam_student where exam_id = ${examId} and id = any(${ids}::int[])`.execute(tx);
  return new Set(rows.rows.map((r) => r.id));
}

/** Whether the exam is released, and its school (for the answer cards' option counts). */
export async function examState(tx: Tx, examId: number): Promise<{ released: boolean; schoolId: number } | undefined> {
  const e = await tx.selectFrom('exam').select(['released_at', 'school_id']).where('id', '=', examId).executeTakeFirst();
  return e && { released: !!e.released_at, schoolId: e.school_id };
}

/** Students with more scored questions in a 选做 group than the group's K (none when the writes kept the rule). */
export async function electiveOverflow(tx: Tx, examSubjectId: number): Promise<{ examStudentId: number; group: string; n: number; pick: number }[]> {
  const r = await sql<{ examStudentId: number; group: string; n: number; pick: number }>`
    select qs.exam_student_id as "examStudentId", q.elective_group as "group", count(*)::int as n, max(coalesce(q.elective_pick, 1))::int as pick
    from question_score qs join question q on q.id = qs.question_id
    where q.exam_subject_id = ${examSubjectId} and q.elective_group is not null
    group by qs.exam_student_id, q.elective_group having count(*) > max(coalesce(q.elective_pick, 1)) limit 10`.execute(tx);
  return r.rows;
}

/** Of some questions, those a student's marking papers were chosen as (the boxes of a K > 1 选做 group). */
export async function chosenByPapers(tx: Tx, examStudentId: number, questionIds: number[]): Promise<Set<number>> {
  if (!questionIds.length) return new Set();
  const rows = await tx.selectFrom('marking_paper').select('chosen_question_id as qid').distinct()
    .where('exam_student_id', '=', examStudentId).where('chosen_question_id', 'in', questionIds).execute();
  return new Set(rows.map((r) => r.qid!));
}

/** Removes one student's scores of some questions (the unchosen questions of a 选做 group). */
export async function deleteStudentQuestions(tx: Tx, examStudentId: number, questionIds: number[]): Promise<void> {
  if (questionIds.length) await tx.deleteFrom('question_score').where('exam_student_id', '=', examStudentId).where('question_id', 'in', questionIds).execute();
}
