import { DEFAULT_RESET_PASSWORD } from '@jz/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../apps/api/src/core/crypto.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe.each(dbKinds)('pc_teacher on %s', (kind) => {
  let t: TestApp;
  let admin: string; let admin2: string; let teacher1: string; let grade1: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, admin2, teacher1, grade1] = await Promise.all(['admin', 'admin2', 'teacher1', 'grade1'].map((l) => t.tokenFor(l)));
  });
  afterAll(async () => { await t.close(); });
  const post = (url: string, token: string, payload: object) => t.call({ method: 'POST', url: `/api/v1/pc_teacher/${url}`, token, payload });

  it('pages the teachers with their duties', async () => {
    const n = (await t.database.db.selectFrom('teacher as t').innerJoin('school as s', 's.id', 't.school_id').select('t.id').where('s.code', '=', 'SLZX').execute()).length;
    const { body } = await t.call({ url: '/api/v1/pc_teacher/find_page?size=5', token: grade1 });
    expect(body.code).toBe(200);
    expect(body.data.total).toBe(n);
    expect(body.data.records).toHaveLength(5);
    const t1 = (await t.call({ url: '/api/v1/pc_teacher/find_page?keyword=teacher1', token: admin })).body.data;
    expect(t1.total).toBe(1);
    expect(t1.records[0].dutySummary).toBe('任课老师（高一1班数学、高一2班数学）');
    expect(t1.records[0].roles).toHaveLength(2);
    const h1 = (await t.call({ url: '/api/v1/pc_teacher/find_page?keyword=head1', token: admin })).body.data.records[0];
    expect(h1.dutySummary).toBe('班主任（高一1班）；任课老师（高一1班语文）');
    const g = (await t.call({ url: '/api/v1/pc_teacher/find_page?keyword=lesson1', token: admin })).body.data.records[0];
    expect(g.dutySummary).toBe('备课组长（高一数学）');
    const byPhone = (await t.call({ url: `/api/v1/pc_teacher/find_page?keyword=${h1.phone}`, token: admin })).body.data;
    expect(byPhone.records.map((r: any) => r.loginId)).toContain('head1');
    expect((await t.call({ url: '/api/v1/pc_teacher/find_page', token: teacher1 })).body.code).toBe(403);
    const other = (await t.call({ url: '/api/v1/pc_teacher/find_page?keyword=teacher1', token: admin2 })).body.data;
    expect(other.total).toBe(0);
  });

  it('lists all teachers for selects', async () => {
    const { body } = await t.call({ url: '/api/v1/pc_teacher/find_table', token: admin2 });
    expect(body.data.map((r: any) => r.loginId)).toEqual(['admin2', 'd001', 'd002']);
  });

  it('creates a teacher with a login and the initial password, refusing a taken login id', async () => {
    const taken = await post('save_or_update', admin, { name: '张老师', loginId: 'ADMIN2' });
    expect(taken.body).toMatchObject({ code: 400, msg: '登录账号「ADMIN2」已被使用，请换一个' });
    const badPhone = await post('save_or_update', admin, { name: '张老师', loginId: 'zhang01', phone: '123' });
    expect(badPhone.body.code).toBe(400);
    expect(await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'zhang01').executeTakeFirst()).toBeUndefined();

    const created = await post('save_or_update', admin, { name: '张老师', loginId: 'zhang01', phone: '13800001111', gender: '男' });
    expect(created.body.code).toBe(200);
    const u = await t.database.db.selectFrom('app_user').selectAll().where('login_id', '=', 'zhang01').executeTakeFirstOrThrow();
    expect(u).toMatchObject({ user_type: 'teacher', user_name: '张老师', phone: '13800001111' });
    expect(await verifyPassword(DEFAULT_RESET_PASSWORD, u.password_hash)).toBe(true);

    const upd = await post('save_or_update', admin, { id: created.body.data.id, name: '张三', loginId: 'zhang02', phone: '' });
    expect(upd.body.code).toBe(200);
    const u2 = await t.database.db.selectFrom('app_user').select(['login_id', 'user_name', 'phone']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(u2).toEqual({ login_id: 'zhang02', user_name: '张三', phone: null });
    expect((await post('save_or_update', admin2, { id: created.body.data.id, name: 'x', loginId: 'zhang03' })).body.code).toBe(403);
  });

  it('deletes teachers of its school, never itself or an administrator', async () => {
    const self = await t.database.db.selectFrom('teacher as t').innerJoin('app_user as u', 'u.id', 't.user_id').select('t.id').where('u.login_id', '=', 'admin').executeTakeFirstOrThrow();
    expect((await post('delete', admin, { ids: [self.id] })).body).toMatchObject({ code: 400, msg: '不能删除自己的账号' });
    const t5 = await t.database.db.selectFrom('teacher as t').innerJoin('app_user as u', 'u.id', 't.user_id').select(['t.id', 'u.id as userId']).where('u.login_id', '=', 't005').executeTakeFirstOrThrow();
    expect((await post('delete', admin2, { ids: [t5.id] })).body.code).toBe(403);
    expect((await post('delete', teacher1, { ids: [t5.id] })).body.code).toBe(403);
    expect(await t.database.db.selectFrom('teacher').select('id').where('id', '=', t5.id).executeTakeFirst()).toBeTruthy();
    const ok = await post('delete', admin, { ids: [t5.id] });
    expect(ok.body).toMatchObject({ code: 200, data: { count: 1 } });
    expect(await t.database.db.selectFrom('app_user').select('id').where('id', '=', t5.userId).executeTakeFirst()).toBeUndefined();
    expect(await t.database.db.selectFrom('user_role').select('id').where('user_id', '=', t5.userId).execute()).toHaveLength(0);
  });
});
