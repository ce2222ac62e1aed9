import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cardPreviewQuery, createRenderJobBody, renderJobCreatedSchema, renderJobParams, renderJobSchema } from '@jz/shared/api/render';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './render.service.js';
import { cardPreviewHtml } from '../card/card.service.js';

const tags = ['打印与下载'];

/**
 * Render jobs (contract: packages/shared/src/api/render.ts): printable report PDFs, score slips, answer-sheet
 * cards and report Excel files made by the render queue. Permissions per job type are checked in the service
 * (report:report:export for report / slips / excel, exam:exam:view for cards and labels).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/render/jobs', {
    schema: {
      tags,
      summary: '创建渲染任务：report 分析报告 PDF、slips 成绩条 PDF、card 答题卡 PDF、excel 报告 Excel、labels 条形码贴 PDF（labelOrder 按考场或班级，rooms 限定考场，examSubjectId 只含本科目考生）；classIds 为空 = 可见的全部班级；format zip = 按班级打包',
      body: createRenderJobBody, response: { 200: envelope(renderJobCreatedSchema.nullable()) },
    },
  }, async (req) => ok(await service.createJob(ctx, userOf(req), req.body), '任务已创建'));

  app.get('/render/jobs/:id', {
    schema: { tags, summary: '渲染任务状态：state（waiting/active/completed/failed）、进度 0–100、失败原因、文件名（仅任务创建者或本校管理员）', params: renderJobParams, response: { 200: envelope(renderJobSchema.nullable()) } },
  }, async (req) => ok(await service.getJob(ctx, userOf(req), req.params.id), '查询成功'));

  app.get('/render/jobs/:id/file', {
    schema: { tags, summary: '下载渲染结果（PDF / zip / xlsx；仅任务创建者或本校管理员；被拒绝时返回 JSON）', params: renderJobParams },
  }, async (req, reply) => {
    const f = await service.jobFile(ctx, userOf(req), req.params.id);
    return reply.header('content-type', f.type).header('content-disposition', f.disposition).header('cache-control', 'no-store').send(f.stream);
  });

  app.post('/render/report_preview', {
    schema: { tags, summary: '分析报告打印预览（text/html：与打印 / 下载PDF 相同的 908×1285 页面；请求体同创建渲染任务，type 按 report 处理）', body: createRenderJobBody },
  }, async (req, reply) => {
    const html = await service.reportPreviewHtml(ctx, userOf(req), req.body);
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.get('/render/card_preview', {
    config: { permission: 'exam:exam:view' },
    schema: { tags, summary: '答题卡预览（text/html：考试科目已保存的 A4 答题卡，未保存时为按小题设置生成的默认答题卡）', querystring: cardPreviewQuery },
  }, async (req, reply) => {
    const html = await cardPreviewHtml(ctx, userOf(req), req.query.examSubjectId);
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
export default routes;
