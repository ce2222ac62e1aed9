import { sql, type Kysely } from 'kysely';

/**
 * Scanning that resumes after a crash and budgets a school's disk (docs/DECISIONS.md, Scanning):
 * - scan_batch.retrying_at: a retry holds the batch while it queues its jobs (one retry at a time, a conditional
 *   update); a retry that died holding it lets go after a minute.
 * - scan_page.source_bytes: the stored size of the uploaded file, on the file's first row (file_index 1) while its
 *   source is kept; the school's usage is their sum.
 * - school.scan_disk_quota: the school's own budget for stored upload files (null = the platform's, SCAN_LIMITS).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table scan_batch add column retrying_at timestamptz;
alter table scan_page add column source_bytes bigint;
alter table school add column scan_disk_quota bigint;
create index scan_page_school_source on scan_page (school_id) where source_bytes is not null;
`.execute(db);
}
