import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteSingleCourseBody, findCourseQuery, gradeCourse, gradeDict, saveGradeCourseBody, schoolGrade } from '@jz/shared/api/school-grade';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { ok } from '../../core/http.js';
import { answer } from '../school-class/school-data.js';
import * as service from './school-grade.service.js';

const tags = ['学校数据-年级学科'];

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/pc_school_grade/find_grade_dict', {
    config: { permission: 'school:grade:view' },
    schema: { tags, summary: '年级与学科字典（新增年级、设置学科时的选项）', response: { 200: answer(gradeDict) } },
  }, async () => ok(await service.findDictionaries(ctx.db)));

  app.get('/pc_school_grade/find', {
    config: { permission: 'school:grade:view' },
    schema: { tags, summary: '年级列表（含学科）', response: { 200: answer(z.array(schoolGrade)) } },
  }, async (req) => ok(await service.findGrades(ctx.db, userOf(req))));

  app.get('/grade/commGrade', {
    config: { permission: 'exam:exam:view' },
    schema: { tags, summary: '阅卷与考试页面的年级选项：可见的年级及其学科（同 pc_school_grade/find）', response: { 200: answer(z.array(schoolGrade)) } },
  }, async (req) => ok(await service.findGrades(ctx.db, userOf(req))));

  app.get('/pc_school_grade/find_course', {
    config: { permission: 'school:grade:view' },
    schema: { tags, summary: '某年级的学科', querystring: findCourseQuery, response: { 200: answer(z.array(gradeCourse)) } },
  }, async (req) => ok(await service.findCourses(ctx.db, userOf(req), req.query.gradeId)));

  app.post('/pc_school_grade/save_grade_course', {
    config: { permission: 'school:grade:edit' },
    schema: { tags, summary: '新增年级和/或设置年级学科', body: saveGradeCourseBody, response: { 200: answer(z.object({ gradeId: z.number() })) } },
  }, async (req) => ok({ gradeId: await service.saveGradeCourse(ctx, userOf(req), req.body) }, '保存成功'));

  app.post('/pc_school_grade/delete_single_course', {
    config: { permission: 'school:grade:edit' },
    schema: { tags, summary: '移除年级的一个学科', body: deleteSingleCourseBody, response: { 200: answer(z.null()) } },
  }, async (req) => {
    await service.deleteSingleCourse(ctx, userOf(req), req.body.gradeId, req.body.courseCode);
    return ok(null, '删除成功');
  });
};
export default routes;
