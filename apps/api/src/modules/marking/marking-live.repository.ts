/** SQL of the live monitor (migrations/0023_marking_live.ts): the per-exam change version. */
import { sql, type QueryCreator } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Db, Tx } from '../../db/database.js';

/** Version rows per exam (migration 0028): marks of papers on different shards never wait for each other's commit. */
export const VERSION_SHARDS = 32;

/**
 * Raises the exam's marking version inside the caller's transaction (visible to every instance at commit).
 * `key` picks the shard (a paper id: marks of one paper are serialised by its row lock anyway); 0 by default.
 */
export async function bumpVersion(q: Db | Tx, examId: number, schoolId: number, key = 0): Promise<void> {
  await versionBump(q, examId, schoolId, key).execute();
}

/** bumpVersion's statement, also usable as a CTE of another write (marking.repository setPaper). */
export function versionBump(q: QueryCreator<DB>, examId: number, schoolId: number, key = 0) {
  return q.insertInto('marking_change').values({ exam_id: examId, shard: key % VERSION_SHARDS, school_id: schoolId, version: 1 })
    .onConflict((oc) => oc.columns(['exam_id', 'shard']).doUpdateSet({ version: sql`marking_change.version + 1`, changed_at: sql`now()` }))
    .returning('version');
}

/** Current versions of the exams (the sum of their shards; 0 for an exam never changed). One query for every stream of an instance. */
export async function versions(db: Db, examIds: number[]): Promise<Map<number, number>> {
  const out = new Map(examIds.map((id) => [id, 0]));
  if (!examIds.length) return out;
  const rows = await db.selectFrom('marking_change').select(['exam_id', sql<number>`sum(version)`.as('version')]).where('exam_id', 'in', examIds).groupBy('exam_id').execute();
  for (const r of rows) out.set(r.exam_id, Number(r.version));
  return out;
}

/** The submitted first, second and third marks of a block with their time (the chart detail page). */
export async function timedMarks(db: Db, blockId: number): Promise<{ markerId: number; total: number; submittedAt: Date }[]> {
  const rows = await db.selectFrom('marking_task').select(['marker_id', 'total', 'submitted_at'])
    .where('block_id', '=', blockId).where('round', '<', 4).where('submitted_at', 'is not', null).where('marker_id', 'is not', null).execute();
  return rows.map((r) => ({ markerId: r.marker_id!, total: Number(r.total), submittedAt: new Date(r.submitted_at!) }));
}
