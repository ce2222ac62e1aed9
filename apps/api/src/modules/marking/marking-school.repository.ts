/**
 * SQL of 各校阅卷 (docs/DECISIONS.md "Joint exams", 各校阅卷): a school's part of the organiser's blocks, counted over
 * the papers of its own candidates.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

export interface SchoolBlockCounts { blockId: number; papers: number; final: number; needed: number; done: number; held: number; free: number; problems: number; arbitrations: number }

/** Per block: the school's candidates' papers (all, final, 问题卷, 仲裁) and their marks of rounds 1–3 (needed, given, held, in the pool). */
export async function schoolBlockCounts(q: Db | Tx, blockIds: number[], schoolId: number): Promise<Map<number, SchoolBlockCounts>> {
  if (!blockIds.length) return new Map();
  const r = await sql<SchoolBlockCounts>`
    with p as (
      select p.* from marking_paper p join exam_student es on es.id = p.exam_student_id
      where p.block_id = any(${blockIds}::int[]) and es.school_id = ${schoolId}
    ), t as (
      select t.* from marking_task t join p on p.id = t.paper_id where t.round < 4
    )
    select b.id as "blockId",
      (select count(*)::int from p where p.block_id = b.id) as papers,
      (select count(*)::int from p where p.block_id = b.id and p.status = 'final') as final,
      (select count(*)::int from p where p.block_id = b.id and p.status = 'problem') as problems,
      (select count(*)::int from p where p.block_id = b.id and p.status = 'arbitration') as arbitrations,
      (select count(*)::int from t where t.block_id = b.id) as needed,
      (select count(*)::int from t where t.block_id = b.id and t.submitted_at is not null) as done,
      (select count(*)::int from t where t.block_id = b.id and t.submitted_at is null and t.lease_until > now()) as held,
      (select count(*)::int from t where t.block_id = b.id and t.submitted_at is null and (t.lease_until is null or t.lease_until < now())) as free
    from marking_block b where b.id = any(${blockIds}::int[])`.execute(q);
  return new Map(r.rows.map((x) => [x.blockId, x]));
}
