import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, DEFAULT_MENUS, DEFAULT_ROLE_PERMISSIONS, DEMO_PASSWORD } from '@jz/shared';
import { nextLocalMidnight } from '../../apps/api/src/core/auth.js';
import { sha256 } from '../../apps/api/src/core/crypto.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe.each(dbKinds)('auth on %s', (kind) => {
  let t: TestApp;
  let publicKey = '';
  /** The browser's side: RSA-OAEP SHA-256 with the served key, base64. */
  const enc = (plain: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  const login = (loginId: string, password: string, remoteAddress = '10.1.0.1', url = '/api/v1/auth/login') =>
    t.call<{ accessToken: string }>({ method: 'POST', url, payload: { loginId, password: enc(password) }, remoteAddress });
  const me = (token: string) => t.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    publicKey = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
  });
  afterAll(async () => { await t.close(); });

  it('logs a teacher in with the encrypted password and the token works', async () => {
    const { body } = await login('admin', DEMO_PASSWORD);
    expect(body.code).toBe(200);
    expect(body.data.accessToken).toMatch(/^[\w-]{40,}$/);
    const info = await me(body.data.accessToken);
    expect(info.body.code).toBe(200);
    expect(info.body.data.username).toBe('admin');
  });

  it('refuses a wrong password or an unknown account with the same message', async () => {
    const wrong = await login('head1', 'Wrong@2026', '10.1.0.2');
    expect(wrong.body).toMatchObject({ code: 400, msg: '账号或密码错误', data: null });
    const unknown = await login('nobody', DEMO_PASSWORD, '10.1.0.2');
    expect(unknown.body.msg).toBe('账号或密码错误');
  });

  it('refuses a password that was not encrypted with the served key', async () => {
    const { body } = await t.call({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId: 'admin', password: DEMO_PASSWORD } });
    expect(body.code).toBe(400);
    expect(body.msg).toContain('解密失败');
  });

  it('refuses a disabled user and a closed school with a clear message', async () => {
    await t.database.db.updateTable('app_user').set({ status: 0 }).where('login_id', '=', 'lesson1').execute();
    const disabled = await login('lesson1', DEMO_PASSWORD, '10.1.0.3');
    expect(disabled.body.code).toBe(403);
    expect(disabled.body.msg).toBe('账号已被禁用，请联系管理员');
    await t.database.db.updateTable('app_user').set({ status: 1 }).where('login_id', '=', 'lesson1').execute();

    await t.database.db.updateTable('school').set({ status: 0 }).where('name', '=', '第二示范中学').execute();
    const closed = await login('admin2', DEMO_PASSWORD, '10.1.0.3');
    expect(closed.body.code).toBe(403);
    expect(closed.body.msg).toBe('所在学校已关闭，请联系平台管理员');
    await t.database.db.updateTable('school').set({ status: 1 }).where('name', '=', '第二示范中学').execute();
    expect((await login('admin2', DEMO_PASSWORD, '10.1.0.3')).body.code).toBe(200);
  });

  it('after 5 failures an account waits on that address only, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expect((await login('grade1', `Bad@${i}xx`, '10.2.0.1')).body.msg).toBe('账号或密码错误');
    const blocked = await login('grade1', DEMO_PASSWORD, '10.2.0.1');
    expect(blocked.body.code).toBe(429);
    expect(blocked.body.msg).toMatch(/^登录失败次数过多，请(60|59|58)秒后再试$/);
    // The same account from another address, and other accounts, are not affected.
    expect((await login('grade1', DEMO_PASSWORD, '10.2.0.99')).body.code).toBe(200);
    expect((await login('head1', DEMO_PASSWORD, '10.2.0.1')).body.code).toBe(200);
  });

  it('failures spread over accounts and addresses lock nobody out', async () => {
    for (let i = 0; i < 5; i++) await login('teacher1', 'Bad@2026', `10.3.0.${i + 1}`);
    expect((await login('teacher1', DEMO_PASSWORD, '10.3.0.9')).body.code).toBe(200);
  });

  it('sends students to the student entry and keeps teachers out of it', async () => {
    const st = await login('student1', DEMO_PASSWORD, '10.4.0.1');
    expect(st.body).toMatchObject({ code: 400, msg: '学生请使用学生登录入口' });
    const viaStudent = await login('student1', DEMO_PASSWORD, '10.4.0.1', '/studentApi/v1/auth/login');
    expect(viaStudent.body.code).toBe(200);
    const token = viaStudent.body.data.accessToken;
    const info = await t.call({ url: '/studentApi/v1/user/info', token });
    expect(info.body.code).toBe(200);
    expect(info.body.data).toMatchObject({ username: 'student1', gradeName: '高一', className: '1班', schoolName: '示例中学' });
    expect(info.body.data.admissionNo).toBeTruthy();
    // A student token opens no teaching route, a teacher token no student route.
    expect((await me(token)).body.code).toBe(401);
    const teacher = await login('teacher1', DEMO_PASSWORD, '10.4.0.1', '/studentApi/v1/auth/login');
    expect(teacher.body.msg).toBe('该账号不是学生账号，请使用教师登录入口');
    expect((await t.call({ url: '/studentApi/v1/user/info', token: await t.tokenFor('teacher1') })).body.code).toBe(401);
    await t.call({ method: 'POST', url: '/studentApi/v1/auth/logout', token });
    expect((await t.call({ url: '/studentApi/v1/user/info', token })).body.code).toBe(401);
  });

  it('sign_out revokes the session on the server', async () => {
    const { body } = await login('head1', DEMO_PASSWORD, '10.5.0.1');
    const token = body.data.accessToken;
    expect((await me(token)).body.code).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/v1/teach_login/sign_out', token });
    expect(out.body.code).toBe(200);
    expect((await me(token)).body.code).toBe(401);
    const row = await t.database.db.selectFrom('session').select('revoked_at').where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
    // A second call is harmless.
    expect((await t.call({ method: 'POST', url: '/api/v1/teach_login/sign_out', token })).body.code).toBe(200);
  });

  it('gives each demo role its roles, menus and permission codes', async () => {
    const admin = (await me(await t.tokenFor('admin'))).body.data;
    expect(admin).toMatchObject({ username: 'admin', userType: 'teacher', schoolName: '示例中学', roleId: 'school_admin', menus: DEFAULT_MENUS });
    expect(admin.roles).toEqual([expect.objectContaining({ roleCode: 'school_admin', roleName: '学校管理员', gradeId: null, classId: null })]);
    expect([...admin.permissions].sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    expect(admin.buttons).toEqual(admin.permissions);

    const grade1 = (await me(await t.tokenFor('grade1'))).body.data;
    expect(grade1.roles).toEqual([expect.objectContaining({ roleCode: 'grade_leader', roleName: '年级主任', gradeName: '高一', classId: null })]);
    expect([...grade1.permissions].sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS.grade_leader].sort());

    const lesson1 = (await me(await t.tokenFor('lesson1'))).body.data;
    expect(lesson1.roles).toEqual([expect.objectContaining({ roleCode: 'lesson_leader', gradeName: '高一', courseCode: 'SX', courseName: '数学' })]);
    expect(lesson1.permissions).not.toContain('system:user:edit');

    const head1 = (await me(await t.tokenFor('head1'))).body.data;
    expect(head1.roleId).toBe('head_teacher');
    expect(head1.roles).toEqual([
      expect.objectContaining({ roleCode: 'head_teacher', roleName: '班主任', gradeName: '高一', className: '1班', courseCode: null }),
      expect.objectContaining({ roleCode: 'subject_teacher', roleName: '任课老师', gradeName: '高一', className: '1班', courseName: '语文' }),
    ]);

    const teacher1 = (await me(await t.tokenFor('teacher1'))).body.data;
    expect(teacher1.roles.map((r: { className: string; courseName: string }) => `${r.className}${r.courseName}`)).toEqual(['1班数学', '2班数学']);
    expect([...teacher1.permissions].sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS.subject_teacher].sort());

    const admin2 = (await me(await t.tokenFor('admin2'))).body.data;
    expect(admin2.schoolName).toBe('第二示范中学');
  });

  it('logs the platform admin in on /adminApi with a session ending at the next local midnight', async () => {
    const res = await t.call<{ accessToken: string }>({ method: 'POST', url: '/adminApi/v1/auth/login', payload: { username: 'root', password: enc(DEMO_PASSWORD) }, remoteAddress: '10.6.0.1' });
    expect(res.body.code).toBe(200);
    const token = res.body.data.accessToken;
    const session = await t.database.db.selectFrom('session').select(['kind', 'expires_at']).where('token_hash', '=', sha256(token)).executeTakeFirstOrThrow();
    expect(session.kind).toBe('admin');
    expect(new Date(session.expires_at as unknown as string).getTime()).toBe(nextLocalMidnight().getTime());
    const meRes = await t.call({ url: '/adminApi/v1/auth/me', token });
    expect(meRes.body).toMatchObject({ code: 200, data: { username: 'root' } });
    // The admin token opens no teaching route; a teacher token no admin route; root cannot log in as a teacher.
    expect((await me(token)).body.code).toBe(401);
    expect((await t.call({ url: '/adminApi/v1/auth/me', token: await t.tokenFor('admin') })).body.code).toBe(401);
    expect((await login('root', DEMO_PASSWORD, '10.6.0.1')).body.msg).toBe('平台管理员请使用管理员登录入口');
    const teacherAsAdmin = await t.call({ method: 'POST', url: '/adminApi/v1/auth/login', payload: { username: 'admin', password: enc(DEMO_PASSWORD) }, remoteAddress: '10.6.0.1' });
    expect(teacherAsAdmin.body.msg).toBe('该账号不是平台管理员账号');

    // admin_login_teach: the platform admin enters 示例中学 as its administrator.
    const school = await t.database.db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const enter = await t.call<{ accessToken: string }>({ method: 'POST', url: '/api/v1/teach_login/admin_login_teach', token, payload: { schoolTenantId: school.id } });
    expect(enter.body.code).toBe(200);
    expect((await me(enter.body.data.accessToken)).body.data).toMatchObject({ username: 'admin', roleId: 'school_admin' });
    const byTeacher = await t.call({ method: 'POST', url: '/api/v1/teach_login/admin_login_teach', token: await t.tokenFor('admin'), payload: { schoolTenantId: school.id } });
    expect(byTeacher.body.code).toBe(401);

    await t.call({ method: 'POST', url: '/adminApi/v1/auth/logout', token });
    expect((await t.call({ url: '/adminApi/v1/auth/me', token })).body.code).toBe(401);
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    for (const p of ['/api/v1/auth/login', '/api/v1/auth/emailLogin', '/api/v1/teach_login/sign_out', '/adminApi/v1/auth/login', '/studentApi/v1/auth/login', '/api/v1/teach/user/bindEmail']) {
      expect(doc.paths[p], p).toBeTruthy();
    }
  });
});
