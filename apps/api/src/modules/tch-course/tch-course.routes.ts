import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addClassRoleCourseBody, addClassRoleCourseResult, classCourseSchema, cleanClassRoleCourseBody, courseTblSchema, deletedResult,
  deleteClassRoleCourseBody, deleteRolePermissionBody, findClassCourseQuery, findCourseTblQuery, findPermissionTblQuery,
  permissionTblSchema, rolePermissionResult, rolePermissionTableSchema, saveBusinessPermissionBody,
} from '@jz/shared/api/tch-course';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './tch-course.service.js';

const tags = ['任课关系与角色权限'];

/** pc_tch_course: teacher–course–class relations and role permissions. Refusals carry data null, hence nullable(). */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'school:duty:view' };
  const edit = { permission: 'school:duty:edit' };

  app.get('/pc_tch_course/find_course_tbl', {
    config: view,
    schema: { tags, summary: '年级任课表：行为班级，列为学科，单元格为任课老师，另含班主任', querystring: findCourseTblQuery, response: { 200: envelope(courseTblSchema.nullable()) } },
  }, async (req) => ok(await service.findCourseTbl(db, userOf(req), req.query.gradeId), '查询成功'));

  app.post('/pc_tch_course/find_course_tbl', {
    config: view,
    schema: { tags, summary: '年级任课表（POST 形式，body 同 GET 查询参数）', body: findCourseTblQuery, response: { 200: envelope(courseTblSchema.nullable()) } },
  }, async (req) => ok(await service.findCourseTbl(db, userOf(req), req.body.gradeId), '查询成功'));

  app.get('/pc_tch_course/find_class_course', {
    config: view,
    schema: { tags, summary: '一个班级的学科与任课老师、班主任', querystring: findClassCourseQuery, response: { 200: envelope(classCourseSchema.nullable()) } },
  }, async (req) => ok(await service.findClassCourse(db, userOf(req), req.query.classId), '查询成功'));

  app.post('/pc_tch_course/add_class_role_course', {
    config: edit,
    schema: {
      tags,
      summary: '添加任课/职务关系：subject_teacher 需 classIds+courseCode；head_teacher 需 classIds；grade_leader 需 gradeId；lesson_leader 需 gradeId+courseCode（temporary=true 为临时学科负责人）。年级主任、备课组长还需 school:permission:edit',
      body: addClassRoleCourseBody,
      response: { 200: envelope(addClassRoleCourseResult.nullable()) },
    },
  }, async (req) => ok(await service.addClassRoleCourse(db, userOf(req), req.body), '添加成功'));

  app.post('/pc_tch_course/delete_class_role_course', {
    config: edit,
    schema: { tags, summary: '删除任课/职务关系（关系 id）', body: deleteClassRoleCourseBody, response: { 200: envelope(deletedResult.nullable()) } },
  }, async (req) => ok(await service.deleteClassRoleCourse(db, userOf(req), req.body.ids), '删除成功'));

  app.post('/pc_tch_course/clean_class_role_course', {
    config: edit,
    schema: { tags, summary: '清空一个年级各班的班主任与任课老师关系', body: cleanClassRoleCourseBody, response: { 200: envelope(deletedResult.nullable()) } },
  }, async (req) => ok(await service.cleanClassRoleCourse(db, userOf(req), req.body.gradeId), '清空成功'));

  app.get('/pc_tch_course/find_tch_role_permission', {
    config: { permission: 'school:permission:view' },
    schema: { tags, summary: '教师角色的业务权限（含完整权限目录；学校管理员始终拥有全部权限）', response: { 200: envelope(rolePermissionTableSchema.nullable()) } },
  }, async (req) => ok(await service.findTchRolePermission(db, userOf(req)), '查询成功'));

  app.post('/pc_tch_course/save_business_permission', {
    config: { permission: 'school:permission:edit' },
    schema: { tags, summary: '保存一个教师角色的业务权限（整体替换）', body: saveBusinessPermissionBody, response: { 200: envelope(rolePermissionResult.nullable()) } },
  }, async (req) => ok(await service.saveBusinessPermission(db, userOf(req), req.body.roleCode, req.body.permissionCodes), '保存成功'));

  app.post('/pc_tch_course/delete_role_permission_data', {
    config: { permission: 'school:permission:edit' },
    schema: { tags, summary: '删除教师角色的一项业务权限（不传 permissionCode 则清空该角色）', body: deleteRolePermissionBody, response: { 200: envelope(rolePermissionResult.nullable()) } },
  }, async (req) => ok(await service.deleteRolePermissionData(db, userOf(req), req.body.roleCode, req.body.permissionCode), '删除成功'));

  app.get('/pc_tch_course/find_permission_tbl', {
    config: view,
    schema: { tags, summary: '职务表：年级主任、备课组长、临时学科负责人（可按年级、角色筛选）', querystring: findPermissionTblQuery, response: { 200: envelope(permissionTblSchema.nullable()) } },
  }, async (req) => ok(await service.findPermissionTbl(db, userOf(req), req.query.gradeId, req.query.roleCode), '查询成功'));
};
export default routes;
