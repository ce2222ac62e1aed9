import type { Browser, Download, Locator, Page } from 'playwright-core';
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
  // The menu opens on hover and toggles on click: hover (a click right after the hover would close it again).
  const item = page.getByRole('menuitem', { name });
  const trigger = page.getByRole('button', { name: '用户菜单' });
  await trigger.hover();
  if (!(await item.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false))) await trigger.click();
  await item.click();
}

/**
 * 退出登录 from the user menu and wait for the login page. On a loaded machine a click can land while the dropdown is
 * still closing from the previous hover and be lost: then the menu is opened again (the logout itself is idempotent).
 */
export async function logOut(page: Page) {
  for (let attempt = 1; ; attempt++) {
    await openUserCommand(page, '退出登录');
    const left = await page.waitForURL(/#\/login/, { timeout: 15_000 }).then(() => true, () => false);
    if (left) return;
    if (attempt === 3) throw new Error('退出登录 did not reach the login page after three clicks');
  }
}

/** A fresh browser context as a school user sees it (Chinese, desktop size); generous timeouts for a loaded CI machine. */
export async function newPage(browser: Browser, options: { acceptDownloads?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, ...options });
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  return context.newPage();
}



/**
 * Opens an antd Select (its combobox or wrapper) and clicks the option with this exact label. A dropdown still
 * moving (the form around it re-laid out) can leave the option unclickable for a moment: then it is closed and
 * opened again, up to three times.
 */
export async function chooseOption(page: Page, trigger: Locator, label: string) {
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').locator(`.ant-select-item-option[title="${label}"]`);
  for (let attempt = 1; ; attempt++) {
    await trigger.click();
    try {
      await option.click({ timeout: 5_000 });
      await option.waitFor({ state: 'hidden' });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      await page.keyboard.press('Escape');
      await option.waitFor({ state: 'hidden' });
    }
  }
}

/**
 * An antd table (by data-testid) as text: `header` is, per leaf column, its heading path (group, leaf) built
 * from the header rows' row and column spans; `rows` the cells of every data row (measure rows left out).
 */
export async function readAntTable(page: Page, testId: string): Promise<{ header: string[][]; rows: string[][] }> {
  return page.getByTestId(testId).evaluate((el) => {
    const text = (e: Element) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim();
    const trs = [...el.querySelectorAll('thead > tr')];
    const grid: (string | undefined)[][] = [];
    trs.forEach((tr, r) => {
      grid[r] ??= [];
      let c = 0;
      for (const th of [...tr.children] as HTMLTableCellElement[]) {
        if (th.classList.contains('ant-table-cell-scrollbar')) continue;
        while (grid[r]![c] !== undefined) c++;
        for (let dr = 0; dr < Math.max(1, th.rowSpan); dr++) {
          for (let dc = 0; dc < Math.max(1, th.colSpan); dc++) (grid[r + dr] ??= [])[c + dc] = text(th);
        }
        c += Math.max(1, th.colSpan);
      }
    });
    const width = Math.max(0, ...grid.map((g) => g.length));
    const header: string[][] = [];
    for (let c = 0; c < width; c++) {
      const parts: string[] = [];
      for (const row of grid) { const t = row[c]; if (t !== undefined && parts[parts.length - 1] !== t) parts.push(t); }
      header.push(parts);
    }
    const rows = [...el.querySelectorAll('tbody > tr.ant-table-row')].map((tr) => [...tr.children].map(text));
    return { header, rows };
  });
}

/**
 * The open render-job progress modal (export and print buttons create a job): waits for 已完成 with a full bar and
 * the download that starts by itself (one click for the user), then closes the modal and answers the download.
 */
export async function downloadFromJobModal(page: Page): Promise<Download> {
  const modal = page.getByRole('dialog').filter({ has: page.getByTestId('job-progress') });
  const started = page.waitForEvent('download', { timeout: 180_000 });
  await modal.getByTestId('job-state').filter({ hasText: '已完成' }).waitFor({ timeout: 120_000 });
  const bar = await modal.locator('.ant-progress').getAttribute('aria-valuenow').catch(() => null);
  if (bar !== null && bar !== '100') throw new Error(`已完成但进度条为 ${bar}`);
  const download = await started;
  await modal.getByRole('button', { name: '关闭', exact: true }).last().click();
  await modal.waitFor({ state: 'hidden' });
  return download;
}

/** Collects what would be a crash on a page: uncaught errors, the route error boundary, HTTP 5xx answers. */
export function watchForCrashes(page: Page): () => string[] {
  const found: string[] = [];
  page.on('pageerror', (e) => found.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error' && m.text().includes('[page error]')) found.push(`console: ${m.text()}`); });
  page.on('response', (r) => { if (r.status() >= 500) found.push(`HTTP ${r.status()} ${r.url()}`); });
  return () => [...found];
}
