import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatIndex, formatMean, formatRate } from '@jz/shared';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { firstDemoExam } from '../fixtures/demo-exam.js';
import { loginAs, newPage, readAntTable, watchForCrashes } from './helpers.js';

/**
 * 试卷分析 in Chromium: grade1 sees 高分组 / 低分组得分率 beside D and the paper's SEM, every
 * number printed by the shared rule of its kind (the page's cells equal the shared formatters applied to the
 * report api's numbers) and no long decimals anywhere in the table.
 */
describe('paper analysis numbers in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let examId: number;

  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    examId = (await firstDemoExam(server.database.db)).exam.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('grade1 sees the group rates, D, and SEM with the shared rounding', async () => {
    const token = await server.tokenFor('grade1');
    const api = await server.call({ url: `/api/v1/paperAnalysis/paper?examId=${examId}`, token });
    expect(api.body.code, api.body.msg).toBe(200);
    const data = api.body.data as { sem: number; questions: { no: string; upperRate: number; lowerRate: number; discrimination: number }[] };

    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'grade1');
    await page.goto(`${server.url}/#/analysisReportList/reportDetails/testPaper?examId=${examId}`);
    await page.getByTestId('report-table-paper').locator('tbody tr.ant-table-row').first().waitFor();
    const card = page.locator('.jz-stat-card').filter({ hasText: '测量标准误 SEM' });
    expect(await card.locator('.jz-stat-value').innerText()).toBe(formatMean(data.sem));

    const table = await readAntTable(page, 'report-table-paper');
    const col = (name: string) => table.header.findIndex((h) => h[h.length - 1] === name);
    for (const name of ['高分组得分率', '低分组得分率', '区分度D']) expect(col(name), name).toBeGreaterThanOrEqual(0);
    for (const row of table.rows) {
      const q = data.questions.find((x) => x.no === row[0])!;
      expect([row[col('高分组得分率')], row[col('低分组得分率')], row[col('区分度D')]])
        .toEqual([formatRate(q.upperRate), formatRate(q.lowerRate), formatIndex(q.discrimination)]);
      for (const cell of row) expect(cell, cell).not.toMatch(/\d\.\d{4,}/);
    }
    expect(crashes()).toEqual([]);
  });
});
