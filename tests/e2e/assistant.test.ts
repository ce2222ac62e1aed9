import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMean } from '@jz/shared/format';
import { launchBrowser } from '../helpers/browser.js';
import { fakeChatConfig, startFakeChat, type FakeChat } from '../helpers/fake-chat.js';
import { startServer } from '../helpers/server.js';
import { readZip } from '../helpers/zip.js';
import { chooseOption, loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * The AI assistant and AI 慧教研 in Chromium against the real server and a local chat-completions server
 * (tests/helpers/fake-chat.ts): on a released demo exam the admin drafts 慧教研 for 数学, edits it and exports it to
 * Word; opens the assistant drawer from the report page, asks a suggested question in the offline mode and one
 * through the provider (a tool call, then a streamed answer citing it), sees the sources under each answer and
 * clears the history. Expected figures are read from the report api, which the report tests check by hand.
 */
describe('AI assistant walk', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let fake: FakeChat;
  let browser: Browser;
  let page: Page;
  let crashes: () => string[];
  let examId: number;
  let totalMean: string;

  beforeAll(async () => {
    fake = await startFakeChat();
    server = await startServer('pglite', { assistant: fakeChatConfig(fake) });
    const db = server.database.db;
    const school = await db.selectFrom('school').select('id').where('code', '=', 'SLZX').executeTakeFirstOrThrow();
    examId = (await db.selectFrom('exam').select('id').where('school_id', '=', school.id).where('status', '=', 4).orderBy('start_date').executeTakeFirstOrThrow()).id;
    const admin = await server.tokenFor('admin');
    const overview = await server.call({ url: `/api/v1/report_home/overview?examId=${examId}`, token: admin });
    totalMean = formatMean(overview.body.data.rows.find((r: { isTotal: boolean }) => r.isTotal).mean);
    browser = await launchBrowser();
    page = await newPage(browser, { acceptDownloads: true });
    crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
  });
  afterAll(async () => { await browser?.close(); await server?.close(); await fake?.close(); });

  it('drafts AI 慧教研, edits it and exports it to Word', async () => {
    // With a provider the model writes the draft: the tools' numbers go to it, its sections stream onto the page.
    fake.script.push({ text: ['【成绩概况】\n', `总分平均分 ${totalMean} [S1]。\n`, '【教学建议】\n加强函数专题复习。'] });
    await page.goto(`${server.url}/#/analysisReportList/reportDetails/aiHuijiaoyan?examId=${examId}`);
    await page.getByRole('heading', { name: 'AI慧教研' }).waitFor();
    await page.getByText('以下草稿由 AI 模型根据报告数据撰写').waitFor();
    expect(await page.getByLabel('成绩概况').inputValue()).toBe(`总分平均分 ${totalMean} [S1]。`);
    expect(fake.requests.at(-1)!.messages.find((m) => m.role === 'user')!.content).toContain('"source":"S1"');
    // The templates, chosen on the page.
    await chooseOption(page, page.getByLabel('撰写方式'), '离线模式（报告模板）');
    await page.getByText('离线模式：以下内容由报告数据按模板生成').waitFor();
    for (const title of ['成绩概况', '优势', '薄弱题目', '薄弱知识点', '教学建议']) await page.locator('.ant-card-head-title', { hasText: title }).first().waitFor();
    const advice = page.getByLabel('教学建议');
    await advice.fill('本学科下周安排函数专题复习。');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出 Word' }).click();
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hjy-')), 'out.docx');
    await (await download).saveAs(file);
    const xml = (await readZip(file)).get('word/document.xml')!.toString('utf8');
    expect(xml).toContain('本学科下周安排函数专题复习。');
    expect(xml).toContain('成绩概况');
  });

  it('answers a suggested question offline and a typed one through the provider, with sources, then clears', async () => {
    await page.getByRole('button', { name: 'AI 助手' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('你好，我是精准教学 AI 助手').waitFor();
    await chooseOption(page, drawer.getByLabel('模型'), '离线模式（报告模板）');
    await drawer.locator('.ant-tag', { hasText: '本次考试的总体情况如何？' }).click();
    const first = drawer.getByTestId('ai-answer').first();
    await first.getByText('（离线模式：以下内容由报告数据按模板生成）').waitFor();
    expect(await first.innerText()).toContain(`总分：实考`);
    expect(await first.innerText()).toContain(`平均分 ${totalMean}`);
    await first.getByText('数据来源（1）').click();
    await first.getByText(`总分 平均分：${totalMean}`).waitFor();

    fake.script.push({ toolCalls: [{ name: 'exam_overview', args: '{}' }] }, { text: ['总分平均分 ', `${totalMean} [S1]。`] });
    await chooseOption(page, drawer.getByLabel('模型'), 'DeepSeek');
    const long = '请分析这次考试总分的整体情况，并说明哪些方面需要在下一阶段的教学中重点关注，包括各班之间的差距、各学科的得分率，以及学生的分布情况，越详细越好。';
    await drawer.getByLabel('问题').fill(long);
    await drawer.getByRole('button', { name: '发送' }).click();
    const second = drawer.getByTestId('ai-answer').nth(1);
    await second.getByText(`总分平均分 ${totalMean}`).waitFor();
    await second.locator('.jz-ai-cite', { hasText: 'S1' }).waitFor();
    expect(await second.innerText()).not.toContain('找不到出处');
    // The user's long message is clamped to two lines.
    const user = drawer.locator('.jz-ai-user', { hasText: '请分析这次考试' });
    expect(await user.evaluate((el) => getComputedStyle(el).webkitLineClamp)).toBe('2');
    const lineHeight = await user.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 22);
    expect((await user.boundingBox())!.height).toBeLessThan(lineHeight * 2 + 20);
    expect(fake.requests.at(-1)!.messages.some((m) => m.role === 'tool')).toBe(true);

    await drawer.getByRole('button', { name: '清空记录' }).click();
    await drawer.getByText('暂无对话记录').waitFor();
    expect(crashes()).toEqual([]);
  });

  it('opens the assistant from a full-screen page’s top bar, and the administrator’s AI 助手 settings', async () => {
    await page.goto(`${server.url}/#/examMonitorEcharts?examId=${examId}`);
    const bar = page.locator('.jz-blank-bar');
    await bar.getByRole('button', { name: 'AI 助手' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('你好，我是精准教学 AI 助手').waitFor();
    // no floating button over the full-screen work
    expect(await page.locator('.jz-ai-fab').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.goto(`${server.url}/#/userInfo/schoolManaPerson`);
    await page.getByRole('tab', { name: 'AI 助手' }).click();
    const card = page.getByTestId('assistant-settings');
    await card.getByText('DeepSeek、通义千问').waitFor();
    await card.getByText('本校每日次数').waitFor();
    const sw = card.getByRole('switch', { name: '允许向外部模型发送学生姓名' });
    expect(await sw.getAttribute('aria-checked')).toBe('false');
    await sw.click();
    await card.getByRole('button', { name: '保 存' }).or(card.getByRole('button', { name: '保存' })).click();
    await page.getByText('保存成功').waitFor();
    const admin = await server.tokenFor('admin');
    expect((await server.call({ url: '/api/v1/assistant/school_setting', token: admin })).body.data.shareStudentNames).toBe(true);
    expect(crashes()).toEqual([]);
  });
});
