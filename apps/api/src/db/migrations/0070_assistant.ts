import { sql, type Kysely } from 'kysely';

/**
 * The AI assistant: each user's conversation (kept until the user clears it), a log of calls that the daily quotas
 * and the per-minute rate limit count (not cleared with the history, so clearing never resets a quota), and the
 * school's switch that lets student names reach an outside model provider (off by default).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table assistant_message (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  user_id int not null references app_user(id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  content text not null,
  exam_id int references exam(id) on delete set null,
  model text not null default '',
  sources jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create index assistant_message_user on assistant_message (user_id, id);
create table assistant_call (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  user_id int not null references app_user(id) on delete cascade,
  at timestamptz not null default now()
);
create index assistant_call_school on assistant_call (school_id, at);
create index assistant_call_user on assistant_call (user_id, at);
create table assistant_school_setting (
  school_id int primary key references school(id) on delete cascade,
  share_student_names boolean not null default false,
  updated_by int references app_user(id) on delete set null,
  updated_at timestamptz not null default now()
);
`.execute(db);
}
