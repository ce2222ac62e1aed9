import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs, watchForCrashes } from './helpers.js';

/**
 * 选择考生名单 and 考场编辑 under /examDetailsEdit in Chromium, as the school administrator, on an exam of one class made
 * here: two candidates removed from the subject (the count on screen drops by two, the 不参加 filter lists them),
 * then two rooms generated, saved and filled in class order, the seating list on screen and its Excel export.
 * Expected counts and the first seat come from the exam_student table read directly.
 */
describe('exam candidates and rooms in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let examId: number;
  let subjectId: number;
  let roster: { name: string; examNo: string }[];

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    context.setDefaultTimeout(60_000);
    return context.newPage();
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-room-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const db = server.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高二').executeTakeFirstOrThrow();
    const klass = await db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).orderBy('sort').executeTakeFirstOrThrow();
    const page = await newPage();
    await loginAs(page, server.url, 'admin');
    const made = await page.evaluate(async ({ gradeId, classId }) => {
      const h = { Authorization: localStorage.getItem('token') ?? '', 'Content-Type': 'application/json' };
      const r = await (await fetch('/api/v1/exam_manage/add_single_exam', { method: 'POST', headers: h, body: JSON.stringify({
        name: 'E2E考场编排', examType: 5, gradeId, startDate: '2026-11-20', endDate: '2026-11-20', subjects: [{ courseCode: 'SX', fullScore: 100 }], classIds: [classId],
      }) })).json();
      return r.code === 200 ? { examId: r.data.id as number, subjectId: r.data.subjects[0].id as number } : { error: r.msg as string };
    }, { gradeId: grade.id, classId: klass.id });
    await page.context().close();
    if ('error' in made) throw new Error(made.error);
    ({ examId, subjectId } = made);
    roster = await db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
      .select(['st.name', 'es.exam_no as examNo']).where('es.exam_id', '=', examId).orderBy('st.admission_no').execute();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('选择考生名单: removes two candidates from the subject and lists them as 不参加', async () => {
    const page = await newPage();
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/examDetailsEdit/selectStudentList?examId=${examId}&examSubjectId=${subjectId}`);
    const n = roster.length;
    const counts = page.getByTestId('subject-student-counts');
    await expect.poll(() => counts.innerText()).toBe(`数学考生 ${n} 人 / 考试考生 ${n} 人`);
    const rows = page.locator('.jz-search-table .ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.first().innerText()).toContain(roster[0]!.name);
    for (const i of [0, 1]) await rows.nth(i).locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: /移出本科目（2）/ }).click();
    await expect.poll(() => counts.innerText()).toBe(`数学考生 ${n - 2} 人 / 考试考生 ${n} 人`);
    await page.getByLabel('本科目').click();
    await page.locator('.ant-select-item-option', { hasText: '不参加' }).click();
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect.poll(() => rows.count()).toBe(2);
    const shown = (await rows.allInnerTexts()).join('\n');
    expect(shown).toContain(roster[0]!.name);
    expect(shown).toContain(roster[1]!.name);
    expect(crashes()).toEqual([]);
    await page.context().close();
  });

  it('考场编辑: two rooms generated, saved and filled in class order; the list exported to Excel', async () => {
    const page = await newPage();
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/examDetailsEdit/examEdit?examId=${examId}&examSubjectId=${subjectId}`);
    const n = roster.length;
    const per = Math.ceil(n / 2);
    await expect.poll(() => page.getByTestId('room-summary').innerText()).toContain(`考生 ${n} 人，考场 0 个`);
    await page.getByLabel('考场数').fill('2');
    await page.getByLabel('每考场容量').fill(String(per));
    await page.getByRole('button', { name: '生成', exact: true }).click();
    await expect.poll(() => page.getByTestId('room-summary').innerText()).toContain(`考场 2 个，总容量 ${2 * per}`);
    await page.getByRole('button', { name: /保存考场/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '保存成功' }).waitFor();
    await page.getByRole('button', { name: /按班级顺序编排/ }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /编\s*排/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '编排成功' }).waitFor();
    const seating = page.locator('.jz-search-table .ant-table-tbody tr.ant-table-row');
    await expect.poll(async () => (await seating.first().innerText()).split('\t').map((c) => c.trim())).toEqual(['第1考场', '1', roster[0]!.examNo, roster[0]!.name, expect.any(String)]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出 Excel/ }).click()]);
    expect(download.suggestedFilename()).toBe('E2E考场编排-考场安排.xlsx');
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
