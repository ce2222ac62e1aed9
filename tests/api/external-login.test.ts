import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { fakeProvidersConfig, startFakeProviders, type FakeProviders } from '../helpers/fake-providers.js';

/**
 * Phone (SMS) and WeChat sign-in, against local servers that speak the providers' real protocols: Alibaba Cloud's
 * SendSms RPC API (signature v1, checked here by an independent implementation of the published algorithm) and
 * WeChat's website login (sns/oauth2/access_token, sns/userinfo). Without providers every call answers 未配置.
 */

describe.each(dbKinds)('external logins on %s', (kind) => {
  let plain: TestApp;
  let t: TestApp;
  let fake: FakeProviders;
  let enc: (s: string) => string;

  beforeAll(async () => {
    fake = await startFakeProviders();
    plain = await createTestApp(kind);
    t = await createTestApp(kind, { externalLogin: fakeProvidersConfig(fake) });
    const key = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
    enc = (s) => publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(s)).toString('base64');
  });
  afterAll(async () => {
    await plain?.close();
    await t?.close();
    fake?.server.close();
  });

  it('says 未配置 on every call when no provider is configured, and the login options say so', async () => {
    expect((await plain.call({ url: '/api/v1/auth/loginOptions' })).body.data).toEqual({ sms: false, wechat: false });
    const token = await plain.tokenFor('teacher1');
    for (const c of [
      { method: 'POST' as const, url: '/api/v1/duanx/verify', payload: { phone: '13800000001' } },
      { method: 'POST' as const, url: '/api/v1/verifSMS', payload: { phone: '13800000001', code: '123456' } },
      { method: 'POST' as const, url: '/api/v1/bind_phone_obtain_code', payload: { phone: '13800000001' }, token },
      { method: 'POST' as const, url: '/api/v1/duanx/bind_phone_obtain_code', payload: { phone: '13800000001' }, token },
      { method: 'POST' as const, url: '/api/v1/duanx/verifSMS', payload: { phone: '13800000001', code: '123456' } },
      { method: 'GET' as const, url: '/api/v1/wechat/qrAuthorize' },
      { method: 'GET' as const, url: '/api/v1/pc_personal/bind_wechat', token },
    ]) {
      const r = await plain.call(c);
      expect(r.status, c.url).toBe(200);
      expect(r.body.code, c.url).toBe(503);
      expect(r.body.msg, c.url).toContain('未配置');
      // users are told whom to ask; the settings themselves are the README's, never shown to them
      expect(r.body.msg, c.url).toContain('请联系管理员开通');
      expect(r.body.msg, c.url).not.toMatch(/[A-Z]+_[A-Z_]+|环境变量/);
    }
  });

  it('binds a phone, logs in and resets the password by SMS code', async () => {
    expect((await t.call({ url: '/api/v1/auth/loginOptions' })).body.data).toEqual({ sms: true, wechat: true });
    const teacher = await t.tokenFor('teacher1');
    const phone = kind === 'pglite' ? '13900000001' : '13900000002';
    expect((await t.call({ method: 'POST', url: '/api/v1/duanx/bind_phone_obtain_code', token: teacher, payload: { phone: 'abc' } })).body.msg).toContain('手机号格式不正确');
    const sent = await t.call({ method: 'POST', url: '/api/v1/duanx/bind_phone_obtain_code', token: teacher, payload: { phone: `+86 ${phone}` } });
    expect(sent.body.code, sent.body.msg).toBe(200);
    expect(fake.badSignatures).toBe(0);
    const bindCode = fake.sms.at(-1)!;
    expect(bindCode.phone).toBe(phone);
    expect((await t.call({ method: 'POST', url: '/api/v1/pc_personal/bind_phone', token: teacher, payload: { phone, code: '000000' === bindCode.code ? '111111' : '000000' } })).body.msg).toBe('验证码错误或已过期');
    const bound = await t.call({ method: 'POST', url: '/api/v1/pc_personal/bind_phone', token: teacher, payload: { phone, code: bindCode.code } });
    expect(bound.body.code, bound.body.msg).toBe(200);
    expect((await t.call({ url: '/api/v1/pc_personal/find_bindings', token: teacher })).body.data).toEqual({ phone, wechat: false });

    // Another account cannot take the number.
    const head = await t.tokenFor('head1');
    expect((await t.call({ method: 'POST', url: '/api/v1/bind_phone_obtain_code', token: head, payload: { phone } })).body.msg).toContain('已绑定其他账号');

    // Login by code; resend within 60 s is refused.
    const before = fake.sms.length;
    expect((await t.call({ method: 'POST', url: '/api/v1/duanx/verify', payload: { phone } })).body.code).toBe(200);
    expect(fake.sms.length).toBe(before + 1);
    expect((await t.call({ method: 'POST', url: '/api/v1/duanx/verify', payload: { phone } })).body.code).toBe(429);
    const login = await t.call<{ accessToken: string }>({ method: 'POST', url: '/api/v1/duanx/verifSMS', payload: { phone, code: fake.sms.at(-1)!.code } });
    expect(login.body.code, login.body.msg).toBe(200);
    const me = await t.call<{ userName: string; loginId?: string }>({ url: '/api/v1/teach/user/getCurrentUserInfo', token: login.body.data.accessToken });
    expect(me.body.code).toBe(200);
    // The code works once (the bare verifSMS is the same call).
    expect((await t.call({ method: 'POST', url: '/api/v1/verifSMS', payload: { phone, code: fake.sms.at(-1)!.code } })).body.code).toBe(400);

    // A phone no account holds: the same answer, nothing sent.
    const count = fake.sms.length;
    expect((await t.call({ method: 'POST', url: '/api/v1/duanx/verify', payload: { phone: '13700000009' } })).body.code).toBe(200);
    expect(fake.sms.length).toBe(count);

    // Password reset by phone code; the old sessions end and the new password logs in.
    await t.database.db.deleteFrom('rate_event').where('key', 'like', 'sms:%').execute();
    expect((await t.call({ method: 'POST', url: '/api/v1/duanx/verify', payload: { phone, purpose: 'reset' } })).body.code).toBe(200);
    const reset = await t.call({ method: 'POST', url: '/api/v1/duanx/pwdPhone', payload: { phone, code: fake.sms.at(-1)!.code, newPassword: enc('Phone@2026x'), confirmNewPassword: enc('Phone@2026x') } });
    expect(reset.body.code, reset.body.msg).toBe(200);
    expect((await t.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token: login.body.data.accessToken })).body.code).toBe(401);
    const again = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'teacher1', password: enc('Phone@2026x') } });
    expect(again.body.code, again.body.msg).toBe(200);
  });

  it('kills a code after five wrong tries', async () => {
    const head = await t.tokenFor('head1');
    const phone = kind === 'pglite' ? '13600000001' : '13600000002';
    expect((await t.call({ method: 'POST', url: '/api/v1/bind_phone_obtain_code', token: head, payload: { phone } })).body.code).toBe(200);
    const right = fake.sms.at(-1)!.code;
    const wrong = right === '999999' ? '999998' : '999999';
    const msgs = [];
    for (let i = 0; i < 5; i++) msgs.push((await t.call({ method: 'POST', url: '/api/v1/pc_personal/bind_phone', token: head, payload: { phone, code: wrong } })).body.msg);
    expect(msgs.at(-1)).toBe('验证码错误次数过多，请重新获取验证码');
    expect((await t.call({ method: 'POST', url: '/api/v1/pc_personal/bind_phone', token: head, payload: { phone, code: right } })).body.code).toBe(400);
  });

  it('logs in by WeChat QR only after the WeChat is bound, hands the token out once', async () => {
    const qr = await t.call<{ url: string; state: string }>({ url: '/api/v1/wechat/qrAuthorize' });
    expect(qr.body.code, qr.body.msg).toBe(200);
    const u = new URL(qr.body.data.url);
    expect(u.origin + u.pathname).toBe('https://open.weixin.qq.com/connect/qrconnect');
    expect(u.searchParams.get('appid')).toBe('wx-test');
    expect(u.searchParams.get('scope')).toBe('snsapi_login');
    expect(u.searchParams.get('state')).toBe(qr.body.data.state);
    expect((await t.call({ url: `/api/v1/wechat/qrUserInfo?state=${qr.body.data.state}` })).body.data.status).toBe('waiting');

    const code = kind === 'pglite' ? 'code-lite' : 'code-pg';
    const cb = await t.app.inject({ url: `/api/v1/callBack?code=${code}&state=${qr.body.data.state}` });
    expect(cb.statusCode).toBe(302);
    expect(cb.headers.location).toBe(`/#/wechatLogin?state=${qr.body.data.state}`);
    const unbound = await t.call({ url: `/api/v1/wechat/qrUserInfo?state=${qr.body.data.state}` });
    expect(unbound.body.data).toMatchObject({ status: 'unbound', accessToken: null });

    // head1 binds this WeChat from the personal centre.
    const head = await t.tokenFor('head1');
    const bind = await t.call<{ state: string }>({ url: '/api/v1/pc_personal/bind_wechat', token: head });
    expect(bind.body.code, bind.body.msg).toBe(200);
    await t.app.inject({ url: `/api/v1/callBack?code=${code}&state=${bind.body.data.state}` });
    expect((await t.call({ url: `/api/v1/wechat/qrUserInfo?state=${bind.body.data.state}` })).body.data.status).toBe('done');
    expect((await t.call({ url: '/api/v1/pc_personal/find_bindings', token: head })).body.data.wechat).toBe(true);

    // The same WeChat cannot be bound to another account.
    const admin = await t.tokenFor('admin');
    const bind2 = await t.call<{ state: string }>({ url: '/api/v1/pc_personal/bind_wechat', token: admin });
    await t.app.inject({ url: `/api/v1/callBack?code=${code}&state=${bind2.body.data.state}` });
    expect((await t.call({ url: `/api/v1/wechat/qrUserInfo?state=${bind2.body.data.state}` })).body.data).toMatchObject({ status: 'failed', message: '该微信已绑定其他账号' });

    // Now the scan logs head1 in, once.
    const qr2 = await t.call<{ state: string }>({ url: '/api/v1/wechat/qrAuthorize' });
    await t.app.inject({ url: `/api/v1/callBack?code=${code}&state=${qr2.body.data.state}` });
    const done = await t.call<{ status: string; accessToken: string }>({ url: `/api/v1/wechat/qrUserInfo?state=${qr2.body.data.state}` });
    expect(done.body.data.status).toBe('done');
    const me = await t.call<{ roles: unknown[] }>({ url: '/api/v1/pc_personal/find_user_info', token: done.body.data.accessToken });
    expect(me.body.code).toBe(200);
    const headId = (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'head1').executeTakeFirstOrThrow()).id;
    expect((await t.call<{ id: number }>({ url: '/api/v1/pc_personal/find_user_info', token: done.body.data.accessToken })).body.data.id).toBe(headId);
    expect((await t.call({ url: `/api/v1/wechat/qrUserInfo?state=${qr2.body.data.state}` })).body.data).toMatchObject({ status: 'expired', accessToken: null });
    // A replayed callback changes nothing.
    const replay = await t.app.inject({ url: `/api/v1/callBack?code=${code}&state=${qr2.body.data.state}` });
    expect(replay.headers.location).toBe('/#/wechatLogin?error=expired');

    // WeChat refusing the code fails the state with WeChat's message.
    const qr3 = await t.call<{ state: string }>({ url: '/api/v1/wechat/qrAuthorize' });
    await t.app.inject({ url: `/api/v1/callBack?code=bogus&state=${qr3.body.data.state}` });
    expect((await t.call({ url: `/api/v1/wechat/qrUserInfo?state=${qr3.body.data.state}` })).body.data).toMatchObject({ status: 'failed', message: '微信授权失败：invalid code' });

    expect((await t.call({ url: '/api/v1/pc_personal/un_bind_wechat', token: head })).body.code).toBe(200);
    expect((await t.call({ url: '/api/v1/pc_personal/un_bind_wechat', token: head })).body.msg).toBe('尚未绑定微信');
  });
});
