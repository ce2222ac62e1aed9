import { sql } from 'kysely';
import type { AssistantMessage, AssistantSource } from '@jz/shared/api/assistant';
import type { Db } from '../../db/database.js';

export interface Limits { schoolDaily: number; userDaily: number; perMinute: number }
export type CallRefusal = 'user' | 'school' | 'rate';

/**
 * Counts one call against the quotas, or says which limit refuses it. The check and the insert are one statement,
 * so that two requests of one user cannot both take the last call of the day.
 */
export async function takeCall(db: Db, schoolId: number, userId: number, dayStart: Date, l: Limits): Promise<CallRefusal | null> {
  const minuteAgo = new Date(Date.now() - 60_000);
  const taken = await sql<{ id: number }>`
    insert into assistant_call (school_id, user_id)
    select ${schoolId}, ${userId}
    where (select count(*) from assistant_call where user_id = ${userId} and at >= ${dayStart}) < ${l.userDaily}
      and (select count(*) from assistant_call where school_id = ${schoolId} and at >= ${dayStart}) < ${l.schoolDaily}
      and (select count(*) from assistant_call where user_id = ${userId} and at > ${minuteAgo}) < ${l.perMinute}
    returning id`.execute(db);
  if (taken.rows.length) return null;
  const c = await callCounts(db, schoolId, userId, dayStart);
  if (c.user >= l.userDaily) return 'user';
  if (c.school >= l.schoolDaily) return 'school';
  return 'rate';
}

export async function callCounts(db: Db, schoolId: number, userId: number, dayStart: Date) {
  const r = await sql<{ user: number; school: number }>`
    select count(*) filter (where user_id = ${userId})::int as user, count(*)::int as school
    from assistant_call where school_id = ${schoolId} and at >= ${dayStart}`.execute(db);
  return r.rows[0] ?? { user: 0, school: 0 };
}

export async function saveTurn(db: Db, row: { schoolId: number; userId: number; examId: number; model: string; question: string; answer: string; sources: AssistantSource[]; unsourced: string[] }) {
  return db.transaction().execute(async (tx) => {
    await tx.insertInto('assistant_message').values({ school_id: row.schoolId, user_id: row.userId, role: 'user', content: row.question, exam_id: row.examId, model: row.model }).execute();
    return tx.insertInto('assistant_message').values({
      school_id: row.schoolId, user_id: row.userId, role: 'assistant', content: row.answer, exam_id: row.examId, model: row.model,
      sources: JSON.stringify({ sources: row.sources, unsourced: row.unsourced }),
    }).returning(['id', 'created_at']).executeTakeFirstOrThrow();
  });
}

export async function history(db: Db, userId: number, size: number): Promise<AssistantMessage[]> {
  const rows = await db.selectFrom('assistant_message').select(['id', 'role', 'content', 'exam_id', 'model', 'sources', 'created_at'])
    .where('user_id', '=', userId).orderBy('id', 'desc').limit(size).execute();
  return rows.reverse().map((r) => {
    const s = (r.sources && !Array.isArray(r.sources) ? r.sources : {}) as { sources?: AssistantSource[]; unsourced?: string[] };
    return { id: r.id, role: r.role, content: r.content, examId: r.exam_id, model: r.model, sources: s.sources ?? [], unsourced: s.unsourced ?? [], createdAt: r.created_at.toISOString() };
  });
}

export async function clearHistory(db: Db, userId: number): Promise<number> {
  const r = await db.deleteFrom('assistant_message').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function shareStudentNames(db: Db, schoolId: number): Promise<boolean> {
  const r = await db.selectFrom('assistant_school_setting').select('share_student_names').where('school_id', '=', schoolId).executeTakeFirst();
  return r?.share_student_names ?? false;
}

export async function setShareStudentNames(db: Db, schoolId: number, userId: number, value: boolean) {
  await db.insertInto('assistant_school_setting').values({ school_id: schoolId, share_student_names: value, updated_by: userId })
    .onConflict((oc) => oc.column('school_id').doUpdateSet({ share_student_names: value, updated_by: userId, updated_at: new Date() })).execute();
}

/** The school's student names (distinct), for masking what a teacher types. */
export async function studentNames(db: Db, schoolId: number): Promise<string[]> {
  const rows = await db.selectFrom('student').select('name').distinct().where('school_id', '=', schoolId).execute();
  return rows.map((r) => r.name.trim()).filter(Boolean);
}

export async function schoolCallsSince(db: Db, schoolId: number, since: Date): Promise<number> {
  const r = await db.selectFrom('assistant_call').select((eb) => eb.fn.countAll<string>().as('n')).where('school_id', '=', schoolId).where('at', '>=', since).executeTakeFirst();
  return Number(r?.n ?? 0);
}
