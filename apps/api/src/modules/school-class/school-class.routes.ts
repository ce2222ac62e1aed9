import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  batchAddBody, batchDeleteClassBody, classIdQuery, classStudent, deleteClassBody, gradeNode, moveClassBody,
  removeFromClassBody, saveClassStudentBody, selectsQuery, selectsResult, updateClassBody,
} from '@jz/shared/api/school-class';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { ok } from '../../core/http.js';
import { answer } from './school-data.js';
import * as service from './school-class.service.js';
import { removeFromClass } from '../student/student.service.js';

const tags = ['学校数据-班级'];

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/pc_class/find_class_tree', {
    config: { permission: 'school:class:view' },
    schema: { tags, summary: '年级-班级树（含学生人数、班主任）', response: { 200: answer(z.array(gradeNode)) } },
  }, async (req) => ok(await service.classTree(ctx.db, userOf(req), true)));

  app.get('/pc_class/find_only_class_tree', {
    config: { permission: 'school:class:view' },
    schema: { tags, summary: '年级-班级树（不含人数）', response: { 200: answer(z.array(gradeNode)) } },
  }, async (req) => ok(await service.classTree(ctx.db, userOf(req), false)));

  app.get('/pc_class/find_tree_student', {
    config: { permission: 'school:class:view' },
    schema: { tags, summary: '班级学生', querystring: classIdQuery, response: { 200: answer(z.array(classStudent)) } },
  }, async (req) => ok(await service.classStudents(ctx.db, userOf(req), req.query.classId)));

  app.get('/pc_class/find_selects', {
    config: { permission: 'school:class:view' },
    schema: { tags, summary: '年级、班级下拉选项', querystring: selectsQuery, response: { 200: answer(selectsResult) } },
  }, async (req) => ok(await service.selects(ctx.db, userOf(req), req.query.gradeId)));

  app.post('/pc_class/move_class_sort', {
    config: { permission: 'school:class:edit' },
    schema: { tags, summary: '调整班级顺序或移到其他年级', body: moveClassBody, response: { 200: answer(z.null()) } },
  }, async (req) => {
    await service.moveClass(ctx, userOf(req), req.body.id, req.body.sort, req.body.gradeId);
    return ok(null, '保存成功');
  });

  app.post('/pc_class/batch_add', {
    config: { permission: 'school:class:edit' },
    schema: { tags, summary: '批量新增班级（k班）', body: batchAddBody, response: { 200: answer(z.array(z.object({ id: z.number(), name: z.string() }))) } },
  }, async (req) => ok(await service.batchAdd(ctx, userOf(req), req.body.gradeId, req.body.count, req.body.classType), '添加成功'));

  app.post('/pc_class/delete_class', {
    config: { permission: 'school:class:edit' },
    schema: { tags, summary: '删除班级（有学生时不可删除）', body: deleteClassBody, response: { 200: answer(z.object({ count: z.number() })) } },
  }, async (req) => ok({ count: await service.deleteClasses(ctx, userOf(req), [req.body.id]) }, '删除成功'));

  app.post('/pc_class/batch_delete_class', {
    config: { permission: 'school:class:edit' },
    schema: { tags, summary: '批量删除班级（有学生时不可删除）', body: batchDeleteClassBody, response: { 200: answer(z.object({ count: z.number() })) } },
  }, async (req) => ok({ count: await service.deleteClasses(ctx, userOf(req), req.body.ids) }, '删除成功'));

  app.post('/pc_class/update_class', {
    config: { permission: 'school:class:edit' },
    schema: { tags, summary: '修改班级名称、类型', body: updateClassBody, response: { 200: answer(z.null()) } },
  }, async (req) => {
    await service.updateClass(ctx, userOf(req), req.body.id, req.body.name, req.body.classType);
    return ok(null, '保存成功');
  });

  app.post('/pc_class/save_or_student', {
    config: { permission: 'school:student:edit' },
    schema: { tags, summary: '在班级中新增或修改学生', body: saveClassStudentBody, response: { 200: answer(z.object({ id: z.number() })) } },
  }, async (req) => ok({ id: await service.saveClassStudent(ctx, userOf(req), req.body) }, '保存成功'));

  app.post('/pc_class/remove_from_class', {
    config: { permission: 'school:student:edit' },
    schema: { tags, summary: '将学生移出班级', body: removeFromClassBody, response: { 200: answer(z.object({ count: z.number() })) } },
  }, async (req) => ok({ count: await removeFromClass(ctx, userOf(req), req.body.classId, req.body.studentIds) }, '移出成功'));
};
export default routes;
