import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@jz/shared';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs } from './helpers.js';

/**
 * The Content-Security-Policy in a real browser: the web app (login, a report page with its
 * ECharts charts and 打印预览) and the swagger UI at /api/docs run with no CSP violation; the page cannot be
 * framed; over HTTPS (a TLS front like the gateway's, X-Forwarded-Proto https) the platform administrator's
 * cookies are Secure, over plain HTTP they are not.
 */

/** Every CSP violation of a page: the DOM event (recorded in the page) and Chromium's console message. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const found: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) found.push(`console: ${m.text()}`); });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return async () => {
    const inPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [] as string[]);
    return [...found, ...inPage];
  };
}

/** A TLS front on a free port that forwards to the server (self-signed certificate made here with openssl). */
function httpsFront(target: string, dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
  const to = new URL(target);
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    const upstream = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url,
      headers: { ...req.headers, 'x-forwarded-proto': 'https' } }, (up) => { res.writeHead(up.statusCode ?? 502, up.headers); up.pipe(res); });
    upstream.on('error', () => { res.statusCode = 502; res.end(); });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const port = (server.address() as { port: number }).port;
    resolve({ url: `https://127.0.0.1:${port}`, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) });
  }));
}

describe('content security policy in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let front: Awaited<ReturnType<typeof httpsFront>>;
  let dir: string;
  let examId: number;

  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-tls-'));
    front = await httpsFront(server.url, dir);
    const db = server.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    examId = (await db.selectFrom('exam').select('id').where('school_id', '=', school.id).where('status', '=', 4).orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await browser?.close();
    await front?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function newPage(base: string) {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, ignoreHTTPSErrors: base.startsWith('https') });
    context.setDefaultTimeout(60_000);
    context.setDefaultNavigationTimeout(60_000);
    return context.newPage();
  }

  it('runs the app (login, a report page with charts, 打印预览) with no CSP violation', async () => {
    const page = await newPage(server.url);
    const violations = await watchCsp(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/analysisReportList/reportDetails/dataScreening?examId=${examId}`);
    await page.getByRole('heading', { level: 1, name: '数据概览' }).waitFor();
    await page.locator('canvas').first().waitFor();
    const preview = page.locator('[data-testid^="preview-"]').first();
    await preview.click();
    const frame = page.getByTestId('print-preview');
    await frame.waitFor();
    await expect.poll(async () => (await frame.getAttribute('srcdoc'))?.length ?? 0, { timeout: 60_000 }).toBeGreaterThan(1000);
    await page.waitForTimeout(500);
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('runs the swagger UI at /api/docs with no CSP violation', async () => {
    const page = await newPage(server.url);
    const violations = await watchCsp(page);
    await page.goto(`${server.url}/api/docs/`);
    await page.locator('.swagger-ui .info .title', { hasText: '大数据精准教学诊断平台 API' }).waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('cannot be framed by another page', async () => {
    const page = await newPage(server.url);
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await page.setContent(`<iframe id="f" src="${server.url}/"></iframe>`);
    await expect.poll(() => messages.some((m) => /frame-ancestors|X-Frame-Options|Refused to (display|frame)/i.test(m)), { timeout: 30_000 }).toBe(true);
    await page.context().close();
  });

  for (const scheme of ['https', 'http'] as const) {
    it(`sets the administrator cookies ${scheme === 'https' ? 'Secure over HTTPS' : 'without Secure over plain HTTP'}, with no CSP violation`, async () => {
      const base = scheme === 'https' ? front.url : server.url;
      const page = await newPage(base);
      const violations = await watchCsp(page);
      await page.goto(`${base}/#/admin/login`);
      await page.getByLabel('用户名').fill('root');
      await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(/#\/adminInfo/);
      const cookies = (await page.context().cookies()).filter((c) => c.name === 'adminToken' || c.name === 'adminUserToken');
      expect(cookies.map((c) => c.name).sort()).toEqual(['adminToken', 'adminUserToken']);
      for (const c of cookies) expect(c.secure, c.name).toBe(scheme === 'https');
      expect(await violations()).toEqual([]);
      await page.context().close();
    });
  }
});
