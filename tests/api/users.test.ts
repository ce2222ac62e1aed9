import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESET_PASSWORD, DEMO_PASSWORD } from '@jz/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe.each(dbKinds)('user management on %s', (kind) => {
  let t: TestApp;
  let publicKey = '';
  let adminToken = '';
  let admin2Token = '';
  let addr = 0;
  const enc = (plain: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  const login = (loginId: string, password: string) =>
    t.call<{ accessToken: string }>({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId, password: enc(password) }, remoteAddress: `10.8.0.${++addr}` });
  const post = (url: string, token: string, payload: object) => t.call({ method: 'POST', url: `/api/v1/teach/user/${url}`, token, payload });
  const row = (loginId: string) => t.database.db.selectFrom('app_user').selectAll().where('login_id', '=', loginId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(kind);
    publicKey = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
    adminToken = await t.tokenFor('admin');
    admin2Token = await t.tokenFor('admin2');
  });
  afterAll(async () => { await t.close(); });

  it('lists the users of the own school only, with search and filters', async () => {
    // Expected total counted straight from the table (the seed decides how many users 示例中学 has).
    const school = await t.database.db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const { count } = await t.database.db.selectFrom('app_user').select((eb) => eb.fn.countAll<number>().as('count')).where('school_id', '=', school.id).executeTakeFirstOrThrow();
    const all = await t.call({ url: '/api/v1/teach/user/page?current=1&size=5', token: adminToken });
    expect(all.body.code).toBe(200);
    expect(all.body.data).toMatchObject({ total: Number(count), current: 1, size: 5 });
    expect(all.body.data.records).toHaveLength(5);
    expect(all.body.data.records.some((r: { loginId: string }) => r.loginId === 'admin2')).toBe(false);

    const head = await t.call({ url: '/api/v1/teach/user/page?keyword=head1', token: adminToken });
    expect(head.body.data.total).toBe(1);
    expect(head.body.data.records[0]).toMatchObject({ loginId: 'head1', userType: 'teacher', status: 1, roleSummary: '班主任(高一1班)、任课老师(高一1班 语文)' });

    const leaders = await t.call({ url: '/api/v1/teach/user/page?roleCode=lesson_leader&size=100', token: adminToken });
    expect(leaders.body.data.records.map((r: { loginId: string }) => r.loginId)).toContain('lesson1');
    expect(leaders.body.data.records.every((r: { roles: { roleCode: string }[] }) => r.roles.some((x) => x.roleCode === 'lesson_leader'))).toBe(true);

    const students = await t.call({ url: '/api/v1/teach/user/page?userType=student&status=', token: adminToken });
    expect(students.body.data.records.map((r: { loginId: string }) => r.loginId)).toEqual(['student1']);

    const other = await t.call({ url: '/api/v1/teach/user/page?keyword=head1', token: admin2Token });
    expect(other.body.data.total).toBe(0);
    expect((await t.call({ url: '/api/v1/teach/user/page', token: await t.tokenFor('teacher1') })).body).toMatchObject({ code: 403, msg: '无权限访问' });
  });

  it('adds and updates a user; duplicate login ids are refused', async () => {
    const added = await post('add', adminToken, { loginId: 'newteacher', userName: '新老师', phone: '13800000000' });
    expect(added.body.code).toBe(200);
    expect((await post('add', adminToken, { loginId: 'NewTeacher', userName: '重复' })).body.msg).toBe('账号已存在');
    expect((await post('add', adminToken, { loginId: 'x', userName: '短' })).body.code).toBe(400);
    expect((await login('newteacher', DEFAULT_RESET_PASSWORD)).body.code).toBe(200);
    const id = (added.body.data as { id: number }).id;
    expect((await post('update', adminToken, { id, userName: '新老师改', gender: '女' })).body.code).toBe(200);
    expect(await row('newteacher')).toMatchObject({ user_name: '新老师改', gender: '女' });

    const withAdmin = await post('add', adminToken, { loginId: 'deputy', userName: '副校长', schoolAdmin: true, password: enc('Deputy@2026') });
    expect(withAdmin.body.code).toBe(200);
    const me = await t.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token: (await login('deputy', 'Deputy@2026')).body.data.accessToken });
    expect(me.body.data.roleId).toBe('school_admin');
  });

  it('resets passwords singly and in batches', async () => {
    const g = await row('grade1');
    const l = await row('lesson1');
    expect((await post('resetPassword', adminToken, { id: g.id })).body.code).toBe(200);
    expect((await login('grade1', DEFAULT_RESET_PASSWORD)).body.code).toBe(200);
    const batch = await post('batchResetPassword', adminToken, { ids: [g.id, l.id] });
    expect(batch.body).toMatchObject({ code: 200, data: { count: 2 } });
    expect((await login('lesson1', DEFAULT_RESET_PASSWORD)).body.code).toBe(200);
    expect((await login('lesson1', DEMO_PASSWORD)).body.code).toBe(400);
  });

  it('disables (ending sessions) and enables users; never the own account', async () => {
    const u = await row('teacher1');
    const token = await t.tokenFor('teacher1');
    const off = await post('disable', adminToken, { ids: [u.id] });
    expect(off.body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await t.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token })).body.code).toBe(401);
    expect((await login('teacher1', DEMO_PASSWORD)).body.msg).toBe('账号已被禁用，请联系管理员');
    expect((await post('enable', adminToken, { ids: [u.id] })).body.code).toBe(200);
    expect((await login('teacher1', DEMO_PASSWORD)).body.code).toBe(200);
    const self = await row('admin');
    expect((await post('disable', adminToken, { ids: [self.id] })).body.msg).toBe('不能禁用当前登录的账号');
  });

  it('refuses every command on another school\'s user (403) and changes nothing', async () => {
    const victim = await row('head1');
    await t.database.db.updateTable('app_user').set({ email: 'head1@example.com' }).where('id', '=', victim.id).execute();
    const admin2 = await row('admin2');
    for (const [url, payload] of [
      ['update', { id: victim.id, userName: '被改' }],
      ['resetPassword', { id: victim.id }],
      ['batchResetPassword', { ids: [admin2.id, victim.id] }],
      ['disable', { ids: [victim.id] }],
      ['enable', { ids: [victim.id] }],
      ['unbindEmail', { ids: [victim.id] }],
    ] as const) {
      const res = await post(url, admin2Token, payload);
      expect(res.body.code, url).toBe(403);
    }
    const after = await row('head1');
    expect(after).toMatchObject({ user_name: victim.user_name, password_hash: victim.password_hash, status: 1, email: 'head1@example.com' });
    expect((await row('admin2')).password_hash).toBe(admin2.password_hash);
    // Teachers can unbind only their own email.
    expect((await post('unbindEmail', await t.tokenFor('teacher1'), { ids: [victim.id] })).body.code).toBe(403);
    expect((await post('unbindEmail', await t.tokenFor('head1'), { ids: [victim.id] })).body).toMatchObject({ code: 200, msg: '解绑成功', data: { count: 1 } });
    expect((await row('head1')).email).toBeNull();
  });

  it('finds a user by registration code (admission number) in the own school only', async () => {
    const st = await t.database.db.selectFrom('student as s').innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.admission_no', 's.name', 'u.id']).where('u.login_id', '=', 'student1').executeTakeFirstOrThrow();
    const res = await t.call({ url: `/api/v1/teach/user/getUserByRegistrationCode/${st.admission_no}`, token: adminToken });
    expect(res.body.data).toMatchObject({ id: st.id, loginId: 'student1', userName: st.name, userType: 'student', className: '高一1班' });
    // 第二示范中学 may use the same admission number for its own student: never 示例中学's.
    const other = await t.call({ url: `/api/v1/teach/user/getUserByRegistrationCode/${st.admission_no}`, token: admin2Token });
    if (other.body.code === 200) expect(other.body.data.loginId).not.toBe('student1');
    else expect(other.body.code).toBe(404);
    expect((await t.call({ url: '/api/v1/teach/user/getUserByRegistrationCode/student1', token: admin2Token })).body.code).toBe(404);
    expect((await t.call({ url: '/api/v1/teach/user/getUserByRegistrationCode/student1', token: adminToken })).body.data.id).toBe(st.id);
  });

  it('keeps codes out of the school outbox: they wait in the platform administrator\'s (no SMTP configured)', async () => {
    const send = await t.call({ method: 'POST', url: '/api/v1/email/sendBindEmailCode', token: await t.tokenFor('head1'), payload: { email: 'Head.One@Example.com' } });
    expect(send.body).toMatchObject({ code: 200, msg: '已发送验证码' });
    const box = await t.call({ url: '/api/v1/teach/user/outbox', token: adminToken });
    expect(box.body.code).toBe(200);
    expect(box.body.data.records.filter((r: { to: string }) => r.to === 'head.one@example.com')).toEqual([]);
    expect((await t.call({ url: '/api/v1/teach/user/outbox', token: admin2Token })).body.data.total).toBe(0);
    expect((await t.call({ url: '/api/v1/teach/user/outbox', token: await t.tokenFor('teacher1') })).body.code).toBe(403);
    const platform = await t.call({ url: '/adminApi/v1/sys/outbox?email=HEAD.ONE@example.com', token: await t.tokenFor('root', 'admin') });
    expect(platform.body.data.records[0]).toMatchObject({ to: 'head.one@example.com' });
    const code = /验证码为：(\d{6})/.exec(platform.body.data.records[0].body)![1];
    const bind = await post('bindEmail', await t.tokenFor('head1'), { email: 'head.one@example.com', code });
    expect(bind.body).toMatchObject({ code: 200, msg: '恭喜你，邮箱绑定成功！' });
  });

  it('splits 系统用户 and 临时用户 by temporary duties', async () => {
    const db = t.database.db;
    const teacher = await row('t001');
    const grade = await db.selectFrom('school_grade').select(['id', 'school_id']).where('school_id', '=', teacher.school_id!).where('name', '=', '高一').executeTakeFirstOrThrow();
    const added = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/add_class_role_course', token: adminToken,
      payload: { userId: teacher.id, roleCode: 'lesson_leader', gradeId: grade.id, courseCode: 'WL', temporary: true } });
    expect(added.body.code, added.body.msg).toBe(200);
    const temporary = await t.call<{ records: { loginId: string; roles: { temporary?: boolean }[] }[]; total: number }>({ url: '/api/v1/teach/user/page?temporary=1&size=100', token: adminToken });
    expect(temporary.body.data.records.map((r) => r.loginId)).toEqual(['t001']);
    expect(temporary.body.data.records[0]!.roles.some((r) => r.temporary)).toBe(true);
    const system = await t.call<{ records: { loginId: string }[]; total: number }>({ url: '/api/v1/teach/user/page?temporary=0&size=1000', token: adminToken });
    const all = await t.call<{ total: number }>({ url: '/api/v1/teach/user/page?size=1', token: adminToken });
    expect(system.body.data.records.some((r) => r.loginId === 't001')).toBe(false);
    expect(system.body.data.total + temporary.body.data.total).toBe(all.body.data.total);
  });

  it('serves the grade and course dictionaries to the school', async () => {
    const res = await t.call<{ grades: { name: string }[]; courses: { code: string }[] }>({ url: '/api/v1/pc_school_grade/find_grade_dict', token: adminToken });
    expect(res.body.data.grades.map((g) => g.name)).toEqual(['七年级', '八年级', '九年级', '高一', '高二', '高三']);
    expect(res.body.data.courses.map((c) => c.code)).toEqual(['YW', 'SX', 'YY', 'WL', 'HX', 'SW', 'ZZ', 'LS', 'DL']);
  });
});
