import path from 'node:path';
import { loadConfig, type AppConfig } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { seedDemoMarking } from './seed/demo-marking.js';
import { seedDemoScan } from './seed/demo-scan.js';
import { seedDemoBank } from './seed/demo-bank.js';
import { acquireDataDirLock, DataDirLockedError } from './db/data-lock.js';
import { startDailyBackups, writeBackup, type DailyBackups } from './db/backup.js';
import { openPostgresChecked, pgliteOpenFailure, StartupError } from './db/startup.js';
import { openConfiguredStorage } from './core/storage-open.js';

/** `npm start`: one process serving web + api on PORT, PGlite in DATA_DIR/db unless DATABASE_URL is set. */
async function main() {
  const config = loadConfig();
  const dbDir = path.join(config.dataDir, 'db');
  const backupsDir = path.join(config.dataDir, 'backups');
  let releaseLock = () => {};
  process.on('exit', () => releaseLock());
  if (!config.databaseUrl) {
    try {
      releaseLock = acquireDataDirLock(dbDir);
    } catch (e) {
      if (e instanceof DataDirLockedError) throw new StartupError(e.message);
      throw e;
    }
  }
  await openConfiguredStorage(config); // STORAGE=s3: the bucket answers (made when missing) before anything is served
  const database = await openAndMigrate(config, dbDir, backupsDir);
  const seededNow = config.seedDemo && await seedDemoIfEmpty(database.db);
  const app = await buildApp({ db: database.db, config, logger: true });
  if (seededNow) await seedDemoBank(database.db, (line) => app.log.info(line));
  const backups: DailyBackups | undefined = database.dump
    ? startDailyBackups({ dump: database.dump, backupsDir, keepDays: config.backupKeepDays, log: app.log })
    : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    // A second Ctrl+C while closing must not cut the database's close short.
    if (closing) return app.log.warn(`收到 ${signal}：正在关闭，请稍候…`);
    closing = true;
    app.log.info(`收到 ${signal}，正在关闭服务…`);
    // Requests still running after the grace period are abandoned: the WAL makes that a crash the next start recovers from.
    setTimeout(() => {
      console.error(`关闭超时（${config.shutdownTimeoutMs / 1000} 秒），强制退出。`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await app.close(); // stops listening, waits for requests in flight, runs the app's onClose hooks
      await backups?.stop();
      await database.close(); // PGlite: shutdown checkpoint
      releaseLock();
      process.exit(0);
    } catch (e) {
      console.error(`关闭时出错：${(e as Error).message}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  if (seededNow) {
    // The scanning demo (drawing and recognising 82 sheet images) runs once the site is up, so the first start is
    // not kept waiting; its batches show as 识别中 until done. Images go to the storage the api serves them from.
    // The marking demo needs the recognised blocks, so it follows the scanning demo.
    const log = (line: string) => app.log.info(line);
    void seedDemoScan(database.db, app.ctx.storage, log)
      .then(() => seedDemoMarking(database.db, log))
      .catch((e) => app.log.error(e, '扫描或阅卷演示数据生成失败'));
  }
  app.log.info(`大数据精准教学诊断平台: http://${config.host}:${config.port}/ (${database.kind})`);
}

async function openAndMigrate(config: AppConfig, dbDir: string, backupsDir: string): Promise<Database> {
  if (config.databaseUrl) {
    // Migrations may legitimately run long: their own connection without a statement timeout. Backups: the DBA's.
    const migrating = await openPostgresChecked(config.databaseUrl, config.dbConnectTimeoutMs, 0);
    try {
      await migrateToLatest(migrating.db);
    } finally {
      await migrating.close();
    }
    return openPostgresChecked(config.databaseUrl, config.dbConnectTimeoutMs, config.dbStatementTimeoutMs);
  }
  let database: Database;
  try {
    database = await openDatabase({ dataDir: dbDir });
  } catch (e) {
    throw pgliteOpenFailure(dbDir, backupsDir, e);
  }
  await migrateToLatest(database.db, {
    beforePending: async (pending) => {
      const file = await writeBackup(database.dump!, backupsDir, 'pre-migration');
      console.log(`迁移 ${pending.join(', ')} 之前已备份数据库: ${file}`);
    },
  });
  return database;
}

main().catch((err) => {
  if (err instanceof StartupError) console.error(`\n启动失败：${err.message}\n`);
  else console.error(err);
  process.exit(1);
});
