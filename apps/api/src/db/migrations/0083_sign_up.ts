import { sql, type Kysely } from 'kysely';

/**
 * Teacher sign-up (teach_login/sign_up): a school may let teachers register with its registration code (off by
 * default); each sign-up waits as a request until the school approves it (the account is made then) or refuses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table school_sign_up (
  school_id int primary key references school(id) on delete cascade,
  enabled boolean not null default false,
  code text not null unique,
  updated_by int references app_user(id) on delete set null,
  updated_at timestamptz not null default now()
);
create table sign_up_request (
  id serial primary key,
  school_id int not null references school(id) on delete cascade,
  login_id text not null,
  name text not null,
  phone text not null default '',
  password_hash text not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  reason text not null default '',
  user_id int references app_user(id) on delete set null,
  decided_by int references app_user(id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index sign_up_request_pending_login on sign_up_request (lower(login_id)) where status = 'pending';
create index sign_up_request_school on sign_up_request (school_id, status, id);
`.execute(db);
}
