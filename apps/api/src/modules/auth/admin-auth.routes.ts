import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminLoginBody, adminMe as adminMeSchema, tokenData } from '@jz/shared/api/auth';
import type { ModuleRoutes } from '../module-routes.js';
import { envelope, ok, unauthorized } from '../../core/http.js';
import { adminMe, passwordLogin, signOut } from './auth.service.js';

/** Platform administrator login, registered under /adminApi/v1. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['平台管理员登录'];
  app.post('/auth/login', {
    config: { auth: 'public' },
    schema: {
      tags, body: adminLoginBody, response: { 200: envelope(tokenData.nullable()) },
      summary: '平台管理员登录（密码 RSA 加密；令牌当天本地午夜失效；失败限流同教师登录）',
    },
  }, async (req) => ok(await passwordLogin(ctx, { loginId: req.body.username, password: req.body.password, ip: req.ip, portal: 'admin' }), '登录成功'));

  app.post('/auth/logout', {
    config: { auth: 'public' },
    schema: { tags, summary: '平台管理员退出登录（作废令牌）', response: { 200: envelope(z.null()) } },
  }, async (req) => { await signOut(ctx, req); return ok(null, '已退出登录'); });

  app.get('/auth/me', {
    schema: { tags, summary: '当前平台管理员', response: { 200: envelope(adminMeSchema.nullable()) } },
  }, async (req) => {
    if (!req.auth) throw unauthorized();
    return ok(adminMe(req.auth));
  });
};
export default routes;
