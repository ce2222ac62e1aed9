import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { blankCardSchema, blankQuery, savedTemplateSchema, templateSaveBody, templateSubjectQuery } from '@jz/shared/api/scan-template';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './scan-template.service.js';

const tags = ['答题卡扫描'];

/**
 * Spec §7 make_template: cards made elsewhere (第三方答题卡). Access as the scan routes (scan.access.ts): the
 * subject's 扫描员, or with exam:scan:do the school administrator, grade leader and lesson leader.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.get('/make_template/find', {
    schema: { tags, summary: '考试科目已确认的第三方答题卡模板（无则 null）', querystring: templateSubjectQuery, response: { 200: envelope(savedTemplateSchema.nullable()) } },
  }, async (req) => ok(await service.find(db, userOf(req), req.query.examSubjectId), '查询成功'));

  app.post('/make_template/blank', {
    schema: { tags, summary: '上传空白答题卡（multipart：字段 examSubjectId 与一个 JPG/PNG/TIFF/PDF 文件；取第一页存为灰度图片）', consumes: ['multipart/form-data'], querystring: blankQuery, response: { 200: envelope(blankCardSchema) } },
  }, async (req) => ok(await service.blank(ctx, req, userOf(req)), '上传成功'));

  app.get('/make_template/image', {
    schema: { tags, summary: '空白答题卡图片（image/jpeg）', querystring: templateSubjectQuery.extend({ name: z.string().max(80) }) },
  }, async (req, reply) => {
    const stream = await service.image(ctx, userOf(req), req.query.examSubjectId, req.query.name);
    return reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=300').send(stream);
  });

  app.post('/make_template/save', {
    schema: { tags, summary: '确认第三方答题卡模板：此后该科目的扫描按此模板识别', body: templateSaveBody, response: { 200: envelope(savedTemplateSchema) } },
  }, async (req) => ok(await service.save(ctx, userOf(req), req.body), '模板已保存，此后该科目的答题卡按此模板识别'));
};
export default routes;
