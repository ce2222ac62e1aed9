import { sql, type Kysely } from 'kysely';

/**
 * Report parts as JSON text, not jsonb: a part is written once and read back whole by the api, never queried inside,
 * and jsonb cost the server a parse on every write and a conversion back to text on every read (a joint exam's
 * set is hundreds of MB).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exam_report_part alter column data type text using data::text`.execute(db);
}
