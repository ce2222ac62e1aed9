import { sql, type Kysely } from 'kysely';

/**
 * The exam card's progress counts scores, marking included (docs/DOMAIN-RULES.md §6, 成绩完整度): the scores the
 * exam's present students need and how many are stored, kept beside status and progress whenever scores change;
 * the marks online marking has decided but not yet written are added when the card is read. Exams not touched
 * since keep their old progress until their next score change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table exam add column score_cells_needed integer not null default 0;
alter table exam add column score_cells_done integer not null default 0;
`.execute(db);
}
