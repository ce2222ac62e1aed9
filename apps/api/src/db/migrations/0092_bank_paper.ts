import { sql, type Kysely } from 'kysely';

/**
 * 组卷: a paper kept in the bank with the teacher's order and section headings, so that reopening it, its Word
 * export and its answer card all follow the same order. items: [{ questionId, score, section }] in paper order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table bank_paper (
  id serial primary key,
  school_id integer not null references school(id) on delete cascade,
  course_code varchar(20) not null,
  title varchar(60) not null,
  items jsonb not null default '[]',
  created_by integer references app_user(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bank_paper_school on bank_paper (school_id, course_code, updated_at desc);
`.execute(db);
}
