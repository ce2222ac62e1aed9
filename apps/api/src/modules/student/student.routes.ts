import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteStudentsBody, registrationTypeOption, studentPage, studentPageQuery, updateStudentBody } from '@jz/shared/api/student';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { ok } from '../../core/http.js';
import { answer } from '../school-class/school-data.js';
import * as service from './student.service.js';

const tags = ['学校数据-学生'];

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/pc_student/find_page', {
    config: { permission: 'school:student:view' },
    schema: { tags, summary: '学生分页查询（姓名/学籍号、年级、班级、学籍类型）', querystring: studentPageQuery, response: { 200: answer(studentPage) } },
  }, async (req) => ok(await service.findStudentPage(ctx.db, userOf(req), req.query)));

  app.get('/pc_student/level_registration_type', {
    config: { permission: 'school:student:view' },
    schema: { tags, summary: '学籍类型列表', response: { 200: answer(z.array(registrationTypeOption)) } },
  }, async () => ok(service.registrationTypeOptions()));

  app.post('/pc_student/delete', {
    config: { permission: 'school:student:edit' },
    schema: { tags, summary: '删除学生（连同学生账号）', body: deleteStudentsBody, response: { 200: answer(z.object({ count: z.number() })) } },
  }, async (req) => ok({ count: await service.deleteStudents(ctx, userOf(req), req.body.ids) }, '删除成功'));

  app.post('/pc_student/update_student', {
    config: { permission: 'school:student:edit' },
    schema: { tags, summary: '修改学生（可调班）', body: updateStudentBody, response: { 200: answer(z.null()) } },
  }, async (req) => {
    await service.updateStudent(ctx, userOf(req), req.body);
    return ok(null, '保存成功');
  });
};
export default routes;
