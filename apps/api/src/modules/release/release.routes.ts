import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { releaseBody, releaseCheckSchema, releaseProgressQuery, releaseProgressSchema } from '@jz/shared/api/report';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './release.service.js';

const tags = ['成绩发布'];

/**
 * publish (score upload page): POST release starts the four-step release in the background and answers at
 * once; GET progress is polled. Only the school administrator or the exam grade's leader (exam:exam:edit).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.post('/publish/release', {
    config: { permission: 'exam:exam:edit' },
    schema: {
      tags,
      summary: '发布成绩（后台执行四个步骤：校验成绩数据、计算科目成绩与总分、计算排名、生成分析报告；立即返回进度；可重新发布）',
      body: releaseBody,
      response: { 200: envelope(releaseProgressSchema.nullable()) },
    },
  }, async (req) => ok(await service.startRelease(db, ctx.jobs, userOf(req), req.body.examId), '已开始发布'));

  app.get('/publish/check', {
    config: { permission: 'exam:exam:view' },
    schema: {
      tags, querystring: releaseProgressQuery, response: { 200: envelope(releaseCheckSchema) },
      summary: '发布前检查：能否发布，以及各科已录入、部分录入、未录入、缺考人数和网上阅卷各题块进度（不能发布时列出原因，与发布时的拒绝原因相同）',
    },
  }, async (req) => ok(await service.checkRelease(db, userOf(req), req.query.examId), '查询成功'));

  app.get('/publish/progress', {
    config: { permission: 'exam:exam:view' },
    schema: { tags, summary: '成绩发布进度（step 1–4、percent、message、state：idle|running|done|failed、error）', querystring: releaseProgressQuery, response: { 200: envelope(releaseProgressSchema.nullable()) } },
  }, async (req) => ok(await service.getProgress(db, userOf(req), req.query.examId), '查询成功'));
};
export default routes;
