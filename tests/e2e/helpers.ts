import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@jz/shared';

/** Logs in through the real login page (password encrypted in the browser) and waits for the shell. */
export async function loginAs(page: Page, url: string, loginId: string, password = DEMO_PASSWORD) {
  await page.goto(`${url}/#/login`);
  await page.getByLabel('账号', { exact: true }).fill(loginId);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(/#\/examMarking/);
  await page.locator('header .jz-brand-title', { hasText: '大数据精准教学诊断平台' }).waitFor();
}

export async function openUserCommand(page: Page, name: '修改密码' | '退出登录') {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.getByRole('menuitem', { name }).click();
}


