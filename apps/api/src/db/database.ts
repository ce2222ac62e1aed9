import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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
  /** PostgreSQL: give up connecting after this long (ms; default 10 s). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: the server cancels a statement running longer (statement_timeout, ms; 0 = never). The client
   * gives up on an unanswered query a minute after that (query_timeout), so a server that stops answering
   * mid-query cannot hang a request forever. Default 5 minutes: far above any release seen.
   */
  statementTimeoutMs?: number;
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
  /** PGlite: a consistent gzipped tarball of the data folder (checkpointed, taken between transactions). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 300_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      statement_timeout: statementTimeout || undefined,
      query_timeout: statementTimeout ? statementTimeout + 60_000 : undefined,
      keepAlive: true,
    });
    // An idle connection cut by the server (restart, admin command) must not crash the process.
    pool.on('error', (err) => console.warn(`PostgreSQL 连接中断: ${err.message}`));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
    const parsers = { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => Number(v) };
    // PGlite (≈ 45 MB of WASM) is loaded only when the server runs on it, not beside PostgreSQL
    pglite = options.dataDir
      ? await (await import('./pglite-durable.js')).openDurablePGlite(options.dataDir, { parsers })
      : await (await import('@electric-sql/pglite')).PGlite.create({ parsers });
  }
  const pool = new PGlitePool(pglite);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as never }) });
  const engine = pglite;
  const dump = async () => {
    // Hold the single connection so no transaction is half-way; the checkpoint makes the copy need no replay.
    const lease = await pool.connect();
    try {
      await engine.exec('CHECKPOINT');
      return await engine.dumpDataDir('gzip');
    } finally {
      lease.release();
    }
  };
  return { db, kind: 'pglite', pglite, dump, close: () => db.destroy() };
}
