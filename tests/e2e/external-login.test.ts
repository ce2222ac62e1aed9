import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { fakeProvidersConfig, startFakeProviders, type FakeProviders } from '../helpers/fake-providers.js';
import { startServer } from '../helpers/server.js';
import { logOut, loginAs, newPage as openPage } from './helpers.js';

/** /otherLogin and /wechatLogin in Chromium: 未配置 without providers; phone binding and login with them. */
describe('other logins in Chromium', () => {
  let plain: Awaited<ReturnType<typeof startServer>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  let fake: FakeProviders;
  let browser: Browser;

  beforeAll(async () => {
    fake = await startFakeProviders();
    plain = await startServer('pglite');
    server = await startServer('pglite', { externalLogin: fakeProvidersConfig(fake) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await plain?.close();
    await server?.close();
    fake?.server.close();
  });

  it('says 未配置 on both pages when no provider is configured', async () => {
    const page = await openPage(browser);
    await page.goto(`${plain.url}/#/login`);
    await page.getByRole('link', { name: '其他方式登录' }).click();
    await page.getByText('短信登录未配置').waitFor();
    expect(await page.getByRole('button', { name: '登录', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: /微信扫码登录（未配置）/ }).click();
    await page.getByText('微信扫码登录未配置，请使用账号密码登录，或请联系管理员开通').waitFor();
    expect(await page.getByText(/WECHAT_APP_ID|环境变量/).count()).toBe(0);
    await page.context().close();
  });

  it('binds a phone in 个人中心, then logs in by SMS code; WeChat sends an unbound scan back with its reason', async () => {
    const page = await openPage(browser);
    await loginAs(page, server.url, 'lesson1');
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.getByText('手机号与微信').waitFor();
    await page.getByRole('button', { name: /^(mobile )?绑 ?定$/ }).click();
    const dialog = page.getByRole('dialog', { name: '绑定手机号' });
    await dialog.getByLabel('手机号').fill('13512345678');
    await dialog.getByRole('button', { name: '发送验证码' }).click();
    await expect.poll(() => fake.sms.length).toBe(1);
    await dialog.getByLabel('验证码').fill(fake.sms[0]!.code);
    await dialog.getByRole('button', { name: /^绑 ?定$/ }).click();
    await page.getByText('13512345678').waitFor();
    await logOut(page);

    await page.goto(`${server.url}/#/otherLogin`);
    await page.getByLabel('手机号').fill('13512345678');
    await page.getByRole('button', { name: '发送验证码' }).click();
    await expect.poll(() => fake.sms.length).toBe(2);
    await page.getByLabel('验证码').fill(fake.sms[1]!.code);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/examMarking/);

    // WeChat: the button leads to WeChat's QR page; WeChat's redirect (simulated) returns an unbound scan.
    const other = await openPage(browser);
    await other.goto(`${server.url}/#/wechatLogin`);
    const href = await other.getByRole('link', { name: /打开微信扫码/ }).or(other.getByRole('button', { name: /打开微信扫码/ })).getAttribute('href');
    const state = new URL(href!).searchParams.get('state');
    expect(href).toContain('https://open.weixin.qq.com/connect/qrconnect');
    await other.goto(`${server.url}/api/v1/callBack?code=code-e2e&state=${state}`);
    await other.getByText('该微信尚未绑定账号，请先用账号密码登录，在个人中心绑定微信').waitFor();
    await other.context().close();
    await page.context().close();
  });
});
