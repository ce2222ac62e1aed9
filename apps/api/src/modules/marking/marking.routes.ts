import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as s from './marking.schema.js';
import * as lead from './marking-lead.service.js';
import { reassign } from './marking-reassign.service.js';
import * as service from './marking.service.js';

const tags = ['网上阅卷'];

/**
 * The marking page and the task list (contract: packages/shared/src/marking.ts). Every
 * route needs exam:marking:do; the services admit a block's markers, and its leaders (题组长, subject leaders)
 * for the leader routes (marking.access.ts).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const config = { permission: 'exam:marking:do' };
  const result = { 200: envelope(s.submitResultSchema) };
  const done = { 200: envelope(z.null()) };

  app.get('/marking/tasks', { config, schema: { tags, summary: '阅卷任务：我参与的题块（阅卷或题组长）及进度', response: { 200: envelope(z.array(s.taskRowSchema)) } } },
    async (req) => ok(await service.tasks(db, userOf(req)), '查询成功'));
  app.get('/marking/block', { config, schema: { tags, summary: '题块信息：题目、给分点、满分、评卷方式、标准答案', querystring: s.blockQuery, response: { 200: envelope(s.blockInfoSchema) } } },
    async (req) => ok(await service.blockInfo(db, userOf(req), req.query.blockId), '查询成功'));
  app.post('/marking/next', { config, schema: { tags, summary: '领取下一份试卷（租约；prefetch=1 预取下一份）', body: s.nextBody, response: { 200: envelope(s.paperSchema.nullable()) } } },
    async (req) => { const r = await service.next(db, userOf(req), req.body.blockId, req.body.prefetch === 1); return ok(r.paper, r.msg); });
  app.get('/marking/image', { config, schema: { tags, summary: '题块切图（image/jpeg，仅题块，不含考生信息）', querystring: s.imageQuery } },
    async (req, reply) => reply.header('content-type', 'image/jpeg').header('cache-control', 'private, max-age=300').send(await service.image(ctx, userOf(req), req.query)));
  app.post('/marking/submit', { config, schema: { tags, summary: '提交评分（按 requestId 幂等）；done = 提交后本人在该题块的已阅份数', body: s.submitBody, response: { 200: envelope(s.submitDoneSchema) } } },
    async (req) => ok(await service.submit(db, userOf(req), req.body), '提交成功'));
  app.post('/marking/problem', { config, schema: { tags, summary: '问题卷：交题组长处理', body: s.problemBody, response: done } },
    async (req) => { await service.problem(db, userOf(req), req.body); return ok(null, '已提交问题卷'); });
  app.get('/marking/review', { config, schema: { tags, summary: '回评：我已评的试卷', querystring: s.reviewQuery, response: { 200: envelope(s.reviewSchema) } } },
    async (req) => ok(await service.review(db, userOf(req), req.query), '查询成功'));
  app.post('/marking/rescore', { config, schema: { tags, summary: '回评改分（保留修改记录）', body: s.rescoreBody, response: result } },
    async (req) => ok(await service.rescore(db, userOf(req), req.body), '修改成功'));

  app.get('/marking/problems', { config, schema: { tags, summary: '问题卷列表（题组长）', querystring: s.blockQuery, response: { 200: envelope(z.array(s.problemRowSchema)) } } },
    async (req) => ok(await lead.problems(db, userOf(req), req.query.blockId), '查询成功'));
  app.post('/marking/resolveProblem', { config, schema: { tags, summary: '处理问题卷：给分或退回', body: s.resolveBody, response: { 200: envelope(z.object({ state: s.submitResultSchema.shape.state })) } } },
    async (req) => ok(await lead.resolveProblem(db, userOf(req), req.body), '处理成功'));
  app.get('/marking/arbitrations', { config, schema: { tags, summary: '待仲裁试卷（题组长）', querystring: s.blockQuery, response: { 200: envelope(z.array(s.arbitrationRowSchema)) } } },
    async (req) => ok(await lead.arbitrations(db, userOf(req), req.query.blockId), '查询成功'));
  app.post('/marking/arbitrate', { config, schema: { tags, summary: '仲裁给分（题组长；评过该卷者不能仲裁）', body: s.arbitrateBody, response: result } },
    async (req) => ok(await lead.arbitrate(db, userOf(req), req.body), '仲裁成功'));
  app.post('/marking/check/next', { config, schema: { tags, summary: '抽查：随机一份已定分的试卷', body: s.blockQuery, response: { 200: envelope(s.paperSchema.nullable()) } } },
    async (req) => { const p = await lead.checkNext(db, userOf(req), req.body.blockId); return ok(p, p ? '查询成功' : '当前没有可抽查的试卷'); });
  app.post('/marking/override', { config, schema: { tags, summary: '抽查改分（须填写原因）', body: s.overrideBody, response: result } },
    async (req) => ok(await lead.override(db, userOf(req), req.body), '修改成功'));
  app.post('/marking/reassign', { config, schema: { tags, summary: '回收未阅：收回该老师未阅的任务量与领取中的试卷，退回题块或分给所选老师（平均分配时其他老师任务量相应增加）；已评分数保留', body: s.reassignBody, response: { 200: envelope(s.reassignSchema) } } },
    async (req) => ok(await reassign(db, userOf(req), req.body), '已回收未阅任务'));
  app.get('/marking/audit', { config, schema: { tags, summary: '修改记录：谁、何时、原分、新分、原因', querystring: s.blockQuery, response: { 200: envelope(z.array(s.auditRowSchema)) } } },
    async (req) => ok(await lead.auditRows(db, userOf(req), req.query.blockId), '查询成功'));
};

export default routes;
