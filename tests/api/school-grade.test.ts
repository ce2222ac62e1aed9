import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe.each(dbKinds)('pc_school_grade on %s', (kind) => {
  let t: TestApp;
  let admin: string; let admin2: string; let teacher1: string;
  let g1: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, admin2, teacher1] = await Promise.all(['admin', 'admin2', 'teacher1'].map((l) => t.tokenFor(l)));
    g1 = (await t.database.db.selectFrom('school_grade as g').innerJoin('school as s', 's.id', 'g.school_id')
      .select('g.id').where('s.code', '=', 'SLZX').where('g.name', '=', '高一').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await t.close(); });

  it('lists the grades with their 9 courses', async () => {
    const { body } = await t.call({ url: '/api/v1/pc_school_grade/find', token: admin });
    expect(body.code).toBe(200);
    expect(body.data.map((g: any) => g.name)).toEqual(['高一', '高二', '高三']);
    expect(body.data[0].courses.map((c: any) => c.courseName)).toEqual(['语文', '数学', '英语', '物理', '化学', '生物', '政治', '历史', '地理']);
  });

  it('shows a subject teacher only its grade', async () => {
    const { body } = await t.call({ url: '/api/v1/pc_school_grade/find', token: teacher1 });
    expect(body.data.map((g: any) => g.name)).toEqual(['高一']);
  });

  it('lists the courses of a grade, refusing another school', async () => {
    const ok = await t.call({ url: `/api/v1/pc_school_grade/find_course?gradeId=${g1}`, token: admin });
    expect(ok.body.data).toHaveLength(9);
    const other = await t.call({ url: `/api/v1/pc_school_grade/find_course?gradeId=${g1}`, token: admin2 });
    expect(other.body.code).toBe(403);
    const bad = await t.call({ url: '/api/v1/pc_school_grade/find_course?gradeId=abc', token: admin });
    expect(bad.body.code).toBe(400);
  });

  it('adds a grade from the dictionary with its courses, then edits and removes courses', async () => {
    const dict = await t.database.db.selectFrom('grade_dict').select('id').where('name', '=', '七年级').executeTakeFirstOrThrow();
    const add = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/save_grade_course', token: admin, payload: { gradeDictId: dict.id, courseCodes: ['YW', 'SX', 'YY'] } });
    expect(add.body.code).toBe(200);
    const gradeId = add.body.data.gradeId;
    const again = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/save_grade_course', token: admin, payload: { gradeDictId: dict.id } });
    expect(again.body).toMatchObject({ code: 400, msg: '年级「七年级」已存在' });

    const unknown = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/save_grade_course', token: admin, payload: { gradeId, courseCodes: ['YW', 'XX'] } });
    expect(unknown.body).toMatchObject({ code: 400, msg: '学科不存在：XX' });
    let courses = await t.call({ url: `/api/v1/pc_school_grade/find_course?gradeId=${gradeId}`, token: admin });
    expect(courses.body.data.map((c: any) => c.courseCode)).toEqual(['YW', 'SX', 'YY']);

    const set = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/save_grade_course', token: admin, payload: { gradeId, courseCodes: ['SX', 'WL'] } });
    expect(set.body.code).toBe(200);
    courses = await t.call({ url: `/api/v1/pc_school_grade/find_course?gradeId=${gradeId}`, token: admin });
    expect(courses.body.data.map((c: any) => c.courseCode)).toEqual(['SX', 'WL']);

    const del = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/delete_single_course', token: admin, payload: { gradeId, courseCode: 'WL' } });
    expect(del.body.code).toBe(200);
    const delAgain = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/delete_single_course', token: admin, payload: { gradeId, courseCode: 'WL' } });
    expect(delAgain.body).toMatchObject({ code: 400, msg: '年级「七年级」没有学科「物理」' });
  });

  it('refuses edits without permission or on another school, changing nothing', async () => {
    const noPerm = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/delete_single_course', token: teacher1, payload: { gradeId: g1, courseCode: 'DL' } });
    expect(noPerm.body.code).toBe(403);
    const other = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/delete_single_course', token: admin2, payload: { gradeId: g1, courseCode: 'DL' } });
    expect(other.body.code).toBe(403);
    const otherSet = await t.call({ method: 'POST', url: '/api/v1/pc_school_grade/save_grade_course', token: admin2, payload: { gradeId: g1, courseCodes: ['YW'] } });
    expect(otherSet.body.code).toBe(403);
    const courses = await t.call({ url: `/api/v1/pc_school_grade/find_course?gradeId=${g1}`, token: admin });
    expect(courses.body.data).toHaveLength(9);
  });
});
