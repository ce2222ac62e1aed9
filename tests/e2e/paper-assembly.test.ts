import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * 组卷 in Chromium as 备课组长 of 数学 (lesson1): four single-choice and two subjective questions on 组卷练习 made
 * through the api (difficulties 0.9 0.7 0.6 0.5 and 0.65 0.3), a paper of 4 单选 + 2 解答 at target 0.65 on that
 * point, the first question moved down, and the Word file downloaded and read back (word/document.xml); then a
 * section heading renamed, the paper saved and reopened after a reload in its saved order.
 */
describe('组卷 in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-paper-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const token = await server.tokenFor('lesson1');
    const post = async (url: string, payload: Record<string, unknown>) => {
      const r = await fetch(`${server.url}/api/v1/question_bank/${url}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      const body = (await r.json()) as { code: number; msg: string; data: { id: number } };
      expect(body.code, body.msg).toBe(200);
      return body.data.id;
    };
    const point = await post('save_knowledge_point', { courseCode: 'SX', name: '组卷练习' });
    const singles = [0.9, 0.7, 0.6, 0.5];
    for (const [i, d] of singles.entries()) {
      await post('save', { courseCode: 'SX', type: 'single', difficulty: d, pointIds: [point], stem: `<p>练习单选${i + 1}：$\\frac{${i + 1}}{2}$ 等于</p>`,
        options: [{ label: 'A', content: '甲' }, { label: 'B', content: '乙' }], answer: 'A', analysis: `<p>练习解析${i + 1}</p>` });
    }
    for (const [i, d] of [0.65, 0.3].entries()) {
      await post('save', { courseCode: 'SX', type: 'subjective', difficulty: d, pointIds: [point], stem: `<p>练习解答${i + 1}：求 $x^2$</p>`, answer: '略' });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('assembles a paper, reorders it and exports it to Word', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'lesson1');
    await page.goto(`${server.url}/#/knowTopic/list?courseCode=SX`);
    await page.getByTestId('knowledge-tree').getByText('组卷练习（6）').waitFor();
    await page.getByRole('button', { name: '组卷', exact: true }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByLabel('知识点范围').click();
    await page.locator('.ant-select-tree').getByTitle('组卷练习').click();
    await page.keyboard.press('Escape');
    await drawer.getByRole('button', { name: '组卷', exact: true }).click();
    const rows = drawer.getByTestId('paper-items').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(6);
    // By hand, the rule of packages/shared/src/paper-assembly.ts at 0.65: 0.7 and 0.6 both 0.05 off and 0.05 from the target
    // → smaller id (单选2, 0.7); then (0.7 + 0.6) / 2 = 0.65 → 单选3; then (1.3 + 0.5) / 3 = 0.6 (0.05) beats (1.3 + 0.9) / 3 = 0.733
    // → 单选4; then 单选1. 解答: 0.65 (exact) → 解答1, then 解答2. Default parts: 4 × 5 + 2 × 10 = 40 points.
    const stems = async () => (await rows.allInnerTexts()).map((t) => /练习(单选|解答)\d/.exec(t)?.[0]);
    const first = await stems();
    expect(first).toEqual(['练习单选2', '练习单选3', '练习单选4', '练习单选1', '练习解答1', '练习解答2']);
    expect(await drawer.getByTestId('paper-summary').innerText()).toContain('共 6 题，满分 40 分');
    await drawer.getByRole('button', { name: '下移1' }).click();
    const moved = await stems();
    expect(moved.slice(0, 2)).toEqual([first[1], first[0]]);
    await drawer.getByLabel('试卷标题').fill('练习卷');
    const [download] = await Promise.all([page.waitForEvent('download'), drawer.getByRole('button', { name: '导出 Word' }).click()]);
    const file = path.join(dir, 'paper.docx');
    await download.saveAs(file);
    const text = execFileSync('unzip', ['-p', file, 'word/document.xml']).toString('utf8').replace(/<[^>]+>/g, '');
    expect(text).toContain('练习卷');
    const at = moved.map((s) => text.indexOf(s!));
    expect(at.every((x) => x >= 0)).toBe(true);
    expect([...at].sort((x, y) => x - y)).toEqual(at);
    expect(text.indexOf('参考答案与解析')).toBeGreaterThan(at[5]!);

    // a heading renamed, the paper saved, the page reloaded: reopening shows the saved order and heading
    await drawer.getByLabel('大题标题1').fill('一、选择题');
    await drawer.getByRole('button', { name: '保存试卷' }).click();
    await page.getByText('试卷已保存').waitFor();
    await page.reload();
    await page.getByTestId('knowledge-tree').getByText('组卷练习（6）').waitFor();
    await page.getByRole('button', { name: '组卷', exact: true }).click();
    await drawer.getByLabel('已保存的试卷').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '练习卷（6 题，40 分）' }).click();
    await expect.poll(() => rows.count()).toBe(6);
    expect(await stems()).toEqual(moved);
    expect(await drawer.getByLabel('大题标题1').inputValue()).toBe('一、选择题');
    expect(await drawer.getByLabel('试卷标题').inputValue()).toBe('练习卷');
    expect(crashes()).toEqual([]);
  });
});
