import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  blankCardSchema, blankQuery, drawnShapeSchema, importedTemplateSchema, savedTemplateSchema, templateImportQuery, templateSaveBody, templateSnapBody, templateSubjectQuery,
} from '@jz/shared/api/scan-template';
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

  app.post('/make_template/snap', {
    schema: { tags, summary: '框选吸附：把在空白答题卡上框出的区域对准印刷的定位标记或涂点（定位点按识别时的方法取中心，涂点区域按印刷的涂点定行列与大小）', body: templateSnapBody, response: { 200: envelope(drawnShapeSchema) } },
  }, async (req) => ok(await service.snap(ctx, userOf(req), req.body), '已对准'));

  app.post('/make_template/import', {
    schema: { tags, summary: '导入 OMRChecker（template.json）或 FormScanner（.xtmpl）模板：放到已上传的空白答题卡上并保存为该科目的模板（multipart：一个文件）', consumes: ['multipart/form-data'], querystring: templateImportQuery, response: { 200: envelope(importedTemplateSchema) } },
  }, async (req) => ok(await service.importFile(ctx, req, userOf(req), req.query), '模板已导入，此后该科目的答题卡按此模板识别'));
};
export default routes;
