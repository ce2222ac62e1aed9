import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { PGlitePool } from './pglite-pool.js';
import type { DB } from './schema.js';

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;

export interface DatabaseOptions {
  /** postgres://… — the real PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; undefined = in memory. */
  dataDir?: string;
  /** An existing PGlite (tests copy a migrated base database). */
  pglite?: PGlite;
}

const INT8 = 20;
const NUMERIC = 1700;
// Counts and sums come back as numbers on both drivers (pg would give strings).
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  pglite?: PGlite;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection cut by the server (restart, admin command) must not crash the process.
    pool.on('error', (err) => console.warn(`PostgreSQL 连接中断: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create({
      dataDir: options.dataDir,
      parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) },
    });
  }
  const pool = new PGlitePool(pglite);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as never }) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
