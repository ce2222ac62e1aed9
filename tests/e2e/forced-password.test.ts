import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEFAULT_RESET_PASSWORD, DEMO_PASSWORD } from '@jz/shared';
import { COMMON_PASSWORD_MESSAGE } from '@jz/shared/api/personal';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage } from './helpers.js';

/** In the browser: a password reset by the administrator must be changed at the next login. */
describe('forced password change in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('admin resets teacher1; teacher1 logs in with the reset password, must change it, then lands in the app', async () => {
    const admin = await newPage(browser);
    await loginAs(admin, server.url, 'admin');
    await admin.goto(`${server.url}/#/userInfo/userManagement`);
    await admin.getByPlaceholder('账号/姓名/邮箱/手机号').fill('teacher1');
    await admin.getByRole('button', { name: /搜\s*索/ }).click();
    const row = admin.locator('.ant-table-row', { hasText: 'teacher1' });
    await row.waitFor();
    expect(await admin.locator('.ant-table-row').count()).toBe(1);
    await row.getByRole('button', { name: '重置密码' }).click();
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await admin.getByText(`密码已重置为 ${DEFAULT_RESET_PASSWORD}`).waitFor();
    await admin.context().close();

    const page = await newPage(browser);
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel('账号', { exact: true }).fill('teacher1');
    await page.getByLabel('密码', { exact: true }).fill(DEFAULT_RESET_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.waitFor();
    await dialog.getByText('您的密码由管理员设置或重置，请先修改密码后再继续使用。').waitFor();
    // Nothing closes it: no cancel button, no close icon, no backdrop click, no Escape.
    expect(await dialog.getByRole('button', { name: /取\s*消/ }).isVisible()).toBe(false);
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.mouse.click(5, 5);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);

    // The server's reason for a weak password is shown.
    await dialog.getByLabel('原密码').fill(DEFAULT_RESET_PASSWORD);
    await dialog.getByLabel('新密码', { exact: true }).fill('Password1');
    await dialog.getByLabel('确认新密码').fill('Password1');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(`修改失败!${COMMON_PASSWORD_MESSAGE}`).waitFor();
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByLabel('新密码', { exact: true }).fill('Blue#River42');
    await dialog.getByLabel('确认新密码').fill('Blue#River42');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('修改成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // In the app: the header menu and the page content.
    expect(await page.getByRole('menuitem', { name: '考试阅卷' }).count()).toBe(1);
    await page.locator('.jz-content').getByText(/考试|暂无数据/).first().waitFor();
    const flag = await server.database.db.selectFrom('app_user').select('must_change_password').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow();
    expect(flag.must_change_password).toBe(false);
    await page.context().close();
  });

  it('the platform administrator reads a login code in its 发件箱; the school\'s outbox does not have it', async () => {
    await server.database.db.updateTable('app_user').set({ email: 'head1@school.example' }).where('login_id', '=', 'head1').execute();
    expect((await server.call({ method: 'POST', url: '/api/v1/email/sendLoginEmailCode', payload: { email: 'head1@school.example' } })).body.code).toBe(200);
    const school = await server.call<{ records: unknown[] }>({ url: '/api/v1/teach/user/outbox?email=head1@school.example', token: await server.tokenFor('admin') });
    expect(school.body.data.records).toEqual([]);

    const page = await newPage(browser);
    await page.goto(`${server.url}/#/admin/login`);
    await page.getByLabel('用户名').fill('root');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/adminInfo/);
    await page.goto(`${server.url}/#/adminInfo/mailOutbox`);
    await page.getByPlaceholder('邮箱').fill('head1@school.example');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.locator('.ant-table-row', { hasText: 'head1@school.example' });
    await row.getByText(/验证码为：\d{6}/).waitFor();
    expect(await row.getByText('【大数据精准教学诊断平台】邮箱登录验证码').count()).toBe(1);
    await page.context().close();
  });
});
