import { sql, type Kysely } from 'kysely';

/**
 * 从考试加入题库: one bank question per exam question and school, so that adding an exam again updates its
 * questions instead of copying them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create unique index bank_question_source on bank_question (school_id, source_question_id) where source_question_id is not null;
`.execute(db);
}
