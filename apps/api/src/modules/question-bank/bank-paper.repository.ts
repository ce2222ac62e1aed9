/** SQL of 组卷 papers kept in the bank (bank_paper); every query names the school. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export function findPaper(db: Q, schoolId: number, id: number) {
  return db.selectFrom('bank_paper').select(['id', 'course_code', 'title', 'items', 'created_by']).where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
}

export function listPapers(db: Q, schoolId: number, courseCode: string) {
  return db.selectFrom('bank_paper').select(['id', 'title', 'items', 'updated_at']).where('school_id', '=', schoolId).where('course_code', '=', courseCode)
    .orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(200).execute();
}

export async function insertPaper(db: Q, v: { school_id: number; course_code: string; title: string; items: string; created_by: number }) {
  return (await db.insertInto('bank_paper').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export function updatePaper(db: Q, schoolId: number, id: number, v: { title: string; items: string }) {
  return db.updateTable('bank_paper').set({ ...v, updated_at: sql<Date>`now()` }).where('school_id', '=', schoolId).where('id', '=', id).execute();
}

export function deletePaper(db: Q, schoolId: number, id: number) {
  return db.deleteFrom('bank_paper').where('school_id', '=', schoolId).where('id', '=', id).execute();
}
