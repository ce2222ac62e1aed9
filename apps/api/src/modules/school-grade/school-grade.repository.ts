/** SQL of a school's grades and their courses (school_grade, school_grade_course) and the platform dictionaries. */
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

/** A school's grades (visible: ids, or 'all'), in display order. */
export function gradesOfSchool(db: Q, schoolId: number, visible: number[] | 'all') {
  return db.selectFrom('school_grade').select(['id', 'name', 'grade_dict_id', 'sort']).where('school_id', '=', schoolId)
    .$if(visible !== 'all', (q) => q.where('id', 'in', visible as number[]))
    .orderBy('sort').orderBy('id').execute();
}

/** The courses of some grades of a school, in display order. */
export function coursesOfGrades(db: Q, schoolId: number, gradeIds: number[]) {
  return db.selectFrom('school_grade_course').select(['id', 'grade_id', 'course_code', 'course_name', 'sort'])
    .where('school_id', '=', schoolId).where('grade_id', 'in', gradeIds).orderBy('sort').orderBy('id').execute();
}

export function gradeDictEntry(tx: Q, id: number) {
  return tx.selectFrom('grade_dict').select(['id', 'name', 'sort']).where('id', '=', id).executeTakeFirst();
}

export function gradeNamed(tx: Q, schoolId: number, name: string) {
  return tx.selectFrom('school_grade').select('id').where('school_id', '=', schoolId).where('name', '=', name).executeTakeFirst();
}

export async function insertGrade(tx: Q, values: { school_id: number; grade_dict_id: number; name: string; sort: number }): Promise<number> {
  return (await tx.insertInto('school_grade').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Entries of the course dictionary with these codes. */
export function courseDictEntries(tx: Q, codes: string[]) {
  return tx.selectFrom('course_dict').select(['code', 'name', 'sort']).where('code', 'in', codes).execute();
}

/** A grade's course rows, optionally only the one of a course code. */
export function gradeCourseRows(tx: Q, gradeId: number, courseCode?: string) {
  return tx.selectFrom('school_grade_course').select(['id', 'course_code']).where('grade_id', '=', gradeId)
    .$if(courseCode !== undefined, (q) => q.where('course_code', '=', courseCode!)).execute();
}

export async function deleteGradeCourses(tx: Q, ids: number[]): Promise<void> {
  await tx.deleteFrom('school_grade_course').where('id', 'in', ids).execute();
}

export interface NewGradeCourse { school_id: number; grade_id: number; course_code: string; course_name: string; sort: number }

export async function insertGradeCourses(tx: Q, rows: NewGradeCourse[]): Promise<void> {
  await tx.insertInto('school_grade_course').values(rows).execute();
}

/** The platform dictionaries of grades and courses, in display order. */
export function dictionaries(db: Q) {
  return Promise.all([
    db.selectFrom('grade_dict').select(['id', 'name', 'stage']).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('course_dict').select(['code', 'name']).orderBy('sort').orderBy('id').execute(),
  ]);
}
