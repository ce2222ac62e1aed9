import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signUpBody, signUpDecideBody, signUpRequestSchema, signUpRequestsQuery, signUpResult, signUpSettingBody, signUpSettingSchema } from '@jz/shared/api/sign-up';
import type { ModuleRoutes } from '../module-routes.js';
import { userOf } from '../../core/auth.js';
import { envelope, ok } from '../../core/http.js';
import * as service from './sign-up.service.js';

const tags = ['教师注册'];

/** teach_login/sign_up (public) and the school's side: the switch with its code, the requests, approve, reject. */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  app.post('/teach_login/sign_up', {
    config: { auth: 'public' },
    schema: {
      tags, body: signUpBody, response: { 200: envelope(signUpResult.nullable()) },
      summary: `教师注册：凭学校注册码提交注册申请（密码 RSA 加密），学校管理员审核通过后方可登录；学校未开放注册时拒绝；同一地址每小时最多 ${service.SIGN_UP_LIMIT} 次`,
    },
  }, async (req) => ok(await service.signUp(ctx, req.body, req.ip), '注册申请已提交，请等待学校管理员审核通过后登录'));

  app.get('/signUp/setting', {
    config: { permission: 'school:teacher:edit' },
    schema: { tags, summary: '本校教师注册设置：是否开放注册与学校注册码', response: { 200: envelope(signUpSettingSchema) } },
  }, async (req) => ok(await service.setting(db, userOf(req).schoolId), '查询成功'));

  app.post('/signUp/setting', {
    config: { permission: 'school:teacher:edit' },
    schema: { tags, summary: '保存本校教师注册设置（renewCode=true 换新注册码，旧码立即失效）', body: signUpSettingBody, response: { 200: envelope(signUpSettingSchema) } },
  }, async (req) => {
    const user = userOf(req);
    return ok(await service.saveSetting(db, user.schoolId, user.id, req.body), '保存成功');
  });

  app.get('/signUp/requests', {
    config: { permission: 'school:teacher:edit' },
    schema: { tags, summary: '本校教师注册申请（默认待审核）', querystring: signUpRequestsQuery, response: { 200: envelope(z.array(signUpRequestSchema)) } },
  }, async (req) => ok(await service.requests(db, userOf(req).schoolId, req.query.status), '查询成功'));

  app.post('/signUp/approve', {
    config: { permission: 'school:teacher:edit' },
    schema: { tags, summary: '通过教师注册申请：创建教师账号（使用申请人设置的密码）', body: signUpDecideBody },
  }, async (req) => {
    const user = userOf(req);
    await service.approve(db, user.schoolId, user.id, req.body.id);
    return ok(null, '已通过，教师可以登录了');
  });

  app.post('/signUp/reject', {
    config: { permission: 'school:teacher:edit' },
    schema: { tags, summary: '拒绝教师注册申请（可填写理由）', body: signUpDecideBody },
  }, async (req) => {
    const user = userOf(req);
    await service.reject(db, user.schoolId, user.id, req.body.id, req.body.reason);
    return ok(null, '已拒绝');
  });
};
export default routes;
