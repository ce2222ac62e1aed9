import { sql, type Kysely } from 'kysely';

/**
 * Marking under load (scripts/bench/marking-load.bench.ts): the pool in hand-out order. marking/next
 * takes the first free task of a block by (paper_id, round) among the unsubmitted ones (marking.repository
 * leaseNext); with this index it reads the block's queue from its head and stops at the first task it may lock,
 * instead of sorting every open task of the block on each call.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index marking_task_queue on marking_task (block_id, paper_id, round) where submitted_at is null`.execute(db);
}
