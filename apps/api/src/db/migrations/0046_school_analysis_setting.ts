import { sql, type Kysely } from 'kysely';

/**
 * The school's analysis defaults (学校分析默认设置, /analyzeManageSystemSettings/systemSetting): one value per school and
 * settings family; a new exam of the school takes them as its analysis settings (copied into exam_setting when the
 * exam is created). Nothing stored = the platform default.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table school_analysis_setting (
  school_id int not null references school(id) on delete cascade,
  family text not null,
  value jsonb not null,
  updated_by int references app_user(id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (school_id, family)
);
`.execute(db);
}
