/** SQL of pc_tch_course: user_role rows (the teacher–course–class relations) and role_permission rows. */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

export interface RelationRow {
  id: number;
  userId: number;
  teacherName: string;
  loginId: string;
  roleCode: string;
  gradeId: number | null;
  classId: number | null;
  courseCode: string | null;
  temporary: boolean;
}

export const CLASS_ROLE_CODES = ['head_teacher', 'subject_teacher'] as const;

export function findGrade(db: Q, schoolId: number, gradeId: number) {
  return db.selectFrom('school_grade').select(['id', 'name']).where('school_id', '=', schoolId).where('id', '=', gradeId).executeTakeFirst();
}

export function findGrades(db: Q, schoolId: number) {
  return db.selectFrom('school_grade').select(['id', 'name', 'sort']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute();
}

export function findClasses(db: Q, schoolId: number, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('school_class').select(['id', 'name', 'grade_id']).where('school_id', '=', schoolId).where('id', 'in', ids).execute();
}

export function classesOfGrade(db: Q, schoolId: number, gradeId: number) {
  return db.selectFrom('school_class').select(['id', 'name', 'grade_id'])
    .where('school_id', '=', schoolId).where('grade_id', '=', gradeId).orderBy('sort').orderBy('id').execute();
}

export function gradeCourses(db: Q, schoolId: number, gradeIds: number[]) {
  if (!gradeIds.length) return Promise.resolve([]);
  return db.selectFrom('school_grade_course').select(['grade_id', 'course_code', 'course_name'])
    .where('school_id', '=', schoolId).where('grade_id', 'in', gradeIds).orderBy('sort').orderBy('id').execute();
}

const relationSelect = (db: Q, schoolId: number) => db.selectFrom('user_role as r')
  .innerJoin('app_user as u', 'u.id', 'r.user_id')
  .leftJoin('teacher as t', 't.user_id', 'r.user_id')
  .select([
    'r.id', 'r.user_id as userId', sql<string>`coalesce(t.name, u.user_name)`.as('teacherName'), 'u.login_id as loginId',
    'r.role_code as roleCode', 'r.grade_id as gradeId', 'r.class_id as classId', 'r.course_code as courseCode', 'r.temporary',
  ])
  .where('r.school_id', '=', schoolId);

/** Head-teacher and subject-teacher rows of the given classes. */
export function classRelations(db: Q, schoolId: number, classIds: number[]): Promise<RelationRow[]> {
  if (!classIds.length) return Promise.resolve([]);
  return relationSelect(db, schoolId).where('r.class_id', 'in', classIds).where('r.role_code', 'in', [...CLASS_ROLE_CODES])
    .orderBy('r.id').execute();
}

/** Grade and lesson leaders (optionally of one grade / one role). */
export function leaderRelations(db: Q, schoolId: number, gradeId?: number, roleCode?: string): Promise<RelationRow[]> {
  let q = relationSelect(db, schoolId).where('r.role_code', 'in', roleCode ? [roleCode] : ['grade_leader', 'lesson_leader']);
  if (gradeId) q = q.where('r.grade_id', '=', gradeId);
  return q.orderBy('r.grade_id').orderBy('r.course_code').orderBy('r.id').execute();
}

/** The teacher account of the school, or undefined. */
export function findTeacherUser(db: Q, schoolId: number, userId: number) {
  return db.selectFrom('app_user').select(['id', 'user_name']).where('id', '=', userId).where('school_id', '=', schoolId)
    .where('user_type', '=', 'teacher').executeTakeFirst();
}

export interface NewRelation {
  school_id: number;
  user_id: number;
  role_code: string;
  grade_id: number | null;
  class_id: number | null;
  course_code: string | null;
  temporary: boolean;
}

export function relationsByIds(db: Q, ids: number[]) {
  return db.selectFrom('user_role').select(['id', 'school_id', 'role_code', 'grade_id', 'class_id']).where('id', 'in', ids).execute();
}

export function rolePermissions(db: Q, schoolId: number) {
  return db.selectFrom('role_permission').select(['role_code', 'permission_code']).where('school_id', '=', schoolId).orderBy('id').execute();
}

export async function replaceRolePermissions(tx: Q, schoolId: number, roleCode: string, codes: string[]): Promise<void> {
  await tx.deleteFrom('role_permission').where('school_id', '=', schoolId).where('role_code', '=', roleCode).execute();
  if (codes.length) {
    await tx.insertInto('role_permission').values(codes.map((c) => ({ school_id: schoolId, role_code: roleCode, permission_code: c }))).execute();
  }
}

export async function deleteRolePermission(tx: Q, schoolId: number, roleCode: string, code?: string): Promise<void> {
  let q = tx.deleteFrom('role_permission').where('school_id', '=', schoolId).where('role_code', '=', roleCode);
  if (code) q = q.where('permission_code', '=', code);
  await q.execute();
}
