import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { studentReportDetailQuery, studentReportDetailSchema, studentReportListSchema } from '@jz/shared/api/report';
import type { ModuleRoutes } from '../index.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { studentReportDetail, studentReportList } from './report.list.js';

/** Student portal reports, registered under /studentApi/v1 (student accounts only): own released scores. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['学生端'];
  app.get('/report/list', {
    schema: { tags, summary: '本人已发布成绩的考试', response: { 200: envelope(studentReportListSchema.nullable()) } },
  }, async (req) => ok(await studentReportList(ctx.db, userOf(req)), '查询成功'));
  app.get('/report/detail', {
    schema: { tags, summary: '本人一场考试的各科成绩、排名（按发布设置）、年级与班级均分及评语', querystring: studentReportDetailQuery, response: { 200: envelope(studentReportDetailSchema.nullable()) } },
  }, async (req) => ok(await studentReportDetail(ctx.db, userOf(req), req.query.examId), '查询成功'));
};
export default routes;
