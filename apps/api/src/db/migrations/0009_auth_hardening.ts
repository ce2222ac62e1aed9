import { sql, type Kysely } from 'kysely';

/**
 * Security hardening of accounts:
 * - app_user.must_change_password: the password was set by someone else (reset, new account made by an
 *   administrator, import); the account must change it before anything else (core/auth refuses other calls).
 * - mail_outbox.school_id: the school whose administrator may read the mail in its outbox, decided when the mail
 *   is written (the school of the account the address is bound to at that moment); null = only the platform
 *   administrator's outbox (every verification code, mail to an unbound address). Old rows stay platform-only.
 * - session.on_behalf: a teaching session the platform administrator opened (teach_login/admin_login_teach); the
 *   forced password change is the account owner's business, not the platform administrator's.
 * - login_throttle: one row per counted key (an account + client address pair, or a client address), updated
 *   under a row lock so that parallel attempts are counted one by one (modules/auth/login-throttle.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
alter table app_user add column must_change_password boolean not null default false;
alter table session add column on_behalf boolean not null default false;
alter table mail_outbox add column school_id int references school(id) on delete cascade;
create index mail_outbox_school on mail_outbox (school_id, id);
create table login_throttle (
  key text primary key,
  failures int not null default 0,
  last_failed_at timestamptz,
  next_allowed_at timestamptz
);
`.execute(db);
}
