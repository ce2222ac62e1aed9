import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

const year2027 = {
  name: '2027-2028', startDate: '2027-09-01', endDate: '2028-07-15',
  semesters: [
    { name: '第一学期', startDate: '2027-09-01', endDate: '2028-01-20' },
    { name: '第二学期', startDate: '2028-02-20', endDate: '2028-07-15' },
  ],
};

describe.each(dbKinds)('pc_school_year on %s', (kind) => {
  let t: TestApp;
  let admin: string; let admin2: string; let teacher1: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, admin2, teacher1] = await Promise.all(['admin', 'admin2', 'teacher1'].map((l) => t.tokenFor(l)));
  });
  afterAll(async () => { await t.close(); });
  const save = (payload: object, token = admin) => t.call({ method: 'POST', url: '/api/v1/pc_school_year/save_update', token, payload });

  it('lists the current year with its terms', async () => {
    const { body } = await t.call({ url: '/api/v1/pc_school_year/find', token: teacher1 });
    expect(body.code).toBe(200);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ name: '2026-2027', startDate: '2026-09-01', endDate: '2027-07-15', isCurrent: true });
    expect(body.data[0].semesters.map((s: any) => [s.name, s.startDate, s.endDate, s.isCurrent])).toEqual([
      ['第一学期', '2026-09-01', '2027-01-20', true],
      ['第二学期', '2027-02-20', '2027-07-15', false],
    ]);
  });

  it('validates a new year and writes nothing on bad input', async () => {
    const cases: [object, string][] = [
      [{ ...year2027, name: '2027-2029' }, '学年名称应为相邻两年，如 2026-2027'],
      [{ ...year2027, name: '2026-2027' }, '学年「2026-2027」已存在'],
      [{ ...year2027, endDate: '2027-08-01' }, '学年开始日期须早于结束日期'],
      [{ ...year2027, semesters: [year2027.semesters[0], { ...year2027.semesters[1], startDate: '2028-01-10' }] }, '第一学期与第二学期的日期重叠'],
      [{ ...year2027, semesters: [{ ...year2027.semesters[0], startDate: '2027-08-01' }, year2027.semesters[1]] }, '第一学期须在学年的起止日期之内'],
      [{ ...year2027, semesters: year2027.semesters.map((s) => ({ ...s, isCurrent: true })) }, '只能有一个当前学期'],
      [{ ...year2027, startDate: '2027-02-30' }, '参数错误（startDate）：日期不存在：2027-02-30'],
    ];
    for (const [payload, msg] of cases) {
      const { body } = await save(payload);
      expect(body).toMatchObject({ code: 400, msg });
    }
    const bad = await save({ ...year2027, name: '2027' });
    expect(bad.body.code).toBe(400);
    const { body } = await t.call({ url: '/api/v1/pc_school_year/find', token: admin });
    expect(body.data).toHaveLength(1);
  });

  it('creates, updates, switches and deletes years', async () => {
    const created = await save(year2027);
    expect(created.body.code).toBe(200);
    const id = created.body.data.id;
    let list = await t.call({ url: '/api/v1/pc_school_year/find_school_year_code_list', token: admin });
    expect(list.body.data).toEqual([{ id, name: '2027-2028', isCurrent: false }, expect.objectContaining({ name: '2026-2027', isCurrent: true })]);
    const current = list.body.data[1].id;

    // rename the terms the other way round (swap) and drop none
    const found = (await t.call({ url: '/api/v1/pc_school_year/find', token: admin })).body.data.find((y: any) => y.id === id);
    const [s1, s2] = found.semesters;
    const upd = await save({ ...year2027, id, semesters: [{ ...s1, name: '上学期' }, { ...s2, name: '下学期' }] });
    expect(upd.body.code).toBe(200);

    const delCurrent = await t.call({ method: 'POST', url: '/api/v1/pc_school_year/delete', token: admin, payload: { id: current } });
    expect(delCurrent.body).toMatchObject({ code: 400, msg: '当前学年不能删除，请先将其他学年设为当前学年' });

    const sw = await t.call({ method: 'POST', url: '/api/v1/pc_school_year/update_grade', token: admin, payload: { id, semesterId: s2.id } });
    expect(sw.body.code).toBe(200);
    const years = (await t.call({ url: '/api/v1/pc_school_year/find', token: admin })).body.data;
    expect(years.filter((y: any) => y.isCurrent).map((y: any) => y.name)).toEqual(['2027-2028']);
    expect(years[0].semesters.map((s: any) => [s.name, s.isCurrent])).toEqual([['上学期', false], ['下学期', true]]);
    expect(years[1].semesters.every((s: any) => !s.isCurrent)).toBe(true);

    const unset = await save({ ...year2027, id, name: '2027-2028', isCurrent: false, semesters: years[0].semesters });
    expect(unset.body.code).toBe(400);

    const del = await t.call({ method: 'POST', url: '/api/v1/pc_school_year/delete', token: admin, payload: { id: current } });
    expect(del.body.code).toBe(200);
    list = await t.call({ url: '/api/v1/pc_school_year/find_school_year_code_list', token: admin });
    expect(list.body.data.map((y: any) => y.name)).toEqual(['2027-2028']);
  });

  it('refuses another school and teachers without permission, changing nothing', async () => {
    const mine = (await t.call({ url: '/api/v1/pc_school_year/find_school_year_code_list', token: admin })).body.data;
    const other = await t.call({ method: 'POST', url: '/api/v1/pc_school_year/delete', token: admin2, payload: { id: mine[0].id } });
    expect(other.body.code).toBe(403);
    const otherSave = await save({ ...year2027, id: mine[0].id, name: '2030-2031' }, admin2);
    expect(otherSave.body.code).toBe(403);
    const noPerm = await save({ ...year2027, name: '2031-2032' }, teacher1);
    expect(noPerm.body.code).toBe(403);
    const after = (await t.call({ url: '/api/v1/pc_school_year/find_school_year_code_list', token: admin })).body.data;
    expect(after).toEqual(mine);
    const list2 = await t.call({ url: '/api/v1/pc_school_year/find_school_year_code_list', token: admin2 });
    expect(list2.body.data.map((y: any) => y.name)).toEqual(['2026-2027']);
  });
});
