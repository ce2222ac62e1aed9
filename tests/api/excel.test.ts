import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RESET_PASSWORD } from '@jz/shared';
import { STUDENT_TEMPLATE, TCH_COURSE_TEMPLATE, TEACHER_TEMPLATE } from '@jz/shared/excel-templates';
import { verifyPassword } from '../../apps/api/src/core/crypto.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildWorkbook, multipart, readWorkbook } from '../fixtures/excel.js';

const STU_HEADERS = STUDENT_TEMPLATE.columns.map((c) => c.header);
const TCH_HEADERS = TEACHER_TEMPLATE.columns.map((c) => c.header);
const REL_HEADERS = TCH_COURSE_TEMPLATE.columns.map((c) => c.header);

describe.each(dbKinds)('Excel import/export on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
  });
  afterAll(async () => { await t.close(); });

  const db = () => t.database.db;
  const schoolId = async (name = '示例中学') => (await db().selectFrom('school').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const upload = (url: string, file: Buffer, token = admin, filename = 'import.xlsx') => {
    const { payload, headers } = multipart(file, filename);
    return t.call({ method: 'POST', url, token, payload, headers });
  };
  const download = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });

  it('serves the student and teacher templates, which open back with exceljs', async () => {
    const res = await download('/api/v1/pc_excel/down_class_stu_template');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('学生导入模板.xlsx')}`);
    const sheets = await readWorkbook(res.rawPayload);
    expect(sheets[0]!.name).toBe('学生名单');
    expect(sheets[0]!.rows).toEqual([STU_HEADERS]);
    expect(sheets[1]!.rows.slice(1).map((r) => r[0])).toEqual(STU_HEADERS);

    const tRes = await download('/api/v1/pc_excel/down_teacher_template');
    expect((await readWorkbook(tRes.rawPayload))[0]!.rows).toEqual([TCH_HEADERS]);
  });

  it('answers a refused download with the JSON envelope instead of a file', async () => {
    const res = await download('/api/v1/pc_excel/down_class_stu_template', await t.tokenFor('teacher1'));
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 403, msg: '无权限访问' });
  });

  it('writes nothing when one row is bad and names its row, column and reason', async () => {
    const file = await buildWorkbook(STU_HEADERS, [
      ['测试甲', 'X2026001', '男', '应届', '高一', '1班'],
      ['测试乙', 'X2026002', '女', '借读', '高一', '9班'],
      ['测试丙', 'X2026003', '女', '', '高一', '2班'],
    ]);
    const { body } = await upload('/api/v1/pc_excel/import_class_student', file);
    expect(body.code).toBe(400);
    expect(body.msg).toBe('导入失败，共1行有误');
    expect(body.data.errors).toEqual([{ row: 3, column: 'F', reason: '高一没有班级“9班”' }]);
    const written = await db().selectFrom('student').select('id').where('admission_no', 'in', ['X2026001', 'X2026002', 'X2026003']).execute();
    expect(written).toHaveLength(0);
  });

  it('names the real Excel column letter of each error, whatever the column order', async () => {
    // An extra first column and the template columns in another order: 班级 is column C, 学号 E, 性别 F.
    const file = await buildWorkbook(['备注', '姓名', '班级', '年级', '学号', '性别', '学籍类型'], [
      ['', '测试甲', '1班', '高一', 'Z2026001', '男', '应届'],
      ['转入', '测试乙', '9班', '高一', 'Z2026002', '未知', ''],
      ['', '测试丙', '2班', '高一', 'Z2026001', '女', ''],
    ]);
    const { body } = await upload('/api/v1/pc_excel/import_class_student', file);
    expect(body.code).toBe(400);
    expect(body.data.errors).toEqual([
      { row: 3, column: 'F', reason: '性别只能是男或女' },
      { row: 3, column: 'C', reason: '高一没有班级“9班”' },
      { row: 4, column: 'E', reason: '学号与第2行重复' },
    ]);
    const tch = await buildWorkbook(['手机号', '账号', '姓名'], [['123', 'lettertch1', '某老师']]);
    const refused = await upload('/api/v1/pc_excel/import_teacher', await buildWorkbook(['性别', '手机号', '账号', '姓名'], [['', '123', 'lettertch1', '某老师']]));
    expect(refused.body.data.errors).toEqual([{ row: 2, column: 'B', reason: '手机号应为11位数字' }]);
    expect((await upload('/api/v1/pc_excel/import_teacher', tch)).body.msg).toContain('缺少列：性别');
  });

  it('lists every bad row: empty cells, duplicate 学号, bad values, unknown grade', async () => {
    const file = await buildWorkbook(STU_HEADERS, [
      ['', 'Y001', '男', '应届', '高一', '1班'],
      ['学生二', 'Y002', '未知', '应届', '高一', '1班'],
      ['学生三', 'Y002', '男', '插班', '高一', '1班'],
      ['学生四', 'Y004', '女', '应届', '初一', '1班'],
      ['学生五', 'Y005', '女', '应届', '高一', '1班'],
    ]);
    const { body } = await upload('/api/v1/pc_excel/import_class_student', file);
    expect(body.code).toBe(400);
    expect(body.msg).toBe('导入失败，共4行有误');
    expect(body.data.errors).toEqual([
      { row: 2, column: 'A', reason: '姓名不能为空' },
      { row: 3, column: 'C', reason: '性别只能是男或女' },
      { row: 4, column: 'B', reason: '学号与第3行重复' },
      { row: 4, column: 'D', reason: '学籍类型只能是应届、往届、借读、复读' },
      { row: 5, column: 'E', reason: '年级“初一”不存在' },
    ]);
    expect(await db().selectFrom('student').select('id').where('admission_no', 'like', 'Y00%').execute()).toHaveLength(0);
  });

  it('refuses a wrong header row and a file that is not xlsx with a clear message', async () => {
    const wrong = await buildWorkbook(['姓名', '学号', '性别'], [['a', 'b', '男']]);
    const { body } = await upload('/api/v1/pc_excel/import_class_student', wrong);
    expect(body.code).toBe(400);
    expect(body.msg).toContain('表头不正确，缺少列：学籍类型、年级、班级');

    const csv = await upload('/api/v1/pc_excel/import_class_student', Buffer.from('姓名,学号\n张三,1\n'), admin, 'a.csv');
    expect(csv.body).toMatchObject({ code: 400, msg: expect.stringContaining('请上传 .xlsx 格式') });

    const empty = await upload('/api/v1/pc_excel/import_class_student', await buildWorkbook(STU_HEADERS, []));
    expect(empty.body).toMatchObject({ code: 400, msg: expect.stringContaining('没有数据') });
  });

  it('creates new students and updates existing ones by 学号', async () => {
    const sid = await schoolId();
    const existing = await db().selectFrom('student').select(['id', 'admission_no', 'name', 'gender', 'registration_type'])
      .where('school_id', '=', sid).where('admission_no', '=', '2026010101').executeTakeFirstOrThrow();
    const class2 = await db().selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select('c.id').where('c.school_id', '=', sid).where('g.name', '=', '高一').where('c.name', '=', '2班').executeTakeFirstOrThrow();
    const file = await buildWorkbook(STU_HEADERS, [
      ['新生甲', 'N2026001', '男', '应届', '高一', '1班'],
      ['新生乙', 'N2026002', '女', '复读', '高一', '2'],
      [existing.name, 2026010101, existing.gender, existing.registration_type, '高一', '2班'],
    ]);
    const { body } = await upload('/api/v1/pc_excel/import_class_student', file);
    expect(body).toMatchObject({ code: 200, data: { created: 2, updated: 1, unchanged: 0 } });
    const rows = await db().selectFrom('student').select(['admission_no', 'name', 'gender', 'registration_type', 'class_id'])
      .where('school_id', '=', sid).where('admission_no', 'in', ['N2026001', 'N2026002', '2026010101']).orderBy('admission_no').execute();
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.admission_no === 'N2026002')).toMatchObject({ name: '新生乙', gender: '女', registration_type: '复读', class_id: class2.id });
    expect(rows.find((r) => r.admission_no === '2026010101')!.class_id).toBe(class2.id);

    const again = await upload('/api/v1/pc_excel/import_class_student', file);
    expect(again.body.data).toEqual({ created: 0, updated: 0, unchanged: 3 });
  });

  it('exports a class whose rows read back equal the database', async () => {
    const sid = await schoolId();
    const cls = await db().selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select('c.id').where('c.school_id', '=', sid).where('g.name', '=', '高一').where('c.name', '=', '3班').executeTakeFirstOrThrow();
    const res = await download(`/api/v1/pc_excel/export_class_stu1?classId=${cls.id}`);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('高一3班学生名单.xlsx'));
    const [sheet] = await readWorkbook(res.rawPayload);
    const expected = await db().selectFrom('student').select(['name', 'admission_no', 'gender', 'registration_type'])
      .where('class_id', '=', cls.id).where('status', '=', 1).orderBy('admission_no').execute();
    expect(expected.length).toBeGreaterThanOrEqual(40);
    expect(sheet!.rows[0]).toEqual(STU_HEADERS);
    expect(sheet!.rows.slice(1)).toEqual(expected.map((s) => [s.name, s.admission_no, s.gender, s.registration_type, '高一', '3班']));

    // The export imports back unchanged.
    const { body } = await upload('/api/v1/pc_excel/import_class_student', res.rawPayload);
    expect(body.data).toEqual({ created: 0, updated: 0, unchanged: expected.length });
  });

  it('refuses another school\'s class on export (403) and a teacher outside its classes', async () => {
    const other = await db().selectFrom('school_class').select('id').where('school_id', '=', await schoolId('第二示范中学')).executeTakeFirstOrThrow();
    const res = await download(`/api/v1/pc_excel/export_class_stu1?classId=${other.id}`);
    expect(res.json()).toMatchObject({ code: 403 });

    // head1 (head teacher of 高一1班, holds school:student:export by default) sees its class only.
    const head1 = await t.tokenFor('head1');
    const sid = await schoolId();
    const cls3 = await db().selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select('c.id').where('c.school_id', '=', sid).where('g.name', '=', '高一').where('c.name', '=', '3班').executeTakeFirstOrThrow();
    expect((await download(`/api/v1/pc_excel/export_class_stu1?classId=${cls3.id}`, head1)).json()).toMatchObject({ code: 403 });
    const own = await readWorkbook((await download('/api/v1/pc_excel/export_class_stu1', head1)).rawPayload);
    const classesSeen = new Set(own[0]!.rows.slice(1).map((r) => `${r[4]}${r[5]}`));
    expect([...classesSeen]).toEqual(['高一1班']);
    // …and may not import (school:student:import is not a head teacher's default).
    const file = await buildWorkbook(STU_HEADERS, [['某某', 'Z001', '男', '应届', '高一', '1班']]);
    expect((await upload('/api/v1/pc_excel/import_class_student', file, head1)).body.code).toBe(403);
  });

  it('imports teachers: an account taken elsewhere refuses the file; a good file creates accounts with the default password', async () => {
    const bad = await buildWorkbook(TCH_HEADERS, [
      ['新老师', 'newtch01', '13800000001', '女'],
      ['冒名', 'admin2', '', ''],
      ['号码错', 'newtch02', '12345', '男'],
    ]);
    const refused = await upload('/api/v1/pc_excel/import_teacher', bad);
    expect(refused.body.code).toBe(400);
    expect(refused.body.data.errors).toEqual([
      { row: 3, column: 'B', reason: '账号已被占用' },
      { row: 4, column: 'C', reason: '手机号应为11位数字' },
    ]);
    expect(await db().selectFrom('app_user').select('id').where('login_id', '=', 'newtch01').execute()).toHaveLength(0);

    const good = await buildWorkbook(TCH_HEADERS, [
      ['新老师', 'newtch01', '13800000001', '女'],
      ['改名老师', 't001', '13900000009', '男'],
    ]);
    const { body } = await upload('/api/v1/pc_excel/import_teacher', good);
    expect(body).toMatchObject({ code: 200, data: { created: 1, updated: 1, unchanged: 0 } });
    const user = await db().selectFrom('app_user').select(['id', 'password_hash', 'school_id', 'user_type']).where('login_id', '=', 'newtch01').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ school_id: await schoolId(), user_type: 'teacher' });
    expect(await verifyPassword(DEFAULT_RESET_PASSWORD, user.password_hash)).toBe(true);
    const teacher = await db().selectFrom('teacher').select(['name', 'phone', 'gender']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(teacher).toEqual({ name: '新老师', phone: '13800000001', gender: '女' });
    const renamed = await db().selectFrom('teacher as t').innerJoin('app_user as u', 'u.id', 't.user_id').select(['t.name', 'u.user_name'])
      .where('u.login_id', '=', 't001').executeTakeFirstOrThrow();
    expect(renamed).toEqual({ name: '改名老师', user_name: '改名老师' });

    const exported = await readWorkbook((await download('/api/v1/pc_excel/export_user_teacher')).rawPayload);
    const count = await db().selectFrom('teacher').select((eb) => eb.fn.countAll<number>().as('n')).where('school_id', '=', await schoolId()).executeTakeFirstOrThrow();
    expect(exported[0]!.rows.length - 1).toBe(Number(count.n));
    expect(exported[0]!.rows).toContainEqual(['新老师', 'newtch01', '13800000001', '女']);
  });

  it('imports teacher–course–class relations and exports them back', async () => {
    const bad = await buildWorkbook(REL_HEADERS, [
      ['高一', '3班', '数学', 'teacher1', '任课老师'],
      ['高一', '3班', '体育', 'teacher1', '任课老师'],
      ['高一', '4班', '', 'admin2', '班主任'],
      ['高一', '4班', '', 'teacher1', '校长'],
    ]);
    const refused = await upload('/api/v1/pc_tch_course_excel/import_tch_course', bad);
    expect(refused.body.data.errors).toEqual([
      { row: 3, column: 'C', reason: '高一未开设学科“体育”' },
      { row: 4, column: 'D', reason: '本校没有账号为“admin2”的教师' },
      { row: 5, column: 'E', reason: '角色只能是班主任或任课老师' },
    ]);
    const good = await buildWorkbook(REL_HEADERS, [
      ['高一', '3班', '数学', 'teacher1', '任课老师'],
      ['高一', '4班', 'SX', 'teacher1', '任课老师'],
      ['高一', '1班', '数学', 'teacher1', '任课老师'],
    ]);
    const { body } = await upload('/api/v1/pc_tch_course_excel/import_tch_course', good);
    expect(body).toMatchObject({ code: 200, data: { created: 2, updated: 0, unchanged: 1 } });

    const sid = await schoolId();
    const grade = await db().selectFrom('school_grade').select('id').where('school_id', '=', sid).where('name', '=', '高一').executeTakeFirstOrThrow();
    const res = await download(`/api/v1/pc_tch_course_excel/export_tch_course?gradeId=${grade.id}`);
    const [sheet] = await readWorkbook(res.rawPayload);
    expect(sheet!.rows[0]).toEqual(REL_HEADERS);
    const mine = sheet!.rows.filter((r) => r[3] === 'teacher1');
    expect(mine).toEqual([
      ['高一', '1班', '数学', 'teacher1', '任课老师'],
      ['高一', '2班', '数学', 'teacher1', '任课老师'],
      ['高一', '3班', '数学', 'teacher1', '任课老师'],
      ['高一', '4班', '数学', 'teacher1', '任课老师'],
    ]);
    const total = await db().selectFrom('user_role as r').innerJoin('school_class as c', 'c.id', 'r.class_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.grade_id', '=', grade.id).where('r.role_code', 'in', ['head_teacher', 'subject_teacher']).executeTakeFirstOrThrow();
    expect(sheet!.rows.length - 1).toBe(Number(total.n));
  });
});
