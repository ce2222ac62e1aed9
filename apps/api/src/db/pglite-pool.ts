import type { PGlite } from '@electric-sql/pglite';

/**
 * A pg.Pool look-alike over one PGlite instance, for Kysely's PostgresDialect.
 * PGlite has a single connection, so a "connection" is an exclusive lease: a transaction's
 * statements never interleave with another request's.
 */
export class PGlitePool {
  private queue: Array<() => void> = [];
  private busy = false;

  constructor(readonly pglite: PGlite) {}

  async connect() {
    if (this.busy) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.busy = true;
    let released = false;
    return {
      query: async (sql: string, params: unknown[] = []) => {
        // A parameterless script of several statements (migrations) needs the simple protocol.
        const result = params.length === 0 && /;\s*\S/.test(sql)
          ? (await this.pglite.exec(sql)).at(-1)!
          : await this.pglite.query(sql, params as unknown[]);
        return {
          rows: result.rows,
          rowCount: result.affectedRows ?? result.rows.length,
          command: sql.trimStart().split(/\s/, 1)[0]!.toUpperCase(),
        };
      },
      release: () => {
        if (released) return;
        released = true;
        const next = this.queue.shift();
        if (next) next();
        else this.busy = false;
      },
    };
  }

  async end() {
    await this.pglite.close();
  }
}
