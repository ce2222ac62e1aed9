import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;
import type { SignUpStatus } from '../../db/schema.js';

export function settingOf(q: Q, schoolId: number) {
  return q.selectFrom('school_sign_up').select(['enabled', 'code']).where('school_id', '=', schoolId).executeTakeFirst();
}

/** The school (and its switch) of a registration code. */
export function schoolOfCode(q: Q, code: string) {
  return q.selectFrom('school_sign_up').innerJoin('school', 'school.id', 'school_sign_up.school_id')
    .select(['school.id as schoolId', 'school.name as schoolName', 'school.status as schoolStatus', 'school_sign_up.enabled'])
    .where('school_sign_up.code', '=', code).executeTakeFirst();
}

export async function saveSetting(q: Q, schoolId: number, userId: number, enabled: boolean, code: string | null) {
  await q.insertInto('school_sign_up').values({ school_id: schoolId, enabled, code: code ?? '', updated_by: userId })
    .onConflict((oc) => oc.column('school_id').doUpdateSet({ enabled, updated_by: userId, updated_at: new Date(), ...(code ? { code } : {}) })).execute();
}

export function pendingWithLogin(q: Q, loginId: string) {
  return q.selectFrom('sign_up_request').select('id').where(sql`lower(login_id)`, '=', loginId.toLowerCase()).where('status', '=', 'pending').executeTakeFirst();
}

/** The newest request under a login id, for the answer of a failed login. */
export function latestRequestOfLogin(q: Q, loginId: string) {
  return q.selectFrom('sign_up_request').select(['status', 'reason', 'password_hash'])
    .where(sql`lower(login_id)`, '=', loginId.toLowerCase()).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertRequest(q: Q, row: { schoolId: number; loginId: string; name: string; phone: string; passwordHash: string }) {
  await q.insertInto('sign_up_request').values({ school_id: row.schoolId, login_id: row.loginId, name: row.name, phone: row.phone, password_hash: row.passwordHash }).execute();
}

export function requests(db: Db, schoolId: number, status: SignUpStatus | 'all') {
  return db.selectFrom('sign_up_request').select(['id', 'login_id', 'name', 'phone', 'status', 'reason', 'created_at', 'decided_at'])
    .where('school_id', '=', schoolId).$if(status !== 'all', (w) => w.where('status', '=', status as SignUpStatus))
    .orderBy('id', 'desc').limit(500).execute();
}

/** A pending request of the school, locked for the decision. */
export function pendingRequest(q: Q, schoolId: number, id: number) {
  return q.selectFrom('sign_up_request').selectAll().where('id', '=', id).where('school_id', '=', schoolId).forUpdate().executeTakeFirst();
}

export async function decide(q: Q, id: number, by: number, status: SignUpStatus, reason: string, userId: number | null) {
  await q.updateTable('sign_up_request').set({ status, reason, user_id: userId, decided_by: by, decided_at: new Date() }).where('id', '=', id).execute();
}
