/** SQL of school years and their terms (school_year, semester). */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import { ymd } from '../school-class/school-data.js';

type Q = Db | Tx;

/** A school's years, newest first. */
export function yearsOfSchool(db: Q, schoolId: number) {
  return db.selectFrom('school_year')
    .select(['id', 'name', 'is_current', ymd('start_date').as('startDate'), ymd('end_date').as('endDate')])
    .where('school_id', '=', schoolId).orderBy('start_date', 'desc').orderBy('id', 'desc').execute();
}

/** A school's terms by start date. */
export function termsOfSchool(db: Q, schoolId: number) {
  return db.selectFrom('semester')
    .select(['id', 'school_year_id', 'name', 'is_current', ymd('start_date').as('startDate'), ymd('end_date').as('endDate')])
    .where('school_id', '=', schoolId).orderBy('start_date').orderBy('id').execute();
}

/** The year if it belongs to the school. */
export function yearOfSchool(tx: Q, schoolId: number, id: number) {
  return tx.selectFrom('school_year').select(['id', 'name', 'is_current']).where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst();
}

export function currentYear(tx: Q, schoolId: number) {
  return tx.selectFrom('school_year').select('id').where('school_id', '=', schoolId).where('is_current', '=', true).executeTakeFirst();
}

/** Another year of the school with this name (exceptId: the year being edited). */
export function yearNamed(tx: Q, schoolId: number, name: string, exceptId?: number) {
  return tx.selectFrom('school_year').select('id').where('school_id', '=', schoolId).where('name', '=', name)
    .$if(!!exceptId, (q) => q.where('id', '!=', exceptId!)).executeTakeFirst();
}

export interface YearValues { name: string; start_date: string; end_date: string }

export async function updateYear(tx: Q, id: number, values: YearValues): Promise<void> {
  await tx.updateTable('school_year').set(values).where('id', '=', id).execute();
}

export async function insertYear(tx: Q, schoolId: number, values: YearValues): Promise<number> {
  return (await tx.insertInto('school_year').values({ ...values, school_id: schoolId, is_current: false }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Makes `yearId` the school's only current year (the other years' terms stop being current). */
export async function setCurrentYear(tx: Q, schoolId: number, yearId: number): Promise<void> {
  await tx.updateTable('school_year').set({ is_current: false }).where('school_id', '=', schoolId).where('id', '!=', yearId).where('is_current', '=', true).execute();
  await tx.updateTable('semester').set({ is_current: false }).where('school_id', '=', schoolId).where('school_year_id', '!=', yearId).where('is_current', '=', true).execute();
  await tx.updateTable('school_year').set({ is_current: true }).where('id', '=', yearId).execute();
}

/** Ids of a year's terms by start date. */
export async function termIdsOfYear(tx: Q, yearId: number): Promise<number[]> {
  return (await tx.selectFrom('semester').select('id').where('school_year_id', '=', yearId).orderBy('start_date').execute()).map((r) => r.id);
}

export async function deleteTerms(tx: Q, ids: number[]): Promise<void> {
  await tx.deleteFrom('semester').where('id', 'in', ids).execute();
}

/** Renames terms to a unique temporary name, so a swap of names does not hit the unique (year, name) index. */
export async function renameTermsAside(tx: Q, ids: number[]): Promise<void> {
  await tx.updateTable('semester').set({ name: sql<string>`name || '#' || id::text` }).where('id', 'in', ids).execute();
}

export interface TermValues { name: string; start_date: string; end_date: string; is_current: boolean }

export async function updateTerm(tx: Q, id: number, values: TermValues): Promise<void> {
  await tx.updateTable('semester').set(values).where('id', '=', id).execute();
}

export async function insertTerm(tx: Q, schoolId: number, yearId: number, values: TermValues): Promise<void> {
  await tx.insertInto('semester').values({ ...values, school_id: schoolId, school_year_id: yearId }).execute();
}

/** Deletes a year with its terms. */
export async function deleteYear(tx: Q, id: number): Promise<void> {
  await tx.deleteFrom('semester').where('school_year_id', '=', id).execute();
  await tx.deleteFrom('school_year').where('id', '=', id).execute();
}

/** Makes `termId` the only current term of its year. */
export async function setCurrentTerm(tx: Q, yearId: number, termId: number): Promise<void> {
  await tx.updateTable('semester').set({ is_current: false }).where('school_year_id', '=', yearId).execute();
  await tx.updateTable('semester').set({ is_current: true }).where('id', '=', termId).execute();
}
