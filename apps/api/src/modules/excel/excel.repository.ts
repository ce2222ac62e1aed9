/** SQL of the Excel imports and exports: preloaded lookups and bulk multi-row writes (chunks of 1000). */
import type { Db, Tx } from '../../db/database.js';
import { chunks } from '../users/accounts.repository.js';

type Q = Db | Tx;

export function schoolGrades(db: Q, schoolId: number) {
  return db.selectFrom('school_grade').select(['id', 'name', 'sort']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute();
}

export function schoolClasses(db: Q, schoolId: number) {
  return db.selectFrom('school_class').select(['id', 'name', 'grade_id', 'sort']).where('school_id', '=', schoolId).execute();
}

export function schoolGradeCourses(db: Q, schoolId: number) {
  return db.selectFrom('school_grade_course').select(['grade_id', 'course_code', 'course_name', 'sort']).where('school_id', '=', schoolId).execute();
}

export function schoolStudentKeys(db: Q, schoolId: number) {
  return db.selectFrom('student').select(['id', 'admission_no', 'name', 'class_id', 'gender', 'registration_type'])
    .where('school_id', '=', schoolId).execute();
}

export interface StudentWrite {
  school_id: number;
  class_id: number;
  name: string;
  admission_no: string;
  gender: string;
  registration_type: string;
}

/** Creates or updates students by (school_id, admission_no): one multi-row upsert per 1000 rows. */
export async function upsertStudents(tx: Q, rows: StudentWrite[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await tx.insertInto('student').values(chunk)
      .onConflict((oc) => oc.columns(['school_id', 'admission_no']).doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        class_id: eb.ref('excluded.class_id'),
        gender: eb.ref('excluded.gender'),
        registration_type: eb.ref('excluded.registration_type'),
      })))
      .execute();
  }
}

/** Students for export: active ones of the given classes (or all), ordered by grade, class, admission number. */
export function studentsForExport(db: Q, schoolId: number, classIds: number[] | 'all') {
  let q = db.selectFrom('student as s')
    .innerJoin('school_class as c', 'c.id', 's.class_id')
    .innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['s.id', 's.name', 's.admission_no', 's.gender', 's.registration_type', 'g.name as gradeName', 'c.name as className'])
    .where('s.school_id', '=', schoolId)
    .where('s.status', '=', 1);
  if (classIds !== 'all') q = q.where('s.class_id', 'in', classIds.length ? classIds : [0]);
  return q.orderBy('g.sort').orderBy('g.id').orderBy('c.sort').orderBy('c.id').orderBy('s.admission_no').execute();
}

/** Accounts with these login ids, any school (login ids are unique on the platform). */
export async function usersByLoginIds(db: Q, loginIds: string[]) {
  const out: { id: number; login_id: string; school_id: number | null; user_type: string }[] = [];
  for (const chunk of chunks(loginIds)) {
    if (!chunk.length) continue;
    out.push(...await db.selectFrom('app_user').select(['id', 'login_id', 'school_id', 'user_type']).where('login_id', 'in', chunk).execute());
  }
  return out;
}

/** The school's teachers with their account. */
export function schoolTeachers(db: Q, schoolId: number) {
  return db.selectFrom('teacher as t').innerJoin('app_user as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.name', 't.phone', 't.gender', 'u.login_id'])
    .where('t.school_id', '=', schoolId)
    .orderBy('t.id').execute();
}

/** Head-teacher and subject-teacher relations of the given classes (or all), for export. */
export function relationsForExport(db: Q, schoolId: number, classIds: number[] | 'all') {
  let q = db.selectFrom('user_role as r')
    .innerJoin('school_class as c', 'c.id', 'r.class_id')
    .innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .innerJoin('app_user as u', 'u.id', 'r.user_id')
    .leftJoin('school_grade_course as gc', (j) => j.onRef('gc.grade_id', '=', 'c.grade_id').onRef('gc.course_code', '=', 'r.course_code'))
    .select(['r.id', 'r.role_code', 'r.course_code', 'gc.course_name', 'u.login_id', 'g.name as gradeName', 'c.name as className', 'g.id as gradeId', 'c.id as classId'])
    .where('r.school_id', '=', schoolId)
    .where('r.role_code', 'in', ['head_teacher', 'subject_teacher']);
  if (classIds !== 'all') q = q.where('r.class_id', 'in', classIds.length ? classIds : [0]);
  return q.orderBy('g.sort').orderBy('g.id').orderBy('c.sort').orderBy('c.id').orderBy('r.role_code').orderBy('gc.sort').orderBy('r.id').execute();
}
