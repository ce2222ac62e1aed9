import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * 联考列表 (/jointExamination/list) in Chromium: a bureau made by the platform administrator has created a joint exam
 * (through the API here); 第二示范中学's administrator joins it on screen with the registration code and confirms a
 * class; the candidates and their 考号 are read back from exam_student, and the expanded row shows the school's state.
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

    await page.getByRole('button', { name: '确认参考班级' }).click();
    await page.locator('.ant-modal .ant-checkbox-input').first().check();
    await page.locator('.ant-modal').getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
    await page.getByRole('cell', { name: '已确认班级' }).waitFor();

    const db = server.database.db;
    const rows = await db.selectFrom('exam_student').select(['exam_no', 'class_id']).where('exam_id', '=', examId).orderBy('exam_no').execute();
    const second = await db.selectFrom('school').select('id').where('name', '=', '第二示范中学').executeTakeFirstOrThrow();
    const firstClass = await db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id').select('c.id')
      .where('c.school_id', '=', second.id).where('g.name', '=', '高一').orderBy('c.sort').orderBy('c.id').executeTakeFirstOrThrow();
    const students = await db.selectFrom('student').select('id').where('class_id', '=', firstClass.id).where('status', '=', 1).execute();
    expect(rows).toHaveLength(students.length);
    expect(rows[0]!.exam_no).toBe('0101001');
    expect(new Set(rows.map((r) => r.class_id))).toEqual(new Set([firstClass.id]));

    await page.locator('.ant-table-row-expand-icon').first().click();
    await page.locator('.ant-table-expanded-row').getByText('第二示范中学（本校）').waitFor();
    await page.locator('.ant-table-expanded-row').getByRole('cell', { name: String(students.length), exact: true }).first().waitFor();
    expect(crashes()).toEqual([]);
  }, 180_000);
});
