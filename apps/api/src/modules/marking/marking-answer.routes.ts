import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as s from './marking.schema.js';
import * as a from './marking-answer.schema.js';
import * as answer from './marking-answer.service.js';
import { markingCard, myCards } from './marking-cards.service.js';
import { answerCardSchema, cardSubjectQuery } from '@jz/shared/api/card';

const tags = ['网上阅卷'];

/**
 * The standard answer per block (standard_answer/save_text and *_image: the block's leaders upload and delete, its markers and
 * leaders read) and 我的答题卡 (marking/myCards). Access in the services.
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'exam:marking:do' };
  const images = { 200: envelope(a.imagesSchema) };

  app.post('/standard_answer/save_text', { config, schema: { tags, summary: '保存题块的标准答案与评分细则（文字；题组长或可设置该科目者）', body: a.textBody, response: { 200: envelope(z.null()) } } },
    async (req) => { await answer.saveText(ctx, userOf(req), req.body.blockId, req.body.text); return ok(null, '保存成功'); });
  app.get('/standard_answer/images', { config, schema: { tags, summary: '题块的标准答案图片', querystring: s.blockQuery, response: images } },
    async (req) => ok({ images: await answer.list(ctx, userOf(req), req.query.blockId) }, '查询成功'));
  app.post('/standard_answer/upload_image', {
    config,
    schema: { tags, summary: '上传标准答案图片（multipart 一个 PNG/JPEG 文件，≤ 2 MB，每题块 ≤ 10 张；题组长或可设置该科目者）', consumes: ['multipart/form-data'], querystring: s.blockQuery, response: images },
  }, async (req) => ok({ images: await answer.upload(ctx, req, userOf(req), req.query.blockId) }, '上传成功'));
  app.post('/standard_answer/delete_image', { config, schema: { tags, summary: '删除标准答案图片', body: a.deleteBody, response: images } },
    async (req) => ok({ images: await answer.remove(ctx, userOf(req), req.body.blockId, req.body.name) }, '已删除'));
  app.get('/standard_answer/image', { config, schema: { tags, summary: '标准答案图片（仅该题块的阅卷老师与题组长）', querystring: a.imageQuery } },
    async (req, reply) => {
      const img = await answer.image(ctx, userOf(req), req.query.blockId, req.query.name);
      return reply.header('content-type', img.type).header('cache-control', 'private, max-age=300').send(img.stream);
    });
  app.get('/marking/myCards', { config, schema: { tags, summary: '我的答题卡：我负责或参与阅卷的考试科目的答题卡', response: { 200: envelope(z.array(a.myCardSchema)) } } },
    async (req) => ok(await myCards(ctx.db, userOf(req)), '查询成功'));
  app.get('/answer/paintings', {
    config, schema: { tags: ['答题卡'], summary: '阅卷用的答题卡（同 card/find；仅可设置该科目者、题组长与阅卷老师）', querystring: cardSubjectQuery, response: { 200: envelope(answerCardSchema.nullable()) } },
  }, async (req) => ok(await markingCard(ctx.db, userOf(req), req.query.examSubjectId), '查询成功'));
};

export default routes;
