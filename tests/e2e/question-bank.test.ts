import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * 校本题库 in Chromium as 备课组长 of 数学 (lesson1): the tree made through the api (函数 ─ 一次函数), a single-choice
 * question written in the bank's editor (/wang/editor) with a formula, shown in the list rendered by KaTeX, found
 * by keyword and by knowledge point.
 */
describe('校本题库 in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-bank-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const token = await server.tokenFor('lesson1');
    const post = async (payload: Record<string, unknown>) => {
      const r = await fetch(`${server.url}/api/v1/question_bank/save_knowledge_point`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      return ((await r.json()) as { data: { id: number } }).data.id;
    };
    const fn = await post({ courseCode: 'SX', name: '函数' });
    await post({ courseCode: 'SX', parentId: fn, name: '一次函数' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes a question with a formula in the editor and finds it in the list', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'lesson1');
    await page.goto(`${server.url}/#/knowTopic/list?courseCode=SX`);
    await page.getByTestId('knowledge-tree').getByText('一次函数（0）').waitFor();
    await page.getByRole('button', { name: '新增试题' }).click();
    await page.waitForURL(/#\/wang\/editor/);
    const stem = page.getByTestId('stem-editor').locator('[contenteditable="true"]');
    await stem.click();
    await page.keyboard.type('一次函数 $y=2x+1$ 的斜率是');
    await page.getByLabel('选项A').fill('1');
    await page.getByLabel('选项B').fill('2');
    await page.getByLabel('选项C').fill('$\\frac{1}{2}$');
    await page.getByLabel('选项D').fill('-1');
    await page.getByLabel('答案').fill('B');
    await page.getByTestId('preview').locator('.katex').first().waitFor();
    await page.getByLabel('知识点').click();
    await page.getByTitle('一次函数').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/#\/knowTopic\/list/);
    const card = page.getByTestId('bank-question').first();
    await card.waitFor();
    // The stem's formula and option C's fraction are rendered by KaTeX (two formulas in the card).
    expect(await card.locator('.katex').count()).toBe(2);
    await expect(card.getByText('一次函数', { exact: true }).count()).resolves.toBeGreaterThan(0);
    await page.getByTestId('knowledge-tree').getByText('一次函数（1）').waitFor();
    await page.getByLabel('关键词').fill('斜率');
    await page.getByLabel('关键词').press('Enter');
    await page.getByText('共 1 题').waitFor();
    await page.getByLabel('关键词').fill('抛物线');
    await page.getByLabel('关键词').press('Enter');
    await page.getByText('没有符合条件的试题').waitFor();
    expect(crashes()).toEqual([]);
  });
});
