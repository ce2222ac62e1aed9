import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSES, DEFAULT_RESET_PASSWORD } from '@jz/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

const A = '/adminApi/v1';

describe.each(dbKinds)('platform admin API on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let publicKey: string;
  const encrypt = (plain: string) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  const count = async (table: 'school' | 'app_user' | 'user_role' | 'teacher' | 'role_permission' | 'sys_role') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  /** Logs a school user in through the real login (RSA-encrypted password). */
  const schoolLogin = async (loginId: string, password: string) =>
    t.call<{ accessToken: string }>({ method: 'POST', url: '/api/v1/auth/login', payload: { loginId, password: encrypt(password) } });
  const userInfo = (token: string) => t.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = await t.tokenFor('root', 'admin');
    publicKey = t.app.ctx.cipher.publicKeyPem;
  });
  afterAll(async () => { await t.close(); });

  it('refuses a school user token and a missing token with body code 401', async () => {
    const url = `${A}/admin/school/getStatisticalSchoolNumber`;
    expect((await t.call({ url })).body.code).toBe(401);
    expect((await t.call({ url, token: await t.tokenFor('admin') })).body.code).toBe(401);
    // Even an "admin"-kind session of a school user is not a platform admin.
    expect((await t.call({ url, token: await t.tokenFor('admin', 'admin') })).body.code).toBe(401);
    const r = await t.call({ method: 'POST', url: `${A}/admin/school/createSchoolInfo`, token: await t.tokenFor('admin'), payload: {} });
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(401);
  });

  it('counts schools, students and teachers as the tables do', async () => {
    const { body } = await t.call({ url: `${A}/admin/school/getStatisticalSchoolNumber`, token: root });
    expect(body.code).toBe(200);
    const db = t.database.db;
    const n = async (q: Promise<{ n: number }>) => Number((await q).n);
    // Expected values: plain SQL counts over the seeded tables.
    const schools = await count('school');
    const open = await n(db.selectFrom('school').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 1).executeTakeFirstOrThrow());
    const students = await n(db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow());
    expect(body.data).toEqual({
      schoolTotal: schools, openSchoolTotal: open, closedSchoolTotal: schools - open, studentTotal: students, teacherTotal: await count('teacher'),
    });
    expect(schools).toBeGreaterThanOrEqual(2);
    expect(students).toBeGreaterThan(0);
  });

  it('lists the 34 provincial divisions and a province\'s cities', async () => {
    const p = await t.call<string[]>({ url: `${A}/admin/school/getProvinceList`, token: root });
    expect(p.body.data).toHaveLength(34);
    expect(p.body.data).toContain('香港特别行政区');
    const a = await t.call<string[]>({ url: `${A}/admin/school/getAreaList?province=${encodeURIComponent('广东省')}`, token: root });
    // 广东省 has 21 prefecture-level cities (国家统计局 区划代码 4401–4453).
    expect(a.body.data).toHaveLength(21);
    expect(a.body.data).toContain('深圳市');
    const bad = await t.call({ url: `${A}/admin/school/getAreaList?province=${encodeURIComponent('火星省')}`, token: root });
    expect(bad.body.code).toBe(400);
  });

  it('searches the school list with its counts and admin account', async () => {
    const { body } = await t.call({ url: `${A}/admin/school/getStatisticalSchoolInfo?current=1&size=10&name=${encodeURIComponent('示例')}`, token: root });
    expect(body.code).toBe(200);
    expect(body.data.total).toBe(1);
    const row = body.data.records[0];
    expect(row).toMatchObject({ name: '示例中学', code: 'SLZX', status: 1, adminLoginId: 'admin' });
    const students = await t.database.db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n')).where('school_id', '=', row.id).executeTakeFirstOrThrow();
    expect(row.studentCount).toBe(Number(students.n));
    const closed = await t.call({ url: `${A}/admin/school/getStatisticalSchoolInfo?status=0`, token: root });
    expect(closed.body.data.records.every((r: { status: number }) => r.status === 0)).toBe(true);
  });

  describe('a new school', () => {
    let schoolId: number;
    let adminUserId: number;
    const body = { name: '测试实验中学', code: 'csyz', province: '浙江省', area: '杭州市', address: '杭州市西湖区1号', contactName: '王老师', contactPhone: '13800000000' };

    it('is created with its admin account, role and permissions in one go', async () => {
      const before = { role_permission: await count('role_permission') };
      const r = await t.call({ method: 'POST', url: `${A}/admin/school/createSchoolInfo`, token: root, payload: body });
      expect(r.body.code).toBe(200);
      expect(r.body.data).toMatchObject({ adminLoginId: 'csyz_admin', initialPassword: DEFAULT_RESET_PASSWORD });
      schoolId = r.body.data.id;
      adminUserId = r.body.data.adminUserId;
      const school = await t.database.db.selectFrom('school').selectAll().where('id', '=', schoolId).executeTakeFirstOrThrow();
      expect(school.code).toBe('CSYZ');
      const roles = await t.database.db.selectFrom('user_role').select('role_code').where('user_id', '=', adminUserId).execute();
      expect(roles.map((x) => x.role_code)).toEqual(['school_admin']);
      expect(await count('role_permission')).toBeGreaterThan(before.role_permission);
      const login = await schoolLogin('csyz_admin', DEFAULT_RESET_PASSWORD);
      expect(login.body.code).toBe(200);
      expect((await userInfo(login.body.data.accessToken)).body.code).toBe(200);
    });

    it('refuses duplicates (name, code, admin login) and writes nothing', async () => {
      const before = { school: await count('school'), user: await count('app_user'), role: await count('user_role'), teacher: await count('teacher') };
      const cases = [
        { ...body, code: 'OTHER1' },
        { ...body, name: '另一所中学', code: 'CSYZ' },
        { ...body, name: '另一所中学', code: 'OTHER2', adminLoginId: 'admin' },
        { ...body, name: '示例中学', code: 'OTHER3' },
      ];
      for (const payload of cases) {
        const r = await t.call({ method: 'POST', url: `${A}/admin/school/createSchoolInfo`, token: root, payload });
        expect(r.body.code).toBe(400);
        expect(r.body.msg).toMatch(/已存在/);
      }
      const badRegion = await t.call({ method: 'POST', url: `${A}/admin/school/createSchoolInfo`, token: root, payload: { ...body, name: '区域错误中学', code: 'QYCW', area: '深圳市' } });
      expect(badRegion.body.code).toBe(400);
      expect({ school: await count('school'), user: await count('app_user'), role: await count('user_role'), teacher: await count('teacher') }).toEqual(before);
    });

    it('is updated; a clash with another school is refused', async () => {
      const ok = await t.call({ method: 'POST', url: `${A}/admin/school/update/${schoolId}`, token: root, payload: { ...body, address: '杭州市西湖区2号' } });
      expect(ok.body.code).toBe(200);
      const clash = await t.call({ method: 'POST', url: `${A}/admin/school/update/${schoolId}`, token: root, payload: { ...body, code: 'SLZX' } });
      expect(clash.body.code).toBe(400);
      const missing = await t.call({ method: 'POST', url: `${A}/admin/school/update/999999`, token: root, payload: body });
      expect(missing.body.code).toBe(404);
    });

    it('shows its admin account without any password', async () => {
      const r = await t.call({ url: `${A}/admin/school/querySchoolAdminUserAndPwd/${adminUserId}`, token: root });
      expect(r.body.code).toBe(200);
      expect(r.body.data).toMatchObject({ userId: adminUserId, loginId: 'csyz_admin', schoolId, passwordRetrievable: false });
      expect(JSON.stringify(r.body)).not.toMatch(/scrypt|password_hash|passwordHash/);
      const notAdmin = await t.call({ url: `${A}/admin/school/querySchoolAdminUserAndPwd/${(await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow()).id}`, token: root });
      expect(notAdmin.body.code).toBe(404);
    });

    it('closing it logs its users out and refuses their login; opening restores login', async () => {
      const token = (await schoolLogin('csyz_admin', DEFAULT_RESET_PASSWORD)).body.data.accessToken;
      const made = await t.tokenFor('csyz_admin');
      expect((await userInfo(token)).body.code).toBe(200);
      const close = await t.call({ method: 'POST', url: `${A}/admin/school/adminUpdateCloseSchoolUserStatus`, token: root, payload: { id: schoolId } });
      expect(close.body.code).toBe(200);
      expect((await userInfo(token)).body.code).toBe(401);
      expect((await userInfo(made)).body.code).toBe(401);
      // A session made after closing is refused too (core/auth checks the school's status).
      expect((await userInfo(await t.tokenFor('csyz_admin'))).body.code).toBe(401);
      expect((await schoolLogin('csyz_admin', DEFAULT_RESET_PASSWORD)).body.code).not.toBe(200);
      const list = await t.call({ url: `${A}/admin/school/getStatisticalSchoolInfo?status=0&name=CSYZ`, token: root });
      expect(list.body.data.records.map((r: { id: number }) => r.id)).toEqual([schoolId]);

      const open = await t.call({ method: 'POST', url: `${A}/admin/school/adminOpenUpdateSchoolUserStatus`, token: root, payload: { id: schoolId } });
      expect(open.body.code).toBe(200);
      const again = await schoolLogin('csyz_admin', DEFAULT_RESET_PASSWORD);
      expect(again.body.code).toBe(200);
      expect((await userInfo(again.body.data.accessToken)).body.code).toBe(200);
    });

    it('resets its admin password and ends the admin\'s sessions', async () => {
      const token = await t.tokenFor('csyz_admin');
      await t.database.db.updateTable('app_user').set({ password_hash: 'scrypt$1$x$y' }).where('id', '=', adminUserId).execute();
      const r = await t.call({ method: 'POST', url: `${A}/admin/school/resetSchoolAdminPwd`, token: root, payload: { userId: adminUserId } });
      expect(r.body.code).toBe(200);
      expect(r.body.data.password).toBe(DEFAULT_RESET_PASSWORD);
      expect((await userInfo(token)).body.code).toBe(401);
      expect((await schoolLogin('csyz_admin', DEFAULT_RESET_PASSWORD)).body.code).toBe(200);
    });

    it('gets grades from the dictionary, each with every dictionary course', async () => {
      const dict = await t.call<{ id: number; name: string }[]>({ url: `${A}/admin/grade/getAllList`, token: root });
      const ids = dict.body.data.filter((g) => g.name === '高一' || g.name === '高二').map((g) => g.id);
      expect(ids).toHaveLength(2);
      const add = await t.call({ method: 'POST', url: `${A}/admin/gradeRelation/adminAddSchoolManyGradeInfo/${schoolId}`, token: root, payload: { gradeIds: ids } });
      expect(add.body.code).toBe(200);
      expect(add.body.data).toEqual({ added: ['高一', '高二'], skipped: [] });
      const again = await t.call({ method: 'POST', url: `${A}/admin/gradeRelation/adminAddSchoolManyGradeInfo/${schoolId}`, token: root, payload: { gradeIds: ids } });
      expect(again.body.data).toEqual({ added: [], skipped: ['高一', '高二'] });
      const list = await t.call({ url: `${A}/admin/gradeRelation/adminQuerySchoolAllGradeInfoList/${schoolId}`, token: root });
      expect(list.body.data.map((g: { name: string }) => g.name)).toEqual(['高一', '高二']);
      expect(list.body.data[0].courses.map((c: { courseCode: string }) => c.courseCode)).toEqual(COURSES.map((c) => c.code));
      const bad = await t.call({ method: 'POST', url: `${A}/admin/gradeRelation/adminAddSchoolManyGradeInfo/${schoolId}`, token: root, payload: { gradeIds: [999999] } });
      expect(bad.body.code).toBe(400);
    });
  });

  it('maintains the course dictionary; a course in use cannot be deleted', async () => {
    const add = await t.call({ method: 'POST', url: `${A}/admin/course/courses`, token: root, payload: { code: 'xx', name: '信息技术' } });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    const dup = await t.call({ method: 'POST', url: `${A}/admin/course/courses`, token: root, payload: { code: 'YW', name: '语文2' } });
    expect(dup.body.code).toBe(400);
    const upd = await t.call({ method: 'POST', url: `${A}/admin/course/courses`, token: root, payload: { id, code: 'XX', name: '信息科技' } });
    expect(upd.body.code).toBe(200);
    const list = await t.call<{ id: number; code: string; name: string }[]>({ url: `${A}/admin/course/getAllList`, token: root });
    expect(list.body.data.find((c) => c.id === id)).toMatchObject({ code: 'XX', name: '信息科技' });
    const yw = list.body.data.find((c) => c.code === 'YW')!;
    const used = await t.call({ method: 'DELETE', url: `${A}/admin/course/deleteByIds`, token: root, payload: [yw.id, id] });
    expect(used.body.code).toBe(400);
    expect(used.body.msg).toContain('语文');
    const del = await t.call({ method: 'DELETE', url: `${A}/admin/course/deleteByIds`, token: root, payload: [id] });
    expect(del.body.code).toBe(200);
    expect((await t.call<{ id: number }[]>({ url: `${A}/admin/course/getAllList`, token: root })).body.data.some((c) => c.id === id)).toBe(false);
  });

  describe('sys users and roles', () => {
    let roleId: number;
    let userId: number;
    let rootId: number;

    beforeAll(async () => {
      rootId = (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'root').executeTakeFirstOrThrow()).id;
    });

    it('creates, lists and updates a role; unknown permissions are refused', async () => {
      const bad = await t.call({ method: 'POST', url: `${A}/sys/roles`, token: root, payload: { code: 'viewer', name: '查看员', permissions: ['school:student:view'] } });
      expect(bad.body.code).toBe(400);
      const r = await t.call({ method: 'POST', url: `${A}/sys/roles`, token: root, payload: { code: 'viewer', name: '查看员', remark: '只读', permissions: ['admin:school:view'] } });
      expect(r.body.code).toBe(200);
      roleId = r.body.data.id;
      const dup = await t.call({ method: 'POST', url: `${A}/sys/roles`, token: root, payload: { code: 'VIEWER', name: '别的', permissions: [] } });
      expect(dup.body.code).toBe(400);
      const page = await t.call({ url: `${A}/sys/roles?current=1&size=10&keyword=viewer`, token: root });
      expect(page.body.data).toMatchObject({ total: 1, current: 1, size: 10 });
      expect(page.body.data.records[0]).toMatchObject({ code: 'viewer', name: '查看员', permissions: ['admin:school:view'], userCount: 0 });
      const upd = await t.call({ method: 'PUT', url: `${A}/sys/roles/${roleId}`, token: root, payload: { code: 'viewer', name: '学校查看员', permissions: ['admin:school:view'] } });
      expect(upd.body.code).toBe(200);
      const all = await t.call({ url: `${A}/sys/roleList`, token: root });
      expect(all.body.data.map((x: { name: string }) => x.name)).toContain('学校查看员');
    });

    it('creates a user with an encrypted password who can log in, limited by its role', async () => {
      const r = await t.call({ method: 'POST', url: `${A}/sys/users`, token: root, payload: { loginId: 'viewer1', userName: '查看员一', roleId, password: encrypt('View@2026') } });
      expect(r.body.code).toBe(200);
      userId = r.body.data.id;
      const dup = await t.call({ method: 'POST', url: `${A}/sys/users`, token: root, payload: { loginId: 'ADMIN', userName: 'x', roleId } });
      expect(dup.body.code).toBe(400);
      const login = await t.call<{ accessToken: string }>({ method: 'POST', url: `${A}/auth/login`, payload: { username: 'viewer1', password: encrypt('View@2026') } });
      expect(login.body.code).toBe(200);
      const token = login.body.data.accessToken;
      expect((await t.call({ url: `${A}/admin/school/getStatisticalSchoolNumber`, token })).body.code).toBe(200);
      expect((await t.call({ url: `${A}/sys/users`, token })).body.code).toBe(403);
      const page = await t.call({ url: `${A}/sys/users?current=1&size=10&keyword=viewer`, token: root });
      expect(page.body.data.total).toBe(1);
      expect(page.body.data.records[0]).toMatchObject({ loginId: 'viewer1', userName: '查看员一', roleId, roleName: '学校查看员', status: 1 });
      const all = await t.call({ url: `${A}/sys/userList`, token: root });
      expect(all.body.data.map((u: { loginId: string }) => u.loginId)).toEqual(expect.arrayContaining(['root', 'viewer1']));
    });

    it('updates a user, sets its password (its sessions end) and disables it', async () => {
      const token = await t.tokenFor('viewer1', 'admin');
      const upd = await t.call({ method: 'PUT', url: `${A}/sys/users/${userId}`, token: root, payload: { loginId: 'viewer1', userName: '查看员甲', roleId, email: 'viewer1@example.com' } });
      expect(upd.body.code).toBe(200);
      const pw = await t.call({ method: 'PUT', url: `${A}/sys/users/${userId}/password`, token: root, payload: { password: encrypt('New@2026x') } });
      expect(pw.body.code).toBe(200);
      expect((await t.call({ url: `${A}/admin/school/getProvinceList`, token })).body.code).toBe(401);
      expect((await t.call({ method: 'POST', url: `${A}/auth/login`, payload: { username: 'viewer1', password: encrypt('New@2026x') } })).body.code).toBe(200);
      const short = await t.call({ method: 'PUT', url: `${A}/sys/users/${userId}/password`, token: root, payload: { password: encrypt('123') } });
      expect(short.body.code).toBe(400);
      const notEncrypted = await t.call({ method: 'PUT', url: `${A}/sys/users/${userId}/password`, token: root, payload: { password: 'plain' } });
      expect(notEncrypted.body.code).toBe(400);
      const off = await t.call({ method: 'PUT', url: `${A}/sys/users/${userId}`, token: root, payload: { loginId: 'viewer1', userName: '查看员甲', roleId, status: 0 } });
      expect(off.body.code).toBe(200);
      expect((await t.call({ method: 'POST', url: `${A}/auth/login`, payload: { username: 'viewer1', password: encrypt('New@2026x') } })).body.code).not.toBe(200);
    });

    it('keeps the caller and the last platform administrator', async () => {
      const selfDelete = await t.call({ method: 'DELETE', url: `${A}/sys/users`, token: root, payload: [rootId] });
      expect(selfDelete.body.code).toBe(400);
      const selfDisable = await t.call({ method: 'PUT', url: `${A}/sys/users/${rootId}`, token: root, payload: { loginId: 'root', userName: '平台管理员', roleId, status: 0 } });
      expect(selfDisable.body.code).toBe(400);
      // root is the only enabled user able to manage sys users: moving it to a read-only role is refused, nothing changes.
      const demote = await t.call({ method: 'PUT', url: `${A}/sys/users/${rootId}`, token: root, payload: { loginId: 'root', userName: '平台管理员', roleId } });
      expect(demote.body.code).toBe(400);
      expect(demote.body.msg).toMatch(/至少需要保留/);
      const rootRole = (await t.database.db.selectFrom('app_user').select('sys_role_id').where('id', '=', rootId).executeTakeFirstOrThrow()).sys_role_id!;
      expect(rootRole).not.toBe(roleId);
      const strip = await t.call({ method: 'PUT', url: `${A}/sys/roles/${rootRole}`, token: root, payload: { code: 'super_admin', name: '超级管理员', permissions: ['admin:school:view'] } });
      expect(strip.body.code).toBe(400);
    });

    it('refuses deleting a role in use, then deletes the user and the role', async () => {
      const inUse = await t.call({ method: 'DELETE', url: `${A}/sys/roles`, token: root, payload: [roleId] });
      expect(inUse.body.code).toBe(400);
      expect(inUse.body.msg).toContain('学校查看员');
      const delUser = await t.call({ method: 'DELETE', url: `${A}/sys/users`, token: root, payload: [userId] });
      expect(delUser.body.code).toBe(200);
      const delRole = await t.call({ method: 'DELETE', url: `${A}/sys/roles`, token: root, payload: [roleId] });
      expect(delRole.body).toMatchObject({ code: 200, data: { deleted: 1 } });
      const empty = await t.call({ method: 'DELETE', url: `${A}/sys/roles`, token: root, payload: [] });
      expect(empty.body.code).toBe(400);
    });
  });

  it('documents the admin routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining([
      '/adminApi/v1/admin/school/createSchoolInfo', '/adminApi/v1/sys/users', '/adminApi/v1/sys/users/{userId}/password',
      '/adminApi/v1/admin/gradeRelation/adminAddSchoolManyGradeInfo/{schoolTenantId}',
    ]));
  });
});
