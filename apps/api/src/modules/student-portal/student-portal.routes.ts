import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginBody, studentInfo as studentInfoSchema, tokenData } from '@jz/shared/api/auth';
import type { ModuleRoutes } from '../module-routes.js';
import { envelope, ok } from '../../core/http.js';
import { userOf } from '../../core/auth.js';
import { passwordLogin, signOut } from '../auth/auth.service.js';
import { studentInfo } from './student-portal.service.js';

/** Student site, registered under /studentApi/v1: only student accounts (core/auth mode 'student'). */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['学生端'];
  app.get('/auth/publicKey', {
    config: { auth: 'public' },
    schema: { tags, summary: '获取密码加密公钥 (RSA-OAEP SHA-256)', response: { 200: envelope(z.string()) } },
  }, async () => ok(ctx.cipher.publicKeyPem));

  app.post('/auth/login', {
    config: { auth: 'public' },
    schema: { tags, summary: '学生登录（仅学生账号；密码 RSA 加密；失败限流同教师登录）', body: loginBody, response: { 200: envelope(tokenData.nullable()) } },
  }, async (req) => ok(await passwordLogin(ctx, { ...req.body, ip: req.ip, portal: 'student' }), '登录成功'));

  app.post('/auth/logout', {
    config: { auth: 'public' },
    schema: { tags, summary: '学生退出登录（作废令牌）', response: { 200: envelope(z.null()) } },
  }, async (req) => { await signOut(ctx, req); return ok(null, '已退出登录'); });

  app.get('/user/info', {
    schema: { tags, summary: '本人学籍信息（姓名、年级、班级、学籍号）', response: { 200: envelope(studentInfoSchema.nullable()) } },
  }, async (req) => ok(await studentInfo(ctx, userOf(req))));
};
export default routes;
