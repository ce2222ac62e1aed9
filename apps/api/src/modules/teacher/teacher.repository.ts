/** SQL of pc_teacher: teachers with their accounts and duties (writes of teacher/app_user rows: users/accounts.repository). */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import { containsPattern } from '../student/student.repository.js';

type Q = Db | Tx;

/** The roles of some users with grade, class and course names, in role, grade and class order. */
export function dutyRows(db: Db, schoolId: number, userIds: number[]) {
  return db.selectFrom('user_role as r')
    .leftJoin('school_class as c', 'c.id', 'r.class_id')
    .leftJoin('school_grade as g', (j) => j.on(sql<boolean>`g.id = coalesce(r.grade_id, c.grade_id)`))
    .leftJoin('course_dict as cd', 'cd.code', 'r.course_code')
    .select(['r.user_id', 'r.role_code', 'g.id as gradeId', 'g.name as gradeName', 'c.id as classId', 'c.name as className', 'r.course_code', 'cd.name as courseName'])
    .where('r.school_id', '=', schoolId).where('r.user_id', 'in', userIds)
    .orderBy('r.user_id').orderBy(sql`array_position(array['school_admin','grade_leader','lesson_leader','head_teacher','subject_teacher','student'], r.role_code)`)
    .orderBy('g.sort').orderBy('c.sort').orderBy('r.id').execute();
}

export async function pageTeachers(db: Db, schoolId: number, q: { current: number; size: number; keyword?: string }) {
  const base = db.selectFrom('teacher as t').innerJoin('app_user as u', 'u.id', 't.user_id')
    .where('t.school_id', '=', schoolId)
    .$if(!!q.keyword, (w) => w.where((eb) => eb.or([
      eb('t.name', 'ilike', containsPattern(q.keyword!)),
      eb('t.phone', 'ilike', containsPattern(q.keyword!)),
      eb('u.login_id', 'ilike', containsPattern(q.keyword!)),
    ])));
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await base.select(['t.id', 't.user_id', 't.name', 'u.login_id', 't.phone', 't.gender', 'u.email', 'u.status'])
    .orderBy('t.id').limit(q.size).offset((q.current - 1) * q.size).execute();
  return { total, rows };
}

/** Enabled teachers of the school, for pickers. */
export function activeTeachers(db: Db, schoolId: number) {
  return db.selectFrom('teacher as t').innerJoin('app_user as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.name', 'u.login_id']).where('t.school_id', '=', schoolId).where('u.status', '=', 1)
    .orderBy('t.id').execute();
}

export function teacherOfSchool(q: Q, schoolId: number, id: number) {
  return q.selectFrom('teacher').select(['id', 'user_id']).where('id', '=', id).where('school_id', '=', schoolId).executeTakeFirst();
}

export function teachersOfSchool(q: Q, schoolId: number, ids: number[]) {
  return q.selectFrom('teacher').select(['id', 'user_id', 'name']).where('school_id', '=', schoolId).where('id', 'in', ids).execute();
}

/** Another account holding the login id (case-insensitive). */
export function loginIdTaken(q: Q, loginId: string, exceptUserId?: number) {
  return q.selectFrom('app_user').select('id').where(sql`lower(login_id)`, '=', loginId.toLowerCase())
    .$if(exceptUserId !== undefined, (w) => w.where('id', '!=', exceptUserId!)).executeTakeFirst();
}

export function schoolAdminsAmong(q: Q, userIds: number[]) {
  return q.selectFrom('user_role').select('user_id').where('role_code', '=', 'school_admin')
    .where('user_id', 'in', userIds).execute();
}
