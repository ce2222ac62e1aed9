import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assistantChatBody, assistantHistoryQuery, assistantInfoSchema, assistantMessageSchema, assistantSettingBody, type AssistantEvent } from '@jz/shared/api/assistant';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import * as repo from './assistant.repository.js';
import * as service from './assistant.service.js';

const tags = ['AI 助手'];

/**
 * The AI assistant drawer: its parts (welcome, suggestions, models, today's quota), the caller's saved history, and
 * the question itself, answered as a text/event-stream once every check has passed (a refusal is a JSON body).
 */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;

  app.get('/assistant/info', { schema: { tags, summary: 'AI 助手：欢迎语、推荐问题、可选模型（含离线模式）、今日剩余次数', response: { 200: envelope(assistantInfoSchema) } } },
    async (req) => ok(await service.info(db, config.assistant, userOf(req)), '查询成功'));

  app.get('/assistant/history', { schema: { tags, summary: 'AI 助手：调用者自己的对话记录（最近 size 条）', querystring: assistantHistoryQuery, response: { 200: envelope(z.array(assistantMessageSchema)) } } },
    async (req) => ok(await repo.history(db, userOf(req).id, req.query.size), '查询成功'));

  app.post('/assistant/clear_history', { schema: { tags, summary: 'AI 助手：清空调用者自己的对话记录（不恢复今日次数）', response: { 200: envelope(z.object({ deleted: z.number() })) } } },
    async (req) => ok({ deleted: await repo.clearHistory(db, userOf(req).id) }, '已清空'));

  app.get('/assistant/school_setting', { config: { permission: 'school:permission:edit' }, schema: { tags, summary: 'AI 助手：本校是否允许把学生姓名发送给外部模型服务', response: { 200: envelope(assistantSettingBody) } } },
    async (req) => ok({ shareStudentNames: await repo.shareStudentNames(db, userOf(req).schoolId) }, '查询成功'));

  app.post('/assistant/school_setting', { config: { permission: 'school:permission:edit' }, schema: { tags, summary: 'AI 助手：设置本校是否允许把学生姓名发送给外部模型服务', body: assistantSettingBody } },
    async (req) => {
      const user = userOf(req);
      await repo.setShareStudentNames(db, user.schoolId, user.id, req.body.shareStudentNames);
      return ok(null, '保存成功');
    });

  app.post('/assistant/chat', {
    config: { permission: 'report:report:view' },
    schema: { tags, summary: 'AI 助手提问：通过检查后以 text/event-stream 回答（start、tool、delta、done 或 error；数字标注来源 [S1]）', body: assistantChatBody },
  }, async (req, reply) => {
    const turn = await service.prepareTurn(db, config.assistant, userOf(req), req.body);
    const res = reply.raw;
    const aborted = new AbortController();
    res.on('close', () => { if (!res.writableFinished) aborted.abort(); });
    reply.hijack();
    // the security headers set so far go out with the stream's own
    const headers = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined)) as Record<string, string | number | string[]>;
    res.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' });
    const emit = (e: AssistantEvent) => { if (!res.destroyed) res.write(`data: ${JSON.stringify(e)}\n\n`); };
    try {
      await turn.run(emit, aborted.signal);
    } catch (err) {
      if (!(err instanceof BizError)) req.log.error(err);
      emit({ type: 'error', msg: err instanceof BizError ? err.message : '回答失败，请稍后再试' });
    }
    res.end();
  });
};
export default routes;
