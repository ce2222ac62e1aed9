import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { seedDemoMarking } from '../../apps/api/src/seed/demo-marking.js';
import { seedDemoScan } from '../../apps/api/src/seed/demo-scan.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * The live side of online marking in Chromium against the real server, on the scanning and marking demos (题组长
 * lesson1, marker teacher1): a mark submitted by teacher1 shows on lesson1's open 阅卷监控 without a reload, through
 * the event stream (the page polls only every 60 s while the stream is open, so a change within seconds came
 * through it); lesson1 uploads a standard-answer image in /markDetail and teacher1 sees it there beside the text;
 * 我的答题卡 lists teacher1 the demo's card.
 */

type Api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<{ code: number; data: T; msg: string }>;
const apiOf = (page: Page): Api => async (method, url, body) => page.evaluate(async ({ method, url, body }) => {
  const headers: Record<string, string> = { Authorization: localStorage.getItem('token') ?? '' };
  if (body) headers['Content-Type'] = 'application/json';
  return (await fetch(`/api/v1/${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined })).json();
}, { method, url, body });

describe('live marking walk in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let demo: { examId: number; examName: string; examSubjectId: number; blockIds: number[] };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-marklive-'));
    const dataDir = path.join(dir, 'data');
    server = await startServer('pglite', { dataDir });
    await seedDemoScan(server.database.db, server.storage);
    await seedDemoMarking(server.database.db);
    const db = server.database.db;
    const blocks = await db.selectFrom('marking_block as b').innerJoin('exam as e', 'e.id', 'b.exam_id')
      .select(['b.id', 'b.exam_id', 'b.exam_subject_id', 'e.name']).orderBy('b.exam_subject_id', 'desc').orderBy('b.sort').execute();
    expect(blocks.length, 'the marking demo made blocks').toBeGreaterThan(0);
    const first = blocks[0]!;
    demo = { examId: first.exam_id, examName: first.name, examSubjectId: first.exam_subject_id, blockIds: blocks.filter((b) => b.exam_subject_id === first.exam_subject_id).map((b) => b.id) };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('shows teacher1\'s submitted mark on lesson1\'s open monitor without a reload', async () => {
    const leader = await newPage(browser);
    const crashes = watchForCrashes(leader);
    await loginAs(leader, server.url, 'lesson1');
    await leader.goto(`${server.url}/#/examMarking/examMonitor?examId=${demo.examId}`);
    const subject = leader.getByTestId(`monitor-subject-${demo.examSubjectId}`);
    await subject.waitFor();
    await expect.poll(() => leader.getByTestId('monitor-live').innerText(), { timeout: 15_000 }).toBe('实时');
    const marksDone = async () => Number(/评分 (\d+) \//.exec(await subject.innerText())?.[1] ?? NaN);
    const before = await marksDone();
    expect(before).toBeGreaterThan(0);

    const marker = await newPage(browser);
    await loginAs(marker, server.url, 'teacher1');
    const api = apiOf(marker);
    const block = demo.blockIds[demo.blockIds.length - 1]!; // single-marked: one mark, one more 评分
    const next = await api<{ taskId: number }>('POST', 'marking/next', { blockId: block });
    expect(next.code, next.msg).toBe(200);
    const info = await api<{ questions: { points: unknown[] }[] }>('GET', `marking/block?blockId=${block}`);
    const scores = info.data.questions.flatMap((q) => (q.points.length ? q.points.map(() => 0) : [0]));
    const submitted = await api('POST', 'marking/submit', { taskId: next.data.taskId, scores, requestId: `e2e-live-${Date.now()}` });
    expect(submitted.code, submitted.msg).toBe(200);
    // within 20 s, generous for a loaded machine, yet well inside the 60 s poll of a page with an open stream: the
    // reload came from the change event (the 实时 tag says the stream stayed open throughout)
    await expect.poll(marksDone, { timeout: 20_000, interval: 200 }).toBe(before + 1);
    expect(await leader.getByTestId('monitor-live').innerText()).toBe('实时');
    expect(crashes()).toEqual([]);
    await marker.context().close();
    await leader.context().close();
  });

  it('lesson1 uploads a standard-answer image in /markDetail; teacher1 sees it there', async () => {
    const block = demo.blockIds[0]!;
    const leader = await newPage(browser);
    const crashes = watchForCrashes(leader);
    await loginAs(leader, server.url, 'lesson1');
    await leader.goto(`${server.url}/#/markDetail?blockId=${block}`);
    await leader.getByRole('button', { name: '标答' }).click();
    const drawer = leader.getByTestId('standard-answer');
    await drawer.getByTestId('standard-answer-editor').waitFor();
    await drawer.getByLabel('标准答案文字').fill('列方程 3 分，解对 5 分。');
    await drawer.getByRole('button', { name: '保存文字' }).click();
    await leader.getByText('标准答案已保存').waitFor();
    const png = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#3366cc' } }).png().toBuffer();
    await drawer.locator('input[type=file]').setInputFiles({ name: '标答.png', mimeType: 'image/png', buffer: png });
    await drawer.getByTestId('standard-answer-image').waitFor();
    expect(crashes()).toEqual([]);
    await leader.context().close();

    const marker = await newPage(browser);
    await loginAs(marker, server.url, 'teacher1');
    await marker.goto(`${server.url}/#/markDetail?blockId=${block}`);
    await marker.getByRole('button', { name: '标答' }).click();
    const shown = marker.getByTestId('standard-answer');
    await shown.getByText('列方程 3 分，解对 5 分。').waitFor();
    const img = shown.getByTestId('standard-answer-image');
    await img.waitFor();
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(200);
    expect(await shown.getByTestId('standard-answer-editor').count()).toBe(0); // a marker reads, does not edit
    await marker.context().close();
  });

  it('我的答题卡 lists teacher1 the demo exam\'s card with preview and print links', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'teacher1');
    await page.goto(`${server.url}/#/examMarking/myAnwserCard`);
    const row = page.getByTestId('my-answer-card-table').locator('tr', { hasText: demo.examName });
    await row.first().waitFor();
    expect(await row.first().innerText()).toContain('阅卷老师');
    expect(await row.first().getByRole('link', { name: '预览' }).getAttribute('href')).toBe(`#/makeSheetCard/preview?examSubjectId=${demo.examSubjectId}`);
    await row.first().getByRole('link', { name: '预览' }).click();
    await page.waitForURL(/makeSheetCard\/preview/);
    await page.getByText(/答题卡/).first().waitFor();
    expect(crashes()).toEqual([]);
    await page.context().close();
  });

  it('the chart detail page is reached from /examMonitorEcharts and draws the block\'s charts', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'lesson1');
    await page.goto(`${server.url}/#/examMonitorEcharts?examId=${demo.examId}&blockId=${demo.blockIds[0]}`);
    await page.getByTestId('echarts-detail-link').click();
    await page.waitForURL(/examMonitorEchartsDetail/);
    const detail = page.getByTestId('exam-monitor-echarts-detail');
    await detail.getByText('分数分布（每位老师）').waitFor();
    await expect.poll(() => detail.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    // reached before a block was picked: the exam's first block is drawn, not an empty page
    await page.goto(`${server.url}/#/examMonitorEcharts?examId=${demo.examId}`);
    await page.getByTestId('echarts-detail-link').click();
    await page.waitForURL(/examMonitorEchartsDetail\?examId=\d+$/);
    await detail.getByText('分数分布（每位老师）').waitFor();
    await expect.poll(() => detail.locator('canvas').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(await detail.getByText('请选择题块').count()).toBe(0);
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
