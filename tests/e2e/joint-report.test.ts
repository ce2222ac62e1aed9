import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { makeJointReportExam } from '../helpers/joint-report.js';
import { startServer } from '../helpers/server.js';
import { chooseOption, loginAs, newPage, readAntTable, watchForCrashes } from './helpers.js';

/**
 * 联考报告 in Chromium: 示例中学's administrator opens 查看报告 of a released joint exam (tests/helpers/joint-report.ts)
 * from 联考列表, sees the 数据概览, then 学校对比: itself named, 第二示范中学 as 学校B, the 总分 means 153.33 and 106.67
 * (python3 in tests/api/joint-analysis.test.ts: 460/3 and 320/3), and exports the table as xlsx. The organiser (bureauA)
 * narrows 班级对比 to one school with the 学校 filter; a school has none.
 */
describe('joint exam reports in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-joint-report-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    await makeJointReportExam(server);
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a school opens 联考报告 → 学校对比 and exports it', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/jointExamination/list`);
    await page.getByText('高一联考报告测试').waitFor();
    await page.locator('tr', { hasText: '高一联考报告测试' }).getByRole('button', { name: '查看报告' }).click();
    await page.waitForURL(/schoolReportDetails\/dataScreening/);
    await page.getByRole('heading', { name: '数据概览', level: 1 }).waitFor();
    await page.getByRole('menuitem', { name: '学校对比' }).click();
    await page.getByRole('heading', { name: '学校对比', level: 1 }).waitFor();
    await page.getByTestId('school-contrast-TOTAL').waitFor();
    const table = await readAntTable(page, 'school-contrast-TOTAL');
    const byName = new Map(table.rows.map((r) => [r[0]!.replace(/\s*本校$/, ''), r]));
    expect([...byName.keys()]).toEqual(['联考全体', '示例中学', '学校B']);
    expect(byName.get('示例中学')!.slice(1, 3)).toEqual(['3', '153.33']);
    expect(byName.get('学校B')!.slice(1, 3)).toEqual(['3', '106.67']);
    expect(byName.get('联考全体')!.slice(1, 3)).toEqual(['6', '130']);
    expect(await page.content()).not.toContain('第二示范中学');

    const saved = page.waitForEvent('download');
    await page.getByTestId('export-schoolContrast').click();
    const file = await (await saved).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(file!) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('总分')!;
    expect([ws.getRow(3).getCell(1).value, ws.getRow(3).getCell(3).value, ws.getRow(4).getCell(1).value]).toEqual(['示例中学', 153.33, '学校B']);
    expect(crashes()).toEqual([]);
  }, 180_000);

  it('the organiser chooses whose classes 班级对比 shows; a school has no 学校 to choose', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    // bureauA signs in with the demo password (its hash copied from the demo admin's)
    const db = server.database.db;
    const { password_hash } = await db.selectFrom('app_user').select('password_hash').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
    await db.updateTable('app_user').set({ password_hash }).where('login_id', '=', 'bureauA').execute();
    await loginAs(page, server.url, 'bureauA');
    await page.goto(`${server.url}/#/jointExamination/list`);
    await page.locator('tr', { hasText: '高一联考报告测试' }).getByRole('button', { name: '查看报告' }).click();
    await page.getByRole('heading', { name: '数据概览', level: 1 }).waitFor();
    await page.getByRole('menuitem', { name: '班级对比' }).click();
    await page.getByRole('heading', { name: '班级对比', level: 1 }).waitFor();
    const schools = (table: { rows: string[][] }) => table.rows.map((r) => r[0]!).filter((name) => name !== '联考全体' && name !== '全年级').map((name) => name.split(' ')[0]);
    // a small exam opens on every school (3 classes of two schools)
    await page.getByTestId('report-table-classComparison').waitFor();
    expect(schools(await readAntTable(page, 'report-table-classComparison'))).toEqual(['示例中学', '第二示范中学', '第二示范中学']);
    await chooseOption(page, page.getByLabel('学校', { exact: true }), '第二示范中学');
    await expect.poll(async () => schools(await readAntTable(page, 'report-table-classComparison'))).toEqual(['第二示范中学', '第二示范中学']);
    expect(crashes()).toEqual([]);

    const school = await newPage(browser);
    await loginAs(school, server.url, 'admin');
    await school.goto(`${server.url}/#/jointExamination/list`);
    await school.locator('tr', { hasText: '高一联考报告测试' }).getByRole('button', { name: '查看报告' }).click();
    await school.getByRole('menuitem', { name: '班级对比' }).click();
    await school.getByTestId('report-table-classComparison').waitFor();
    expect(await school.getByLabel('学校', { exact: true }).count()).toBe(0);
  }, 180_000);
});
