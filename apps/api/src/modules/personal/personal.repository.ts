/** SQL of pc_personal: the caller's own account and the classes its roles cover. */
import type { Db } from '../../db/database.js';

export function passwordHashOf(db: Db, userId: number) {
  return db.selectFrom('app_user').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
}

export function profileOf(db: Db, userId: number) {
  return db.selectFrom('app_user as u').innerJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id', 'u.login_id', 'u.user_name', 'u.email', 'u.phone', 'u.gender', 'u.user_type', 's.id as school_id', 's.name as school_name'])
    .where('u.id', '=', userId).executeTakeFirstOrThrow();
}

export function loginIdInSchool(db: Db, schoolId: number, userId: number) {
  return db.selectFrom('app_user').select('login_id').where('id', '=', userId).where('school_id', '=', schoolId).executeTakeFirst();
}

/** The school's classes (admin) or those of the given classes and of the given grades, in grade and class order. */
export function classesForRoles(db: Db, schoolId: number, admin: boolean, ids: number[], leaderGrades: number[]) {
  let classQuery = db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select(['c.id', 'c.name', 'g.id as grade_id', 'g.name as grade_name']).where('c.school_id', '=', schoolId);
  if (!admin) {
    if (!ids.length && !leaderGrades.length) classQuery = classQuery.where('c.id', '=', -1);
    else classQuery = classQuery.where((eb) => eb.or([
      ...(ids.length ? [eb('c.id', 'in', ids)] : []),
      ...(leaderGrades.length ? [eb('c.grade_id', 'in', leaderGrades)] : []),
    ]));
  }
  return classQuery.orderBy('g.sort').orderBy('c.sort').orderBy('c.id').execute();
}
