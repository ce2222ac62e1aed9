import { sql, type Kysely } from 'kysely';

/**
 * The live monitor's change version split over shards (docs/DECISIONS.md "Marking speed"): a
 * marking change raises one of the exam's rows (exam_id, shard) and readers take the sum. One row per exam made
 * every submit of the exam wait for the previous one's commit (the row lock is held to the commit's WAL flush);
 * with shards two submits wait for each other only when their papers fall on the same shard. The sum only rises,
 * as the single version did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table marking_change add column shard smallint not null default 0`.execute(db);
  await sql`alter table marking_change drop constraint marking_change_pkey`.execute(db);
  await sql`alter table marking_change add primary key (exam_id, shard)`.execute(db);
}
