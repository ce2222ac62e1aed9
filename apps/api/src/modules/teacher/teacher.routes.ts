import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteTeachersBody, saveTeacherBody, teacherOption, teacherPage, teacherPageQuery } from '@jz/shared/api/teacher';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { ok } from '../../core/http.js';
import { answer } from '../school-class/school-data.js';
import * as service from './teacher.service.js';

const tags = ['学校数据-教师'];

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/pc_teacher/find_page', {
    config: { permission: 'school:teacher:view' },
    schema: { tags, summary: '教师分页查询（姓名/手机号/账号），含角色与任课', querystring: teacherPageQuery, response: { 200: answer(teacherPage) } },
  }, async (req) => ok(await service.findTeacherPage(ctx.db, userOf(req), req.query)));

  app.get('/pc_teacher/find_table', {
    config: { permission: 'school:teacher:view' },
    schema: { tags, summary: '全部教师（下拉选项）', response: { 200: answer(z.array(teacherOption)) } },
  }, async (req) => ok(await service.teacherTable(ctx.db, userOf(req))));

  app.post('/pc_teacher/save_or_update', {
    config: { permission: 'school:teacher:edit' },
    schema: { tags, summary: '新增（初始密码 Jz@123456）或修改教师', body: saveTeacherBody, response: { 200: answer(z.object({ id: z.number() })) } },
  }, async (req) => ok({ id: await service.saveTeacher(ctx, userOf(req), req.body) }, '保存成功'));

  app.post('/pc_teacher/delete', {
    config: { permission: 'school:teacher:edit' },
    schema: { tags, summary: '删除教师（连同账号与任课关系）', body: deleteTeachersBody, response: { 200: answer(z.object({ count: z.number() })) } },
  }, async (req) => ok({ count: await service.deleteTeachers(ctx, userOf(req), req.body.ids) }, '删除成功'));
};
export default routes;
