import path from 'node:path';
import { createTestApp, type TestApp } from './app.js';
import type { DbKind } from './db.js';
import type { AppConfig } from '../../apps/api/src/config.js';

const root = path.resolve(import.meta.dirname, '../..');

/** The real product (api + built web) on a free loopback port, over a private copy of the demo database. */
export async function startServer(kind: DbKind = 'pglite', overrides: Partial<AppConfig> = {}): Promise<TestApp & { url: string }> {
  const t = await createTestApp(kind, { webDist: path.join(root, 'apps/web/dist'), ...overrides });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...t, url: `http://127.0.0.1:${port}` };
}
