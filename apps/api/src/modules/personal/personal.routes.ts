import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enableUserBody, myCourseData, resetPwdBody, updatePasswordBody, userProfile } from '@jz/shared/api/personal';
import type { ModuleRoutes } from '../module-routes.js';
import { envelope, ok } from '../../core/http.js';
import { userOf } from '../../core/auth.js';
import { findMyCourseData, findUserInfo, resetPwd, setUsersStatus, updatePassword } from './personal.service.js';

const tags = ['个人中心'];

const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post('/pc_personal/update_password', {
    config: { whilePasswordChangeDue: true },
    schema: {
      tags, body: updatePasswordBody, response: { 200: envelope(z.null()) },
      summary: '修改本人密码（三项均 RSA 加密；新密码6-32位、不含空格、至少含字母/数字/符号中的两种；成功后其他会话失效）',
    },
  }, async (req) => { await updatePassword(ctx, userOf(req), req.body); return ok(null, '修改成功'); });

  app.get('/pc_personal/find_user_info', {
    config: { whilePasswordChangeDue: true },
    schema: { tags, summary: '本人资料', response: { 200: envelope(userProfile.nullable()) } },
  }, async (req) => ok(await findUserInfo(ctx, userOf(req))));

  app.get('/pc_personal/find_my_course_data', {
    schema: { tags, summary: '本人角色及所辖年级、班级、学科', response: { 200: envelope(myCourseData.nullable()) } },
  }, async (req) => ok(await findMyCourseData(ctx, userOf(req))));

  app.post('/pc_personal/reset_pwd', {
    config: { permission: 'system:user:edit' },
    schema: {
      tags, body: resetPwdBody, response: { 200: envelope(z.null()) },
      summary: '管理员重置本校用户密码（password 为 RSA 加密的新密码，省略则重置为默认密码 Jz@123456）',
    },
  }, async (req) => ok(null, await resetPwd(ctx, userOf(req), req.body.userId, req.body.password)));

  app.post('/pc_personal/enable_user', {
    config: { permission: 'system:user:edit' },
    schema: { tags, body: enableUserBody, response: { 200: envelope(z.null()) }, summary: '启用(status=1)/禁用(status=0)本校用户；禁用即令其登录失效' },
  }, async (req) => {
    await setUsersStatus(ctx, userOf(req), [req.body.userId], req.body.status);
    return ok(null, req.body.status === 1 ? '已启用' : '已禁用');
  });
};
export default routes;
