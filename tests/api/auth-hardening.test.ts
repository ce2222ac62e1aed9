import { constants, publicEncrypt } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESET_PASSWORD, DEMO_PASSWORD } from '@jz/shared';
import { COMMON_PASSWORD_MESSAGE, LOGIN_ID_PASSWORD_MESSAGE, checkNewPassword } from '@jz/shared/api/personal';
import { Mailer } from '../../apps/api/src/core/mailer.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/** Outbox takeover, login-limit race, lockout as a weapon, passwords set by someone else. */

describe('weakest passwords', () => {
  it('refuses common passwords and the login id (any case, also reversed)', () => {
    for (const pw of ['Password1', 'P@ssw0rd', 'qwe123', 'Abc123', 'woaini1314', 'Jz@123456', '1qaz@WSX']) expect(checkNewPassword(pw, 'teacher1'), pw).toBe(COMMON_PASSWORD_MESSAGE);
    expect(checkNewPassword('Teacher1', 'teacher1')).toBe(LOGIN_ID_PASSWORD_MESSAGE);
    expect(checkNewPassword('1REHCAET', 'teacher1')).toBe(LOGIN_ID_PASSWORD_MESSAGE);
    expect(checkNewPassword('Blue#River42', 'teacher1')).toBeUndefined();
    expect(checkNewPassword(DEMO_PASSWORD, 'teacher1')).toBeUndefined();
  });
});

describe.each(dbKinds)('auth hardening on %s', (kind) => {
  let t: TestApp;
  let publicKey = '';
  let addr = 0;
  const enc = (plain: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  const login = (loginId: string, password: string, remoteAddress = `10.20.0.${++addr}`) =>
    t.call<{ accessToken: string; mustChangePassword: boolean }>({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId, password: enc(password) }, remoteAddress });
  const post = (url: string, payload: object, token?: string) => t.call({ method: 'POST', url: `/api/v1/${url}`, payload, token, remoteAddress: `10.21.0.${++addr}` });
  const me = (token: string) => t.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token });
  const idOf = async (loginId: string) => (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', loginId).executeTakeFirstOrThrow()).id;
  const schoolOutbox = async (token: string) => (await t.call<{ records: { to: string; body: string }[] }>({ url: '/api/v1/teach/user/outbox?size=1000', token })).body.data.records;
  const platformOutbox = async () => (await t.call<{ records: { to: string; subject: string; body: string }[] }>({ url: '/adminApi/v1/sys/outbox?size=1000', token: await t.tokenFor('root', 'admin') })).body.data.records;
  const codeIn = (body: string) => /验证码为：(\d{6})/.exec(body)?.[1];

  beforeAll(async () => {
    t = await createTestApp(kind);
    publicKey = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
  });
  afterAll(async () => { await t.close(); });

  describe('item 1: the outbox', () => {
    it('a school administrator cannot read another school\'s login code (cross-school takeover repro)', async () => {
      const victimMail = 'principal2@example.com';
      // teacher1 (示例中学) asks a bind code for the address; it never binds it.
      expect((await post('email/sendBindEmailCode', { email: victimMail }, await t.tokenFor('teacher1'))).body.code).toBe(200);
      // admin2 (第二示范中学) binds that address with the code its mailbox received.
      const admin2 = await t.tokenFor('admin2');
      expect((await post('email/sendBindEmailCode', { email: victimMail }, admin2)).body.code).toBe(429); // the 60 s resend wait of the address
      await t.database.db.deleteFrom('rate_event').where('key', 'like', `mail:bind:${victimMail}`).execute();
      expect((await post('email/sendBindEmailCode', { email: victimMail }, admin2)).body.code).toBe(200);
      const bindCode = codeIn((await platformOutbox()).find((m) => m.to === victimMail)!.body)!;
      expect((await post('teach/user/bindEmail', { email: victimMail, code: bindCode }, admin2)).body.code).toBe(200);
      // Anyone asks a login code for it.
      expect((await post('email/sendLoginEmailCode', { email: victimMail })).body.code).toBe(200);

      // 示例中学's administrator reads its outbox: no code of that address (nor any code at all).
      const box = await schoolOutbox(await t.tokenFor('admin'));
      expect(box.filter((m) => m.to === victimMail)).toEqual([]);
      expect(box.filter((m) => codeIn(m.body))).toEqual([]);
      // Nor does 第二示范中学's own administrator see codes: they are for the platform administrator only.
      expect((await schoolOutbox(admin2)).filter((m) => codeIn(m.body))).toEqual([]);
      // The code exists (platform outbox) and works, so the refusal above is the outbox rule, not a missing mail.
      const loginMail = (await platformOutbox()).find((m) => m.to === victimMail && m.subject.includes('邮箱登录'))!;
      const byMail = await post('auth/emailLogin', { email: victimMail, code: codeIn(loginMail.body)! });
      expect(byMail.body.code).toBe(200);
      expect((await me((byMail.body.data as { accessToken: string }).accessToken)).body.data.username).toBe('admin2');
    });

    it('the platform outbox needs the platform administrator', async () => {
      expect((await t.call({ url: '/adminApi/v1/sys/outbox', token: await t.tokenFor('admin') })).body.code).toBe(401);
      expect((await t.call({ url: '/adminApi/v1/sys/outbox' })).body.code).toBe(401);
    });

    it('never writes a mail\'s text (a code) into the log', async () => {
      const lines: string[] = [];
      const log = pino({ level: 'trace' }, { write: (s: string) => { lines.push(s); } });
      const mailer = new Mailer(t.database.db, log);
      await mailer.send({ to: 'log-check@example.com', subject: '验证码', text: '您的验证码为：424242', secret: true });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain('424242');
    });
  });

  describe('items 7 and 8: login limits', () => {
    it('lets at most the limit of 40 parallel wrong passwords reach the password check', async () => {
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login('lesson1', `Bad@${i}xyz`, '10.30.0.1')));
      const checked = results.filter((r) => r.body.msg === '账号或密码错误').length;
      const refused = results.filter((r) => r.body.code === 429).length;
      expect(checked).toBe(5);
      expect(refused).toBe(35);
      // The right password from that address waits too; from another address it works.
      expect((await login('lesson1', DEMO_PASSWORD, '10.30.0.1')).body.code).toBe(429);
      expect((await login('lesson1', DEMO_PASSWORD, '10.30.0.2')).body.code).toBe(200);
    });

    it('slows one account + address pair down, doubling the wait, and mails the owner once', async () => {
      const db = t.database.db;
      await db.updateTable('app_user').set({ email: 'grade1@example.com' }).where('login_id', '=', 'grade1').execute();
      for (let i = 0; i < 4; i++) expect((await login('grade1', `Bad@${i}xx`, '10.31.0.1')).body.msg).toBe('账号或密码错误');
      const before = (await platformOutbox()).length;
      expect((await login('grade1', 'Bad@4xx', '10.31.0.1')).body.msg).toBe('账号或密码错误');
      const blocked = await login('grade1', DEMO_PASSWORD, '10.31.0.1');
      expect(blocked.body.code).toBe(429);
      expect(blocked.body.msg).toMatch(/^登录失败次数过多，请(60|59|58)秒后再试$/);
      // Not a weapon: the same account from another address logs in.
      expect((await login('grade1', DEMO_PASSWORD, '10.31.0.2')).body.code).toBe(200);

      // The owner is told, in its own school's outbox (the address is bound to a 示例中学 account), once.
      const notices = (await schoolOutbox(await t.tokenFor('admin'))).filter((m) => m.to === 'grade1@example.com');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.body).toContain('10.31.0.1');
      expect(notices[0]!.body).toContain('连续 5 次密码错误');
      expect((await schoolOutbox(await t.tokenFor('admin2'))).filter((m) => m.to === 'grade1@example.com')).toEqual([]);
      expect((await platformOutbox()).length).toBe(before + 1);

      // When the wait is over one more failure doubles it (the clock is moved by ending the wait in the table).
      const key = 'login:pair:grade1:10.31.0.1';
      await db.updateTable('login_throttle').set({ next_allowed_at: new Date(Date.now() - 1000) }).where('key', '=', key).execute();
      expect((await login('grade1', 'Bad@5xx', '10.31.0.1')).body.msg).toBe('账号或密码错误');
      expect((await login('grade1', DEMO_PASSWORD, '10.31.0.1')).body.msg).toMatch(/^登录失败次数过多，请(120|119|118)秒后再试$/);
      await db.updateTable('login_throttle').set({ next_allowed_at: new Date(Date.now() - 1000) }).where('key', '=', key).execute();
      // The right password after the wait logs in and starts the pair from zero; no second notice was sent.
      expect((await login('grade1', DEMO_PASSWORD, '10.31.0.1')).body.code).toBe(200);
      expect(await db.selectFrom('login_throttle').select('key').where('key', '=', key).executeTakeFirst()).toBeUndefined();
      expect((await schoolOutbox(await t.tokenFor('admin'))).filter((m) => m.to === 'grade1@example.com')).toHaveLength(1);
    });

    it('limits one address over many accounts (password spraying)', async () => {
      for (let i = 0; i < 50; i++) expect((await login(`spray${i}`, 'Bad@2026x', '10.32.0.1')).body.msg, String(i)).toBe('账号或密码错误');
      expect((await login('head1', DEMO_PASSWORD, '10.32.0.1')).body.code).toBe(429);
      expect((await login('head1', DEMO_PASSWORD, '10.32.0.2')).body.code).toBe(200);
    });
  });

  describe('item 12: passwords set by someone else', () => {
    const changePw = (token: string, oldPassword: string, newPassword: string) =>
      post('pc_personal/update_password', { oldPassword: enc(oldPassword), newPassword: enc(newPassword), confirmNewPassword: enc(newPassword) }, token);

    it('demo accounts are not forced', async () => {
      const res = await login('head1', DEMO_PASSWORD);
      expect(res.body.data.mustChangePassword).toBe(false);
      expect((await me(res.body.data.accessToken)).body.data.mustChangePassword).toBe(false);
    });

    it('after a reset the account must change its password before anything else', async () => {
      const admin = await t.tokenFor('admin');
      expect((await post('teach/user/resetPassword', { id: await idOf('teacher1') }, admin)).body.code).toBe(200);
      const res = await login('teacher1', DEFAULT_RESET_PASSWORD);
      expect(res.body).toMatchObject({ code: 200, data: { mustChangePassword: true } });
      const token = res.body.data.accessToken;
      expect((await me(token)).body.data).toMatchObject({ username: 'teacher1', mustChangePassword: true });
      const refused = await t.call({ url: '/api/v1/pc_personal/find_my_course_data', token });
      expect(refused.body).toMatchObject({ code: 428, msg: '密码由管理员设置或重置，请先修改密码后再使用' });

      // The weakest passwords are refused with a Chinese reason; so is keeping the one set by the administrator.
      expect((await changePw(token, DEFAULT_RESET_PASSWORD, 'Password1')).body).toMatchObject({ code: 400, msg: COMMON_PASSWORD_MESSAGE });
      expect((await changePw(token, DEFAULT_RESET_PASSWORD, '1rehcaeT')).body).toMatchObject({ code: 400, msg: LOGIN_ID_PASSWORD_MESSAGE });
      expect((await changePw(token, DEFAULT_RESET_PASSWORD, DEFAULT_RESET_PASSWORD)).body.code).toBe(400);
      expect((await changePw(token, DEFAULT_RESET_PASSWORD, 'Blue#River42')).body).toMatchObject({ code: 200, msg: '修改成功' });
      expect((await me(token)).body.data.mustChangePassword).toBe(false);
      expect((await t.call({ url: '/api/v1/pc_personal/find_my_course_data', token })).body.code).toBe(200);
      expect((await login('teacher1', 'Blue#River42')).body.data.mustChangePassword).toBe(false);
    });

    it('flags every password set by someone else, and no password the owner chose', async () => {
      const admin = await t.tokenFor('admin');
      const flag = async (loginId: string) => (await t.database.db.selectFrom('app_user').select('must_change_password').where('login_id', '=', loginId).executeTakeFirstOrThrow()).must_change_password;
      expect((await post('teach/user/batchResetPassword', { ids: [await idOf('t002'), await idOf('t003')] }, admin)).body.code).toBe(200);
      expect([await flag('t002'), await flag('t003')]).toEqual([true, true]);
      expect((await post('pc_personal/reset_pwd', { userId: await idOf('t004'), password: enc('Given#Pass42') }, admin)).body.code).toBe(200);
      expect(await flag('t004')).toBe(true);
      expect((await post('teach/user/add', { loginId: 'forced1', userName: '新教师' }, admin)).body.code).toBe(200);
      expect(await flag('forced1')).toBe(true);
      expect((await post('teach/user/add', { loginId: 'forced2', userName: '新教师', password: enc('Given#Pass42') }, admin)).body.code).toBe(200);
      expect(await flag('forced2')).toBe(true);
      const school = await t.call<{ adminLoginId: string }>({
        method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: await t.tokenFor('root', 'admin'),
        payload: { name: '强制改密中学', code: 'qzgm', province: '浙江省', area: '杭州市' },
      });
      expect(school.body.code, school.body.msg).toBe(200);
      expect(await flag(school.body.data.adminLoginId)).toBe(true);
      // The platform administrator entering the new school is not asked to choose its administrator's password.
      const entered = await t.call<{ accessToken: string }>({ method: 'POST', url: '/api/v1/teach_login/admin_login_teach', token: await t.tokenFor('root', 'admin'),
        payload: { schoolTenantId: (school.body.data as unknown as { id: number }).id } });
      expect(entered.body.code, entered.body.msg).toBe(200);
      expect((await me(entered.body.data.accessToken)).body.data.mustChangePassword).toBe(false);
      expect((await t.call({ url: '/api/v1/pc_personal/find_my_course_data', token: entered.body.data.accessToken })).body.code).toBe(200);
      const own = await login(school.body.data.adminLoginId, DEFAULT_RESET_PASSWORD);
      expect((await t.call({ url: '/api/v1/pc_personal/find_my_course_data', token: own.body.data.accessToken })).body.code).toBe(428);
      // A student whose password is reset has no screen to change it: it is not forced.
      expect((await post('teach/user/resetPassword', { id: await idOf('student1') }, admin)).body.code).toBe(200);
      expect(await flag('student1')).toBe(false);
    });

    it('refuses the weakest passwords on every set', async () => {
      const admin = await t.tokenFor('admin');
      expect((await post('teach/user/add', { loginId: 'weak1', userName: '弱', password: enc('Weak1') }, admin)).body.code).toBe(400);
      expect((await post('teach/user/add', { loginId: 'weak123', userName: '弱', password: enc('321KAEW') }, admin)).body).toMatchObject({ code: 400, msg: LOGIN_ID_PASSWORD_MESSAGE });
      expect((await post('pc_personal/reset_pwd', { userId: await idOf('t005'), password: enc('qwe123') }, admin)).body).toMatchObject({ code: 400, msg: COMMON_PASSWORD_MESSAGE });
      const root = await t.tokenFor('root', 'admin');
      const role = await t.database.db.selectFrom('sys_role').select('id').orderBy('id').executeTakeFirstOrThrow();
      const sys = await t.call({ method: 'POST', url: '/adminApi/v1/sys/users', token: root, payload: { loginId: 'ops1', userName: '运维', roleId: role.id, password: enc('P@ssw0rd') } });
      expect(sys.body).toMatchObject({ code: 400, msg: COMMON_PASSWORD_MESSAGE });
    });
  });
});
