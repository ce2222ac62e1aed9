/**
 * Request/response schemas of pc_tch_course: teacher–course–class relations (user_role rows) and the
 * business permissions of the teacher roles.
 */
import { z } from 'zod';

import { id, trimmed } from './common.js';
export const teacherRoleCode = z.enum(['grade_leader', 'lesson_leader', 'head_teacher', 'subject_teacher']);
export type TeacherRoleCode = z.infer<typeof teacherRoleCode>;

/** One user_role row as shown in a cell: id is the relation id (for delete_class_role_course). */
export const relationTeacherSchema = z.object({
  id: z.number(),
  userId: z.number(),
  teacherName: z.string(),
  loginId: z.string(),
  temporary: z.boolean(),
});
export type RelationTeacher = z.infer<typeof relationTeacherSchema>;

/** GET find_course_tbl (query) / POST find_course_tbl (body): one grade. */
export const findCourseTblQuery = z.object({ gradeId: id });
export type FindCourseTblQuery = z.infer<typeof findCourseTblQuery>;

/** A grade's matrix: rows = classes, columns = the grade's courses; cells = the subject teachers. */
export const courseTblSchema = z.object({
  gradeId: z.number(),
  gradeName: z.string(),
  courses: z.array(z.object({ courseCode: z.string(), courseName: z.string() })),
  rows: z.array(z.object({
    classId: z.number(),
    className: z.string(),
    headTeachers: z.array(relationTeacherSchema),
    /** courseCode → subject teachers of this class (absent or [] = nobody). */
    cells: z.record(z.string(), z.array(relationTeacherSchema)),
  })),
});
export type CourseTbl = z.infer<typeof courseTblSchema>;

/** GET find_class_course. */
export const findClassCourseQuery = z.object({ classId: id });
export const classCourseSchema = z.object({
  classId: z.number(),
  className: z.string(),
  gradeId: z.number(),
  gradeName: z.string(),
  headTeachers: z.array(relationTeacherSchema),
  courses: z.array(z.object({ courseCode: z.string(), courseName: z.string(), teachers: z.array(relationTeacherSchema) })),
});
export type ClassCourse = z.infer<typeof classCourseSchema>;

/**
 * POST add_class_role_course. Scope per role:
 * subject_teacher: classIds + courseCode; head_teacher: classIds; grade_leader: gradeId;
 * lesson_leader: gradeId + courseCode (temporary = true makes it a 临时学科负责人, listed apart).
 * Rows already present are skipped.
 */
export const addClassRoleCourseBody = z.object({
  userId: id,
  roleCode: teacherRoleCode,
  gradeId: id.optional(),
  classIds: z.array(id).max(200).optional(),
  courseCode: trimmed().min(1).max(20).optional(),
  temporary: z.boolean().optional(),
});
export type AddClassRoleCourseBody = z.infer<typeof addClassRoleCourseBody>;
export const addClassRoleCourseResult = z.object({ created: z.number(), ids: z.array(z.number()) });

/** POST delete_class_role_course: relation ids (user_role ids of teacher roles). */
export const deleteClassRoleCourseBody = z.object({ ids: z.array(id).min(1).max(1000) });
/** POST clean_class_role_course: removes the head-teacher and subject-teacher relations of a grade's classes. */
export const cleanClassRoleCourseBody = z.object({ gradeId: id });
export const deletedResult = z.object({ deleted: z.number() });

/** GET find_tch_role_permission: the catalogue and each role's codes (school_admin: all, not editable). */
export const rolePermissionTableSchema = z.object({
  permissions: z.array(z.object({ code: z.string(), name: z.string(), group: z.string() })),
  roles: z.array(z.object({
    roleCode: z.string(),
    roleName: z.string(),
    editable: z.boolean(),
    permissionCodes: z.array(z.string()),
  })),
});
export type RolePermissionTable = z.infer<typeof rolePermissionTableSchema>;

/** POST save_business_permission: replaces the role's permission set (teacher roles only). */
export const saveBusinessPermissionBody = z.object({
  roleCode: teacherRoleCode,
  permissionCodes: z.array(z.string().min(1).max(64)).max(200),
});
/** POST delete_role_permission_data: removes one code, or every code of the role when permissionCode is absent. */
export const deleteRolePermissionBody = z.object({
  roleCode: teacherRoleCode,
  permissionCode: z.string().min(1).max(64).optional(),
});
export const rolePermissionResult = z.object({ roleCode: z.string(), permissionCodes: z.array(z.string()) });

/** GET find_permission_tbl: who holds the leader roles, optionally one grade or one role. */
export const findPermissionTblQuery = z.object({
  gradeId: id.optional(),
  roleCode: z.enum(['grade_leader', 'lesson_leader']).optional(),
});
export const leaderSchema = z.object({
  id: z.number(),
  userId: z.number(),
  teacherName: z.string(),
  loginId: z.string(),
  roleCode: z.string(),
  gradeId: z.number().nullable(),
  gradeName: z.string().nullable(),
  courseCode: z.string().nullable(),
  courseName: z.string().nullable(),
  temporary: z.boolean(),
});
export type Leader = z.infer<typeof leaderSchema>;
export const permissionTblSchema = z.object({
  gradeLeaders: z.array(leaderSchema),
  lessonLeaders: z.array(leaderSchema),
  /** lesson_leader rows with temporary = true (临时学科负责人). */
  temporaryLeaders: z.array(leaderSchema),
});
export type PermissionTbl = z.infer<typeof permissionTblSchema>;
