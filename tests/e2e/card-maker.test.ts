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
 * Then an A3 card in three columns with a 选做题: an area dragged onto another is reported live, the areas are
 * put back, one area is resized and dragged to a free place and the layout checks clean again; the card is saved
 * (A3, 3 columns) and its PDF printed on A3 landscape.
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
  it('makes an A3 three-column card with a 选做题 and drags and resizes an area with live checking', async () => {
    const db = server.database.db;
    await db.deleteFrom('answer_card').where('exam_subject_id', '=', math).execute();
    const written = await db.selectFrom('question').select(['id', 'no', 'full_score']).where('exam_subject_id', '=', math).where('type', '=', 'subjective')
      .where('is_total', '=', false).orderBy('sort').orderBy('id').execute();
    const [a, b] = written.slice(-2);
    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/makeSheetCard?examId=${exam.id}&examSubjectId=${math}`);
    const panel = page.getByTestId('card-panel');
    await panel.getByTestId('card-status').filter({ hasText: '默认答题卡（未保存）' }).waitFor();

    // A3 横向: the columns follow (3 栏)
    await chooseOption(page, panel.getByRole('combobox', { name: '纸张' }), 'A3 横向');
    await expect.poll(() => panel.locator('.ant-form-item').filter({ hasText: '分栏' }).innerText()).toContain('3 栏');
    // the print preview follows the chosen paper at once, before 保存 or 预览
    const pages = page.getByText(/^共 \d+ 页（/);
    await expect.poll(() => pages.innerText()).toMatch(/^共 \d+ 页（A3 横向）$/);
    await expect.poll(async () => (await page.getByTestId('card-preview').getAttribute('srcdoc')) ?? '').toMatch(/size:\s*(A3 landscape|420mm 297mm)/);
    // 选做题: the last two written questions
    await panel.getByRole('button', { name: '添加选做题' }).click();
    await panel.getByRole('combobox', { name: '选做题第 1 组' }).click();
    const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
    for (const q of [a, b]) await dropdown.locator(`.ant-select-item-option[title="第 ${q.no} 题（${Number(q.full_score)}分）"]`).click();
    await page.keyboard.press('Escape');

    // 版面编辑: the pages drawn to scale, checked
    await page.getByText('版面编辑', { exact: true }).click();
    const canvas = page.getByTestId('card-canvas');
    const choice = canvas.locator(`[data-area="choice:${a.no}/${b.no}"]`);
    await choice.waitFor();
    await page.getByTestId('card-issues-none').waitFor();

    // drag the 选做题 box onto the first written box: the overlap is reported at once
    const first = canvas.locator('[data-kind="subjective"]').first();
    const from = (await choice.boundingBox())!;
    const onto = (await first.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(onto.x + from.width / 2 + 1, onto.y + from.height / 2 + 10, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId('card-issues').innerText(), { timeout: 15_000 }).toContain(`选做题 ${a.no}/${b.no}与第`);
    expect(await page.getByTestId('card-issues').innerText()).toContain('重叠');
    await page.getByRole('button', { name: '还原区域位置' }).click();
    await page.getByTestId('card-issues-none').waitFor();

    // resize it 20 px shorter by its corner, then drag it 10 px down: inside its old place, no problem
    const box = (await choice.boundingBox())!;
    await page.mouse.move(box.x + box.width - 4, box.y + box.height - 4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 4, box.y + box.height - 24, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => Math.round(box.height - (await choice.boundingBox())!.height)).toBeGreaterThanOrEqual(19);
    await page.getByTestId('card-issues-none').waitFor();
    const small = (await choice.boundingBox())!;
    await page.mouse.move(small.x + small.width / 2, small.y + small.height / 2);
    await page.mouse.down();
    await page.mouse.move(small.x + small.width / 2, small.y + small.height / 2 + 10, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await choice.boundingBox())!.y).toBeGreaterThan(small.y + 8);
    await page.getByTestId('card-issues-none').waitFor();
    await expect.poll(() => panel.getByTestId('card-status').innerText()).toContain('有未保存的修改');

    // 保存: the A3 card with its 选做题 and moved area is stored as shown
    await panel.getByRole('button', { name: '保存' }).click();
    const notice = page.locator('.ant-message-notice').first();
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.innerText()).toContain('保存成功');
    const saved = await db.selectFrom('answer_card').select('settings').where('exam_subject_id', '=', math).executeTakeFirstOrThrow();
    expect(saved.settings).toMatchObject({ paper: 'A3', columns: 3 });
    // 下载PDF: printed on A3 landscape (1191 × 842 pt)
    await panel.getByTestId('card-status').filter({ hasText: '已保存' }).waitFor();
    await panel.getByRole('button', { name: '下载PDF' }).click();
    const download = await downloadFromJobModal(page);
    const file = path.join(dir, 'card-a3.pdf');
    await download.saveAs(file);
    expect(pdfSize(file)).toEqual([1191, 842]);
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
