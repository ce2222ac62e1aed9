import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seedDemoMarking } from '../../apps/api/src/seed/demo-marking.js';
import { seedDemoScan } from '../../apps/api/src/seed/demo-scan.js';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage } from './helpers.js';

export type ApiAnswer<T> = { code: number; data: T; msg: string };
export type Api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<ApiAnswer<T>>;

/** The api as the page's logged-in user calls it (its token from localStorage). */
export const apiOf = (page: Page): Api => async (method, url, body) => page.evaluate(async ({ method, url, body }) => {
  const headers: Record<string, string> = { Authorization: localStorage.getItem('token') ?? '' };
  if (body) headers['Content-Type'] = 'application/json';
  return (await fetch(`/api/v1/${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined })).json();
}, { method, url, body });

export interface MarkingWalk {
  server: Awaited<ReturnType<typeof startServer>>;
  browser: Browser;
  dataDir: string;
  /** A new browser context logged in as this user (its own cookies and token, as a second teacher's machine). */
  pageAs(loginId: string): Promise<Page>;
  close(): Promise<void>;
}

/**
 * The server of the marking walks (PGlite, a private data folder) and Chromium. `demos`: the scanning and marking
 * demos are seeded as `npm start` does (the test database holds the base demo only).
 */
export async function startMarkingWalk(prefix: string, opts: { demos?: boolean } = {}): Promise<MarkingWalk> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `jz-e2e-${prefix}-`));
  const dataDir = path.join(dir, 'data');
  const server = await startServer('pglite', { dataDir });
  if (opts.demos !== false) {
    await seedDemoScan(server.database.db, server.storage);
    await seedDemoMarking(server.database.db);
  }
  const browser = await launchBrowser();
  return {
    server, browser, dataDir,
    async pageAs(loginId) {
      const page = await newPage(browser);
      await loginAs(page, server.url, loginId);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
