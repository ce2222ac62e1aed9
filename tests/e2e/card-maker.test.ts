import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { pdfInfo, pdfText } from '../helpers/pdf.js';
import { startServer } from '../helpers/server.js';
import { chooseOption, downloadFromJobModal, loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * The answer-sheet maker in Chromium against the real server: the exam list's 答题卡 opens /makeSheetCard for
 * the exam, the administrator switches to 数学, changes the title, previews, saves, reloads and finds the saved
 * title, then downloads the PDF through the progress modal; the PDF's text (read with mupdf) carries the title.
 */

const pdfSize = (file: string) => { const i = pdfInfo(file); return [i.widthPt, i.heightPt]; };

describe('answer-sheet maker in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let exam: { id: number; name: string };
  let math: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-card-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const db = server.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    exam = await db.selectFrom('exam').select(['id', 'name']).where('school_id', '=', school.id).orderBy('start_date').orderBy('id').executeTakeFirstOrThrow();
    math = (await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).where('course_code', '=', 'SX').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('admin changes the title, previews, saves, reloads and downloads the saved card as a PDF', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');

    // the exam list's 答题卡 opens the maker for the exam's first subject
    await page.goto(`${server.url}/#/examMarking/myExamList`);
    await page.getByTestId('exam-card').filter({ hasText: exam.name }).getByRole('button', { name: '更多操作' }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: /答题卡/ }).click();
    await page.waitForURL(new RegExp(`#/makeSheetCard\\?examId=${exam.id}&examSubjectId=\\d+`));
    const panel = page.getByTestId('card-panel');
    await panel.getByTestId('card-status').waitFor();

    // switch to 数学: the address follows, the default card is shown
    await chooseOption(page, panel.getByRole('combobox', { name: '科目' }), '数学（150分）');
    await page.waitForURL(new RegExp(`examSubjectId=${math}$`));
    await expect.poll(() => panel.getByTestId('card-status').innerText()).toContain('默认答题卡（未保存）');
    const frame = page.getByTestId('card-preview');
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '').toContain('数学 答题卡');
    expect(await page.title()).toBe('大数据精准教学诊断平台 - 制作答题卡');

    // change the title: marked unsaved; 下载PDF waits for 保存
    const title = '期中考试数学答题卡（E2E卷）';
    const input = panel.getByLabel('答题卡标题');
    await input.fill(title);
    await expect.poll(() => panel.getByTestId('card-status').innerText()).toContain('有未保存的修改');
    expect(await panel.getByRole('button', { name: '下载PDF' }).isDisabled()).toBe(true);

    // 预览 shows the card of the changed settings, nothing saved yet
    await panel.getByRole('button', { name: '预览' }).click();
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '').toContain(title);
    expect((await server.database.db.selectFrom('answer_card').select('id').where('exam_subject_id', '=', math).execute())).toHaveLength(0);

    // 保存
    await panel.getByRole('button', { name: '保存' }).click();
    await page.locator('.ant-message-notice', { hasText: '保存成功' }).waitFor();
    await expect.poll(() => panel.getByTestId('card-status').innerText()).toContain('已保存');
    expect(await panel.getByTestId('card-status').innerText()).not.toContain('有未保存的修改');

    // reload: the saved title is back in the form and in the card
    await page.reload();
    await panel.getByTestId('card-status').filter({ hasText: '已保存' }).waitFor();
    await expect.poll(() => input.inputValue()).toBe(title);
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '').toContain(title);

    // 下载PDF through the progress modal: the saved card
    await panel.getByRole('button', { name: '下载PDF' }).click();
    const download = await downloadFromJobModal(page);
    const file = path.join(dir, 'card.pdf');
    await download.saveAs(file);
    expect(download.suggestedFilename()).toBe(`${exam.name}-数学-答题卡.pdf`);
    expect(pdfSize(file)).toEqual([595, 842]);
    expect(pdfText(file)).toContain(title);

    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
