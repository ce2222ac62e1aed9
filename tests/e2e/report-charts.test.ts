import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { chooseOption, loginAs, newPage, readAntTable, watchForCrashes } from './helpers.js';

/**
 * 成绩图表 and 历次考试趋势 in Chromium on two small exams (tests/fixtures/small-exam.ts, the second with A1's 语文 at 7).
 * Figures computed with Python 3.11's statistics module (quantiles(method='inclusive') = R type 7) and by hand:
 *   语文 10 14 14 17 20: mean 15, q1 14, median 14, q3 17, whiskers 10 and 20, no outliers; 1班 14 14 17: q3 15.5.
 *   with 分数段 5: bins 0–5 0, 5–10 0, 10–15 3, 15–20 2.
 *   得分率 of 1班: (17+14+14)/3 ÷ 20 = 75%, then (7+14+14)/3 ÷ 20 = 58.33%; the grade 75% then 65%.
 * Each chart's 导出图片 saves a PNG twice the chart's size, not blank.
 */
describe('chart views in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let first: SmallExam;
  let second: SmallExam;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-charts-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const admin = await server.tokenFor('admin');
    first = await buildSmallExam(server, admin, '图表考试一');
    expect((await server.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: admin, payload: { examId: first.examId, family: 'scoreSegment', value: { subjectStep: 5, totalStep: 10 } } })).body.code).toBe(200);
    await releaseExam(server.database.db, first.examId);
    second = await buildSmallExam(server, admin, '图表考试二');
    const yw = (await server.call({ url: `/api/v1/exam_manage/find_exam?examId=${second.examId}`, token: admin })).body.data.subjects.find((s: { courseCode: string }) => s.courseCode === 'YW').id;
    const edit = await server.call({ method: 'POST', url: '/api/v1/question_score/update', token: admin, payload: {
      examStudentId: second.students[0]!.id, examSubjectId: yw, scores: [{ questionId: second.qid.YW1, choice: 'A' }, { questionId: second.qid.YW2, score: 2 }],
    } });
    expect(edit.body.code, edit.body.msg).toBe(200);
    await releaseExam(server.database.db, second.examId);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('成绩图表: distribution, box plots by class with their table, scatter; a chart exports as PNG', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/analysisReportList/reportDetails/dataScreening?examId=${first.examId}`);
    await page.locator('.jz-section-side').getByRole('menuitem', { name: '成绩图表', exact: true }).click();
    await page.waitForURL(/echartsExample\?examId=/);
    const main = page.locator('.jz-section-main');
    await chooseOption(page, main.getByLabel('学科'), '语文');
    await main.getByRole('heading', { level: 2, name: '成绩图表 · 语文' }).waitFor();
    await expect.poll(async () => (await readAntTable(page, 'report-table-charts')).rows.length).toBe(3);
    const table = await readAntTable(page, 'report-table-charts');
    expect(table.header.map((h) => h[h.length - 1])).toEqual(['班级', '人数', '平均分', '最低分', '下须', 'Q1', '中位数', 'Q3', '上须', '最高分', '离群值']);
    expect(table.rows).toEqual([
      ['全年级', '5', '15', '10', '10', '14', '14', '17', '20', '20', '—'],
      ['高一1班', '3', '15', '14', '14', '14', '14', '15.5', '17', '17', '—'],
      ['高一2班', '2', '15', '10', '10', '12.5', '15', '17.5', '20', '20', '—'],
    ]);
    await main.getByText('分数分布（每 5 分一段）').waitFor();
    await main.getByText(/r = 0\.174；回归线：语文 = -14 \+ 1 × 总分/).waitFor();
    for (const id of ['chart-histogram', 'chart-boxplot', 'chart-scatter']) expect(await page.getByTestId(id).locator('canvas').count(), id).toBeGreaterThan(0);
    const saved = page.waitForEvent('download');
    await page.getByTestId('chart-boxplot').getByRole('button', { name: '导出图片' }).click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe('图表考试一-语文-箱线图.png');
    const png = readFileSync(await file.path());
    const meta = await sharp(png).metadata();
    const box = await page.getByTestId('chart-boxplot').getByRole('img', { name: '各班箱线图' }).boundingBox();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(Math.round(box!.width) * 2);
    const { channels } = await sharp(png).stats();
    expect(channels[0]!.min).toBeLessThan(200); // not a blank white image: the boxes are drawn
    expect(crashes()).toEqual([]);
    await page.context().close();
  });

  it('历次考试趋势: 得分率 of the grade and the classes over the grade\'s exams', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/analysisReportList/reportDetails/echartsExamples?examId=${second.examId}`);
    const main = page.locator('.jz-section-main');
    await chooseOption(page, main.getByLabel('学科'), '语文');
    await main.getByRole('heading', { level: 2, name: '历次考试趋势 · 语文' }).waitFor();
    await expect.poll(async () => (await readAntTable(page, 'report-table-trend')).rows.length).toBeGreaterThan(2);
    const t = await readAntTable(page, 'report-table-trend');
    const last2 = (name: string) => t.rows.find((r) => r[0] === name)!.slice(-2);
    expect(t.header.slice(-2).map((h) => h[h.length - 1].split('（')[0])).toEqual(['图表考试一', '图表考试二']);
    expect(last2('年级')).toEqual(['75%', '65%']);
    expect(last2('高一1班')).toEqual(['75%', '58.33%']);
    expect(last2('高一2班')).toEqual(['75%', '75%']);
    expect(await page.getByTestId('chart-trend').locator('canvas').count()).toBeGreaterThan(0);
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
