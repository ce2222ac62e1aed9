import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminLoginTeachBody, currentUserInfo as currentUserInfoSchema, emailLoginBody, loginBody, sendBindEmailCodeBody, sendCodeData, sendEmailCodeBody, tokenData } from '@jz/shared/api/auth';
import type { ModuleRoutes } from '../module-routes.js';
import { envelope, ok } from '../../core/http.js';
import { userOf } from '../../core/auth.js';
import { adminLoginTeach, currentUserInfo, emailLogin, passwordLogin, sendAccountEmailCode, sendBindEmailCode, signOut } from './auth.service.js';

const tags = ['登录'];

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/auth/publicKey', {
    config: { auth: 'public' },
    schema: { tags, summary: '获取密码加密公钥 (RSA-OAEP SHA-256)', response: { 200: envelope(z.string()) } },
  }, async () => ok(ctx.cipher.publicKeyPem));

  app.post('/auth/login', {
    config: { auth: 'public' },
    schema: {
      tags, body: loginBody, response: { 200: envelope(tokenData.nullable()) },
      summary: '教师账号密码登录（密码 RSA 加密；同一账号+地址失败5次后须等待60秒，此后每错一次等待加倍，其他地址不受影响；mustChangePassword=true 时须先修改密码；学生账号请用 /studentApi/v1/auth/login）',
    },
  }, async (req) => ok(await passwordLogin(ctx, { ...req.body, ip: req.ip, portal: 'teacher' }), '登录成功'));

  app.post('/auth/emailLogin', {
    config: { auth: 'public' },
    schema: { tags, summary: '邮箱验证码登录（验证码来自 email/sendLoginEmailCode）', body: emailLoginBody, response: { 200: envelope(tokenData.nullable()) } },
  }, async (req) => ok(await emailLogin(ctx, req.body.email, req.body.code), '登录成功'));

  app.post('/teach_login/sign_out', {
    config: { auth: 'public' },
    schema: { tags, summary: '退出登录（服务端作废当前令牌；重复调用无害）', response: { 200: envelope(z.null()) } },
  }, async (req) => { await signOut(ctx, req); return ok(null, '已退出登录'); });

  app.post('/teach_login/admin_login_teach', {
    config: { auth: 'public' },
    schema: {
      tags, body: adminLoginTeachBody, response: { 200: envelope(tokenData.nullable()) },
      summary: '平台管理员进入学校：需在 Authorization 中携带管理员令牌，返回该校管理员的教学端令牌',
    },
  }, async (req) => ok({ accessToken: await adminLoginTeach(ctx, req, req.body.schoolTenantId) }));

  app.get('/teach/user/getCurrentUserInfo', {
    config: { whilePasswordChangeDue: true },
    schema: { tags, summary: '当前登录用户信息（角色、菜单、权限码、学校）', response: { 200: envelope(currentUserInfoSchema.nullable()) } },
  }, async (req) => ok(await currentUserInfo(ctx, userOf(req))));

  const codeMsg = '已发送验证码';
  app.post('/email/sendBindEmailCode', {
    schema: {
      tags: ['邮箱'], body: sendBindEmailCodeBody, response: { 200: envelope(sendCodeData.nullable()) },
      summary: '发送绑定邮箱验证码（需登录；userId 可省略，须为本人；同一邮箱60秒内不可重发）',
    },
  }, async (req) => ok({ resendAfterSeconds: await sendBindEmailCode(ctx, userOf(req), req.body.email, req.body.userId, req.ip) }, codeMsg));

  app.post('/email/sendLoginEmailCode', {
    config: { auth: 'public' },
    schema: {
      tags: ['邮箱'], body: sendEmailCodeBody, response: { 200: envelope(sendCodeData.nullable()) },
      summary: '发送邮箱登录验证码（仅发往已绑定教师账号的邮箱；未绑定的邮箱同样回答成功但不发送，避免泄露账号）',
    },
  }, async (req) => ok({ resendAfterSeconds: await sendAccountEmailCode(ctx, req.body.email, 'login', req.ip) }, codeMsg));

  app.post('/email/sendReSetPwdEmailCode', {
    config: { auth: 'public' },
    schema: {
      tags: ['邮箱'], body: sendEmailCodeBody, response: { 200: envelope(sendCodeData.nullable()) },
      summary: '发送重置密码验证码（仅发往已绑定账号的邮箱；未绑定的邮箱同样回答成功但不发送）',
    },
  }, async (req) => ok({ resendAfterSeconds: await sendAccountEmailCode(ctx, req.body.email, 'reset', req.ip) }, codeMsg));
};
export default routes;
