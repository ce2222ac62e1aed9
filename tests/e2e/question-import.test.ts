import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { samplePaper } from '../fixtures/docx-paper.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * 导入试卷 in Chromium as 备课组长 of 数学 (lesson1): the sample paper (fixtures/docx-paper.ts: 4 questions, a fraction
 * ½ in question 1's option A, x² in 3, √2 and an 8×8 PNG in 4) previewed with its formulas and image, confirmed,
 * and seen in the list with the formulas rendered by KaTeX and the stored image loaded; then a question edited in
 * the source editor (/ckeditor/test) and saved.
 */
describe('导入试卷 in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-import-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('previews a .docx with a formula and an image, imports it, and shows it rendered in the list', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'lesson1');
    await page.goto(`${server.url}/#/knowTopic/list?courseCode=SX`);
    await page.getByText('共 0 题').waitFor();
    await page.getByRole('button', { name: '导入试卷' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.locator('input[type=file]').setInputFiles({
      name: '期中数学.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await samplePaper(),
    });
    const preview = page.getByTestId('docx-preview');
    await preview.getByText('第 4 题').waitFor();
    expect(await preview.locator('.katex .mfrac').count()).toBe(1); // ½ of question 1
    expect(await preview.locator('.katex').count()).toBe(3); // ½, x², √2
    await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    await page.getByRole('button', { name: '确认导入（4 题）' }).click();
    await page.getByText('共 4 题').waitFor();
    const cards = page.getByTestId('bank-question');
    const fractionCard = cards.filter({ has: page.locator('.katex .mfrac') });
    await expect.poll(() => fractionCard.count()).toBe(1);
    await expect(fractionCard.getByText('下列数中最大的是').count()).resolves.toBe(1);
    const imageCard = cards.filter({ has: page.locator('img') });
    await expect.poll(() => imageCard.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    // the stored address needs the session: the page fetched it with the token and shows an object URL
    expect(await imageCard.locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await imageCard.locator('img').getAttribute('data-bank-src')).toMatch(/^\/api\/v1\/question_bank\/image\/\d+\/[0-9a-f-]{36}\.png$/);

    // the editor shows the picture the same way and saves it back under its stored address
    const token = await server.tokenFor('lesson1');
    const list = await (await fetch(`${server.url}/api/v1/question_bank/list?courseCode=SX&type=subjective`, { headers: { authorization: token } })).json() as { data: { records: { id: number; stem: string }[] } };
    const q = list.data.records.find((r) => r.stem.includes('<img'))!;
    await page.goto(`${server.url}/#/wang/editor?id=${q.id}`);
    const editorImg = page.getByTestId('stem-editor').locator('img');
    await expect.poll(() => editorImg.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    expect(await editorImg.getAttribute('src')).toMatch(/^blob:/);
    await page.getByTestId('analysis-editor').locator('[contenteditable="true"]').click();
    await page.keyboard.type('见图');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').waitFor();
    const saved = await (await fetch(`${server.url}/api/v1/question_bank/detail?id=${q.id}`, { headers: { authorization: token } })).json() as { data: { stem: string; analysis: string } };
    expect(saved.data.analysis).toContain('见图');
    expect(saved.data.stem).toMatch(/<img src="\/api\/v1\/question_bank\/image\/\d+\/[0-9a-f-]{36}\.png"/);
    expect(saved.data.stem).not.toContain('blob:');
    expect(crashes()).toEqual([]);
  });

  it('edits a bank question in the source editor with a live KaTeX preview and saves it', async () => {
    const token = await server.tokenFor('lesson1');
    const list = await (await fetch(`${server.url}/api/v1/question_bank/list?courseCode=SX&type=fill`, { headers: { authorization: token } })).json() as { data: { records: { id: number }[] } };
    const id = list.data.records[0]!.id;
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'lesson1');
    await page.goto(`${server.url}/#/ckeditor/test?id=${id}`);
    const stem = page.getByLabel('题干源码');
    await expect.poll(() => stem.inputValue()).toBe('<p>若 $x^2$ = 4，则 x = ____</p>');
    await stem.fill('<p>若 $x^2$ = 4，则正数 x = ____，且 </p>');
    await stem.press('End');
    await page.getByTestId('formula-toolbar').getByRole('button', { name: '根式' }).click();
    const preview = page.getByTestId('preview');
    await expect.poll(() => preview.locator('.katex').count()).toBe(2);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').waitFor();
    const saved = await (await fetch(`${server.url}/api/v1/question_bank/detail?id=${id}`, { headers: { authorization: token } })).json() as { data: { stem: string } };
    expect(saved.data.stem).toBe('<p>若 $x^2$ = 4，则正数 x = ____，且 </p>$\\sqrt{x}$');
    expect(crashes()).toEqual([]);
  });
});
