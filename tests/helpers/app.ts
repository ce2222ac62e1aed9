import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig, type AppConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase, type Database, type DatabaseOptions } from '../../apps/api/src/db/database.js';
import type { S3StorageConfig, Storage } from '../../apps/api/src/core/storage.js';
import { ensureBucket } from '../../apps/api/src/core/storage-s3.js';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { openTestDatabase, type DbKind } from './db.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** The app's file store: DATA_DIR/files, or (STORAGE=s3 in the environment) a bucket of its own. */
  storage: Storage;
  /** Its S3 bucket, when on S3 (a peer app shares it). */
  s3?: S3StorageConfig;
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
 * The test app of the enclosing describe block (or file): a private copy of the base database, made before the
 * block's tests (its own beforeAll hooks, registered after this call, run after it) and closed after them. The
 * object returned stands for it from then on; `admin`: a session of 示例中学's administrator.
 */
export function useTestApp(kind: DbKind, overrides: Partial<AppConfig> = {}): TestApp & { readonly admin: string } {
  let made: TestApp | undefined;
  let admin = '';
  beforeAll(async () => {
    made = await createTestApp(kind, overrides);
    admin = await made.tokenFor('admin');
  });
  afterAll(async () => { await made?.close(); made = undefined; });
  const t = () => {
    if (!made) throw new Error('the test app exists only between its block\'s beforeAll and afterAll');
    return made;
  };
  return {
    get app() { return t().app; },
    get database() { return t().database; },
    get storage() { return t().storage; },
    get s3() { return t().s3; },
    get admin() { t(); return admin; },
    tokenFor: (loginId, kind) => t().tokenFor(loginId, kind),
    call: (opts) => t().call(opts),
    close: async () => { await made?.close(); made = undefined; },
  };
}

/**
 * A second api instance on the same database as `first`: on PostgreSQL its own connection pool (as a second
 * process would have), on PGlite the same embedded database. Its own job queue, render queue and caches.
 * Close it before `first`. `pool`: options of its PostgreSQL pool (e.g. a short connection wait).
 */
export async function createPeerApp(first: TestApp, overrides: Partial<AppConfig> = {}, pool: Omit<DatabaseOptions, 'databaseUrl'> = {}): Promise<TestApp> {
  const url = (first.database as Database & { url?: string }).url;
  const database = url ? await openDatabase({ ...pool, databaseUrl: url }) : first.database;
  return testAppOn(database, { s3: first.s3, ...overrides }, !!url);
}

/**
 * With STORAGE=s3 in the environment (tests/api/storage-s3.test.ts runs api tests so, against a local S3 server):
 * a new bucket on S3_ENDPOINT for each test app, so the runs on PGlite and PostgreSQL never share keys.
 */
export function testS3(): S3StorageConfig | undefined {
  if (process.env.STORAGE !== 's3') return undefined;
  return {
    kind: 's3', bucket: `jz-test-${randomBytes(6).toString('hex')}`, endpoint: process.env.S3_ENDPOINT, region: process.env.S3_REGION ?? 'us-east-1',
    accessKeyId: process.env.S3_ACCESS_KEY_ID, secretAccessKey: process.env.S3_SECRET_ACCESS_KEY, forcePathStyle: process.env.S3_FORCE_PATH_STYLE !== '0',
  };
}

async function testAppOn(database: Database, overrides: Partial<AppConfig>, ownDatabase: boolean): Promise<TestApp> {
  const s3 = 's3' in overrides ? overrides.s3 : testS3();
  if (s3) await ensureBucket(s3);
  const config = { ...loadConfig({}), webDist: undefined, smtpUrl: undefined, ...overrides, s3 };
  const app = await buildApp({ db: database.db, config });
  return {
    app,
    database,
    storage: app.ctx.storage,
    s3,
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
