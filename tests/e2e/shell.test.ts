import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD } from '@jz/shared';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { logOut, loginAs, newPage as openPage, openUserCommand } from './helpers.js';

/** Browser walks of the shell: every demo role logs in and out, account dialogs, email binding over SMTP. */
describe('web shell in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startServer('pglite', { smtpUrl: smtp.smtpUrl });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await smtp?.close();
  });

  const newPage = () => openPage(browser);

  it.each(['admin', 'grade1', 'lesson1', 'head1', 'teacher1', 'admin2'])('%s logs in, sees the header and menu, and logs out', async (loginId) => {
    const page = await newPage();
    await loginAs(page, server.url, loginId);
    for (const item of ['考试阅卷', '分析报告', '校本题库', '个人中心']) {
      expect(await page.getByRole('menuitem', { name: item }).count()).toBe(1);
    }
    expect(await page.title()).toMatch(/^大数据精准教学诊断平台/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();

    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL(/#\/userInfo\/personInfo/);

    await logOut(page);
    // The session was ended on the server too.
    const me = await server.call({ url: '/api/v1/teach/user/getCurrentUserInfo', token: token! });
    expect(me.body.code).toBe(401);
    await page.context().close();
  });

  it('refuses a wrong password with the server message', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/#/login`);
    await page.getByLabel('账号', { exact: true }).fill('teacher1');
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByText('账号或密码错误').waitFor();
    expect(page.url()).toMatch(/#\/login/);
    await page.context().close();
  });

  it('change-password dialog: required fields and mismatch', async () => {
    const page = await newPage();
    await loginAs(page, server.url, 'head1');
    await openUserCommand(page, '修改密码');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByRole('button', { name: '确定' }).click();
    for (const msg of ['请输入原密码', '请输入新密码', '请输入确认新密码']) await dialog.getByText(msg).waitFor();

    await dialog.getByLabel('原密码').fill(DEMO_PASSWORD);
    await dialog.getByLabel('新密码', { exact: true }).fill('Newpass@1');
    await dialog.getByLabel('确认新密码').fill('Different@2');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('两次输入密码不一致').waitFor();
    // A backdrop click does not close it.
    await page.mouse.click(5, 5);
    expect(await dialog.isVisible()).toBe(true);
    await page.context().close();
  });

  it('binds an email with the code received over SMTP', async () => {
    const page = await newPage();
    await loginAs(page, server.url, 'teacher1');
    await page.goto(`${server.url}/#/userInfo/personInfo`);
    await page.getByRole('button', { name: /绑定邮箱/ }).first().click();
    const state = page.getByRole('dialog', { name: '绑定邮箱' });
    await state.getByText('暂未绑定邮箱').waitFor();
    await state.getByText('*每个账号仅允许绑定一个邮箱号，每个邮箱号仅支持绑定一个账号').waitFor();
    await page.getByRole('button', { name: '立即绑定' }).click();

    const form = page.getByRole('dialog', { name: '绑定邮箱' });
    const since = smtp.inbox.length;
    await form.getByLabel('邮箱', { exact: true }).fill('teacher1@school.example');
    await form.getByRole('button', { name: '发送验证码' }).click();
    await page.getByText('已发送验证码').waitFor();
    await form.getByRole('button', { name: /\d+s后重新获取|重新获取/ }).waitFor();
    const code = await smtp.codeFor('teacher1@school.example', since);
    await form.getByLabel('验证码').fill(code);
    await form.getByRole('button', { name: '绑定邮箱' }).click();
    await page.getByText('恭喜你，邮箱绑定成功！').waitFor();

    const bound = await server.database.db.selectFrom('app_user').select('email').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow();
    expect(bound.email).toBe('teacher1@school.example');
    await page.getByRole('button', { name: '完成' }).click();
    await page.context().close();
  });

  it('a student logs in on the student page and sees its own record', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/#/studentLogin`);
    await page.getByLabel('账号', { exact: true }).fill('student1');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/student/);
    await page.getByText('高一').first().waitFor();
    await page.context().close();
  });

  it('the platform administrator logs in on its own page', async () => {
    const page = await newPage();
    await page.goto(`${server.url}/#/admin/login`);
    await page.getByLabel('用户名').fill('root');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/adminInfo/);
    const cookies = await page.context().cookies();
    expect(cookies.some((c) => /admin/i.test(c.name))).toBe(true);
    await page.context().close();
  });
});
