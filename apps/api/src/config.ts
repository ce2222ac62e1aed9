import path from 'node:path';
import { loadExternalLoginConfig, type ExternalLoginConfig } from './modules/external-login/external-login.config.js';

/** Everything the server reads from the environment (secrets never live in the code). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… selects PostgreSQL; otherwise PGlite in dataDir/db. */
  databaseUrl?: string;
  /** smtp://user:pass@host:port — without it mail goes to the outbox table and the log. */
  smtpUrl?: string;
  redisUrl?: string;
  /** BullMQ queue name shared with the render workers (RENDER_QUEUE). */
  renderQueue?: string;
  /** BullMQ queue of the api's own jobs (release; JOB_QUEUE, default jz-jobs), worked by every api instance. */
  jobQueue?: string;
  /** Jobs this instance runs at once (JOB_CONCURRENCY, default 2; 0 with REDIS_URL: it only enqueues). */
  jobConcurrency: number;
  /** Render job files (PDF, zip, xlsx) are deleted this long after they were written (RENDER_FILE_TTL_HOURS, 72). */
  renderFileTtlMs: number;
  /** Built web app to serve at / (apps/web/dist). */
  webDist?: string;
  /** Seed the demo schools into an empty database. */
  seedDemo: boolean;
  /** Login failures allowed per account and per address in the window. */
  loginFailLimit: number;
  rateWindowMs: number;
  emailCodeTtlMs: number;
  emailResendMs: number;
  userTokenTtlMs: number;
  /** SMS and WeChat sign-in providers (SMS_PROVIDER…, WECHAT_APP_ID…); absent = 未配置. */
  externalLogin: ExternalLoginConfig;
  /** PGlite backups in DATA_DIR/backups are kept this many days (BACKUP_KEEP_DAYS, 7); the newest is always kept. */
  backupKeepDays: number;
  /** PostgreSQL: connecting gives up after this long (DB_CONNECT_TIMEOUT_MS, 10 s). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL statement_timeout for requests (DB_STATEMENT_TIMEOUT_MS, 5 min; 0 = none); migrations run without one. */
  dbStatementTimeoutMs: number;
  /** SIGTERM/SIGINT: requests in flight get this long to finish before the process exits anyway (SHUTDOWN_TIMEOUT_MS, 60 s). */
  shutdownTimeoutMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const root = path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(root, 'data'));
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    renderQueue: env.RENDER_QUEUE || undefined,
    jobQueue: env.JOB_QUEUE || undefined,
    jobConcurrency: Number(env.JOB_CONCURRENCY ?? 2),
    renderFileTtlMs: Number(env.RENDER_FILE_TTL_HOURS ?? 72) * 3600 * 1000,
    webDist: env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    loginFailLimit: Number(env.LOGIN_FAIL_LIMIT ?? 5),
    rateWindowMs: 15 * 60 * 1000,
    emailCodeTtlMs: 10 * 60 * 1000,
    emailResendMs: 60 * 1000,
    userTokenTtlMs: 7 * 24 * 3600 * 1000,
    externalLogin: loadExternalLoginConfig(env),
    backupKeepDays: Number(env.BACKUP_KEEP_DAYS ?? 7),
    dbConnectTimeoutMs: Number(env.DB_CONNECT_TIMEOUT_MS ?? 10_000),
    dbStatementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 300_000),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 60_000),
  };
}
