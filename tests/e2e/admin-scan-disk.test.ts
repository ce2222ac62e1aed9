import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@jz/shared';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { newPage, watchForCrashes } from './helpers.js';

const GB = 1024 ** 3;

/**
 * 扫描空间 of the platform administrator's school list in Chromium: the usage against the budget, a budget saved,
 * a bad budget refused with the server's own message (nothing saved), and an empty field saved as the default.
 * Usage: one stored upload of 示例中学 of 1,610,612,736 bytes = 1.5 × 1024³ (by hand) on top of what the demo stored
 * (below 5 MB, asserted), so 已用空间 reads 1.50 GB; the default 50 GB reads 50.00 GB and 20 GB 20.00 GB.
 */
describe('platform admin scan disk budget walk', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let page: Page;
  let crashes: () => string[];
  let schoolId: number;

  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    page = await newPage(browser);
    crashes = watchForCrashes(page);
    const db = server.database.db;
    schoolId = (await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow()).id;
    const seeded = await db.selectFrom('scan_page').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('source_bytes'), eb.lit(0)).as('n')).where('school_id', '=', schoolId).executeTakeFirstOrThrow();
    expect(Number(seeded.n)).toBeLessThan(5_000_000);
    const exam = await db.selectFrom('exam').select('id').where('school_id', '=', schoolId).orderBy('id').executeTakeFirstOrThrow();
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).orderBy('id').executeTakeFirstOrThrow();
    const batch = await db.insertInto('scan_batch').values({ school_id: schoolId, exam_id: exam.id, exam_subject_id: subject.id, no: 99, name: '空间测试批次', status: 'done', created_by: null })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('scan_page').values({ school_id: schoolId, batch_id: batch.id, exam_subject_id: subject.id, file_seq: 1, file_name: 's1.pdf',
      recognized: false, status: 'pending', source_key: 'test/disk-walk', source_bytes: 1.5 * GB }).execute();
  });
  afterAll(async () => { await browser?.close(); await server?.close(); });

  const quota = async () => (await server.database.db.selectFrom('school').select('scan_disk_quota').where('id', '=', schoolId).executeTakeFirstOrThrow()).scan_disk_quota;

  it('shows usage and budget, saves a budget, refuses a bad one and saves an empty field as the default', async () => {
    await page.goto(`${server.url}/#/admin/login`);
    await page.getByLabel('用户名').fill('root');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/adminInfo/);
    await page.getByRole('row', { name: /示例中学/ }).getByRole('button', { name: '扫描空间' }).click();
    const modal = page.locator('.ant-modal', { hasText: '扫描存储空间 - 示例中学' });
    const cell = (label: string) => modal.locator('.ant-descriptions-row', { hasText: label }).locator('.ant-descriptions-item-content');
    await expect.poll(() => cell('已用空间').innerText()).toBe('1.50 GB');
    expect(await cell('空间上限').innerText()).toBe('50.00 GB（平台默认）');
    const input = modal.getByLabel('空间上限（GB）');
    expect(await input.inputValue()).toBe('');

    await input.fill('20');
    await modal.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').waitFor();
    await expect.poll(() => cell('空间上限').innerText()).toBe('20.00 GB');
    expect(Number(await quota())).toBe(20 * GB);

    for (const [typed, msg] of [['0', '空间大小至少 1 GB'], ['1.5', '空间大小须为整数 GB'], ['10241', '空间大小不能超过 10240 GB']]) {
      await input.fill(typed);
      await modal.getByRole('button', { name: '保存' }).click();
      expect(await modal.getByRole('alert').innerText()).toBe(msg);
    }
    expect(Number(await quota())).toBe(20 * GB);

    await input.fill('');
    await modal.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => cell('空间上限').innerText()).toBe('50.00 GB（平台默认）');
    expect(await quota()).toBeNull();
    expect(await input.inputValue()).toBe('');
    expect(crashes()).toEqual([]);
  });
});
