import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe.each(dbKinds)('pc_class on %s', (kind) => {
  let t: TestApp;
  let admin: string; let admin2: string; let teacher1: string; let head1: string; let grade1: string;
  let g1: number; const cls: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, admin2, teacher1, head1, grade1] = await Promise.all(['admin', 'admin2', 'teacher1', 'head1', 'grade1'].map((l) => t.tokenFor(l)));
    const rows = await t.database.db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .innerJoin('school as s', 's.id', 'c.school_id').select(['c.id', 'c.name', 'g.name as gradeName', 'g.id as gradeId'])
      .where('s.code', '=', 'SLZX').execute();
    for (const r of rows) cls[r.gradeName + r.name] = r.id;
    g1 = rows.find((r) => r.gradeName === '高一')!.gradeId;
  });
  afterAll(async () => { await t.close(); });
  const post = (url: string, token: string, payload: object) => t.call({ method: 'POST', url: `/api/v1/pc_class/${url}`, token, payload });
  const studentCount = async (classId: number) => (await t.database.db.selectFrom('student').select(sql<number>`count(*)::int`.as('n'))
    .where('class_id', '=', classId).executeTakeFirstOrThrow()).n;

  it('gives the administrator the whole tree with student counts', async () => {
    const { body } = await t.call({ url: '/api/v1/pc_class/find_class_tree', token: admin });
    expect(body.code).toBe(200);
    expect(body.data.map((g: any) => [g.name, g.classes.length])).toEqual([['高一', 8], ['高二', 8], ['高三', 8]]);
    const c1 = body.data[0].classes[0];
    expect(c1).toMatchObject({ name: '1班', fullName: '高一1班', classType: '行政班', sort: 1, studentCount: await studentCount(cls['高一1班']!) });
    expect(c1.headTeacherName).toBeTruthy();
    const total = body.data.flatMap((g: any) => g.classes).reduce((s: number, c: any) => s + c.studentCount, 0);
    const db = (await t.database.db.selectFrom('student as s').innerJoin('school as sc', 'sc.id', 's.school_id')
      .select(sql<number>`count(*)::int`.as('n')).where('sc.code', '=', 'SLZX').executeTakeFirstOrThrow()).n;
    expect(total).toBe(db);
  });

  it('limits the tree to the caller\'s classes', async () => {
    const t1 = await t.call({ url: '/api/v1/pc_class/find_only_class_tree', token: teacher1 });
    expect(t1.body.data.map((g: any) => [g.name, g.classes.map((c: any) => c.name)])).toEqual([['高一', ['1班', '2班']]]);
    expect(t1.body.data[0].classes[0].studentCount).toBeUndefined();
    const h1 = await t.call({ url: '/api/v1/pc_class/find_class_tree', token: head1 });
    expect(h1.body.data.flatMap((g: any) => g.classes.map((c: any) => c.fullName))).toEqual(['高一1班']);
    const gl = await t.call({ url: '/api/v1/pc_class/find_class_tree', token: grade1 });
    expect(gl.body.data.map((g: any) => [g.name, g.classes.length])).toEqual([['高一', 8]]);
    const other = await t.call({ url: '/api/v1/pc_class/find_class_tree', token: admin2 });
    expect(other.body.data.flatMap((g: any) => g.classes.map((c: any) => c.fullName))).toEqual(['高一1班', '高一2班']);
    expect(other.body.data[0].classes.map((c: any) => c.id)).not.toContain(cls['高一1班']);
  });

  it('lists a class\'s students only inside the caller\'s scope', async () => {
    const ok = await t.call({ url: `/api/v1/pc_class/find_tree_student?classId=${cls['高一1班']}`, token: head1 });
    expect(ok.body.data).toHaveLength(await studentCount(cls['高一1班']!));
    expect(ok.body.data[0].admissionNo).toBe('2026010101');
    expect((await t.call({ url: `/api/v1/pc_class/find_tree_student?classId=${cls['高一2班']}`, token: head1 })).body.code).toBe(403);
    expect((await t.call({ url: `/api/v1/pc_class/find_tree_student?classId=${cls['高一1班']}`, token: admin2 })).body.code).toBe(403);
  });

  it('gives select options', async () => {
    const { body } = await t.call({ url: `/api/v1/pc_class/find_selects?gradeId=${g1}`, token: teacher1 });
    expect(body.data.grades).toEqual([{ value: g1, label: '高一' }]);
    expect(body.data.classes.map((c: any) => c.label)).toEqual(['高一1班', '高一2班']);
  });

  it('adds, renames, reorders and deletes classes', async () => {
    const add = await post('batch_add', admin, { gradeId: g1, count: 2 });
    expect(add.body.data.map((c: any) => c.name)).toEqual(['9班', '10班']);
    const [c9, c10] = add.body.data.map((c: any) => c.id);
    const dup = await post('update_class', admin, { id: c10, name: '9班' });
    expect(dup.body).toMatchObject({ code: 400, msg: '高一已有班级「9班」' });
    expect((await post('update_class', admin, { id: c10, name: '实验班', classType: '教学班' })).body.code).toBe(200);
    expect((await post('move_class_sort', admin, { id: c10, sort: 1 })).body.code).toBe(200);
    let tree = (await t.call({ url: '/api/v1/pc_class/find_only_class_tree', token: admin })).body.data;
    expect(tree[0].classes.slice(0, 3).map((c: any) => [c.name, c.sort, c.classType])).toEqual([['实验班', 1, '教学班'], ['1班', 2, '行政班'], ['2班', 3, '行政班']]);

    // move into 高二, then back to the end of 高一
    const g2 = tree[1].id;
    expect((await post('move_class_sort', admin, { id: c10, gradeId: g2, sort: 99 })).body.code).toBe(200);
    tree = (await t.call({ url: '/api/v1/pc_class/find_only_class_tree', token: admin })).body.data;
    expect(tree[0].classes.map((c: any) => c.sort)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(tree[1].classes.at(-1)).toMatchObject({ name: '实验班', sort: 9, gradeId: g2 });

    expect((await post('delete_class', admin, { id: c9 })).body).toMatchObject({ code: 200, data: { count: 1 } });
    expect((await post('batch_delete_class', admin, { ids: [c10] })).body.code).toBe(200);
  });

  it('refuses to delete classes that have students, deleting none', async () => {
    const add = await post('batch_add', admin, { gradeId: g1, count: 1 });
    const empty = add.body.data[0].id;
    const n = await studentCount(cls['高一3班']!);
    const one = await post('delete_class', admin, { id: cls['高一3班']! });
    expect(one.body).toMatchObject({ code: 400, msg: `班级中还有学生，不能删除：高一3班（${n}人）。请先移出或删除学生` });
    const batch = await post('batch_delete_class', admin, { ids: [empty, cls['高一3班']!] });
    expect(batch.body.code).toBe(400);
    const left = await t.database.db.selectFrom('school_class').select('id').where('id', 'in', [empty, cls['高一3班']!]).execute();
    expect(left).toHaveLength(2);
    // another school's administrator cannot delete it, teachers lack the permission
    expect((await post('delete_class', admin2, { id: empty })).body.code).toBe(403);
    expect((await post('delete_class', head1, { id: empty })).body.code).toBe(403);
    expect((await post('batch_delete_class', admin2, { ids: [empty] })).body.code).toBe(403);
    expect(await t.database.db.selectFrom('school_class').select('id').where('id', '=', empty).executeTakeFirst()).toBeTruthy();
  });

  it('adds, edits and removes students of a class', async () => {
    const classId = cls['高一4班']!;
    const before = await studentCount(classId);
    const add = await post('save_or_student', admin, { classId, name: '测试学生', admissionNo: '2026019999', gender: '女', registrationType: '借读' });
    expect(add.body.code).toBe(200);
    const id = add.body.data.id;
    expect(await studentCount(classId)).toBe(before + 1);
    const dup = await post('save_or_student', admin, { classId, name: '重复', admissionNo: '2026010101', gender: '男' });
    expect(dup.body).toMatchObject({ code: 400, msg: '学籍号「2026010101」已被其他学生使用' });
    expect((await post('save_or_student', admin, { id, classId, name: '测试学生二', admissionNo: '2026019999', gender: '女' })).body.code).toBe(200);
    expect((await post('save_or_student', admin2, { id, classId, name: 'x', admissionNo: '1', gender: '女' })).body.code).toBe(403);
    const wrongClass = await post('remove_from_class', admin, { classId: cls['高一5班']!, studentIds: [id] });
    expect(wrongClass.body).toMatchObject({ code: 400, msg: '所选学生不在该班级中' });
    expect((await post('remove_from_class', admin, { classId, studentIds: [id] })).body).toMatchObject({ code: 200, data: { count: 1 } });
    expect(await studentCount(classId)).toBe(before);
    const row = await t.database.db.selectFrom('student').select(['name', 'class_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: '测试学生二', class_id: null });
  });
});
