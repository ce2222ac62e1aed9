import { sql, type Kysely } from 'kysely';

/**
 * Report parts keyed by version too: a release writes the parts of its next version one variant at a time before
 * its final transaction (so it never holds the whole set in memory), beside the parts of the version readers see;
 * the final transaction moves the head to the new version and deletes the old parts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table exam_report_part drop constraint exam_report_part_pkey;
alter table exam_report_part add primary key (exam_id, version, variant, report);
`.execute(db);
}
