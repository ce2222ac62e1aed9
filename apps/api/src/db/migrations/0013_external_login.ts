import { sql, type Kysely } from 'kysely';

/**
 * Phone and WeChat sign-in (docs/PRODUCT.md §7: duanx/verify, verifSMS, pwdPhone, bind_phone, wechat/qrAuthorize, callBack).
 * user_binding: a phone number or a WeChat openid bound to one account after proof (an SMS code, a WeChat scan);
 * each value binds one account, each account one value per kind. phone_code: SMS codes, stored hashed like email
 * codes. wechat_state: the `state` of one WeChat QR authorisation, carrying its purpose and, once WeChat called
 * back, its outcome (a session token handed out once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
create table user_binding (
  id serial primary key,
  user_id int not null references app_user(id) on delete cascade,
  kind text not null check (kind in ('phone', 'wechat')),
  value text not null,
  created_at timestamptz not null default now(),
  unique (kind, value),
  unique (user_id, kind)
);
create table phone_code (
  id serial primary key,
  phone text not null,
  purpose text not null check (purpose in ('bind', 'login', 'reset')),
  user_id int references app_user(id) on delete cascade,
  code_hash text not null,
  fails int not null default 0,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index phone_code_phone on phone_code (phone, purpose);
create table wechat_state (
  state text primary key,
  purpose text not null check (purpose in ('login', 'bind')),
  user_id int references app_user(id) on delete cascade,
  status text not null default 'waiting' check (status in ('waiting', 'done', 'unbound', 'failed', 'taken')),
  result_user_id int references app_user(id) on delete cascade,
  message text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
`.execute(db);
}
