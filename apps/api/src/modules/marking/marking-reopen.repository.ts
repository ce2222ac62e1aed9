/**
 * SQL of a question set-up change under online marking (docs/DOMAIN-RULES.md §4.1 "A question changed under
 * marking"): which questions are being marked, final papers sent back to their markers, and the subject's written
 * flags after its scores were cleared.
 */
import { sql } from 'kysely';
import { anyId } from '../../db/any-id.js';
import type { Db, Tx } from '../../db/database.js';

/** Questions of the subject whose block has a submitted mark (its marking started), with the block's name. */
export async function markedQuestions(q: Db | Tx, examSubjectId: number): Promise<Map<number, string>> {
  const rows = await q.selectFrom('marking_block_question as bq').innerJoin('marking_block as b', 'b.id', 'bq.block_id')
    .select(['bq.question_id', 'b.name']).where('bq.exam_subject_id', '=', examSubjectId)
    .where((eb) => eb.exists(eb.selectFrom('marking_task as t').select('t.id').whereRef('t.block_id', '=', 'bq.block_id').where('t.submitted_at', 'is not', null)))
    .execute();
  return new Map(rows.map((r) => [r.question_id, r.name]));
}

/**
 * Sends papers back to marking: the third and leader marks are removed, the first and second marks emptied and,
 * where a marker gave one, leased to that marker again for the block's lease time (back to the pool after it);
 * the paper is open again, unwritten. The caller keeps the old marks in the audit.
 */
export async function reopenPapers(tx: Tx, paperIds: number[]): Promise<void> {
  if (!paperIds.length) return;
  await tx.deleteFrom('marking_task').where(anyId('paper_id', paperIds)).where('round', '>=', 3).execute();
  await sql`update marking_task t set scores = null, total = null, submitted_at = null, request_id = null,
      lease_until = case when t.marker_id is null then null else now() + make_interval(secs => b.lease_seconds) end
    from marking_block b where b.id = t.block_id and ${anyId('t.paper_id', paperIds)}`.execute(tx);
  await tx.updateTable('marking_paper').set({ status: 'marking', final_scores: null, final_total: null, final_via: null, written: false, updated_at: new Date() })
    .where(anyId('id', paperIds)).execute();
}

/** The marks of papers (round, marker, scores) as they stand, for the audit of a reopening. */
export async function marksOf(q: Db | Tx, paperIds: number[]): Promise<{ paperId: number; round: number; markerId: number | null; scores: number[] }[]> {
  if (!paperIds.length) return [];
  const rows = await q.selectFrom('marking_task').select(['paper_id', 'round', 'marker_id', 'scores'])
    .where(anyId('paper_id', paperIds)).where('submitted_at', 'is not', null).orderBy('paper_id').orderBy('round').execute();
  return rows.map((r) => ({ paperId: r.paper_id, round: r.round, markerId: r.marker_id, scores: (r.scores as number[] | null) ?? [] }));
}

export interface ReopenAudit { schoolId: number; examSubjectId: number; blockId: number; paperId: number; examStudentId: number; old: unknown; reason: string }

/** The audit rows of papers sent back (no user: the system sent them), in chunks well below the 65,535 parameters of a statement. */
export async function insertReopenAudits(tx: Tx, rows: ReopenAudit[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await tx.insertInto('marking_audit').values(rows.slice(i, i + 1000).map((a) => ({
      school_id: a.schoolId, exam_subject_id: a.examSubjectId, block_id: a.blockId, paper_id: a.paperId, exam_student_id: a.examStudentId, user_id: null,
      kind: 'reopen', old: JSON.stringify(a.old), new: JSON.stringify({ status: 'marking' }), reason: a.reason,
    }))).execute();
  }
}

/** Every final paper of the subject counts as not written (its question scores were cleared): the next completion check writes them. */
export async function unwriteSubject(tx: Tx, examSubjectId: number): Promise<number> {
  const r = await tx.updateTable('marking_paper').set({ written: false })
    .where('block_id', 'in', (eb) => eb.selectFrom('marking_block').select('id').where('exam_subject_id', '=', examSubjectId))
    .where('written', '=', true).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
