import { sql } from 'kysely';
import path from 'node:path';
import { listBackups } from './backup.js';
import { openDatabase, type Database } from './database.js';

/** A startup failure the operator can act on: printed as is (Chinese, no stack trace), exit code 1. */
export class StartupError extends Error {}

/** Where a postgres:// URL points, without the password. */
export function describeAddress(databaseUrl: string): string {
  try {
    const u = new URL(databaseUrl);
    return `${u.hostname || 'localhost'}:${u.port || 5432}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`;
  } catch {
    return '（DATABASE_URL 格式不正确）';
  }
}

/** The command that restores the newest backup, relative to the working folder when possible. */
export function restoreCommand(backupFile?: string): string {
  if (!backupFile) return 'npm run db:restore';
  const rel = path.relative(process.cwd(), backupFile);
  const shown = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : backupFile;
  return `npm run db:restore -- --from ${shown}`;
}

export function pgliteOpenFailure(dbDir: string, backupsDir: string, err: unknown): StartupError {
  const newest = listBackups(backupsDir).at(-1);
  const reason = err instanceof Error ? err.message : String(err);
  const lines = [
    `无法打开内置数据库（数据目录 ${dbDir}）：${reason}`,
    '数据目录可能已损坏（例如服务器断电或进程被强制结束）。',
  ];
  if (newest) {
    lines.push(`最近的备份：${newest.file}（${newest.takenAt.toISOString()}）。恢复命令（损坏的目录会被移到一旁保留，不会删除）：`);
    lines.push(`  ${restoreCommand(newest.file)}`);
  } else {
    lines.push(`在 ${backupsDir} 中没有找到备份。可以把 ${dbDir} 移到别处保留后重新启动（将创建新的空数据库），或联系技术支持尝试修复。`);
  }
  return new StartupError(lines.join('\n'));
}

export function postgresUnreachable(databaseUrl: string, err: unknown, connectTimeoutMs: number): StartupError {
  const address = describeAddress(databaseUrl);
  const reason = err instanceof Error ? err.message : String(err);
  const timedOut = /timeout|timed out/i.test(reason);
  return new StartupError([
    timedOut
      ? `无法连接数据库 ${address}：${Math.round(connectTimeoutMs / 1000)} 秒内没有应答（${reason}）。`
      : `无法连接数据库 ${address}：${reason}`,
    '请检查：DATABASE_URL 中的地址、端口、数据库名、用户名和密码是否正确；PostgreSQL 是否已启动并接受连接；'
      + '该端口上运行的是否确实是 PostgreSQL；防火墙、代理或连接池是否拦截；数据库服务器是否过载。'
      + '连接等待时间可用 DB_CONNECT_TIMEOUT_MS（毫秒）调整。',
  ].join('\n'));
}

/** Opens PostgreSQL and makes one round trip, so a wrong or silent server is reported now, not at the first request. */
export async function openPostgresChecked(databaseUrl: string, connectTimeoutMs: number, statementTimeoutMs: number): Promise<Database> {
  const database = await openDatabase({ databaseUrl, connectTimeoutMs, statementTimeoutMs });
  try {
    await sql`select 1`.execute(database.db);
    return database;
  } catch (e) {
    await database.close().catch(() => undefined);
    throw postgresUnreachable(databaseUrl, e, connectTimeoutMs);
  }
}
