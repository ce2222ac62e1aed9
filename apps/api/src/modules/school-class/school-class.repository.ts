/** SQL of the class tree (school_class; head teachers are read from user_role, written by users/accounts.repository). */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

/** A school's classes, optionally only some (visible: ids, or 'all'), in display order. */
export function classesOfSchool(db: Q, schoolId: number, visible: number[] | 'all') {
  return db.selectFrom('school_class').select(['id', 'grade_id', 'name', 'class_type', 'sort'])
    .where('school_id', '=', schoolId).$if(visible !== 'all', (q) => q.where('id', 'in', visible as number[]))
    .orderBy('sort').orderBy('id').execute();
}

/** A school's grades, optionally only some (visible: ids, or 'all'; no ids: none), in display order. */
export function gradesOfSchool(db: Q, schoolId: number, visible: number[] | 'all' = 'all') {
  return db.selectFrom('school_grade').select(['id', 'name', 'sort']).where('school_id', '=', schoolId)
    .$if(visible !== 'all', (q) => q.where('id', 'in', (visible as number[]).length ? (visible as number[]) : [0]))
    .orderBy('sort').orderBy('id').execute();
}

/** Students per class (classes without students are absent); schoolId: only that school's students. */
export function studentCounts(db: Q, classIds: number[], schoolId?: number) {
  return db.selectFrom('student').select(['class_id', sql<number>`count(*)::int`.as('n')])
    .$if(schoolId !== undefined, (q) => q.where('school_id', '=', schoolId!))
    .where('class_id', 'in', classIds).groupBy('class_id').execute();
}

/** Head teachers' names of some classes, in role order. */
export function headTeachers(db: Q, schoolId: number, classIds: number[]) {
  return db.selectFrom('user_role as r').innerJoin('app_user as u', 'u.id', 'r.user_id')
    .select(['r.class_id', 'u.user_name']).where('r.school_id', '=', schoolId).where('r.role_code', '=', 'head_teacher')
    .where('r.class_id', 'in', classIds).orderBy('r.id').execute();
}

export function studentsOfClass(db: Q, schoolId: number, classId: number) {
  return db.selectFrom('student').select(['id', 'name', 'admission_no', 'gender', 'registration_type', 'class_id'])
    .where('school_id', '=', schoolId).where('class_id', '=', classId).orderBy('admission_no').orderBy('id').execute();
}

/** Positions 1, 2, … in the given order. */
export async function renumber(tx: Q, ids: number[]): Promise<void> {
  for (const [i, id] of ids.entries()) await tx.updateTable('school_class').set({ sort: i + 1 }).where('id', '=', id).execute();
}

/** Another class of the grade with this name (exceptId: the class being renamed). */
export function classNamed(tx: Q, gradeId: number, name: string, exceptId?: number) {
  return tx.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).where('name', '=', name)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!)).executeTakeFirst();
}

export async function setGrade(tx: Q, classId: number, gradeId: number): Promise<void> {
  await tx.updateTable('school_class').set({ grade_id: gradeId }).where('id', '=', classId).execute();
}

/** Ids of a grade's classes in display order, optionally without one. */
export async function classIdsOfGrade(tx: Q, gradeId: number, exceptId?: number): Promise<number[]> {
  return (await tx.selectFrom('school_class').select('id').where('grade_id', '=', gradeId)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .orderBy('sort').orderBy('id').execute()).map((r) => r.id);
}

export function namesAndSorts(tx: Q, gradeId: number) {
  return tx.selectFrom('school_class').select(['name', 'sort']).where('grade_id', '=', gradeId).execute();
}

export interface NewClass { school_id: number; grade_id: number; name: string; class_type: string; sort: number }

export function insertClasses(tx: Q, rows: NewClass[]) {
  return tx.insertInto('school_class').values(rows).returning(['id', 'name']).execute();
}

/** Classes with their grade names. */
export function classesWithGrade(tx: Q, ids: number[]) {
  return tx.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.name as gradeName']).where('c.id', 'in', ids).execute();
}

export async function deleteClasses(tx: Q, schoolId: number, ids: number[]): Promise<void> {
  await tx.deleteFrom('school_class').where('id', 'in', ids).where('school_id', '=', schoolId).execute();
}

export async function renameClass(tx: Q, id: number, name: string, classType?: string): Promise<void> {
  await tx.updateTable('school_class').set({ name, ...(classType ? { class_type: classType } : {}) }).where('id', '=', id).execute();
}
