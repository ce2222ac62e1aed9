import { sql, type Kysely } from 'kysely';

/**
 * Score release (docs/DOMAIN-RULES.md §6): the stored results of release and the correction workflow.
 * - exam_report: one row per released exam, the whole report set of packages/analysis as JSON (data), its
 *   version (1, 2, … per re-release or approved correction) and when it was computed. The report api reads it.
 * - student_score: each exam student's subject scores and total (course_code 'TOTAL') with class and grade
 *   competition ranks; score and ranks null when absent (缺考). Rewritten on every release.
 * - score_correction (0006) gets the reject reason and at most one pending request per question score.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table exam_report (
  exam_id int primary key references exam(id) on delete cascade,
  version int not null default 1,
  computed_at timestamptz not null default now(),
  data jsonb not null
);

create table student_score (
  exam_id int not null references exam(id) on delete cascade,
  exam_student_id int not null references exam_student(id) on delete cascade,
  course_code text not null,
  score numeric(8,2),
  class_rank int,
  grade_rank int,
  primary key (exam_id, exam_student_id, course_code)
);

alter table score_correction add column reject_reason text not null default '';
create unique index score_correction_one_pending on score_correction (exam_student_id, question_id) where status = 'pending';
`.execute(db);
}
