import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { renderJobCreatedSchema, renderJobParams, renderJobSchema } from '@jz/shared/api/render';
import {
  studentExamDetailSchema, studentExamListSchema, studentExamQuery, studentSheetImageQuery, studentSheetQuery, studentSheetSchema, studentSlipBody,
  studentSubjectQuery, studentSubjectSchema,
} from '@jz/shared/api/student-report';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import { examDetail, examList, subjectDetail } from '../student-portal/student-report.service.js';
import { sheetImage, sheetList } from '../student-portal/student-sheet.service.js';
import { createSlipJob, slipFile, slipJob } from '../student-portal/student-slip.service.js';

/**
 * Student portal reports, registered under /studentApi/v1 (student accounts only): the caller's own released
 * results (contract: packages/shared/src/api/student-report.ts).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['学生端'];
  app.get('/report/list', {
    schema: { tags, summary: '本人参加且已发布成绩的考试（新的在前）与本人总分', response: { 200: envelope(studentExamListSchema.nullable()) } },
  }, async (req) => ok(await examList(ctx.db, userOf(req)), '查询成功'));
  app.get('/report/detail', {
    schema: { tags, summary: '本人一场考试的各科与总分、排名（按学校设置）、班级与年级均分和最高分、与参考考试比较、评语', querystring: studentExamQuery, response: { 200: envelope(studentExamDetailSchema.nullable()) } },
  }, async (req) => ok(await examDetail(ctx.db, userOf(req), req.query.examId), '查询成功'));
  app.get('/report/subject', {
    schema: { tags, summary: '本人一科：每道小题得分与班级、年级均分，知识点掌握，答题卡原卷（扫描后提供）', querystring: studentSubjectQuery, response: { 200: envelope(studentSubjectSchema.nullable()) } },
  }, async (req) => ok(await subjectDetail(ctx.db, userOf(req), req.query.examId, req.query.courseCode), '查询成功'));
  app.get('/report/sheet', {
    schema: { tags, summary: '本人一科已扫描的答题卡页（页码与图片地址；未扫描时为空）', querystring: studentSheetQuery, response: { 200: envelope(studentSheetSchema.nullable()) } },
  }, async (req) => ok(await sheetList(ctx.db, userOf(req), req.query.examId, req.query.examSubjectId), '查询成功'));
  app.get('/report/sheet/image', {
    schema: { tags, summary: '本人答题卡一页的图片（image/jpeg；仅本人、已发布考试、正常页）', querystring: studentSheetImageQuery },
  }, async (req, reply) => {
    const stream = await sheetImage(ctx, userOf(req), req.query.pageId);
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, no-store').send(stream);
  });
  app.post('/report/slip', {
    schema: { tags, summary: '生成本人成绩单 PDF（渲染任务）', body: studentSlipBody, response: { 200: envelope(renderJobCreatedSchema.nullable()) } },
  }, async (req) => ok(await createSlipJob(ctx, userOf(req), req.body.examId), '任务已创建'));
  app.get('/report/slip/:id', {
    schema: { tags, summary: '本人成绩单任务的状态与进度（仅创建者本人）', params: renderJobParams, response: { 200: envelope(renderJobSchema.nullable()) } },
  }, async (req) => ok(await slipJob(ctx, userOf(req), req.params.id), '查询成功'));
  app.get('/report/slip/:id/file', {
    schema: { tags, summary: '下载本人成绩单 PDF（仅创建者本人；被拒绝时返回 JSON）', params: renderJobParams },
  }, async (req, reply) => {
    const f = await slipFile(ctx, userOf(req), req.params.id);
    return reply.header('content-type', 'application/pdf').header('content-disposition', f.disposition).header('cache-control', 'no-store').send(f.stream);
  });
};
export default routes;
