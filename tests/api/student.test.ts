import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe.each(dbKinds)('pc_student on %s', (kind) => {
  let t: TestApp;
  let admin: string; let admin2: string; let teacher1: string; let head1: string;
  const cls: Record<string, number> = {};
  let dezxClass: number; let g1: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, admin2, teacher1, head1] = await Promise.all(['admin', 'admin2', 'teacher1', 'head1'].map((l) => t.tokenFor(l)));
    const rows = await t.database.db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .innerJoin('school as s', 's.id', 'c.school_id').select(['c.id', 'c.name', 'g.name as gradeName', 'g.id as gradeId', 's.code'])
      .orderBy('c.id').execute();
    for (const r of rows.filter((r) => r.code === 'SLZX')) cls[r.gradeName + r.name] = r.id;
    dezxClass = rows.find((r) => r.code === 'DEZX')!.id;
    g1 = rows.find((r) => r.code === 'SLZX' && r.gradeName === '高一')!.gradeId;
  });
  afterAll(async () => { await t.close(); });
  const page = (query: string, token: string) => t.call({ url: `/api/v1/pc_student/find_page?${query}`, token });
  const count = async (where: (q: any) => any) =>
    (await where(t.database.db.selectFrom('student as s').innerJoin('school as sc', 'sc.id', 's.school_id').select(sql<number>`count(*)::int`.as('n')))
      .executeTakeFirstOrThrow()).n as number;

  it('pages the whole school for the administrator', async () => {
    const total = await count((q) => q.where('sc.code', '=', 'SLZX'));
    const { body } = await page('current=2&size=20', admin);
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({ total, current: 2, size: 20 });
    expect(body.data.records).toHaveLength(20);
    const first = (await page('current=1&size=1', admin)).body.data.records[0];
    expect(first).toMatchObject({ admissionNo: '2026010101', gradeName: '高一', className: '1班', loginId: 'student1' });
  });

  it('filters by keyword, grade, class and registration type', async () => {
    const byNo = await page('keyword=20260101', admin);
    expect(byNo.body.data.total).toBe(await count((q) => q.where('s.class_id', '=', cls['高一1班']!)));
    const first = byNo.body.data.records[0];
    const byName = await page(`keyword=${encodeURIComponent(first.name)}`, admin);
    expect(byName.body.data.records.some((r: any) => r.id === first.id)).toBe(true);
    const byGrade = await page(`gradeId=${g1}&size=1`, admin);
    expect(byGrade.body.data.total).toBe(await count((q) => q.where('s.class_id', 'in', Object.entries(cls).filter(([k]) => k.startsWith('高一')).map(([, v]) => v))));
    const borrowed = await page(`registrationType=${encodeURIComponent('借读')}&size=1000`, admin);
    expect(borrowed.body.data.total).toBe(await count((q) => q.where('sc.code', '=', 'SLZX').where('s.registration_type', '=', '借读')));
    expect(borrowed.body.data.records.every((r: any) => r.registrationType === '借读')).toBe(true);
    const pct = await page('keyword=%25', admin);
    expect(pct.body.data.total).toBe(0);
  });

  it('shows teachers only their classes', async () => {
    const mine = [cls['高一1班']!, cls['高一2班']!];
    const t1 = await page('size=1000', teacher1);
    expect(t1.body.data.total).toBe(await count((q) => q.where('s.class_id', 'in', mine)));
    expect(t1.body.data.records.every((r: any) => mine.includes(r.classId))).toBe(true);
    // A filter naming a class outside the caller's scope is refused, not answered with an empty page.
    expect((await page(`classId=${cls['高一3班']}`, teacher1)).body.code).toBe(403);
    const h1 = await page('size=1000', head1);
    expect(h1.body.data.total).toBe(await count((q) => q.where('s.class_id', '=', cls['高一1班']!)));
    expect((await page(`classId=${cls['高一1班']}`, admin2)).body.code).toBe(403);
    expect((await page('size=1000', admin2)).body.data.total).toBe(20);
  });

  it('lists registration types', async () => {
    const { body } = await t.call({ url: '/api/v1/pc_student/level_registration_type', token: teacher1 });
    expect(body.data.map((o: any) => o.value)).toEqual(['应届', '往届', '借读', '复读']);
  });

  it('updates a student and moves it to another class of the school only', async () => {
    const st = await t.database.db.selectFrom('student').selectAll().where('class_id', '=', cls['高一2班']!).orderBy('admission_no').executeTakeFirstOrThrow();
    const base = { id: st.id, name: st.name, admissionNo: st.admission_no, gender: st.gender, registrationType: st.registration_type };
    const cross = await t.call({ method: 'POST', url: '/api/v1/pc_student/update_student', token: admin, payload: { ...base, classId: dezxClass } });
    expect(cross.body.code).toBe(403);
    const foreign = await t.call({ method: 'POST', url: '/api/v1/pc_student/update_student', token: admin2, payload: { ...base, classId: dezxClass } });
    expect(foreign.body.code).toBe(403);
    const noPerm = await t.call({ method: 'POST', url: '/api/v1/pc_student/update_student', token: teacher1, payload: { ...base, classId: cls['高一1班'] } });
    expect(noPerm.body.code).toBe(403);
    const bad = await t.call({ method: 'POST', url: '/api/v1/pc_student/update_student', token: admin, payload: { ...base, gender: '未知', classId: cls['高一1班'] } });
    expect(bad.body.code).toBe(400);
    expect(await t.database.db.selectFrom('student').selectAll().where('id', '=', st.id).executeTakeFirstOrThrow()).toEqual(st);

    const moved = await t.call({ method: 'POST', url: '/api/v1/pc_student/update_student', token: admin, payload: { ...base, name: '新名字', registrationType: '往届', classId: cls['高一5班'] } });
    expect(moved.body.code).toBe(200);
    const row = await t.database.db.selectFrom('student').select(['name', 'class_id', 'registration_type']).where('id', '=', st.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '新名字', class_id: cls['高一5班'], registration_type: '往届' });
  });

  it('deletes students of its own school only', async () => {
    const ids = (await t.database.db.selectFrom('student').select('id').where('class_id', '=', cls['高三8班']!).orderBy('id').limit(2).execute()).map((r) => r.id);
    const foreign = await t.call({ method: 'POST', url: '/api/v1/pc_student/delete', token: admin2, payload: { ids } });
    expect(foreign.body.code).toBe(403);
    expect(await t.database.db.selectFrom('student').select('id').where('id', 'in', ids).execute()).toHaveLength(2);
    const ok = await t.call({ method: 'POST', url: '/api/v1/pc_student/delete', token: admin, payload: { ids } });
    expect(ok.body).toMatchObject({ code: 200, data: { count: 2 } });
    expect(await t.database.db.selectFrom('student').select('id').where('id', 'in', ids).execute()).toHaveLength(0);
    // A student who sat exams keeps its records: refused, nothing deleted.
    const s1 = await t.database.db.selectFrom('student as s').innerJoin('app_user as u', 'u.id', 's.user_id').select(['s.id', 's.school_id']).where('u.login_id', '=', 'student1').executeTakeFirstOrThrow();
    expect((await t.call({ method: 'POST', url: '/api/v1/pc_student/delete', token: admin, payload: { ids: [s1.id] } })).body)
      .toMatchObject({ code: 400, msg: '学生已有考试或成绩数据，无法删除' });
    expect(await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'student1').executeTakeFirst()).toBeDefined();
    // A student with a login and no exams goes with its login.
    const other = await t.database.db.selectFrom('student').select('id').where('class_id', '=', cls['高三8班']!).orderBy('id').executeTakeFirstOrThrow();
    const login = await t.database.db.insertInto('app_user').values({ school_id: s1.school_id, login_id: 'leaver1', user_name: '离校生', password_hash: 'x', user_type: 'student' })
      .returning('id').executeTakeFirstOrThrow();
    await t.database.db.updateTable('student').set({ user_id: login.id }).where('id', '=', other.id).execute();
    expect((await t.call({ method: 'POST', url: '/api/v1/pc_student/delete', token: admin, payload: { ids: [other.id] } })).body.code).toBe(200);
    expect(await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'leaver1').executeTakeFirst()).toBeUndefined();
  });
});
