import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addUserBody, bindEmailBody, checkEmailCodeBody, countData, idBody, idsBody, outboxPage, outboxQuery, resetTicket,
  updateEmailCodePasswordBody, updateUserBody, userByRegistrationCode as userByCodeSchema, userPage as userPageSchema, userPageQuery,
} from '@jz/shared/api/users';
import { DEFAULT_RESET_PASSWORD } from '@jz/shared';
import type { ModuleRoutes } from '../module-routes.js';
import { envelope, ok } from '../../core/http.js';
import { userOf } from '../../core/auth.js';
import { setUsersStatus } from '../personal/personal.service.js';
import {
  addUser, bindEmail, checkResetCode, outbox, resetPasswords, unbindEmails, updatePasswordByEmail, updateUser,
  userByRegistrationCode, userPage,
} from './users.service.js';

const tags = ['用户管理'];
const view = { permission: 'system:user:view' };
const edit = { permission: 'system:user:edit' };

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/teach/user/page', {
    config: view,
    schema: { tags, summary: '本校用户分页（keyword 匹配账号/姓名/邮箱/手机；roleCode、status、userType 筛选）', querystring: userPageQuery, response: { 200: envelope(userPageSchema.nullable()) } },
  }, async (req) => ok(await userPage(ctx, userOf(req), req.query)));

  app.post('/teach/user/add', {
    config: edit,
    schema: { tags, summary: `新增本校教师账号（password 为 RSA 加密，省略则为 ${DEFAULT_RESET_PASSWORD}；schoolAdmin=true 授予学校管理员）`, body: addUserBody, response: { 200: envelope(idBody.nullable()) } },
  }, async (req) => ok({ id: await addUser(ctx, userOf(req), req.body) }, '新增成功'));

  app.post('/teach/user/update', {
    config: edit,
    schema: { tags, summary: '修改本校用户资料（姓名、手机、性别；邮箱只能由本人绑定）', body: updateUserBody, response: { 200: envelope(z.null()) } },
  }, async (req) => { await updateUser(ctx, userOf(req), req.body); return ok(null, '修改成功'); });

  app.post('/teach/user/resetPassword', {
    config: edit,
    schema: { tags, summary: `重置用户密码为 ${DEFAULT_RESET_PASSWORD}`, body: idBody, response: { 200: envelope(countData.nullable()) } },
  }, async (req) => ok({ count: await resetPasswords(ctx, userOf(req), [req.body.id]) }, `密码已重置为 ${DEFAULT_RESET_PASSWORD}`));

  app.post('/teach/user/batchResetPassword', {
    config: edit,
    schema: { tags, summary: `批量重置密码为 ${DEFAULT_RESET_PASSWORD}`, body: idsBody, response: { 200: envelope(countData.nullable()) } },
  }, async (req) => ok({ count: await resetPasswords(ctx, userOf(req), req.body.ids) }, `密码已重置为 ${DEFAULT_RESET_PASSWORD}`));

  app.post('/teach/user/enable', {
    config: edit,
    schema: { tags, summary: '批量启用用户', body: idsBody, response: { 200: envelope(countData.nullable()) } },
  }, async (req) => ok({ count: await setUsersStatus(ctx, userOf(req), req.body.ids, 1) }, '已启用'));

  app.post('/teach/user/disable', {
    config: edit,
    schema: { tags, summary: '批量禁用用户（其登录立即失效；不能禁用自己）', body: idsBody, response: { 200: envelope(countData.nullable()) } },
  }, async (req) => ok({ count: await setUsersStatus(ctx, userOf(req), req.body.ids, 0) }, '已禁用'));

  app.post('/teach/user/unbindEmail', {
    schema: { tags, summary: '批量解绑邮箱（ids 仅为本人时任何用户可调用；否则需 system:user:edit）', body: idsBody, response: { 200: envelope(countData.nullable()) } },
  }, async (req) => ok({ count: await unbindEmails(ctx, userOf(req), req.body.ids) }, '解绑成功'));

  app.post('/teach/user/bindEmail', {
    schema: { tags: ['邮箱'], summary: '绑定邮箱（本人；验证码来自 email/sendBindEmailCode；每个账号一个邮箱，每个邮箱一个账号）', body: bindEmailBody, response: { 200: envelope(z.null()) } },
  }, async (req) => { await bindEmail(ctx, userOf(req), req.body.email, req.body.code); return ok(null, '恭喜你，邮箱绑定成功！'); });

  app.post('/teach/user/checkEmailCode', {
    config: { auth: 'public' },
    schema: { tags: ['邮箱'], summary: '校验重置密码验证码（来自 email/sendReSetPwdEmailCode），返回一次性重置凭证 ticket', body: checkEmailCodeBody, response: { 200: envelope(resetTicket.nullable()) } },
  }, async (req) => ok({ ticket: await checkResetCode(ctx, req.body.email, req.body.code) }, '验证成功'));

  app.post('/teach/user/updateEmailCodePassword', {
    config: { auth: 'public' },
    schema: {
      tags: ['邮箱'], body: updateEmailCodePasswordBody, response: { 200: envelope(z.null()) },
      summary: '通过邮箱重置密码（ticket 或 code 二选一；newPassword/confirmNewPassword RSA 加密；成功后该账号所有登录失效）',
    },
  }, async (req) => { await updatePasswordByEmail(ctx, req.body); return ok(null, '密码重置成功，请使用新密码登录'); });

  app.get('/teach/user/getUserByRegistrationCode/:registrationCode', {
    config: view,
    schema: { tags, summary: '按学籍号（或账号）查本校用户', params: z.object({ registrationCode: z.string().min(1) }), response: { 200: envelope(userByCodeSchema.nullable()) } },
  }, async (req) => ok(await userByRegistrationCode(ctx, userOf(req), req.params.registrationCode)));

  app.get('/teach/user/outbox', {
    config: edit,
    schema: { tags: ['邮箱'], summary: '本校发件箱（未配置 SMTP 时邮件存于此）：写入时已绑定本校账号的邮箱收到的邮件；验证码不在此处（见平台发件箱 /adminApi/v1/sys/outbox）', querystring: outboxQuery, response: { 200: envelope(outboxPage.nullable()) } },
  }, async (req) => ok(await outbox(ctx, userOf(req), req.query)));
};
export default routes;
