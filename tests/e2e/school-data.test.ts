import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { STUDENT_TEMPLATE } from '@jz/shared/excel-templates';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { buildWorkbook } from '../fixtures/excel.js';
import { loginAs, newPage } from './helpers.js';

/** Browser walk of 班级学生: a workbook with one bad row writes nothing and names the row; a good one imports. */
describe('student import in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-'));
  const headers = STUDENT_TEMPLATE.columns.map((c) => c.header);

  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const countNew = async () => (await server.database.db.selectFrom('student').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('admission_no', 'like', 'E2E%').executeTakeFirstOrThrow()).n;

  it('imports with a bad row (nothing written, row named), then a good workbook', async () => {
    const page = await newPage(browser);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/userInfo/schoolClassStudent`);
    await page.getByRole('button', { name: '导入' }).waitFor();

    const bad = path.join(dir, 'bad.xlsx');
    writeFileSync(bad, await buildWorkbook(headers, [
      ['测试甲', 'E2E0001', '男', '应届', '高一', '1班'],
      ['测试乙', 'E2E0002', '男', '应届', '高一', '99班'],
      ['测试丙', 'E2E0003', '女', '借读', '高一', '2班'],
    ], STUDENT_TEMPLATE.sheetName));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '导入' }).click();
    await (await chooser).setFiles(bad);
    const dialog = page.getByRole('dialog').filter({ hasText: '导入失败' });
    await dialog.waitFor();
    // Row 3 of the sheet (header is row 1) is named, with its column.
    const row = dialog.getByRole('row').filter({ hasText: '班级' });
    expect(await row.first().innerText()).toMatch(/3/);
    expect(await countNew()).toBe(0);
    await dialog.getByRole('button', { name: '知道了' }).click();

    const good = path.join(dir, 'good.xlsx');
    writeFileSync(good, await buildWorkbook(headers, [
      ['测试甲', 'E2E0001', '男', '应届', '高一', '1班'],
      ['测试乙', 'E2E0002', '男', '应届', '高一', '8班'],
      ['测试丙', 'E2E0003', '女', '借读', '高一', '2班'],
    ], STUDENT_TEMPLATE.sheetName));
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '导入' }).click();
    await (await chooser2).setFiles(good);
    await page.locator('.ant-message-notice', { hasText: '导入' }).waitFor();
    await expect.poll(countNew, { timeout: 15_000 }).toBe(3);
    // The table shows the imported students once the class is chosen.
    await page.getByPlaceholder(/姓名|学号/).first().fill('E2E0002');
    await page.keyboard.press('Enter');
    await page.getByText('测试乙').waitFor();
    await page.context().close();
  });
});
