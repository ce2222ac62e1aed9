/** SQL of logins and email codes (accounts are written by users/accounts.repository; rate counters: rate-limit.ts). */
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import { sha256 } from '../../core/crypto.js';

type Q = Db | Tx;

// ---------- logins ----------

/** The account of a login id with its school's status. */
export function loginTarget(db: Q, loginId: string) {
  return db.selectFrom('app_user as u').leftJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id', 'u.login_id', 'u.email', 'u.password_hash', 'u.user_type', 'u.status', 'u.school_id', 's.status as school_status', 'u.must_change_password'])
    .where('u.login_id', '=', loginId).executeTakeFirst();
}

/** Ends the session of a token (nothing if it has ended already). */
export async function revokeToken(db: Q, token: string): Promise<void> {
  await db.updateTable('session').set({ revoked_at: new Date() }).where('token_hash', '=', sha256(token)).where('revoked_at', 'is', null).execute();
}

export function emailOf(db: Q, userId: number) {
  return db.selectFrom('app_user').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
}

/** A school account with its school's name and logo. */
export function accountWithSchool(db: Q, userId: number) {
  return db.selectFrom('app_user as u').innerJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id', 'u.login_id', 'u.user_name', 'u.email', 'u.user_type', 's.id as school_id', 's.name as school_name', 's.logo'])
    .where('u.id', '=', userId).executeTakeFirstOrThrow();
}

export function schoolStatus(db: Q, schoolId: number) {
  return db.selectFrom('school').select(['id', 'status']).where('id', '=', schoolId).executeTakeFirst();
}

/** The lowest-id enabled school_admin account of a school. */
export function firstSchoolAdmin(db: Q, schoolId: number) {
  return db.selectFrom('user_role as ur').innerJoin('app_user as u', 'u.id', 'ur.user_id')
    .select('u.id').where('ur.school_id', '=', schoolId).where('ur.role_code', '=', 'school_admin')
    .where('u.status', '=', 1).where('u.school_id', '=', schoolId).orderBy('u.id').limit(1).executeTakeFirst();
}

// ---------- email codes ----------

export interface NewEmailCode { email: string; purpose: string; user_id: number | null; code_hash: string; expires_at: RawBuilder<Date> }

/** Marks the unused codes of a mailbox and purpose used (only the newest code is valid). */
export async function retireCodes(tx: Q, email: string, purpose: string): Promise<void> {
  await tx.updateTable('email_code').set({ used_at: new Date() })
    .where(sql`lower(email)`, '=', email).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}

export async function insertCode(tx: Q, values: NewEmailCode): Promise<number> {
  return (await tx.insertInto('email_code').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function markCodeUsed(db: Q, id: number): Promise<void> {
  await db.updateTable('email_code').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** The newest unused, unexpired code of a mailbox and purpose. */
export function newestCode(db: Q, email: string, purpose: string) {
  return db.selectFrom('email_code').select(['id', 'code_hash', 'user_id'])
    .where(sql`lower(email)`, '=', email).where('purpose', '=', purpose)
    .where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Uses a code once: undefined when it was used in the meantime. */
export function consumeCode(db: Q, id: number) {
  return db.updateTable('email_code').set({ used_at: new Date() })
    .where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
}

/** The user's marking and scanning duties that are not roles: 题组长 of some block, 扫描员 of some exam subject (menus). */
export async function dutiesOf(db: Q, schoolId: number, userId: number): Promise<{ leadsBlock: boolean; operates: boolean }> {
  const r = await sql<{ leadsBlock: boolean; operates: boolean }>`
    select exists (select 1 from marking_block b where b.school_id = ${schoolId} and b.leader_user_id = ${userId}) as "leadsBlock",
      exists (select 1 from scan_operator o where o.school_id = ${schoolId} and o.user_id = ${userId}) as "operates"`.execute(db);
  return r.rows[0]!;
}
