/** SQL of the student portal's own profile: keyed by the caller's user id and school. */
import type { Db } from '../../db/database.js';

/** The student account with its school's name. */
export function accountOf(db: Db, userId: number) {
  return db.selectFrom('app_user as u').innerJoin('school as sc', 'sc.id', 'u.school_id')
    .select(['u.id', 'u.login_id', 'u.user_name', 'u.gender', 'sc.id as school_id', 'sc.name as school_name'])
    .where('u.id', '=', userId).executeTakeFirstOrThrow();
}

/** The student record linked to the account (the first one, should there be several), with class and grade. */
export function studentOf(db: Db, userId: number, schoolId: number) {
  return db.selectFrom('student as s')
    .leftJoin('school_class as c', 'c.id', 's.class_id').leftJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['s.id', 's.name', 's.admission_no', 's.gender', 's.registration_type', 'c.id as class_id', 'c.name as class_name', 'g.id as grade_id', 'g.name as grade_name'])
    .where('s.user_id', '=', userId).where('s.school_id', '=', schoolId).orderBy('s.id').limit(1).executeTakeFirst();
}

export function schoolName(db: Db, schoolId: number) {
  return db.selectFrom('school').select('name').where('id', '=', schoolId).executeTakeFirstOrThrow();
}
