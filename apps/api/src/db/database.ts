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
  /** PostgreSQL: run short statements as named prepared statements (preparedStatements; default true). */
  prepare?: boolean;
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

/** Per connection: statements prepared at most (beyond, new texts run unnamed), and the longest text and parameter list prepared. */
const PREPARED_MAX = 400;
const PREPARED_TEXT_MAX = 6000;
const PREPARED_PARAMS_MAX = 64;

/**
 * Runs the connection's short statements as named prepared statements (docs/DECISIONS.md "Marking speed"): the
 * server parses and plans each text once per connection instead of on every call (planning was most of a marking
 * call's statement time). Texts with long IN lists or bulk VALUES stay unnamed, and at most PREPARED_MAX per
 * connection are kept. A prepared text whose result columns changed under it (a migration of another instance)
 * fails once with 0A000 and is prepared afresh under a new name. Not for a transaction-pooling pgbouncer.
 */
function preparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const names = new Map<string, string>();
  let seq = 0;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values: unknown, ...rest: unknown[]) => {
    if (typeof text !== 'string' || !Array.isArray(values) || rest.length || text.length > PREPARED_TEXT_MAX || values.length > PREPARED_PARAMS_MAX
      || !/^\s*(select|insert|update|delete|with)\b/i.test(text)) return query(text, values, ...rest);
    let name = names.get(text);
    if (!name) {
      if (names.size >= PREPARED_MAX) return query(text, values);
      name = `jz${++seq}`;
      names.set(text, name);
    }
    return query({ name, text, values }).catch((e: { code?: string }) => {
      if (e.code === '0A000') names.delete(text);
      throw e;
    });
  };
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
/** PostgreSQL connections per api process (a request waits for one at most connectTimeoutMs: then core/busy.ts). */
export const POOL_SIZE = 10;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 300_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      statement_timeout: statementTimeout || undefined,
      query_timeout: statementTimeout ? statementTimeout + 60_000 : undefined,
      keepAlive: true,
    });
    // An idle connection cut by the server (restart, admin command) must not crash the process.
    pool.on('error', (err) => console.warn(`PostgreSQL 连接中断: ${err.message}`));
    if (options.prepare ?? true) pool.on('connect', preparedStatements);
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
