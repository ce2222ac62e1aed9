/** SQL of phone and WeChat sign-in: bindings, SMS codes and WeChat QR states. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import { dbLater } from '../auth/rate-limit.js';

type Kind = 'phone' | 'wechat';
type Q = Db | Tx;

/** The account a phone number or openid is bound to, with what login needs to know about it. */
export async function userByBinding(db: Q, kind: Kind, value: string) {
  return db.selectFrom('user_binding as b').innerJoin('app_user as u', 'u.id', 'b.user_id').leftJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id', 'u.login_id', 'u.user_type', 'u.status', 'u.school_id', 's.status as school_status'])
    .where('b.kind', '=', kind).where('b.value', '=', value).executeTakeFirst();
}

export async function bindingsOf(db: Q, userId: number) {
  return db.selectFrom('user_binding').select(['kind', 'value']).where('user_id', '=', userId).execute();
}

/** Binds value to the user (replacing the user's previous value of the kind); false when another account holds it. */
export async function bindValue(tx: Tx, userId: number, kind: Kind, value: string): Promise<boolean> {
  const holder = await tx.selectFrom('user_binding').select('user_id').where('kind', '=', kind).where('value', '=', value).forUpdate().executeTakeFirst();
  if (holder && holder.user_id !== userId) return false;
  await tx.deleteFrom('user_binding').where('user_id', '=', userId).where('kind', '=', kind).execute();
  await tx.insertInto('user_binding').values({ user_id: userId, kind, value }).execute();
  return true;
}

export async function unbind(db: Q, userId: number, kind: Kind): Promise<number> {
  const r = await db.deleteFrom('user_binding').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A new SMS code; the older unused codes of the phone and purpose stop counting. */
export async function insertPhoneCode(db: Db, row: { phone: string; purpose: 'bind' | 'login' | 'reset'; userId: number | null; codeHash: string; ttlMs: number }) {
  return db.transaction().execute(async (tx) => {
    await tx.updateTable('phone_code').set({ used_at: new Date() })
      .where('phone', '=', row.phone).where('purpose', '=', row.purpose).where('used_at', 'is', null).execute();
    const r = await tx.insertInto('phone_code').values({
      phone: row.phone, purpose: row.purpose, user_id: row.userId, code_hash: row.codeHash, expires_at: dbLater(row.ttlMs),
    }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  });
}

export async function newestPhoneCode(db: Q, phone: string, purpose: 'bind' | 'login' | 'reset') {
  return db.selectFrom('phone_code').select(['id', 'code_hash', 'user_id', 'fails'])
    .where('phone', '=', phone).where('purpose', '=', purpose)
    .where('used_at', 'is', null).where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Counts a wrong code atomically; answers the new count. */
export async function countPhoneCodeFail(db: Q, id: number): Promise<number> {
  const r = await db.updateTable('phone_code').set({ fails: sql`fails + 1` }).where('id', '=', id).returning('fails').executeTakeFirst();
  return r?.fails ?? 0;
}

/** Marks the code used; false when another request used it first. */
export async function usePhoneCode(db: Q, id: number): Promise<boolean> {
  const r = await db.updateTable('phone_code').set({ used_at: new Date() }).where('id', '=', id).where('used_at', 'is', null).returning('id').executeTakeFirst();
  return !!r;
}

export async function retirePhoneCode(db: Q, id: number): Promise<void> {
  await db.updateTable('phone_code').set({ used_at: new Date() }).where('id', '=', id).execute();
}

export async function insertWechatState(db: Db, row: { state: string; purpose: 'login' | 'bind'; userId: number | null; ttlMs: number }) {
  await db.insertInto('wechat_state').values({ state: row.state, purpose: row.purpose, user_id: row.userId, expires_at: dbLater(row.ttlMs) }).execute();
}

export async function wechatState(db: Q, state: string) {
  return db.selectFrom('wechat_state').select(['state', 'purpose', 'user_id', 'status', 'result_user_id', 'message', sql<boolean>`expires_at < now()`.as('expired')])
    .where('state', '=', state).executeTakeFirst();
}

/** Moves a state from one status to the next; false when it was no longer in `from` (a second callback or poll). */
export async function moveWechatState(db: Q, state: string, from: string, to: { status: 'done' | 'unbound' | 'failed' | 'taken'; resultUserId?: number | null; message?: string | null }): Promise<boolean> {
  const r = await db.updateTable('wechat_state')
    .set({ status: to.status, ...(to.resultUserId !== undefined ? { result_user_id: to.resultUserId } : {}), ...(to.message !== undefined ? { message: to.message } : {}) })
    .where('state', '=', state).where('status', '=', from as never).returning('state').executeTakeFirst();
  return !!r;
}

/** The account a finished WeChat login hands a session to, with its school's status. */
export function loginTarget(db: Q, userId: number) {
  return db.selectFrom('app_user as u').leftJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id', 'u.user_type', 'u.status', 'u.school_id', 's.status as school_status']).where('u.id', '=', userId).executeTakeFirstOrThrow();
}
