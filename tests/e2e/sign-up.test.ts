import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';

/** Teacher sign-up in Chromium: the school opens it in 教师管理, a teacher registers from the login page, the school approves. */
describe('teacher sign-up walk', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let page: Page;
  let crashes: () => string[];

  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    page = await newPage(browser);
    crashes = watchForCrashes(page);
  });
  afterAll(async () => { await browser?.close(); await server?.close(); });

  it('opens sign-up, registers a teacher with the code and approves the request', async () => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/userInfo/schoolTeachersList`);
    const card = page.getByTestId('sign-up-requests');
    await card.getByRole('switch', { name: '允许教师凭注册码注册' }).click();
    await card.getByText('学校注册码：').waitFor();
    const code = (await card.locator('b').first().innerText()).trim();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

    const other = await newPage(browser);
    await other.goto(`${server.url}/#/login`);
    await other.getByRole('button', { name: '教师注册' }).click();
    const form = other.locator('.ant-modal');
    await form.getByLabel('学校注册码').fill(code);
    await form.getByLabel('登录账号').fill('walkt1');
    await form.getByLabel('姓名').fill('注册老师');
    await form.getByLabel('密码', { exact: true }).fill('Xuexiao#2026');
    await form.getByLabel('确认密码').fill('Xuexiao#2026');
    await form.getByRole('button', { name: '提交注册申请' }).click();
    await form.getByText('注册申请已提交至示例中学').waitFor();
    await form.getByRole('button', { name: '返回登录' }).click();
    // before the school decides, the applicant's login says why it does not open
    await other.getByLabel('账号', { exact: true }).fill('walkt1');
    await other.getByLabel('密码', { exact: true }).fill('Xuexiao#2026');
    await other.getByRole('button', { name: '登录', exact: true }).click();
    await other.getByText('注册申请正在等待学校管理员审核，审核通过后方可登录').waitFor();

    await page.reload();
    await card.getByText('walkt1').waitFor();
    await card.getByRole('button', { name: '通过' }).click();
    await page.getByText('已通过，教师可以登录了').waitFor();
    await card.getByText('暂无待审核的注册申请').waitFor();
    await loginAs(other, server.url, 'walkt1', 'Xuexiao#2026');
    await other.close();
    expect(crashes()).toEqual([]);
  });
});
