/** SQL of 录入标准答案: how the students answered each question, and the audit rows of a key corrected after release. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export interface ScoreStatRow { questionId: number; students: number; answered: number; correct: number; mean: number | null }

/** Per question: students with a score, of them with recorded letters, with the full score, and the mean score. */
export async function scoreStats(q: Q, questionIds: number[]): Promise<ScoreStatRow[]> {
  if (!questionIds.length) return [];
  const r = await sql<ScoreStatRow>`
    select qs.question_id as "questionId", count(*)::int as students, count(qs.choice)::int as answered,
      count(*) filter (where qs.score >= qu.full_score)::int as correct, avg(qs.score)::float8 as mean
    from question_score qs join question qu on qu.id = qs.question_id
    where qs.question_id = any(${questionIds}::int[])
    group by qs.question_id`.execute(q);
  return r.rows;
}

/** Per question and recorded option letters: how many students chose them. */
export async function choiceCounts(q: Q, questionIds: number[]): Promise<{ questionId: number; choice: string; count: number }[]> {
  if (!questionIds.length) return [];
  const r = await sql<{ questionId: number; choice: string; count: number }>`
    select question_id as "questionId", choice, count(*)::int as count
    from question_score where question_id = any(${questionIds}::int[]) and choice is not null
    group by question_id, choice`.execute(q);
  return r.rows;
}

export interface KeyCorrectionRow { examStudentId: number; questionId: number; oldScore: number; newScore: number; reason: string }

/**
 * A key corrected after release: each score it changed is kept as an approved correction (score_correction), by the
 * user who corrected the key, so 成绩更正 lists who changed what, when and why.
 */
export async function insertKeyCorrections(tx: Tx, examId: number, userId: number, rows: KeyCorrectionRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const part = rows.slice(i, i + 5000);
    await sql`
      insert into score_correction (exam_id, exam_student_id, question_id, old_score, new_score, reason, status, applied_by, approved_by, approved_at)
      select ${examId}, s, qn, o, n, r, 'approved', ${userId}, ${userId}, now()
      from unnest(${part.map((x) => x.examStudentId)}::int[], ${part.map((x) => x.questionId)}::int[],
        ${part.map((x) => x.oldScore)}::numeric[], ${part.map((x) => x.newScore)}::numeric[], ${part.map((x) => x.reason)}::text[]) as t(s, qn, o, n, r)`.execute(tx);
  }
}

/** Question ids among these with a correction request waiting for review. */
export async function questionsWithPendingCorrections(q: Q, questionIds: number[]): Promise<number[]> {
  if (!questionIds.length) return [];
  const rows = await q.selectFrom('score_correction').select('question_id').distinct()
    .where('question_id', 'in', questionIds).where('status', '=', 'pending').execute();
  return rows.map((r) => r.question_id);
}
