import { sql, type Kysely } from 'kysely';

/**
 * A released exam's report set in pieces: exam_report keeps the version and the set's head (exam, settings, classes,
 * subjects), exam_report_part one row per variant (every student, each 学籍类型) and report (transcript, overview …).
 * One jsonb value for a joint exam of 100,000 candidates is over what a JavaScript string and a jsonb value can hold;
 * a piece is at most one variant's transcript. Sets stored whole before this keep their variants in exam_report.data
 * and are read as they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table exam_report_part (
  exam_id int not null references exam(id) on delete cascade,
  variant text not null,
  report text not null,
  version int not null,
  data jsonb not null,
  primary key (exam_id, variant, report)
);
`.execute(db);
}
