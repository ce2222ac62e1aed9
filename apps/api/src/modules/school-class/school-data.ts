import { z } from 'zod';
import { envelope } from '../../core/http.js';
import { sql, type RawBuilder } from 'kysely';
import type { AuthUser } from '../../core/auth.js';
import { BizError, forbidden } from '../../core/http.js';
import type { Db } from '../../db/database.js';

/** Helpers shared by the school-data modules (grades, years, classes, students, teachers). */
export type SchoolUser = AuthUser & { schoolId: number };

/** A date column as 'YYYY-MM-DD' (no time-zone round trip through JS Date). */
export const ymd = (column: string): RawBuilder<string> => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The grade if it belongs to the caller's school; otherwise 403 (another school's id looks like a missing one). */
export async function gradeOfSchool(db: Db, user: SchoolUser, gradeId: number) {
  const g = await db.selectFrom('school_grade').selectAll().where('id', '=', gradeId).where('school_id', '=', user.schoolId).executeTakeFirst();
  if (!g) throw forbidden();
  return g;
}

/** The class (with its grade name) if it belongs to the caller's school; otherwise 403. */
export async function classOfSchool(db: Db, user: SchoolUser, classId: number) {
  const c = await db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'c.grade_id', 'c.class_type', 'c.sort', 'g.name as gradeName'])
    .where('c.id', '=', classId).where('c.school_id', '=', user.schoolId).executeTakeFirst();
  if (!c) throw forbidden();
  return c;
}

export function isFkViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23503';
}
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';
}

/** Runs a write; a foreign-key refusal (the row is still used elsewhere) becomes a Chinese BizError. */
export async function guardInUse<T>(fn: () => Promise<T>, msg: string): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isFkViolation(err)) throw new BizError(msg);
    throw err;
  }
}

/** Ids listed once, in order. */
export const uniqueIds = (ids: number[]) => [...new Set(ids)];

/**
 * Response schema `{ code, msg, data }` whose data may also be null: refusals (BizError, bad input) are sent through
 * the route's serializer too, with data null.
 */
export const answer = <T extends z.ZodType>(data: T) => envelope(data.nullable());
