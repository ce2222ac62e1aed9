import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerCardSchema, cardLayoutCheckSchema, cardSettingsBody, cardSubjectBody, cardSubjectQuery } from '@jz/shared/api/card';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './card.service.js';

const tags = ['答题卡'];

/**
 * Answer-sheet cards (contract: packages/shared/src/api/card.ts): one saved card per exam subject (settings and
 * the printed mm layout). Reading and previewing need exam:exam:view, saving and resetting exam:exam:edit (and,
 * in the service, the right to edit that subject).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const view = { permission: 'exam:exam:view' };
  const edit = { permission: 'exam:exam:edit' };
  const html = 'text/html; charset=utf-8';

  app.get('/card/find', {
    config: view,
    schema: { tags, summary: '考试科目的答题卡：已保存的设置与版式（saved = true），或默认设置与默认版式；outdated = 小题等已变更，需重新保存', querystring: cardSubjectQuery, response: { 200: envelope(answerCardSchema.nullable()) } },
  }, async (req) => ok(await service.getCard(db, userOf(req), req.query.examSubjectId), '查询成功'));

  app.get('/card/preview', {
    config: view,
    schema: { tags, summary: '已保存（或默认）答题卡的打印版 HTML（text/html，A4）', querystring: cardSubjectQuery },
  }, async (req, reply) => {
    const out = await service.previewHtml(db, userOf(req), req.query.examSubjectId);
    return reply.header('content-type', html).header('cache-control', 'no-store').send(out);
  });

  app.post('/card/preview', {
    config: view,
    schema: { tags, summary: '按给定设置预览答题卡（text/html，不保存；未给的设置取默认值；设置不正确时返回中文原因）', body: cardSettingsBody },
  }, async (req, reply) => {
    const out = await service.previewHtml(db, userOf(req), req.body.examSubjectId, req.body.settings);
    return reply.header('content-type', html).header('cache-control', 'no-store').send(out);
  });

  app.post('/card/layout', {
    config: view,
    schema: {
      tags, summary: '按给定设置生成答题卡版式并检查（区域重叠、超出可打印区域或栏、区域太小），不保存；制卡页拖动区域后实时校验用',
      body: cardSettingsBody, response: { 200: envelope(cardLayoutCheckSchema) },
    },
  }, async (req) => ok(await service.checkLayout(db, userOf(req), req.body.examSubjectId, req.body.settings), '查询成功'));

  app.post('/card/save', {
    config: edit,
    schema: {
      tags,
      summary: '保存答题卡：校验设置（标题、考号位数不少于最长考号、最多页数 2/3/4 或自动、选项个数 2–8、作文字数、每道填空题 1–4 空），生成版式并保存（一个事务；不正确时不保存）',
      body: cardSettingsBody, response: { 200: envelope(answerCardSchema.nullable()) },
    },
  }, async (req) => ok(await service.saveCard(db, userOf(req), req.body.examSubjectId, req.body.settings), '保存成功'));

  app.post('/card/reset', {
    config: edit,
    schema: { tags, summary: '恢复默认答题卡（删除已保存的答题卡）', body: cardSubjectBody, response: { 200: envelope(answerCardSchema.nullable()) } },
  }, async (req) => ok(await service.resetCard(db, userOf(req), req.body.examSubjectId), '已恢复默认'));
};
export default routes;
