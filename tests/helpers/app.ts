import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig, type AppConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { openTestDatabase, type DbKind } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** A session token of a demo account, made directly (no password round trip). */
  tokenFor(loginId: string, kind?: 'user' | 'admin'): Promise<string>;
  /** inject + parse the { code, msg, data } body. */
  call<T = any>(opts: InjectOptions & { token?: string }): Promise<{ status: number; body: { code: number; msg: string; data: T } }>;
  close(): Promise<void>;
}

export async function createTestApp(kind: DbKind, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  return testAppOn(await openTestDatabase(kind), overrides, true);
}

/**
 * A second api instance on the same database as `first`: on PostgreSQL its own connection pool (as a second
 * process would have), on PGlite the same embedded database. Its own job queue, render queue and caches.
 * Close it before `first`.
 */
export async function createPeerApp(first: TestApp, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const url = (first.database as Database & { url?: string }).url;
  const database = url ? await openDatabase({ databaseUrl: url }) : first.database;
  return testAppOn(database, overrides, !!url);
}

async function testAppOn(database: Database, overrides: Partial<AppConfig>, ownDatabase: boolean): Promise<TestApp> {
  const config = { ...loadConfig({}), webDist: undefined, smtpUrl: undefined, ...overrides };
  const app = await buildApp({ db: database.db, config });
  return {
    app,
    database,
    async tokenFor(loginId, sessionKind = 'user') {
      const user = await database.db.selectFrom('app_user').select('id').where('login_id', '=', loginId).executeTakeFirstOrThrow();
      return createSession(database.db, user.id, sessionKind, 3600_000);
    },
    async call(opts) {
      const { token, ...rest } = opts;
      const res = await app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(token ? { authorization: token } : {}) } });
      return { status: res.statusCode, body: res.json() };
    },
    async close() {
      await app.close();
      if (ownDatabase) await database.close();
    },
  };
}
