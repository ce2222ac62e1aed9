import { sql, type Kysely } from 'kysely';

/**
 * How a joint exam's subject gets its scores (docs/DECISIONS.md "Joint exams: each school's scores"), chosen by the
 * organiser per subject: 'import' (学校导入: each school imports its own candidates' Excel scores), 'school_marking'
 * (各校阅卷: each school scans and marks its own papers), 'mixed_marking' (混合阅卷: shared marking across schools).
 * A single-school exam keeps the default and never reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table exam_subject add column joint_scoring text not null default 'import'
  check (joint_scoring in ('import', 'school_marking', 'mixed_marking'));
`.execute(db);
}
