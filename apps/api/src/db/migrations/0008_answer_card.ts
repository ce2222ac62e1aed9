import { sql, type Kysely } from 'kysely';

/**
 * Saved answer-sheet cards (答题卡): at most one per exam subject. settings = the card maker's choices
 * (@jz/shared/api/card cardSettingsSchema), layout = the CardLayout built from them (A4 pages, every element in
 * mm; packages/report-templates), exactly what is printed and what recognition will read. No row = the default
 * card built from the question set-up. school_id repeats the exam's school so every query filters by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table answer_card (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  exam_subject_id int not null unique references exam_subject(id) on delete cascade,
  settings jsonb not null,
  layout jsonb not null,
  updated_by int references app_user(id) on delete set null,
  updated_at timestamptz not null default now()
);
create index answer_card_school on answer_card (school_id);
`.execute(db);
}
