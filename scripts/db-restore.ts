// `npm run db:restore [-- --from data/backups/jz-….tar.gz]`: puts a backup of the embedded database in place.
// The current DATA_DIR/db is moved aside (db.broken-<time>), never deleted; without --from the newest backup is used.
// Refuses while a server holds the folder's lock.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../apps/api/src/config.js';
import { listBackups } from '../apps/api/src/db/backup.js';
import { acquireDataDirLock, DataDirLockedError } from '../apps/api/src/db/data-lock.js';
import { buildDataDir } from '../apps/api/src/db/pglite-durable.js';

function fail(msg: string): never {
  console.error(`恢复失败：${msg}`);
  process.exit(1);
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1];
  return process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

const config = loadConfig();
if (config.databaseUrl) fail('设置了 DATABASE_URL：PostgreSQL 的备份与恢复由数据库管理员负责（pg_dump / pg_restore），本命令只恢复内置数据库。');
const dbDir = path.join(config.dataDir, 'db');
const backupsDir = path.join(config.dataDir, 'backups');
const from = argValue('--from');
const backup = from ? path.resolve(from) : listBackups(backupsDir).at(-1)?.file;
if (!backup) fail(`在 ${backupsDir} 中没有找到备份，请用 --from 指定备份文件。`);
if (!fs.existsSync(backup)) fail(`备份文件不存在：${backup}`);

let release: () => void;
try {
  release = acquireDataDirLock(dbDir);
} catch (e) {
  if (e instanceof DataDirLockedError) fail(`${e.message}\n请先停止服务再恢复。`);
  throw e;
}

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
const aside = `${dbDir}.broken-${stamp}`;
const hadFolder = fs.existsSync(dbDir);
if (hadFolder) fs.renameSync(dbDir, aside);
try {
  await buildDataDir(dbDir, { loadDataDir: new Blob([fs.readFileSync(backup)]) });
} catch (e) {
  fs.rmSync(dbDir, { recursive: true, force: true });
  if (hadFolder) fs.renameSync(aside, dbDir);
  release();
  fail(`无法从 ${backup} 恢复（${(e as Error).message}）。原数据目录未改动。`);
}
release();
console.log(`已从备份恢复内置数据库：${backup}`);
if (hadFolder) console.log(`原来的数据目录已移到 ${aside}（保留备查，确认无误后可自行删除）。`);
console.log('现在可以用 npm start 启动服务。');
process.exit(0);
