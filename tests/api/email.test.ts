import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@jz/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { startSmtpReceiver } from '../helpers/smtp.js';

describe.each(dbKinds)('email codes over a real SMTP server on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let publicKey = '';
  let addr = 0;
  const enc = (plain: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  const post = (url: string, payload: object, token?: string) => t.call({ method: 'POST', url: `/api/v1/${url}`, payload, token, remoteAddress: `10.7.0.${++addr}` });
  const me = (token: string) => t.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token });

  const codeFor = (to: string, since: number) => smtp.codeFor(to, since);
  const inbox = { get length() { return smtp.inbox.length; }, slice: (n: number) => smtp.inbox.slice(n) };

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp(kind, { smtpUrl: smtp.smtpUrl });
    publicKey = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('validates the address as the spec says', async () => {
    const token = await t.tokenFor('head1');
    expect((await post('email/sendBindEmailCode', { email: '' }, token)).body).toMatchObject({ code: 400, msg: '请输入邮箱号' });
    expect((await post('email/sendBindEmailCode', { email: 'not-an-email' }, token)).body).toMatchObject({ code: 400, msg: '该邮箱不存在' });
    expect((await post('email/sendLoginEmailCode', { email: ' ' })).body.msg).toBe('请输入邮箱号');
  });

  it('binds, logs in by email, refuses a resend within 60 s and resets the password by email', async () => {
    const headToken = await t.tokenFor('head1');
    const headId = (await me(headToken)).body.data.id;
    // Another user's id is refused.
    expect((await post('email/sendBindEmailCode', { email: 'head1@example.com', userId: headId + 1 }, headToken)).body.code).toBe(403);

    let mark = inbox.length;
    const sent = await post('email/sendBindEmailCode', { email: 'head1@example.com', userId: headId }, headToken);
    expect(sent.body).toMatchObject({ code: 200, msg: '已发送验证码', data: { resendAfterSeconds: 60 } });
    const bindCode = await codeFor('head1@example.com', mark);
    expect(bindCode).toMatch(/^\d{6}$/);
    // The code is stored hashed only.
    const stored = await t.database.db.selectFrom('email_code').select('code_hash').where('purpose', '=', 'bind').execute();
    expect(stored.every((r) => r.code_hash !== bindCode && r.code_hash.length === 64)).toBe(true);

    const again = await post('email/sendBindEmailCode', { email: 'head1@example.com', userId: headId }, headToken);
    expect(again.body.code).toBe(429);
    expect(again.body.msg).toMatch(/^验证码已发送，请(60|59|58)秒后再试$/);

    const wrong = String((Number(bindCode) + 1) % 1_000_000).padStart(6, '0');
    expect((await post('teach/user/bindEmail', { email: 'head1@example.com', code: wrong }, headToken)).body.msg).toBe('验证码错误或已过期');
    const bound = await post('teach/user/bindEmail', { email: 'head1@example.com', code: bindCode }, headToken);
    expect(bound.body).toMatchObject({ code: 200, msg: '恭喜你，邮箱绑定成功！' });
    expect((await me(headToken)).body.data.userEmail).toBe('head1@example.com');
    expect((await post('teach/user/bindEmail', { email: 'head1@example.com', code: bindCode }, headToken)).body.code).toBe(400);

    // One email per account, one account per email.
    expect((await post('email/sendBindEmailCode', { email: 'other@example.com' }, headToken)).body.msg).toBe('每个账号仅允许绑定一个邮箱号，请先解除绑定');
    expect((await post('email/sendBindEmailCode', { email: 'HEAD1@example.com' }, await t.tokenFor('teacher1'))).body.msg).toBe('该邮箱已绑定其他账号，每个邮箱号仅支持绑定一个账号');

    // Email login.
    mark = inbox.length;
    expect((await post('email/sendLoginEmailCode', { email: 'head1@example.com' })).body.code).toBe(200);
    const loginCode = await codeFor('head1@example.com', mark);
    expect((await post('auth/emailLogin', { email: 'head1@example.com', code: wrong === loginCode ? bindCode : wrong })).body.msg).toBe('验证码错误或已过期');
    const byMail = await post('auth/emailLogin', { email: 'head1@example.com', code: loginCode });
    expect(byMail.body.code).toBe(200);
    const mailToken = (byMail.body.data as { accessToken: string }).accessToken;
    expect((await me(mailToken)).body.data.username).toBe('head1');
    expect((await post('auth/emailLogin', { email: 'head1@example.com', code: loginCode })).body.code).toBe(400);

    // An unknown mailbox gets the same answer and no mail.
    mark = inbox.length;
    expect((await post('email/sendLoginEmailCode', { email: 'nobody@example.com' })).body).toMatchObject({ code: 200, msg: '已发送验证码' });
    expect((await post('email/sendReSetPwdEmailCode', { email: 'nobody@example.com' })).body.code).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.slice(mark).filter((m) => m.to.includes('nobody@example.com'))).toHaveLength(0);

    // Reset the password by email: code → ticket → new password; every session ends.
    mark = inbox.length;
    expect((await post('email/sendReSetPwdEmailCode', { email: 'head1@example.com' })).body.code).toBe(200);
    const resetCode = await codeFor('head1@example.com', mark);
    const checked = await post('teach/user/checkEmailCode', { email: 'head1@example.com', code: resetCode });
    expect(checked.body.code).toBe(200);
    const ticket = (checked.body.data as { ticket: string }).ticket;
    const weak = await post('teach/user/updateEmailCodePassword', { email: 'head1@example.com', ticket, newPassword: enc('123') });
    expect(weak.body.code).toBe(400);
    const reset = await post('teach/user/updateEmailCodePassword', { email: 'head1@example.com', ticket, newPassword: enc('Mail@2026'), confirmNewPassword: enc('Mail@2026') });
    expect(reset.body.code).toBe(200);
    expect((await me(mailToken)).body.code).toBe(401);
    expect((await post('teach/user/updateEmailCodePassword', { email: 'head1@example.com', ticket, newPassword: enc('Again@2026') })).body.code).toBe(400);
    const loginNew = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'head1', password: enc('Mail@2026') }, remoteAddress: '10.7.1.1' });
    expect(loginNew.body.code).toBe(200);
    const loginOld = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'head1', password: enc(DEMO_PASSWORD) }, remoteAddress: '10.7.1.1' });
    expect(loginOld.body.msg).toBe('账号或密码错误');

    // Unbinding: not by another school's admin, yes by the user itself.
    const admin2 = await t.tokenFor('admin2');
    expect((await post('teach/user/unbindEmail', { ids: [headId] }, admin2)).body.code).toBe(403);
    const selfToken = await t.tokenFor('head1');
    expect((await post('teach/user/unbindEmail', { ids: [headId] }, selfToken)).body).toMatchObject({ code: 200, msg: '解绑成功' });
    expect((await me(selfToken)).body.data.userEmail).toBeNull();
  });

  it('locks a mailbox\'s codes after 5 wrong tries', async () => {
    const token = await t.tokenFor('teacher1');
    const mark = inbox.length;
    expect((await post('email/sendBindEmailCode', { email: 'teacher1@example.com' }, token)).body.code).toBe(200);
    const code = await codeFor('teacher1@example.com', mark);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) expect((await post('teach/user/bindEmail', { email: 'teacher1@example.com', code: wrong }, token)).body.msg).toBe('验证码错误或已过期');
    expect((await post('teach/user/bindEmail', { email: 'teacher1@example.com', code }, token)).body.msg).toBe('验证码错误次数过多，请重新获取验证码');
  });

  it('refuses a bind code when the SMTP server is unreachable', async () => {
    const broken = await createTestApp(kind, { smtpUrl: 'smtp://127.0.0.1:1?ignoreTLS=true&connectionTimeout=2000' });
    try {
      const res = await broken.call({ method: 'POST', url: '/api/v1/email/sendBindEmailCode', token: await broken.tokenFor('grade1'), payload: { email: 'grade1@example.com' } });
      expect(res.body).toMatchObject({ code: 503, msg: '邮件发送失败，请稍后重试' });
      // The failed send does not start the 60 s wait.
      const again = await broken.call({ method: 'POST', url: '/api/v1/email/sendBindEmailCode', token: await broken.tokenFor('grade1'), payload: { email: 'grade1@example.com' } });
      expect(again.body.code).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
