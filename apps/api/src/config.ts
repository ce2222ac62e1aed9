import path from 'node:path';
import { z } from 'zod';
import { loadExternalLoginConfig, type ExternalLoginConfig } from './modules/external-login/external-login.config.js';
import type { S3StorageConfig } from './core/storage.js';
import { loadAssistantConfig, type AssistantConfig } from './modules/assistant/assistant.config.js';

/** Everything the server reads from the environment (secrets never live in the code). */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** STORAGE=s3: files in this S3-compatible bucket (every api instance and worker); absent: the folder DATA_DIR/files. */
  s3?: S3StorageConfig;
  /** postgres://… selects PostgreSQL; otherwise PGlite in dataDir/db. */
  databaseUrl?: string;
  /** smtp://user:pass@host:port — without it mail goes to the outbox table and the log. */
  smtpUrl?: string;
  redisUrl?: string;
  /** BullMQ queue of the job layer (JOB_QUEUE, default jz-jobs; rendering on `<name>-browser`), shared with the workers. */
  jobQueue?: string;
  /** Jobs this instance runs at once (JOB_CONCURRENCY, default 2; 0 with REDIS_URL: it only enqueues). */
  jobConcurrency: number;
  /** Render (browser) jobs this instance runs at once (RENDER_CONCURRENCY; default 1 embedded, 0 with REDIS_URL: workers print). */
  renderConcurrency?: number;
  /** An import route waits this long for its job before answering 202 with the job id (IMPORT_WAIT_MS, 20 s). */
  importWaitMs: number;
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
  /** The AI assistant's model provider (ASSISTANT_BASE_URL…; absent = offline templates), quotas and rate limit. */
  assistant: AssistantConfig;
  /** PGlite backups in DATA_DIR/backups are kept this many days (BACKUP_KEEP_DAYS, 7); the newest is always kept. */
  backupKeepDays: number;
  /** PostgreSQL: connecting gives up after this long (DB_CONNECT_TIMEOUT_MS, 10 s). */
  dbConnectTimeoutMs: number;
  /** PostgreSQL statement_timeout for requests (DB_STATEMENT_TIMEOUT_MS, 5 min; 0 = none); migrations run without one. */
  dbStatementTimeoutMs: number;
  /** SIGTERM/SIGINT: requests in flight get this long to finish before the process exits anyway (SHUTDOWN_TIMEOUT_MS, 60 s). */
  shutdownTimeoutMs: number;
}

/** An unset or empty variable is its default. */
const blank = (v: unknown) => (v === undefined || v === '' ? undefined : v);
const int = (def: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(blank, z.coerce.number({ error: '须为整数' }).int('须为整数').min(min, `不能小于 ${min}`).max(max, `不能大于 ${max}`).default(def));
const text = z.preprocess(blank, z.string().optional());
const url = (schemes: string[]) => z.preprocess(blank, z.string()
  .refine((v) => schemes.some((s) => v.startsWith(`${s}://`)), `须以 ${schemes.map((s) => `${s}://`).join(' 或 ')} 开头`).optional());

/** The environment the server reads, validated once at start: a wrong value stops the start with its name and reason. */
const envSchema = z.object({
  // 0: any free port (tests).
  PORT: int(8080, 0, 65535),
  HOST: z.preprocess(blank, z.string().default('127.0.0.1')),
  DATA_DIR: text,
  DATABASE_URL: url(['postgres', 'postgresql']),
  SMTP_URL: url(['smtp', 'smtps']),
  REDIS_URL: url(['redis', 'rediss']),
  JOB_QUEUE: text,
  RENDER_CONCURRENCY: z.preprocess(blank, z.coerce.number().int('须为整数').min(0).max(16).optional()),
  IMPORT_WAIT_MS: int(20_000, 0),
  JOB_CONCURRENCY: int(2, 0, 64),
  RENDER_FILE_TTL_HOURS: int(72, 1),
  WEB_DIST: text,
  SEED_DEMO: z.preprocess(blank, z.enum(['0', '1'], '须为 0 或 1').default('1')),
  LOGIN_FAIL_LIMIT: int(5, 1, 1000),
  BACKUP_KEEP_DAYS: int(7, 1, 3650),
  DB_CONNECT_TIMEOUT_MS: int(10_000, 100),
  DB_STATEMENT_TIMEOUT_MS: int(300_000, 0),
  SHUTDOWN_TIMEOUT_MS: int(60_000, 0),
  STORAGE: z.preprocess(blank, z.enum(['local', 's3'], '须为 local 或 s3').default('local')),
  S3_ENDPOINT: url(['http', 'https']),
  S3_BUCKET: z.preprocess(blank, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, '须为 3–63 个小写字母、数字、点或连字符').optional()),
  S3_ACCESS_KEY_ID: text,
  S3_SECRET_ACCESS_KEY: text,
  S3_REGION: z.preprocess(blank, z.string().default('us-east-1')),
  S3_FORCE_PATH_STYLE: z.preprocess(blank, z.enum(['0', '1'], '须为 0 或 1').default('0')),
}).superRefine((e, ctx) => {
  if (e.STORAGE !== 's3') return;
  if (!e.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE=s3 时必须设置存储桶名称' });
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) ctx.addIssue({ code: 'custom', path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'], message: 'S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置' });
});

/** Reads and checks the environment; throws 环境变量 X 不正确：… naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `环境变量 ${String(i.path[0])} 不正确：${i.message}（当前为 “${env[String(i.path[0])] ?? ''}”）`);
    throw new Error(lines.join('\n'));
  }
  const e = parsed.data;
  const root = path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(root, 'data'));
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    s3: e.STORAGE === 's3' ? {
      kind: 's3', bucket: e.S3_BUCKET!, endpoint: e.S3_ENDPOINT, region: e.S3_REGION, accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY, forcePathStyle: e.S3_FORCE_PATH_STYLE === '1',
    } : undefined,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    jobQueue: e.JOB_QUEUE,
    jobConcurrency: e.JOB_CONCURRENCY,
    renderConcurrency: e.RENDER_CONCURRENCY,
    importWaitMs: e.IMPORT_WAIT_MS,
    renderFileTtlMs: e.RENDER_FILE_TTL_HOURS * 3600 * 1000,
    webDist: e.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    seedDemo: e.SEED_DEMO !== '0',
    loginFailLimit: e.LOGIN_FAIL_LIMIT,
    rateWindowMs: 15 * 60 * 1000,
    emailCodeTtlMs: 10 * 60 * 1000,
    emailResendMs: 60 * 1000,
    userTokenTtlMs: 7 * 24 * 3600 * 1000,
    externalLogin: loadExternalLoginConfig(env),
    assistant: loadAssistantConfig(env),
    backupKeepDays: e.BACKUP_KEEP_DAYS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}
