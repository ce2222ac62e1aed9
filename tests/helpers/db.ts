import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { withDatabase } from './global-setup.js';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; the real PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const dbKinds: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];


/** A private copy of the migrated, demo-seeded base database (`url` on PostgreSQL). Close it after the test file. */
export async function openTestDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === 'pglite') {
    const dump = readFileSync(inject('pgliteDump'));
    const pglite = await PGlite.create({
      loadDataDir: new Blob([dump]),
      parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) },
    });
    return openDatabase({ pglite });
  }
  const url = process.env.DATABASE_URL!;
  const template = inject('pgTemplate');
  const name = `jz_t${randomBytes(4).toString('hex')}_${template.replace(/^jz_base_/, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const database: Database & { url?: string } = await openDatabase({ databaseUrl: withDatabase(url, name) });
  database.url = withDatabase(url, name);
  const close = database.close;
  database.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return database;
}
