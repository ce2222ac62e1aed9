/** SQL of a subject's questions, answer keys, knowledge points and question groups (the reads shared with reports stay in exam.repository). */
import type { Insertable, Updateable } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import type { QuestionTable } from '../../db/schema.js';

type Q = Db | Tx;

/** Which of the ids are questions of the subject (optionally only real ones, not the totals-only row). */
export async function ownQuestionIds(q: Q, examSubjectId: number, ids: number[], realOnly = false): Promise<number[]> {
  let query = q.selectFrom('question').select('id').where('exam_subject_id', '=', examSubjectId).where('id', 'in', ids);
  if (realOnly) query = query.where('is_total', '=', false);
  return (await query.execute()).map((r) => r.id);
}

export async function insertQuestion(tx: Q, values: Insertable<QuestionTable>): Promise<void> {
  await tx.insertInto('question').values(values).execute();
}

export async function updateQuestion(tx: Q, id: number, values: Updateable<QuestionTable>): Promise<void> {
  await tx.updateTable('question').set(values).where('id', '=', id).execute();
}

export async function deleteQuestions(tx: Q, ids: number[]): Promise<void> {
  if (ids.length) await tx.deleteFrom('question').where('id', 'in', ids).execute();
}

export async function setGroupOfQuestions(tx: Q, ids: number[], groupId: number): Promise<void> {
  if (ids.length) await tx.updateTable('question').set({ group_id: groupId }).where('id', 'in', ids).execute();
}

// ---------- question_group ----------

export function findGroup(q: Q, groupId: number) {
  return q.selectFrom('question_group').select(['id', 'exam_subject_id']).where('id', '=', groupId).executeTakeFirst();
}

export function groupByName(q: Q, examSubjectId: number, name: string) {
  return q.selectFrom('question_group').select('id').where('exam_subject_id', '=', examSubjectId).where('name', '=', name).executeTakeFirst();
}

/** A new group at the given place, or (sort omitted) after the subject's last one. */
export async function insertGroup(tx: Q, examSubjectId: number, name: string, sort?: number): Promise<number> {
  if (sort === undefined) {
    const max = await tx.selectFrom('question_group').select((eb) => eb.fn.max('sort').as('m')).where('exam_subject_id', '=', examSubjectId).executeTakeFirst();
    sort = Number(max?.m ?? 0) + 1;
  }
  return (await tx.insertInto('question_group').values({ exam_subject_id: examSubjectId, name, sort }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Renames a group and empties it (its questions are set again by the caller). */
export async function renameAndEmptyGroup(tx: Q, groupId: number, name: string): Promise<void> {
  await tx.updateTable('question_group').set({ name }).where('id', '=', groupId).execute();
  await tx.updateTable('question').set({ group_id: null }).where('group_id', '=', groupId).execute();
}

export async function deleteGroup(q: Q, groupId: number): Promise<void> {
  await q.deleteFrom('question_group').where('id', '=', groupId).execute();
}
