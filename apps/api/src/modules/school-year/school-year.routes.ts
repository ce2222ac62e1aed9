import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteSchoolYearBody, saveSchoolYearBody, schoolYear, schoolYearCode, updateCurrentBody } from '@jz/shared/api/school-year';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { ok } from '../../core/http.js';
import { answer } from '../school-class/school-data.js';
import * as service from './school-year.service.js';

const tags = ['学校数据-学年学期'];

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/pc_school_year/find', {
    config: { permission: 'school:year:view' },
    schema: { tags, summary: '学年列表（含学期）', response: { 200: answer(z.array(schoolYear)) } },
  }, async (req) => ok(await service.findYears(ctx.db, userOf(req))));

  app.get('/pc_school_year/find_school_year_code_list', {
    config: { permission: 'school:year:view' },
    schema: { tags, summary: '学年选项', response: { 200: answer(z.array(schoolYearCode)) } },
  }, async (req) => ok(await service.findYearCodes(ctx.db, userOf(req))));

  app.post('/pc_school_year/save_update', {
    config: { permission: 'school:year:edit' },
    schema: { tags, summary: '新增或修改学年及其学期', body: saveSchoolYearBody, response: { 200: answer(z.object({ id: z.number() })) } },
  }, async (req) => ok({ id: await service.saveYear(ctx, userOf(req), req.body) }, '保存成功'));

  app.post('/pc_school_year/delete', {
    config: { permission: 'school:year:edit' },
    schema: { tags, summary: '删除学年（当前学年不可删除）', body: deleteSchoolYearBody, response: { 200: answer(z.null()) } },
  }, async (req) => {
    await service.deleteYear(ctx, userOf(req), req.body.id);
    return ok(null, '删除成功');
  });

  app.post('/pc_school_year/update_grade', {
    config: { permission: 'school:year:edit' },
    schema: {
      tags,
      summary: '学年切换：设为当前学年与当前学期（班级不自动升级，升级请移动班级到新年级）',
      body: updateCurrentBody,
      response: { 200: answer(z.null()) },
    },
  }, async (req) => {
    await service.switchCurrent(ctx, userOf(req), req.body.id, req.body.semesterId);
    return ok(null, '切换成功');
  });
};
export default routes;
