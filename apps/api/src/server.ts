import path from 'node:path';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApp } from './app.js';
import { seedDemoIfEmpty } from './seed/demo.js';

/** `npm start`: one process serving web + api on PORT, PGlite in DATA_DIR/db unless DATABASE_URL is set. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  await migrateToLatest(database.db);
  if (config.seedDemo) await seedDemoIfEmpty(database.db);
  const app = await buildApp({ db: database.db, config, logger: true });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`大数据精准教学诊断平台: http://${config.host}:${config.port}/ (${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
