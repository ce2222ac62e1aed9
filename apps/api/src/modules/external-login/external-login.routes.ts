import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCodeData, tokenData } from '@jz/shared/api/auth';
import {
  bindPhoneBody, bindPhoneCodeBody, bindingData, callBackQuery, loginOptionsData, phoneLoginBody, pwdPhoneBody, qrAuthorizeData,
  qrAuthorizeQuery, qrUserInfoData, qrUserInfoQuery, sendPhoneCodeBody,
} from '@jz/shared/api/external-login';
import type { ModuleRoutes } from '../module-routes.js';
import { envelope, ok } from '../../core/http.js';
import { userOf } from '../../core/auth.js';
import * as phone from './phone.service.js';
import * as wechat from './wechat.service.js';
import { bindingsOf } from './external-login.repository.js';

const tags = ['手机与微信登录'];
const pub = { auth: 'public' as const };

/** Phone (SMS) and WeChat sign-in and binding; without a configured provider each call answers 未配置 (code 503). */
const routes: ModuleRoutes = async (base, ctx) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get('/auth/loginOptions', {
    config: pub, schema: { tags, summary: '已开通的其他登录方式（短信、微信）', response: { 200: envelope(loginOptionsData) } },
  }, async () => ok({ sms: !!ctx.config.externalLogin.sms, wechat: !!ctx.config.externalLogin.wechat }));

  app.post('/duanx/verify', {
    config: pub,
    schema: { tags, body: sendPhoneCodeBody, response: { 200: envelope(sendCodeData.nullable()) },
      summary: '发送短信验证码（purpose login 登录 / reset 重置密码；仅发往已绑定账号的手机号，未绑定同样回答成功但不发送；60秒内不可重发）' },
  }, async (req) => ok({ resendAfterSeconds: await phone.sendPhoneCode(ctx, req.body.phone, req.body.purpose, req.ip) }, '已发送验证码'));

  // The spec's duanx/ paths; the bare names (verifSMS, pwdPhone, bind_phone_obtain_code) answer alike.
  for (const url of ['/duanx/verifSMS', '/verifSMS']) {
    app.post(url, {
      config: pub, schema: { tags, body: phoneLoginBody, response: { 200: envelope(tokenData.nullable()) }, summary: '手机验证码登录（教师账号）' },
    }, async (req) => ok({ accessToken: await phone.phoneLogin(ctx, req.body.phone, req.body.code) }, '登录成功'));
  }

  for (const url of ['/duanx/pwdPhone', '/pwdPhone']) {
    app.post(url, {
      config: pub, schema: { tags, body: pwdPhoneBody, response: { 200: envelope(z.null()) }, summary: '用手机验证码重置密码（新密码 RSA 加密；成功后该账号所有会话失效）' },
    }, async (req) => { await phone.resetPasswordByPhone(ctx, req.body); return ok(null, '密码已重置，请重新登录'); });
  }

  for (const url of ['/duanx/bind_phone_obtain_code', '/bind_phone_obtain_code']) {
    app.post(url, {
      schema: { tags, body: bindPhoneCodeBody, response: { 200: envelope(sendCodeData.nullable()) }, summary: '发送绑定手机号验证码（本人）' },
    }, async (req) => ok({ resendAfterSeconds: await phone.sendBindPhoneCode(ctx, userOf(req), req.body.phone, req.ip) }, '已发送验证码'));
  }

  for (const url of ['/pc_personal/bind_phone', '/bind_phone']) {
    app.post(url, {
      schema: { tags, body: bindPhoneBody, response: { 200: envelope(z.null()) }, summary: '绑定手机号（验证码来自 bind_phone_obtain_code）' },
    }, async (req) => { await phone.bindPhone(ctx, userOf(req), req.body.phone, req.body.code); return ok(null, '绑定成功'); });
  }

  app.get('/wechat/qrAuthorize', {
    config: pub, schema: { tags, querystring: qrAuthorizeQuery, response: { 200: envelope(qrAuthorizeData.nullable()) }, summary: '微信扫码登录：二维码地址与 state（绑定请用 pc_personal/bind_wechat）' },
  }, async () => ok(await wechat.qrAuthorize(ctx, 'login')));

  app.get('/wechat/qrUserInfo', {
    config: pub, schema: { tags, querystring: qrUserInfoQuery, response: { 200: envelope(qrUserInfoData.nullable()) }, summary: '轮询扫码结果；登录成功时返回一次令牌' },
  }, async (req) => ok(await wechat.qrUserInfo(ctx, req.query.state)));

  app.get('/callBack', {
    config: pub, schema: { tags, querystring: callBackQuery, summary: '微信授权回调（code、state），跳转回登录页或个人中心' },
  }, async (req, reply) => reply.redirect(await wechat.callBack(ctx, req.query.code, req.query.state)));

  for (const url of ['/pc_personal/bind_wechat', '/bind_wechat']) {
    app.get(url, {
      schema: { tags, response: { 200: envelope(qrAuthorizeData.nullable()) }, summary: '绑定微信：本人扫码的二维码地址与 state' },
    }, async (req) => ok(await wechat.qrAuthorize(ctx, 'bind', userOf(req))));
  }
  for (const url of ['/pc_personal/un_bind_wechat', '/un_bind_wechat']) {
    app.get(url, {
      schema: { tags, response: { 200: envelope(z.null()) }, summary: '解除本人微信绑定' },
    }, async (req) => { await wechat.unbindWechat(ctx, userOf(req)); return ok(null, '解绑成功'); });
  }

  app.get('/pc_personal/find_bindings', {
    schema: { tags, response: { 200: envelope(bindingData) }, summary: '本人已绑定的手机号与微信' },
  }, async (req) => {
    const rows = await bindingsOf(ctx.db, userOf(req).id);
    return ok({ phone: rows.find((r) => r.kind === 'phone')?.value ?? null, wechat: rows.some((r) => r.kind === 'wechat') });
  });
};
export default routes;
