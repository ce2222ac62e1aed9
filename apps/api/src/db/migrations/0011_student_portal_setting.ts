import { sql, type Kysely } from 'kysely';

/**
 * What a school lets its students see of their own results in the student portal (学生端): class rank and grade
 * rank separately. One row per school; no row = both shown (the defaults of the columns).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table student_portal_setting (
  school_id int primary key references school(id) on delete cascade,
  show_class_rank boolean not null default true,
  show_grade_rank boolean not null default true,
  updated_by int references app_user(id) on delete set null,
  updated_at timestamptz not null default now()
);
`.execute(db);
}
