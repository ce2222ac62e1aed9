import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { pdfInfo } from '../helpers/pdf.js';
import { readZip } from '../helpers/zip.js';
import { startServer } from '../helpers/server.js';
import { downloadFromJobModal, loginAs, watchForCrashes } from './helpers.js';

/**
 * Print and download in Chromium against the real server: head1 previews the transcript (成绩单) of a demo exam
 * (打印预览: the printed pages, as many as the PDF has) and downloads it as a PDF through the progress modal; the administrator uses 报告下载 to get a zip of two classes' PDFs.
 * PDFs are read with mupdf (tests/helpers/pdf.ts), zips with jszip (tests/helpers/zip.ts).
 */


describe('print and download in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let examId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-print-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const db = server.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    examId = (await db.selectFrom('exam').select('id').where('school_id', '=', school.id).where('released_at', 'is not', null)
      .orderBy('start_date').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    context.setDefaultTimeout(60_000);
    return context.newPage();
  }

  /** Waits for the progress modal to reach 已完成, clicks 下载 and saves the file. */
  async function finishAndDownload(page: Page, name: string): Promise<{ file: string; suggested: string }> {
    const download = await downloadFromJobModal(page);
    const file = path.join(dir, name);
    await download.saveAs(file);
    return { file, suggested: download.suggestedFilename() };
  }

  it('head1 downloads the transcript as a PDF through the progress modal', async () => {
    const page = await newPage();
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'head1');
    await page.goto(`${server.url}/#/analysisReportList/reportDetails/scrolReport?examId=${examId}`);
    await page.getByTestId('report-table-transcript').locator('tbody tr.ant-table-row').first().waitFor();
    // 打印预览 shows the printed pages themselves (the same document the PDF job prints)
    await page.getByTestId('preview-transcript').click();
    const preview = page.getByRole('dialog').filter({ has: page.getByTestId('print-preview') });
    const pages = page.frameLocator('[data-testid="print-preview"]').locator('section.page');
    await pages.first().waitFor();
    const previewPages = await pages.count();
    expect(await pages.first().evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([908, 1285]);
    await preview.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
    await preview.waitFor({ state: 'hidden' });
    await page.getByTestId('pdf-transcript').click();
    const modal = page.getByRole('dialog').filter({ has: page.getByTestId('job-progress') });
    await modal.waitFor();
    expect(await modal.getByTestId('job-state').innerText()).toMatch(/排队中|生成中|已完成/);
    const { file, suggested } = await finishAndDownload(page, 'transcript.pdf');
    expect(suggested).toMatch(/成绩单\.pdf$/);
    const info = pdfInfo(file);
    expect(info.pages).toBeGreaterThanOrEqual(3); // cover, contents, the table
    expect(info.pages).toBe(previewPages);
    expect([info.widthPt, info.heightPt]).toEqual([681, 964]);
    expect(crashes()).toEqual([]);
    await page.context().close();
  });

  it('admin gets a zip of two classes\' PDFs from 报告下载', async () => {
    const page = await newPage();
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/analysisReportList/reportDetails/reportDown?examId=${examId}`);
    await page.getByTestId('batch-download').waitFor();
    await page.getByRole('checkbox', { name: /^(高一)?1班$/ }).check();
    await page.getByRole('checkbox', { name: /^(高一)?2班$/ }).check();
    await page.locator('label.ant-radio-button-wrapper', { hasText: '按班级打包zip' }).click();
    expect(await page.getByRole('radio', { name: '按班级打包zip' }).isChecked()).toBe(true);
    await page.getByTestId('batch-download').click();
    const { file, suggested } = await finishAndDownload(page, 'classes.zip');
    expect(suggested).toMatch(/\.zip$/);
    const entries = await readZip(file);
    const names = [...entries.keys()];
    expect(names).toHaveLength(2);
    expect(names.every((n) => n.endsWith('.pdf'))).toBe(true);
    expect(names.some((n) => /(高一)?1班/.test(n)) && names.some((n) => /(高一)?2班/.test(n))).toBe(true);
    for (const n of names) expect(pdfInfo(entries.get(n)!)).toMatchObject({ widthPt: 681, heightPt: 964 });
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
