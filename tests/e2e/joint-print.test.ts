import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@jz/shared';
import { launchBrowser } from '../helpers/browser.js';
import { makeJointReportExam } from '../helpers/joint-report.js';
import { pdfText } from '../helpers/pdf.js';
import { startServer } from '../helpers/server.js';
import { addStudentAccount } from '../helpers/student-account.js';
import { downloadFromJobModal, loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * Printed joint reports and joint ranks in Chromium, over the joint exam of tests/helpers/joint-report.ts (联考测试教育局,
 * login bureauA, organises 示例中学 and 第二示范中学; schools anonymised). The organiser opens 学校对比 and downloads its
 * PDF (both schools named); 示例中学's administrator does the same and its PDF shows 学校B, never 第二示范中学; 示例中学's
 * second candidate (数学 82, 语文 68, 总分 150) logs into the student portal and sees 联考排名 3 / 6 beside 校内排名 2 / 3
 * (python3 in tests/api/joint-analysis.test.ts: 总分 joint ranks of 示例中学 [1, 3, 4], school ranks [1, 2, 3]).
 */
describe('printed joint reports and joint ranks in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-joint-print-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const { examId, sampleId } = await makeJointReportExam(server);
    const db = server.database.db;
    // the organiser signs in with the demo password (its account was made with the initial one)
    const hash = (await db.selectFrom('app_user').select('password_hash').where('login_id', '=', 'admin').executeTakeFirstOrThrow()).password_hash;
    await db.updateTable('app_user').set({ password_hash: hash }).where('login_id', '=', 'bureauA').execute();
    // a student account for 示例中学's second candidate by 考号
    const cand = (await db.selectFrom('exam_student').select('student_id').where('exam_id', '=', examId).where('school_id', '=', sampleId).orderBy('exam_no').execute())[1]!;
    await addStudentAccount(db, cand.student_id, 'joint_student', hash);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** 联考列表 → 查看报告 → 学校对比 → 下载PDF; the PDF's text without spaces. */
  async function printContrast(page: Page, name: string): Promise<string> {
    await page.goto(`${server.url}/#/jointExamination/list`);
    await page.getByText('高一联考报告测试').waitFor();
    await page.locator('tr', { hasText: '高一联考报告测试' }).getByRole('button', { name: '查看报告' }).click();
    await page.waitForURL(/schoolReportDetails\/dataScreening/);
    await page.getByRole('menuitem', { name: '学校对比' }).click();
    await page.getByTestId('school-contrast-TOTAL').waitFor();
    await page.getByTestId('pdf-schoolContrast').click();
    const download = await downloadFromJobModal(page);
    const file = path.join(dir, name);
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/校际对比\.pdf$/);
    return pdfText(file).replace(/\s+/g, '');
  }

  it('the organiser prints 校际对比 with every school named', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'bureauA');
    const text = await printContrast(page, 'organiser.pdf');
    for (const s of ['校际对比', '联考全体', '示例中学', '第二示范中学', '153.33', '106.67']) expect(text).toContain(s);
    expect(crashes()).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('a school prints its joint report and the other school is 学校B', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    const text = await printContrast(page, 'school.pdf');
    for (const s of ['校际对比', '示例中学', '学校B', '153.33', '106.67']) expect(text).toContain(s);
    expect(text).not.toContain('第二示范中学');
    expect(crashes()).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('a student of the joint exam sees 联考排名 on the portal', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 375, height: 812 } });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const crashes = watchForCrashes(page);
    await page.goto(`${server.url}/#/studentLogin`);
    await page.getByLabel('账号', { exact: true }).fill('joint_student');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/student\/home/);
    const item = page.getByTestId('student-exam-item').filter({ hasText: '高一联考报告测试' });
    await item.click();
    await expect.poll(() => page.getByTestId('student-total').innerText()).toBe('150');
    const joint = await page.getByTestId('student-joint-rank').innerText();
    expect(joint.replace(/\s+/g, '')).toBe('联考排名3/6');
    const hero = (await page.getByTestId('student-exam-summary').innerText()).replace(/\s+/g, '');
    expect(hero).toContain('校内排名2/3');
    const table = (await page.getByTestId('student-subjects').innerText()).replace(/\s+/g, '');
    expect(table).toContain('联考排名');
    expect(crashes()).toEqual([]);
    await context.close();
  }, 180_000);
});
