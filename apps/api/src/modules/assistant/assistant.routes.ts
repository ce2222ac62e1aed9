import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assistantChatBody, assistantHistoryQuery, assistantInfoSchema, assistantMessageSchema, assistantSchoolSettingSchema, assistantSettingBody } from '@jz/shared/api/assistant';
import type { ModuleRoutes } from '../module-routes.js';
import type { FastifyRequest } from 'fastify';
import { hasRole, userOf } from '../../core/auth.js';
import { BizError, envelope, ok } from '../../core/http.js';
import * as repo from './assistant.repository.js';
import * as service from './assistant.service.js';
import { streamEvents } from './assistant.sse.js';

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

  // The school administrator only (a role, not a permission another role could be given): it decides what leaves the school.
  const adminOnly = (req: FastifyRequest) => {
    const user = userOf(req);
    if (!hasRole(user, 'school_admin')) throw new BizError('仅学校管理员可以查看和修改 AI 助手设置', 403);
    return user;
  };

  app.get('/assistant/school_setting', { config: { permission: 'school:permission:edit' }, schema: { tags, summary: 'AI 助手设置（学校管理员）：是否允许把学生姓名发送给外部模型服务、模型服务与今日次数限额', response: { 200: envelope(assistantSchoolSettingSchema) } } },
    async (req) => ok(await service.schoolSetting(db, config.assistant, adminOnly(req).schoolId), '查询成功'));

  app.post('/assistant/school_setting', { config: { permission: 'school:permission:edit' }, schema: { tags, summary: 'AI 助手设置（学校管理员）：设置本校是否允许把学生姓名发送给外部模型服务', body: assistantSettingBody } },
    async (req) => {
      const user = adminOnly(req);
      await repo.setShareStudentNames(db, user.schoolId, user.id, req.body.shareStudentNames);
      return ok(null, '保存成功');
    });

  app.post('/assistant/chat', {
    config: { permission: 'report:report:view' },
    schema: { tags, summary: 'AI 助手提问：通过检查后以 text/event-stream 回答（start、tool、delta、done 或 error；数字标注来源 [S1]）', body: assistantChatBody },
  }, async (req, reply) => {
    const turn = await service.prepareTurn(db, config.assistant, userOf(req), req.body);
    await streamEvents(req, reply, (emit, signal) => turn.run(emit, signal));
  });
};
export default routes;
