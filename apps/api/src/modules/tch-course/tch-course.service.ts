/**
 * pc_tch_course rules: teacher–course–class relations (user_role rows) and the teacher roles' business
 * permissions. Everything is scoped to the caller's school; a teacher holding school:duty:* sees and edits only
 * its visible grades and classes; leader roles and permissions need school:permission:edit.
 */
import { PERMISSIONS, ROLE_NAMES, TEACHER_ROLE_CODES, ALL_PERMISSION_CODES, type RoleCode } from '@jz/shared/roles';
import type {
  AddClassRoleCourseBody, ClassCourse, CourseTbl, Leader, PermissionTbl, RelationTeacher, RolePermissionTable, TeacherRoleCode,
} from '@jz/shared/api/tch-course';
import type { Db } from '../../db/database.js';
import type { AuthUser } from '../../core/auth.js';
import { BizError, forbidden } from '../../core/http.js';
import { hasRole, requirePermission } from '../../core/auth.js';
import { visibleClassIds, visibleGradeIds } from '../../core/scope.js';
import * as repo from './tch-course.repository.js';
import * as accounts from '../users/accounts.repository.js';

type SchoolUser = AuthUser & { schoolId: number };

const toTeacher = (r: repo.RelationRow): RelationTeacher => ({
  id: r.id, userId: r.userId, teacherName: r.teacherName, loginId: r.loginId, temporary: r.temporary,
});

/** The grade of the caller's school, visible to the caller; 403 for another school's grade. */
async function visibleGrade(db: Db, user: SchoolUser, gradeId: number) {
  const grade = await repo.findGrade(db, user.schoolId, gradeId);
  if (!grade) throw forbidden();
  const visible = await visibleGradeIds(db, user);
  if (visible !== 'all' && !visible.includes(gradeId)) throw forbidden();
  return grade;
}

export async function findCourseTbl(db: Db, user: SchoolUser, gradeId: number): Promise<CourseTbl> {
  const grade = await visibleGrade(db, user, gradeId);
  let classes = await repo.classesOfGrade(db, user.schoolId, gradeId);
  const visible = await visibleClassIds(db, user);
  if (visible !== 'all') classes = classes.filter((c) => visible.includes(c.id));
  const courses = await repo.gradeCourses(db, user.schoolId, [gradeId]);
  const relations = await repo.classRelations(db, user.schoolId, classes.map((c) => c.id));
  return {
    gradeId: grade.id,
    gradeName: grade.name,
    courses: courses.map((c) => ({ courseCode: c.course_code, courseName: c.course_name })),
    rows: classes.map((c) => {
      const mine = relations.filter((r) => r.classId === c.id);
      const cells: Record<string, RelationTeacher[]> = {};
      for (const course of courses) cells[course.course_code] = [];
      for (const r of mine) {
        if (r.roleCode !== 'subject_teacher' || !r.courseCode) continue;
        (cells[r.courseCode] ??= []).push(toTeacher(r));
      }
      return { classId: c.id, className: c.name, headTeachers: mine.filter((r) => r.roleCode === 'head_teacher').map(toTeacher), cells };
    }),
  };
}

export async function findClassCourse(db: Db, user: SchoolUser, classId: number): Promise<ClassCourse> {
  const [cls] = await repo.findClasses(db, user.schoolId, [classId]);
  if (!cls) throw forbidden();
  const visible = await visibleClassIds(db, user);
  if (visible !== 'all' && !visible.includes(classId)) throw forbidden();
  const grade = (await repo.findGrade(db, user.schoolId, cls.grade_id))!;
  const courses = await repo.gradeCourses(db, user.schoolId, [cls.grade_id]);
  const relations = await repo.classRelations(db, user.schoolId, [classId]);
  const known = new Set(courses.map((c) => c.course_code));
  // A relation to a course the grade no longer offers is still shown (so it can be removed).
  const extra = [...new Set(relations.filter((r) => r.roleCode === 'subject_teacher' && r.courseCode && !known.has(r.courseCode)).map((r) => r.courseCode!))];
  return {
    classId: cls.id,
    className: cls.name,
    gradeId: grade.id,
    gradeName: grade.name,
    headTeachers: relations.filter((r) => r.roleCode === 'head_teacher').map(toTeacher),
    courses: [...courses.map((c) => ({ code: c.course_code, name: c.course_name })), ...extra.map((code) => ({ code, name: code }))].map((c) => ({
      courseCode: c.code,
      courseName: c.name,
      teachers: relations.filter((r) => r.roleCode === 'subject_teacher' && r.courseCode === c.code).map(toTeacher),
    })),
  };
}

const LEADER_ROLES: TeacherRoleCode[] = ['grade_leader', 'lesson_leader'];

export async function addClassRoleCourse(db: Db, user: SchoolUser, body: AddClassRoleCourseBody): Promise<{ created: number; ids: number[] }> {
  const { roleCode } = body;
  if (LEADER_ROLES.includes(roleCode)) requirePermission(user, 'school:permission:edit');
  const teacher = await repo.findTeacherUser(db, user.schoolId, body.userId);
  if (!teacher) throw forbidden();
  if (body.temporary && roleCode !== 'lesson_leader') throw new BizError('只有备课组长（学科负责人）可以设为临时');
  const courseCode = body.courseCode?.toUpperCase();
  const rows: repo.NewRelation[] = [];
  const base = { school_id: user.schoolId, user_id: teacher.id, role_code: roleCode, temporary: Boolean(body.temporary) };

  if (roleCode === 'subject_teacher' || roleCode === 'head_teacher') {
    const classIds = [...new Set(body.classIds ?? [])];
    if (!classIds.length) throw new BizError('请选择班级');
    if (body.gradeId !== undefined && !(await repo.findGrade(db, user.schoolId, body.gradeId))) throw forbidden();
    const classes = await repo.findClasses(db, user.schoolId, classIds);
    if (classes.length !== classIds.length) throw forbidden();
    const visible = await visibleClassIds(db, user);
    if (visible !== 'all' && classIds.some((id) => !visible.includes(id))) throw forbidden();
    if (body.gradeId !== undefined && classes.some((c) => c.grade_id !== body.gradeId)) throw new BizError('所选班级不属于该年级');
    if (roleCode === 'subject_teacher') {
      if (!courseCode) throw new BizError('请选择学科');
      const offered = await repo.gradeCourses(db, user.schoolId, [...new Set(classes.map((c) => c.grade_id))]);
      const bad = classes.find((c) => !offered.some((o) => o.grade_id === c.grade_id && o.course_code === courseCode));
      if (bad) throw new BizError(`${bad.name}所在年级未开设该学科`);
    } else if (courseCode) {
      throw new BizError('班主任不需要选择学科');
    }
    for (const c of classes) {
      rows.push({ ...base, grade_id: c.grade_id, class_id: c.id, course_code: roleCode === 'subject_teacher' ? courseCode! : null });
    }
  } else {
    if (!body.gradeId) throw new BizError('请选择年级');
    if (body.classIds?.length) throw new BizError('年级主任、备课组长不需要选择班级');
    await visibleGrade(db, user, body.gradeId);
    if (roleCode === 'lesson_leader') {
      if (!courseCode) throw new BizError('请选择学科');
      const offered = await repo.gradeCourses(db, user.schoolId, [body.gradeId]);
      if (!offered.some((o) => o.course_code === courseCode)) throw new BizError('该年级未开设该学科');
    } else if (courseCode) {
      throw new BizError('年级主任不需要选择学科');
    }
    rows.push({ ...base, grade_id: body.gradeId, class_id: null, course_code: roleCode === 'lesson_leader' ? courseCode! : null });
  }
  const ids = await db.transaction().execute((tx) => accounts.insertRoles(tx, rows, true));
  return { created: ids.length, ids };
}

export async function deleteClassRoleCourse(db: Db, user: SchoolUser, ids: number[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  const rows = await repo.relationsByIds(db, unique);
  // Unknown ids and another school's rows are refused alike (403), so ids of other schools cannot be probed.
  if (rows.length !== unique.length || rows.some((r) => r.school_id !== user.schoolId)) throw forbidden();
  if (rows.some((r) => !(TEACHER_ROLE_CODES as string[]).includes(r.role_code))) throw new BizError('只能删除教师的任课或职务关系');
  if (rows.some((r) => LEADER_ROLES.includes(r.role_code as TeacherRoleCode))) requirePermission(user, 'school:permission:edit');
  if (!hasRole(user, 'school_admin')) {
    const classes = await visibleClassIds(db, user);
    const grades = await visibleGradeIds(db, user);
    const out = rows.some((r) => (r.class_id && classes !== 'all' && !classes.includes(r.class_id))
      || (!r.class_id && r.grade_id && grades !== 'all' && !grades.includes(r.grade_id)));
    if (out) throw forbidden();
  }
  const deleted = await db.transaction().execute((tx) => accounts.deleteRoles(tx, user.schoolId, unique));
  return { deleted };
}

export async function cleanClassRoleCourse(db: Db, user: SchoolUser, gradeId: number): Promise<{ deleted: number }> {
  await visibleGrade(db, user, gradeId);
  const visible = await visibleClassIds(db, user);
  const deleted = await db.transaction().execute((tx) =>
    accounts.deleteGradeClassRoles(tx, user.schoolId, repo.CLASS_ROLE_CODES, gradeId, visible === 'all' ? undefined : visible));
  return { deleted };
}

export async function findTchRolePermission(db: Db, user: SchoolUser): Promise<RolePermissionTable> {
  const rows = await repo.rolePermissions(db, user.schoolId);
  const known = new Set(ALL_PERMISSION_CODES);
  const roles: RoleCode[] = ['school_admin', ...TEACHER_ROLE_CODES];
  return {
    permissions: PERMISSIONS.map((p) => ({ ...p })),
    roles: roles.map((roleCode) => ({
      roleCode,
      roleName: ROLE_NAMES[roleCode],
      editable: roleCode !== 'school_admin',
      permissionCodes: roleCode === 'school_admin'
        ? [...ALL_PERMISSION_CODES]
        : ALL_PERMISSION_CODES.filter((c) => known.has(c) && rows.some((r) => r.role_code === roleCode && r.permission_code === c)),
    })),
  };
}

function assertTeacherRole(roleCode: string) {
  if (!(TEACHER_ROLE_CODES as string[]).includes(roleCode)) throw new BizError('只能设置教师角色的业务权限');
}

export async function saveBusinessPermission(db: Db, user: SchoolUser, roleCode: TeacherRoleCode, codes: string[]) {
  assertTeacherRole(roleCode);
  const unique = [...new Set(codes)];
  const unknown = unique.filter((c) => !ALL_PERMISSION_CODES.includes(c));
  if (unknown.length) throw new BizError(`权限代码不存在：${unknown.join('、')}`);
  const ordered = ALL_PERMISSION_CODES.filter((c) => unique.includes(c));
  await db.transaction().execute((tx) => repo.replaceRolePermissions(tx, user.schoolId, roleCode, ordered));
  return { roleCode, permissionCodes: ordered };
}

export async function deleteRolePermissionData(db: Db, user: SchoolUser, roleCode: TeacherRoleCode, permissionCode?: string) {
  assertTeacherRole(roleCode);
  if (permissionCode && !ALL_PERMISSION_CODES.includes(permissionCode)) throw new BizError('权限代码不存在');
  await db.transaction().execute((tx) => repo.deleteRolePermission(tx, user.schoolId, roleCode, permissionCode));
  const rows = await repo.rolePermissions(db, user.schoolId);
  return { roleCode, permissionCodes: ALL_PERMISSION_CODES.filter((c) => rows.some((r) => r.role_code === roleCode && r.permission_code === c)) };
}

export async function findPermissionTbl(db: Db, user: SchoolUser, gradeId?: number, roleCode?: 'grade_leader' | 'lesson_leader'): Promise<PermissionTbl> {
  if (gradeId) await visibleGrade(db, user, gradeId);
  const grades = await repo.findGrades(db, user.schoolId);
  const visible = await visibleGradeIds(db, user);
  const rows = (await repo.leaderRelations(db, user.schoolId, gradeId, roleCode))
    .filter((r) => visible === 'all' || (r.gradeId !== null && visible.includes(r.gradeId)));
  const courses = await repo.gradeCourses(db, user.schoolId, grades.map((g) => g.id));
  const gradeSort = new Map(grades.map((g, i) => [g.id, i]));
  rows.sort((a, b) => (gradeSort.get(a.gradeId ?? 0) ?? 999) - (gradeSort.get(b.gradeId ?? 0) ?? 999) || a.id - b.id);
  const toLeader = (r: repo.RelationRow): Leader => ({
    id: r.id,
    userId: r.userId,
    teacherName: r.teacherName,
    loginId: r.loginId,
    roleCode: r.roleCode,
    gradeId: r.gradeId,
    gradeName: grades.find((g) => g.id === r.gradeId)?.name ?? null,
    courseCode: r.courseCode,
    courseName: r.courseCode ? courses.find((c) => c.grade_id === r.gradeId && c.course_code === r.courseCode)?.course_name ?? r.courseCode : null,
    temporary: r.temporary,
  });
  return {
    gradeLeaders: rows.filter((r) => r.roleCode === 'grade_leader').map(toLeader),
    lessonLeaders: rows.filter((r) => r.roleCode === 'lesson_leader' && !r.temporary).map(toLeader),
    temporaryLeaders: rows.filter((r) => r.roleCode === 'lesson_leader' && r.temporary).map(toLeader),
  };
}

