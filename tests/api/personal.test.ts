import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESET_PASSWORD, DEMO_PASSWORD } from '@jz/shared';
import { PASSWORD_RULE_MESSAGE, checkPasswordStrength } from '@jz/shared/api/personal';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe('password rule', () => {
  it('accepts 6–32 characters of two kinds, no spaces', () => {
    expect(checkPasswordStrength(DEMO_PASSWORD)).toBeUndefined();
    expect(checkPasswordStrength(DEFAULT_RESET_PASSWORD)).toBeUndefined();
    expect(checkPasswordStrength('abc123')).toBeUndefined();
    for (const bad of ['a1b2c', '123456', 'abcdefgh', '!!!!!!', 'abc 123', 'a1'.repeat(17)]) expect(checkPasswordStrength(bad), bad).toBe(PASSWORD_RULE_MESSAGE);
  });
});

describe.each(dbKinds)('personal centre on %s', (kind) => {
  let t: TestApp;
  let publicKey = '';
  let addr = 0;
  const enc = (plain: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  const login = (loginId: string, password: string) =>
    t.call<{ accessToken: string }>({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId, password: enc(password) }, remoteAddress: `10.9.0.${++addr}` });
  const changePw = (token: string, oldPassword: string, newPassword: string, confirmNewPassword = newPassword) =>
    t.call({ method: 'POST', url: '/api/v1/pc_personal/update_password', token, payload: { oldPassword: enc(oldPassword), newPassword: enc(newPassword), confirmNewPassword: enc(confirmNewPassword) } });
  const hashOf = async (loginId: string) => (await t.database.db.selectFrom('app_user').select(['password_hash', 'status']).where('login_id', '=', loginId).executeTakeFirstOrThrow());

  beforeAll(async () => {
    t = await createTestApp(kind);
    publicKey = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
  });
  afterAll(async () => { await t.close(); });

  it('changes the own password with the spec messages', async () => {
    const token = (await login('lesson1', DEMO_PASSWORD)).body.data.accessToken;
    const other = await t.tokenFor('lesson1');
    expect((await changePw(token, 'Wrong@2026', 'New@2026x')).body).toMatchObject({ code: 400, msg: '原密码错误' });
    expect((await changePw(token, DEMO_PASSWORD, 'New@2026x', 'New@2026y')).body).toMatchObject({ code: 400, msg: '两次输入密码不一致' });
    expect((await changePw(token, DEMO_PASSWORD, '12345')).body).toMatchObject({ code: 400, msg: PASSWORD_RULE_MESSAGE });
    const empty = await t.call({ method: 'POST', url: '/api/v1/pc_personal/update_password', token, payload: { oldPassword: '', newPassword: enc('x'), confirmNewPassword: enc('x') } });
    expect(empty.body.msg).toBe('请输入原密码');
    const done = await changePw(token, DEMO_PASSWORD, 'New@2026x');
    expect(done.body).toMatchObject({ code: 200, msg: '修改成功' });
    expect((await login('lesson1', DEMO_PASSWORD)).body.msg).toBe('账号或密码错误');
    expect((await login('lesson1', 'New@2026x')).body.code).toBe(200);
    // The calling session stays, the account's other sessions end.
    expect((await t.call({ url: '/api/v1/pc_personal/find_user_info', token })).body.code).toBe(200);
    expect((await t.call({ url: '/api/v1/pc_personal/find_user_info', token: other })).body.code).toBe(401);
  });

  it('shows the own profile and course data', async () => {
    const info = await t.call({ url: '/api/v1/pc_personal/find_user_info', token: await t.tokenFor('head1') });
    expect(info.body.data).toMatchObject({ username: 'head1', schoolName: '示例中学', roleNames: ['班主任', '任课老师'] });

    const teacher1 = (await t.call({ url: '/api/v1/pc_personal/find_my_course_data', token: await t.tokenFor('teacher1') })).body.data;
    expect(teacher1.classes.map((c: { gradeName: string; className: string }) => c.gradeName + c.className)).toEqual(['高一1班', '高一2班']);
    expect(teacher1.courses).toEqual([{ courseCode: 'SX', courseName: '数学' }]);
    expect(teacher1.grades.map((g: { gradeName: string }) => g.gradeName)).toEqual(['高一']);

    // The seed gives 高一 8 classes (apps/api/src/seed/demo.ts); a grade leader covers all of them.
    const grade1 = (await t.call({ url: '/api/v1/pc_personal/find_my_course_data', token: await t.tokenFor('grade1') })).body.data;
    expect(grade1.classes).toHaveLength(8);
    expect(new Set(grade1.classes.map((c: { gradeName: string }) => c.gradeName))).toEqual(new Set(['高一']));
  });

  it('lets the school admin reset a teacher password, not another school\'s, not a teacher', async () => {
    const before = await hashOf('teacher1');
    const foreign = await t.call({ method: 'POST', url: '/api/v1/pc_personal/reset_pwd', token: await t.tokenFor('admin2'), payload: { userId: (await idOf('teacher1')) } });
    expect(foreign.body.code).toBe(403);
    const byTeacher = await t.call({ method: 'POST', url: '/api/v1/pc_personal/reset_pwd', token: await t.tokenFor('head1'), payload: { userId: (await idOf('teacher1')) } });
    expect(byTeacher.body).toMatchObject({ code: 403, msg: '无权限访问' });
    expect((await hashOf('teacher1')).password_hash).toBe(before.password_hash);

    const victimToken = await t.tokenFor('teacher1');
    const res = await t.call({ method: 'POST', url: '/api/v1/pc_personal/reset_pwd', token: await t.tokenFor('admin'), payload: { userId: await idOf('teacher1') } });
    expect(res.body.code).toBe(200);
    expect((await login('teacher1', DEFAULT_RESET_PASSWORD)).body.code).toBe(200);
    expect((await t.call({ url: '/api/v1/pc_personal/find_user_info', token: victimToken })).body.code).toBe(401);

    const given = await t.call({ method: 'POST', url: '/api/v1/pc_personal/reset_pwd', token: await t.tokenFor('admin'), payload: { userId: await idOf('teacher1'), password: enc('Given@2026') } });
    expect(given.body.code).toBe(200);
    expect((await login('teacher1', 'Given@2026')).body.code).toBe(200);
  });

  it('enables and disables users of the own school only; disabling ends their sessions', async () => {
    const headToken = await t.tokenFor('head1');
    const headId = await idOf('head1');
    expect((await t.call({ method: 'POST', url: '/api/v1/pc_personal/enable_user', token: await t.tokenFor('admin2'), payload: { userId: headId, status: 0 } })).body.code).toBe(403);
    expect((await hashOf('head1')).status).toBe(1);
    const off = await t.call({ method: 'POST', url: '/api/v1/pc_personal/enable_user', token: await t.tokenFor('admin'), payload: { userId: headId, status: 0 } });
    expect(off.body.code).toBe(200);
    expect((await t.call({ url: '/api/v1/pc_personal/find_user_info', token: headToken })).body.code).toBe(401);
    expect((await login('head1', DEMO_PASSWORD)).body.msg).toBe('账号已被禁用，请联系管理员');
    await t.call({ method: 'POST', url: '/api/v1/pc_personal/enable_user', token: await t.tokenFor('admin'), payload: { userId: headId, status: 1 } });
    expect((await login('head1', DEMO_PASSWORD)).body.code).toBe(200);
    const self = await t.call({ method: 'POST', url: '/api/v1/pc_personal/enable_user', token: await t.tokenFor('admin'), payload: { userId: await idOf('admin'), status: 0 } });
    expect(self.body.msg).toBe('不能禁用当前登录的账号');
  });

  async function idOf(loginId: string) {
    return (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', loginId).executeTakeFirstOrThrow()).id;
  }
});
