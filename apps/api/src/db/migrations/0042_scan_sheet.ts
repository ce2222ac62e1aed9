import { sql, type Kysely } from 'kysely';

/**
 * 异常卷 are counted by sheet (docs/DOMAIN-RULES.md §5): each scanned page keeps the sheet (一份答题卡) the
 * resolution put it in, named by the id of the sheet's first page. Pages resolved before this column existed read
 * as a sheet of their own until their subject is resolved again (coalesce(sheet_id, id) in the counters).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table scan_page add column sheet_id integer`.execute(db);
}
