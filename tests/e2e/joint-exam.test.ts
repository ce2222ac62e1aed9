import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import ExcelJS from 'exceljs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { confirmClassesOnScreen, createJointExamOnScreen, joinByCodeOnScreen, jointRow, tick } from '../helpers/joint-walk.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * 联考列表 (/jointExamination/list) in Chromium: a bureau made by the platform administrator has created a joint exam
 * (through the API here); 第二示范中学's administrator joins it on screen with the registration code and confirms a
 * class; the candidates and their 考号 are read back from exam_student, and the expanded row shows the school's state.
 * Then the whole joint exam on screen: the demo bureau creates one (each subject its own full score) inviting
 * 第二示范中学; 育才中学 joins by registration code; both confirm their classes; 育才中学 downloads its totals template and
 * uploads it filled in; the release check names 第二示范中学 until its scores come (through the API: the same import,
 * shown once on screen already); the organiser releases.
 */
describe('joint exam list in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let examId: number;
  let code: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-joint-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const root = await server.tokenFor('root', 'admin');
    const made = await server.call({ method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: root, payload: {
      name: '示范区教育局', code: 'SFJYJ', province: '广东省', area: '广州市', kind: 'bureau', adminLoginId: 'bureau1' } });
    expect(made.body.code, made.body.msg).toBe(200);
    const db = server.database.db;
    const g1 = await db.selectFrom('grade_dict').select('id').where('name', '=', '高一').executeTakeFirstOrThrow();
    await server.call({ method: 'POST', url: `/adminApi/v1/admin/gradeRelation/adminAddSchoolManyGradeInfo/${made.body.data.id}`, token: root, payload: { gradeIds: [g1.id] } });
    await db.updateTable('app_user').set({ must_change_password: false }).where('login_id', '=', 'bureau1').execute();
    const bureau = await server.tokenFor('bureau1');
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', made.body.data.id).executeTakeFirstOrThrow();
    const exam = await server.call({ method: 'POST', url: '/api/v1/joint_exam/add', token: bureau, payload: {
      name: '高一期中联考', examType: 2, gradeId: grade.id, startDate: '2026-11-10', endDate: '2026-11-11', subjects: [{ courseCode: 'SX', fullScore: 100 }] } });
    expect(exam.body.code, exam.body.msg).toBe(200);
    examId = exam.body.data.examId;
    code = exam.body.data.registrationCode;
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a school joins by registration code and confirms a class', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin2');
    await page.goto(`${server.url}/#/jointExamination/list`);
    await page.getByText('联考列表').waitFor();
    await page.getByRole('button', { name: '凭注册码加入' }).click();
    await page.getByPlaceholder('8 位注册码').fill(code);
    await page.locator('.ant-modal').getByRole('button', { name: /^查\s*询$/ }).click();
    await page.getByText('示范区教育局 组织的「高一期中联考」').waitFor();
    await page.locator('.ant-modal').getByRole('button', { name: /^加\s*入$/ }).click();
    await page.getByRole('cell', { name: '已加入' }).waitFor();

    await page.locator('tr.ant-table-row', { hasText: '高一期中联考' }).getByRole('button', { name: '确认参考班级' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '确认参考班级' });
    await tick(dialog.locator('.ant-checkbox-input').first());
    await dialog.getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
    await page.locator('tr.ant-table-row', { hasText: '高一期中联考' }).getByRole('cell', { name: '已确认班级' }).waitFor();

    const db = server.database.db;
    const rows = await db.selectFrom('exam_student').select(['exam_no', 'class_id']).where('exam_id', '=', examId).orderBy('exam_no').execute();
    const second = await db.selectFrom('school').select('id').where('name', '=', '第二示范中学').executeTakeFirstOrThrow();
    const firstClass = await db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id').select('c.id')
      .where('c.school_id', '=', second.id).where('g.name', '=', '高一').orderBy('c.sort').orderBy('c.id').executeTakeFirstOrThrow();
    const students = await db.selectFrom('student').select('id').where('class_id', '=', firstClass.id).where('status', '=', 1).execute();
    expect(rows).toHaveLength(students.length);
    expect(rows[0]!.exam_no).toBe('0101001');
    expect(new Set(rows.map((r) => r.class_id))).toEqual(new Set([firstClass.id]));

    await page.locator('tr.ant-table-row', { hasText: '高一期中联考' }).locator('.ant-table-row-expand-icon').click();
    await page.locator('.ant-table-expanded-row').getByText('第二示范中学（本校）').waitFor();
    await page.locator('.ant-table-expanded-row').getByRole('cell', { name: String(students.length), exact: true }).first().waitFor();
    expect(crashes()).toEqual([]);
  }, 180_000);

  it('the organiser creates a joint exam, two schools join and confirm, one imports its scores on screen, the organiser releases', async () => {
    const db = server.database.db;
    const name = '高一联考（网页）';
    const row = (page: import('playwright-core').Page) => jointRow(page, name);

    // the organiser: 新建联考 with 数学 120 and 语文 150, inviting 第二示范中学
    const org = await newPage(browser);
    const crashes = watchForCrashes(org);
    await loginAs(org, server.url, 'bureau');
    await createJointExamOnScreen(org, server.url, { name, gradeName: '高一', subjects: [{ label: '数学', fullScore: 120 }, { label: '语文', fullScore: 150 }],
      startDate: '2026-11-20', endDate: '2026-11-21', invite: ['第二示范中学'] });
    const exam = await db.selectFrom('exam').select(['id', 'registration_code']).where('name', '=', name).executeTakeFirstOrThrow();
    const subjectsRead = await db.selectFrom('exam_subject').select(['course_code', 'full_score']).where('exam_id', '=', exam.id).orderBy('sort').execute();
    expect(subjectsRead.map((s) => [s.course_code, Number(s.full_score)])).toEqual([['SX', 120], ['YW', 150]]);

    // 第二示范中学 (invited) confirms its two classes
    const second = await newPage(browser);
    await loginAs(second, server.url, 'admin2');
    await confirmClassesOnScreen(second, server.url, name);

    // 育才中学 joins by registration code, confirms, downloads its template and uploads it filled in
    const third = await newPage(browser, { acceptDownloads: true });
    await loginAs(third, server.url, 'ycadmin');
    await joinByCodeOnScreen(third, server.url, exam.registration_code!, `示范市教育局 组织的「${name}」`);
    await confirmClassesOnScreen(third, server.url, name);
    await row(third).getByRole('button', { name: '导入本校成绩' }).click();
    const [download] = await Promise.all([third.waitForEvent('download'), third.getByRole('button', { name: '下载科目总分模板' }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['考号', '姓名', '班级', '数学', '语文']);
    // the template lists 育才中学's 24 candidates (2 × 12), 考号 02… (the second school of this exam); 数学 80 + row, 语文 100 + row
    expect(ws.rowCount).toBe(25);
    for (let r = 2; r <= ws.rowCount; r++) {
      expect(String(ws.getRow(r).getCell(1).value)).toMatch(/^02\d{5}$/);
      ws.getRow(r).getCell(4).value = 80 + r;
      ws.getRow(r).getCell(5).value = 100 + r;
    }
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    await third.locator('.ant-modal .ant-upload input[type=file]').nth(1).setInputFiles({ name: '育才中学成绩.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
    await third.getByText('导入成功：数学：24 人有成绩，0 人缺考；语文：24 人有成绩，0 人缺考').waitFor();

    // the organiser's release check names 第二示范中学 (20 candidates, no scores yet)
    await org.reload();
    await row(org).getByRole('button', { name: '发布成绩' }).click();
    await org.getByText('第二示范中学成绩未齐（数学 20 名考生，语文 20 名考生）').waitFor();
    await org.locator('.ant-modal-confirm').getByRole('button', { name: /^(知道了|确\s*定|OK)$/ }).click();

    // 第二示范中学's scores through the API (the same totals import), then the organiser releases on screen
    const token = await server.tokenFor('admin2');
    const mine = await db.selectFrom('exam_student as es').innerJoin('school as s', 's.id', 'es.school_id').select('es.exam_no')
      .where('es.exam_id', '=', exam.id).where('s.name', '=', '第二示范中学').orderBy('es.exam_no').execute();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('总分成绩');
    sheet.addRow(['考号', '姓名', '班级', '数学', '语文']);
    for (const m of mine) sheet.addRow([m.exam_no, '', '', 90, 110]);
    const boundary = '----jzE2eJoint';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.from(await book.xlsx.writeBuffer()), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await fetch(`${server.url}/api/v1/grade_import/import_total?examId=${exam.id}`, { method: 'POST', body: payload, headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    const answer = await res.json() as { code: number; msg: string };
    expect(answer.code, answer.msg).toBe(200);

    await org.reload();
    await row(org).getByRole('button', { name: '发布成绩' }).click();
    await org.locator('.ant-modal-confirm', { hasText: '发布成绩' }).getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
    await org.getByText('成绩发布完成').waitFor({ timeout: 120_000 });
    await row(org).getByText('已发布').waitFor();
    const released = await db.selectFrom('exam').select('released_at').where('id', '=', exam.id).executeTakeFirstOrThrow();
    expect(released.released_at).not.toBeNull();
    expect(crashes()).toEqual([]);
  }, 300_000);
});
