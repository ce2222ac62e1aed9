import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, COURSES, DEFAULT_ROLE_PERMISSIONS } from '@jz/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

describe.each(dbKinds)('pc_tch_course on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let teacher1: string;
  const ids: { school: number; grade1: number; grade2: number; cls: Record<string, number>; user: Record<string, number> } = {
    school: 0, grade1: 0, grade2: 0, cls: {}, user: {},
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, admin2, teacher1] = await Promise.all([t.tokenFor('admin'), t.tokenFor('admin2'), t.tokenFor('teacher1')]);
    const db = t.database.db;
    ids.school = (await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow()).id;
    const grades = await db.selectFrom('school_grade').select(['id', 'name']).where('school_id', '=', ids.school).execute();
    ids.grade1 = grades.find((g) => g.name === '高一')!.id;
    ids.grade2 = grades.find((g) => g.name === '高二')!.id;
    const classes = await db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'c.name', 'g.name as grade']).where('c.school_id', '=', ids.school).execute();
    for (const c of classes) ids.cls[`${c.grade}${c.name}`] = c.id;
    const users = await db.selectFrom('app_user').select(['id', 'login_id']).where('school_id', '=', ids.school).execute();
    for (const u of users) ids.user[u.login_id] = u.id;
  });
  afterAll(async () => { await t.close(); });

  const relationCount = async () => Number((await t.database.db.selectFrom('user_role').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('school_id', '=', ids.school).executeTakeFirstOrThrow()).n);

  it('shows a grade\'s matrix: classes × courses with subject teachers, plus head teachers', async () => {
    const { body } = await t.call({ url: `/api/v1/pc_tch_course/find_course_tbl?gradeId=${ids.grade1}`, token: admin });
    expect(body.code).toBe(200);
    expect(body.data.gradeName).toBe('高一');
    expect(body.data.courses.map((c: { courseCode: string }) => c.courseCode)).toEqual(COURSES.map((c) => c.code));
    expect(body.data.rows.map((r: { className: string }) => r.className)).toEqual(['1班', '2班', '3班', '4班', '5班', '6班', '7班', '8班']);
    const row1 = body.data.rows[0];
    expect(row1.cells.SX.map((x: { loginId: string }) => x.loginId)).toEqual(['teacher1']);
    expect(row1.cells.YW.map((x: { loginId: string }) => x.loginId)).toEqual(['head1']);
    expect(row1.headTeachers.map((x: { loginId: string }) => x.loginId)).toEqual(['head1']);

    const post = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/find_course_tbl', token: admin, payload: { gradeId: ids.grade1 } });
    expect(post.body.data).toEqual(body.data);
  });

  it('shows one class\'s courses and teachers', async () => {
    const { body } = await t.call({ url: `/api/v1/pc_tch_course/find_class_course?classId=${ids.cls['高一2班']}`, token: admin });
    expect(body.code).toBe(200);
    expect(body.data.className).toBe('2班');
    expect(body.data.courses).toHaveLength(COURSES.length);
    expect(body.data.courses.find((c: { courseCode: string }) => c.courseCode === 'SX').teachers.map((x: { loginId: string }) => x.loginId)).toEqual(['teacher1']);
  });

  it('adds and deletes relations; checks the scope shape of each role', async () => {
    const add = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/add_class_role_course', token: admin,
      payload: { userId: ids.user.teacher1, roleCode: 'subject_teacher', classIds: [ids.cls['高一3班'], ids.cls['高一4班']], courseCode: 'SX' } });
    expect(add.body).toMatchObject({ code: 200, data: { created: 2 } });
    const again = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/add_class_role_course', token: admin,
      payload: { userId: ids.user.teacher1, roleCode: 'subject_teacher', classIds: [ids.cls['高一3班']], courseCode: 'SX' } });
    expect(again.body.data).toEqual({ created: 0, ids: [] });

    const noCourse = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/add_class_role_course', token: admin,
      payload: { userId: ids.user.teacher1, roleCode: 'subject_teacher', classIds: [ids.cls['高一3班']] } });
    expect(noCourse.body).toMatchObject({ code: 400, msg: '请选择学科' });
    const noGrade = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/add_class_role_course', token: admin,
      payload: { userId: ids.user.teacher1, roleCode: 'grade_leader' } });
    expect(noGrade.body).toMatchObject({ code: 400, msg: '请选择年级' });

    const del = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/delete_class_role_course', token: admin, payload: { ids: add.body.data.ids } });
    expect(del.body).toMatchObject({ code: 200, data: { deleted: 2 } });
    const left = await t.database.db.selectFrom('user_role').select('id').where('id', 'in', add.body.data.ids).execute();
    expect(left).toHaveLength(0);
  });

  it('refuses another school\'s administrator (403) and changes nothing', async () => {
    const before = await relationCount();
    const add = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/add_class_role_course', token: admin2,
      payload: { userId: ids.user.teacher1, roleCode: 'head_teacher', classIds: [ids.cls['高一5班']] } });
    expect(add.body.code).toBe(403);
    const existing = await t.database.db.selectFrom('user_role').select('id').where('user_id', '=', ids.user.teacher1).execute();
    const del = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/delete_class_role_course', token: admin2, payload: { ids: existing.map((r) => r.id) } });
    expect(del.body.code).toBe(403);
    const clean = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/clean_class_role_course', token: admin2, payload: { gradeId: ids.grade1 } });
    expect(clean.body.code).toBe(403);
    const tbl = await t.call({ url: `/api/v1/pc_tch_course/find_course_tbl?gradeId=${ids.grade1}`, token: admin2 });
    expect(tbl.body.code).toBe(403);
    expect(await relationCount()).toBe(before);
  });

  it('saving a role\'s business permissions changes what its teachers may do', async () => {
    const denied = await t.call({ url: `/api/v1/pc_tch_course/find_course_tbl?gradeId=${ids.grade1}`, token: teacher1 });
    expect(denied.body.code).toBe(403);

    const save = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/save_business_permission', token: admin,
      payload: { roleCode: 'subject_teacher', permissionCodes: [...DEFAULT_ROLE_PERMISSIONS.subject_teacher, 'school:duty:view'] } });
    expect(save.body.code).toBe(200);
    const allowed = await t.call({ url: `/api/v1/pc_tch_course/find_course_tbl?gradeId=${ids.grade1}`, token: teacher1 });
    expect(allowed.body.code).toBe(200);
    // A subject teacher sees its own classes only (高一1班, 2班); another grade stays closed.
    expect(allowed.body.data.rows.map((r: { className: string }) => r.className)).toEqual(['1班', '2班']);
    const other = await t.call({ url: `/api/v1/pc_tch_course/find_course_tbl?gradeId=${ids.grade2}`, token: teacher1 });
    expect(other.body.code).toBe(403);

    const table = await t.call({ url: '/api/v1/pc_tch_course/find_tch_role_permission', token: admin });
    expect(table.body.data.permissions).toHaveLength(ALL_PERMISSION_CODES.length);
    expect(table.body.data.roles.find((r: { roleCode: string }) => r.roleCode === 'school_admin')).toMatchObject({ editable: false, permissionCodes: ALL_PERMISSION_CODES });
    expect(table.body.data.roles.find((r: { roleCode: string }) => r.roleCode === 'subject_teacher').permissionCodes).toContain('school:duty:view');

    const removed = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/delete_role_permission_data', token: admin,
      payload: { roleCode: 'subject_teacher', permissionCode: 'school:duty:view' } });
    expect(removed.body.data.permissionCodes).not.toContain('school:duty:view');
    const deniedAgain = await t.call({ url: `/api/v1/pc_tch_course/find_course_tbl?gradeId=${ids.grade1}`, token: teacher1 });
    expect(deniedAgain.body.code).toBe(403);

    const adminRole = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/save_business_permission', token: admin,
      payload: { roleCode: 'school_admin', permissionCodes: [] } });
    expect(adminRole.body.code).toBe(400);
    const unknown = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/save_business_permission', token: admin,
      payload: { roleCode: 'head_teacher', permissionCodes: ['school:nothing:do'] } });
    expect(unknown.body).toMatchObject({ code: 400, msg: '权限代码不存在：school:nothing:do' });
    const byTeacher = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/save_business_permission', token: teacher1,
      payload: { roleCode: 'subject_teacher', permissionCodes: ALL_PERMISSION_CODES } });
    expect(byTeacher.body.code).toBe(403);
  });

  it('lists grade leaders, lesson leaders and temporary subject leaders', async () => {
    const add = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/add_class_role_course', token: admin,
      payload: { userId: ids.user.teacher1, roleCode: 'lesson_leader', gradeId: ids.grade2, courseCode: 'SX', temporary: true } });
    expect(add.body).toMatchObject({ code: 200, data: { created: 1 } });
    const { body } = await t.call({ url: '/api/v1/pc_tch_course/find_permission_tbl', token: admin });
    expect(body.code).toBe(200);
    expect(body.data.gradeLeaders.map((l: { gradeName: string }) => l.gradeName)).toEqual(['高一', '高二', '高三']);
    expect(body.data.lessonLeaders).toEqual([expect.objectContaining({ loginId: 'lesson1', gradeName: '高一', courseCode: 'SX', courseName: '数学', temporary: false })]);
    expect(body.data.temporaryLeaders).toEqual([expect.objectContaining({ loginId: 'teacher1', gradeName: '高二', courseName: '数学', temporary: true })]);
    const byGrade = await t.call({ url: `/api/v1/pc_tch_course/find_permission_tbl?gradeId=${ids.grade1}&roleCode=grade_leader`, token: admin });
    expect(byGrade.body.data.gradeLeaders.map((l: { loginId: string }) => l.loginId)).toEqual(['grade1']);
    expect(byGrade.body.data.lessonLeaders).toEqual([]);
  });

  it('clears a grade\'s class relations', async () => {
    const { body } = await t.call({ method: 'POST', url: '/api/v1/pc_tch_course/clean_class_role_course', token: admin, payload: { gradeId: ids.grade2 } });
    expect(body.code).toBe(200);
    // Seed: 4 teachers in 高二, each head of one class and subject teacher of all 8 → 4 + 32 rows.
    expect(body.data.deleted).toBe(36);
    const tbl = await t.call({ url: `/api/v1/pc_tch_course/find_course_tbl?gradeId=${ids.grade2}`, token: admin });
    for (const row of tbl.body.data.rows) {
      expect(row.headTeachers).toEqual([]);
      expect(Object.values(row.cells).flat()).toEqual([]);
    }
    // Leaders of the grade are kept.
    const leaders = await t.call({ url: `/api/v1/pc_tch_course/find_permission_tbl?gradeId=${ids.grade2}`, token: admin });
    expect(leaders.body.data.gradeLeaders).toHaveLength(1);
  });
});
