import type { Db } from '../db/database.js';
import type { AuthUser } from './auth.js';
import { hasRole } from './auth.js';
import { forbidden } from './http.js';

/**
 * The classes a school user may see (docs/DOMAIN-RULES.md §1): all for the school administrator, the grades' classes for
 * a grade leader or subject-prep leader, their own classes for head and subject teachers.
 * Returns 'all' for the whole school.
 */
export async function visibleClassIds(db: Db, user: AuthUser & { schoolId: number }): Promise<number[] | 'all'> {
  if (hasRole(user, 'school_admin')) return 'all';
  const gradeIds = user.roles.filter((r) => (r.roleCode === 'grade_leader' || r.roleCode === 'lesson_leader') && r.gradeId).map((r) => r.gradeId!);
  const ids = new Set(user.roles.filter((r) => r.classId).map((r) => r.classId!));
  if (gradeIds.length) {
    const rows = await db.selectFrom('school_class').select('id').where('school_id', '=', user.schoolId).where('grade_id', 'in', gradeIds).execute();
    rows.forEach((r) => ids.add(r.id));
  }
  return [...ids];
}

/** The grades a user may see: all, or those of its roles and classes. */
export async function visibleGradeIds(db: Db, user: AuthUser & { schoolId: number }): Promise<number[] | 'all'> {
  if (hasRole(user, 'school_admin')) return 'all';
  const ids = new Set(user.roles.filter((r) => r.gradeId).map((r) => r.gradeId!));
  const classIds = user.roles.filter((r) => r.classId).map((r) => r.classId!);
  if (classIds.length) {
    const rows = await db.selectFrom('school_class').select('grade_id').where('id', 'in', classIds).execute();
    rows.forEach((r) => ids.add(r.grade_id));
  }
  return [...ids];
}

/** Refuses (403) unless every class id belongs to the caller's school and scope. */
export async function assertClassesVisible(db: Db, user: AuthUser & { schoolId: number }, classIds: number[]): Promise<void> {
  if (!classIds.length) return;
  const unique = [...new Set(classIds)];
  const own = await db.selectFrom('school_class').select('id').where('school_id', '=', user.schoolId).where('id', 'in', unique).execute();
  if (own.length !== unique.length) throw forbidden();
  const visible = await visibleClassIds(db, user);
  if (visible !== 'all' && unique.some((id) => !visible.includes(id))) throw forbidden();
}

/** Refuses (403) unless every grade id belongs to the caller's school and scope. */
export async function assertGradesVisible(db: Db, user: AuthUser & { schoolId: number }, gradeIds: number[]): Promise<void> {
  const unique = [...new Set(gradeIds)];
  if (!unique.length) return;
  const own = await db.selectFrom('school_grade').select('id').where('school_id', '=', user.schoolId).where('id', 'in', unique).execute();
  if (own.length !== unique.length) throw forbidden();
  const visible = await visibleGradeIds(db, user);
  if (visible !== 'all' && unique.some((id) => !visible.includes(id))) throw forbidden();
}

/** List filters naming a grade or class: they must be the caller's (a filter is never a way to probe another school). */
export async function assertFilterVisible(db: Db, user: AuthUser & { schoolId: number }, f: { gradeId?: number | null; classId?: number | null }): Promise<void> {
  if (f.gradeId) await assertGradesVisible(db, user, [f.gradeId]);
  if (f.classId) await assertClassesVisible(db, user, [f.classId]);
}
