import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage, readAntTable, watchForCrashes } from './helpers.js';

/**
 * 多科考试管理 (/multidetails) on the first released demo 多科 exam of 示例中学, in Chromium: opened from the exam's
 * 考试分析管理 header, its three pages, the 成绩汇总 export; and /examMarking/schoolAnalysis with its 系统设置.
 * Expected figures are counted from the database with SQL written here (subjects in paper order; a student's
 * subject score is the sum of its question scores; 已录 = students with a stored score, 缺考 = subject_absence rows).
 */
describe('multi-subject exam details in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let examId: number;
  let examName: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-multi-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const db = server.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const exam = await db.selectFrom('exam').select(['id', 'name']).where('school_id', '=', school.id).where('mode', '=', 'multi')
      .where('released_at', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    [examId, examName] = [exam.id, exam.name];
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('opens 多科考试设置, 考场列表 and 成绩汇总 of a demo 多科 exam and exports the summary', async () => {
    const db = server.database.db;
    const subjects = await db.selectFrom('exam_subject').select(['id', 'course_name', 'full_score']).where('exam_id', '=', examId).orderBy('sort').orderBy('id').execute();
    const entered = (await sql<{ sid: number; n: number }>`select q.exam_subject_id as sid, count(distinct qs.exam_student_id)::int as n
      from question_score qs join question q on q.id = qs.question_id join exam_subject s on s.id = q.exam_subject_id
      where s.exam_id = ${examId} group by q.exam_subject_id`.execute(db)).rows;
    const absent = (await sql<{ sid: number; n: number }>`select a.exam_subject_id as sid, count(*)::int as n from subject_absence a
      join exam_subject s on s.id = a.exam_subject_id where s.exam_id = ${examId} group by a.exam_subject_id`.execute(db)).rows;
    const students = Number((await db.selectFrom('exam_student').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', examId).executeTakeFirstOrThrow()).n);

    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    // 考试分析管理's header of a 多科 exam leads to 多科考试管理
    await page.goto(`${server.url}/#/examAnalysisMana/examSetting?examId=${examId}`);
    await page.getByRole('button', { name: '多科考试管理' }).click();
    await page.waitForURL(/multidetails\/examMultiSetting/);
    await page.getByTestId('exam-name').filter({ hasText: examName }).waitFor();
    await page.getByTestId('multi-subjects').locator('tbody tr.ant-table-row').first().waitFor();
    const table = await readAntTable(page, 'multi-subjects');
    expect(table.rows.map((r) => [r[0], Number(r[1])])).toEqual(subjects.map((s) => [s.course_name, Number(s.full_score)]));
    expect(table.rows.every((r) => r[4] === '计入')).toBe(true);

    await page.locator('.jz-section-side').getByText('考场列表', { exact: true }).click();
    await page.waitForURL(/multidetails\/examRoomList/);
    await page.getByText(/尚未编排考场|名考生尚未安排考场|第.+考场/).first().waitFor();

    await page.locator('.jz-section-side').getByText('成绩汇总', { exact: true }).click();
    await page.waitForURL(/multidetails\/summaryGrades/);
    await page.getByTestId('summary-counts').locator('tbody tr.ant-table-row').last().filter({ hasText: '全部' }).waitFor();
    const counts = await readAntTable(page, 'summary-counts');
    const all = counts.rows.find((r) => r[0] === '全部')!;
    expect(Number(all[1])).toBe(students);
    subjects.forEach((s, j) => {
      const e = entered.find((x) => x.sid === s.id)?.n ?? 0;
      const a = absent.find((x) => x.sid === s.id)?.n ?? 0;
      expect([all[2 + 3 * j], all[3 + 3 * j], all[4 + 3 * j]].map(Number), s.course_name).toEqual([e, a, students - e - a]);
    });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
    expect(download.suggestedFilename()).toBe(`${examName}-成绩汇总.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    const sheet = wb.getWorksheet('学生成绩')!;
    expect(sheet.rowCount).toBe(1 + students);
    // the first row's 总分 is the sum of that student's subject scores (all subjects count in the demo's 总分)
    const first = sheet.getRow(2);
    const esid = (await db.selectFrom('exam_student').select('id').where('exam_id', '=', examId).where('exam_no', '=', String(first.getCell(1).value)).executeTakeFirstOrThrow()).id;
    const total = (await sql<{ t: number | null }>`select sum(qs.score)::float8 as t from question_score qs join question q on q.id = qs.question_id
      join exam_subject s on s.id = q.exam_subject_id where s.exam_id = ${examId} and qs.exam_student_id = ${esid}`.execute(db)).rows[0]!.t;
    expect(Number(first.getCell(4 + subjects.length).value)).toBeCloseTo(total ?? 0, 2);
    expect(crashes()).toEqual([]);
    await page.context().close();
  });

  it('lists joint exams under 联考分析管理 and opens its 系统设置', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/examMarking/schoolAnalysis`);
    await page.getByRole('button', { name: '系统设置' }).click();
    await page.waitForURL(/schoolAnalysis\/systemSetting/);
    await page.getByRole('tab', { name: 'G组' }).waitFor();
    // the same 成绩汇总 page under 联考分析管理
    await page.goto(`${server.url}/#/schoolAnalysis/summaryGrades?examId=${examId}`);
    await page.getByTestId('summary-counts').waitFor();
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
