import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * Bad input answered as bad input: NUL characters, ids beyond int4, impossible dates and
 * zero-width names are refused with HTTP 200 { code: 400, msg } and change nothing; values PostgreSQL itself
 * refuses are 400 too (the error handler's safety net), while a real crash stays a 500.
 */

function multipart(fields: Record<string, string>, filename = 'scores.xlsx') {
  const boundary = '----jzFuzzBoundary';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\nPK\r\n--${boundary}--\r\n`);
  return { payload: parts.join(''), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const NUL = '参数错误：不能包含空字符';

describe.each(dbKinds)('bad input on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let classId: number;
  let gradeId: number;
  let examId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Routes of this test only, registered before the app is ready: real SQL that PostgreSQL refuses.
    const db = t.database.db;
    const failing: Record<string, () => Promise<unknown>> = {
      int4: () => sql`select ${'2147483648'}::int4`.execute(db),
      nul: () => sql`select ${'a\u0000b'}::text`.execute(db),
      date: () => sql`select ${'2026-02-30'}::date`.execute(db),
      datetime: () => sql`select ${'not a date'}::date`.execute(db),
      syntax: () => sql`select ${'abc'}::int4`.execute(db),
      crash: () => sql`select * from no_such_table_fuzz`.execute(db),
    };
    for (const [name, run] of Object.entries(failing)) {
      t.app.get(`/api/v1/__fuzz_sql/${name}`, { config: { auth: 'public' } }, async () => { await run(); return { code: 200, msg: 'ok', data: null }; });
    }
    admin = await t.tokenFor('admin');
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const cls = await db.selectFrom('school_class').select(['id', 'grade_id']).where('school_id', '=', school.id).orderBy('id').executeTakeFirstOrThrow();
    classId = cls.id;
    gradeId = cls.grade_id;
    examId = (await db.selectFrom('exam').select('id').where('school_id', '=', school.id).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await t.close(); });

  const className = () => t.database.db.selectFrom('school_class').select('name').where('id', '=', classId).executeTakeFirstOrThrow().then((r) => r.name);

  it('refuses a NUL in a query, a path, a JSON body (nested) and a multipart field', async () => {
    const before = await className();
    const cases = [
      await t.call({ url: `/api/v1/pc_student/find_page?keyword=${encodeURIComponent('张\u0000')}`, token: admin }),
      await t.call({ url: `/api/v1/render/jobs/${encodeURIComponent('ab\u0000c')}`, token: admin }),
      await t.call({ method: 'POST', url: '/api/v1/pc_class/update_class', token: admin, payload: { id: classId, name: '1\u0000班' } }),
      await t.call({ method: 'POST', url: '/api/v1/pc_class/update_class', token: admin, payload: { id: classId, name: '1班', extra: { deep: ['x\u0000'] } } }),
      await t.call({ method: 'POST', url: '/api/v1/grade_import/import_question', token: admin, ...multipart({ examId: `${examId}\u0000` }) }),
      await t.call({ method: 'POST', url: '/api/v1/pc_excel/import_class_student', token: admin, ...multipart({}, 'a\u0000.xlsx') }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: 400, msg: NUL });
    }
    expect(await className()).toBe(before);
  });

  it('refuses ids beyond int4 and non-positive ids (400, not 500)', async () => {
    for (const bad of ['2147483648', '1e308', '-1', '0']) {
      const res = await t.call({ url: `/api/v1/pc_class/find_tree_student?classId=${bad}`, token: admin });
      expect(res.status, bad).toBe(200);
      expect(res.body.code, bad).toBe(400);
      expect(res.body.msg, bad).toMatch(/^参数错误（classId）/);
    }
    const del = await t.call({ method: 'POST', url: '/api/v1/pc_class/delete_class', token: admin, payload: { id: 2147483648 } });
    expect(del.body.code).toBe(400);
  });

  it('refuses an impossible date and creates nothing', async () => {
    const count = async () => (await t.database.db.selectFrom('exam').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    const res = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
      name: '日期测试', examType: 4, gradeId, startDate: '2026-02-30', endDate: '2026-03-01', classIds: [classId], subjects: [{ courseCode: 'SX', fullScore: 100 }] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 400, msg: '参数错误（startDate）：日期不存在：2026-02-30' });
    expect(Number(await count())).toBe(before);
  });

  it('refuses zero-width-only and blank names as empty', async () => {
    const before = await className();
    for (const name of ['\u200b\u200b', '　', ' \ufeff ']) {
      const res = await t.call({ method: 'POST', url: '/api/v1/pc_class/update_class', token: admin, payload: { id: classId, name } });
      expect(res.body, JSON.stringify(name)).toMatchObject({ code: 400, msg: '参数错误（name）：请输入班级名称' });
    }
    expect(await className()).toBe(before);
    // Zero-width characters around a real name are dropped, not stored.
    const ok = await t.call({ method: 'POST', url: '/api/v1/pc_class/update_class', token: admin, payload: { id: classId, name: '\u200b实验班\u200d' } });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(await className()).toBe('实验班');
  });

  it('answers values PostgreSQL refuses as 400 with a Chinese message, and a real crash as 500', async () => {
    const expected: Record<string, RegExp> = {
      int4: /^参数错误：数值超出范围$/,
      nul: /^参数错误：包含无法(保存|识别)的字符$/,
      date: /^参数错误：日期(超出范围|格式不正确)$/,
      datetime: /^参数错误：日期格式不正确$/,
      syntax: /^参数错误：格式不正确$/,
    };
    for (const [name, msg] of Object.entries(expected)) {
      const res = await t.app.inject({ url: `/api/v1/__fuzz_sql/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().code, name).toBe(400);
      expect(res.json().msg, name).toMatch(msg);
    }
    const crash = await t.app.inject({ url: '/api/v1/__fuzz_sql/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toMatchObject({ code: 500, msg: '服务器内部错误' });
  });
});
