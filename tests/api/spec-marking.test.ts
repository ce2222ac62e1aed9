import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam, type MarkingExam } from '../helpers/marking-exam.js';
import { readWorkbook } from '../fixtures/excel.js';

/**
 * The spec's marking calls not served under another name before: grade/commGrade (as pc_school_grade/find),
 * answer/addTeach (answer/addReader with query parameters) and answer/exportTeachInfo (the readers as a workbook,
 * read back with exceljs; expected names and login ids from plain SQL).
 */
describe.each(dbKinds)('spec marking calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exam: MarkingExam;
  type Group = { blockId: number; name: string; leaderName: string | null; markers: { userId: number; userName: string; loginId: string; quota: number | null; classIds: number[] }[] };
  const groups = async () => (await t.call<Group[]>({ url: `/api/v1/task_allocation/find_group_list?examSubjectId=${exam.subjectId}`, token: admin })).body.data;
  let teachers: { id: number; user_name: string; login_id: string }[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    exam = await createMarkingExam(t, { name: '阅卷老师导出测试', fullScore: 20, questions: [
      { no: '1', type: 'subjective', fullScore: 10, step: 1 }, { no: '2', type: 'subjective', fullScore: 10, step: 1 }] });
    teachers = await t.database.db.selectFrom('app_user').select(['id', 'user_name', 'login_id']).where('school_id', '=', exam.schoolId)
      .where('login_id', 'in', ['teacher1', 'head1', 'lesson1']).orderBy('login_id').execute();
  });
  afterAll(() => t?.close());

  it('answers grade/commGrade exactly as pc_school_grade/find, for each role', async () => {
    for (const login of ['admin', 'grade1', 'head1', 'teacher1']) {
      const token = await t.tokenFor(login);
      const alias = await t.call({ url: '/api/v1/grade/commGrade', token });
      expect(alias.body.code, `${login}: ${alias.body.msg}`).toBe(200);
      expect(alias.body.data, login).toEqual((await t.call({ url: '/api/v1/pc_school_grade/find', token })).body.data);
    }
    const all = await t.call<{ id: number }[]>({ url: '/api/v1/grade/commGrade', token: admin });
    const sqlGrades = await t.database.db.selectFrom('school_grade').select('id').where('school_id', '=', exam.schoolId).orderBy('sort').orderBy('id').execute();
    expect(all.body.data.map((g) => g.id)).toEqual(sqlGrades.map((g) => g.id));
    const student = await t.tokenFor('student1');
    expect((await t.call({ url: '/api/v1/grade/commGrade', token: student })).body.code).toBe(401);
  });

  it('adds readers by answer/addTeach as answer/addReader does; bad ids change nothing', async () => {
    const [a, b] = await groups() as [Group, Group];
    const [t1, t2] = teachers as [typeof teachers[number], typeof teachers[number]];
    const viaQuery = await t.call({ url: `/api/v1/answer/addTeach?blockId=${a.blockId}&userIds=${t1.id},${t2.id}&quota=5`, token: admin });
    expect(viaQuery.body.code, viaQuery.body.msg).toBe(200);
    const viaBody = await t.call({ method: 'POST', url: '/api/v1/answer/addReader', token: admin, payload: { blockId: b.blockId, userIds: [t1.id, t2.id], quota: 5 } });
    expect(viaBody.body.code).toBe(200);
    const [ga, gb] = await groups() as [Group, Group];
    expect(ga.markers).toEqual(gb.markers);
    expect(ga.markers.map((m) => [m.loginId, m.quota])).toEqual([[t1.login_id, 5], [t2.login_id, 5]]);

    const bad = await t.call({ url: `/api/v1/answer/addTeach?blockId=${a.blockId}&userIds=1;2`, token: admin });
    expect([bad.body.code, bad.body.msg]).toEqual([400, '参数错误（userIds）：阅卷老师编号应为以逗号分隔的数字']);
    const foreign = await t.database.db.selectFrom('app_user as u').innerJoin('school as s', 's.id', 'u.school_id').select('u.id').where('s.name', '=', '第二示范中学').executeTakeFirstOrThrow();
    const other = await t.call({ url: `/api/v1/answer/addTeach?blockId=${a.blockId}&userIds=${foreign.id}`, token: admin });
    expect([other.body.code, other.body.msg]).toEqual([400, '阅卷老师不存在或不是本校教师']);
    expect((await t.call({ url: `/api/v1/answer/addTeach?blockId=${a.blockId}&userIds=${t1.id}`, token: await t.tokenFor('teacher1') })).body.code).toBe(403);
    expect((await groups())[0]!.markers).toEqual(ga.markers);
  });

  it('exports the readers of every block with leader, login id, quota and classes', async () => {
    const [a, b] = await groups() as [Group, Group];
    await t.call({ method: 'DELETE', url: '/api/v1/answer/delReader', token: admin, payload: { blockId: b.blockId, userId: teachers[0]!.id } });
    await t.call({ method: 'DELETE', url: '/api/v1/answer/delReader', token: admin, payload: { blockId: b.blockId, userId: teachers[1]!.id } });
    const res = await t.app.inject({ url: `/api/v1/answer/exportTeachInfo?examSubjectId=${exam.subjectId}`, headers: { authorization: admin } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('阅卷老师_阅卷老师导出测试_数学.xlsx');
    const [sheet] = await readWorkbook(res.rawPayload);
    expect(sheet!.name).toBe('阅卷老师');
    expect(sheet!.rows).toEqual([
      ['题块', '题目', '题组长', '阅卷老师', '账号', '任务量', '阅卷班级'],
      ...teachers.slice(0, 2).map((u) => [a.name, '1', '', u.user_name, u.login_id, '5', '全部']),
      [b.name, '2', '', '（未分配）', '', '', ''],
    ]);
    const denied = await t.call({ url: `/api/v1/answer/exportTeachInfo?examSubjectId=${exam.subjectId}`, token: await t.tokenFor('admin2') });
    expect(denied.body.code).toBe(403);
  });
});
