/** Shared pieces of the benchmarks: a fresh migrated + demo-seeded in-memory PGlite app, and the JSON result line. */
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';
import { printBench } from './result.js';

export async function benchApp(seed: { exams?: boolean } = {}) {
  const pglite = await PGlite.create({ parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
  const database = await openDatabase({ pglite });
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db, seed);
  const app = await buildApp({ db: database.db, config: { ...loadConfig({}), webDist: undefined } });
  return {
    app,
    db: database.db,
    async tokenFor(loginId: string) {
      const user = await database.db.selectFrom('app_user').select('id').where('login_id', '=', loginId).executeTakeFirstOrThrow();
      return createSession(database.db, user.id, 'user', 3600_000);
    },
    async close() { await app.close(); await database.close(); },
  };
}

/** Prints the one JSON line a benchmark reports (through result.ts printBench: an impossible figure is ok: false). */
export function report(name: string, value: number, unit: 'ms' | 'MB', limit: number, extra: Record<string, unknown> = {}) {
  const rounded = Math.round(value * 10) / 10;
  printBench({ name, value: rounded, unit, limit, ok: rounded <= limit, ...extra });
}
