import { PGlite } from '@electric-sql/pglite';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';

interface Base { dumpPath: string; template: string; runId: string }

/**
 * The projects of one run (api, api-isolated, durability) share one base, built by the first project's set-up:
 * their set-ups run in the same Vitest process, and migrating and seeding it twice more cost ≈ 20 s of CPU each.
 * The last project's tear-down drops the run's databases.
 */
const shared = globalThis as { jzTestBase?: { base: Promise<Base>; users: number } };

/**
 * Builds one migrated, demo-seeded base database per run: a PGlite data dump every test file copies,
 * and (when DATABASE_URL is set) a PostgreSQL template database every test file clones.
 */
export default async function setup(project: TestProject) {
  const run = (shared.jzTestBase ??= { base: buildBase(), users: 0 });
  run.users++;
  const base = await run.base;
  project.provide('pgliteDump', base.dumpPath);
  project.provide('pgTemplate', base.template);

  return async () => {
    if (--run.users > 0) return;
    shared.jzTestBase = undefined;
    rmSync(path.dirname(base.dumpPath), { recursive: true, force: true });
    const url = process.env.DATABASE_URL;
    if (!url || !base.template) return;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const { rows } = await admin.query(`select datname from pg_database where datname like $1`, [`jz_%${base.runId}%`]);
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.end();
  };
}

async function buildBase(): Promise<Base> {
  const runId = `${Date.now().toString(36)}${process.pid}`;
  const dir = path.join(os.tmpdir(), `jz-test-${runId}`);
  mkdirSync(dir, { recursive: true });

  const pglite = await PGlite.create();
  const embedded = await openDatabase({ pglite });
  await migrateToLatest(embedded.db);
  await seedDemoIfEmpty(embedded.db);
  // Every page written to the data files, so only the WAL segment of that checkpoint is needed: the others (64 MB of
  // 117) are dropped from the dump each test file loads.
  await pglite.exec('checkpoint');
  const { rows: [wal] } = await pglite.query<{ f: string }>('select pg_walfile_name(pg_current_wal_lsn()) as f');
  const dump = await pglite.dumpDataDir('none');
  const dumpPath = path.join(dir, 'base.tar');
  writeFileSync(dumpPath, withoutWalBut(Buffer.from(await dump.arrayBuffer()), wal!.f));
  await embedded.close();

  const url = process.env.DATABASE_URL;
  let template = '';
  if (url) {
    template = `jz_base_${runId}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const real = await openDatabase({ databaseUrl: withDatabase(url, template) });
    await migrateToLatest(real.db);
    await seedDemoIfEmpty(real.db);
    await real.close();
  }
  return { dumpPath, template, runId };
}

/** A tar archive (512-byte blocks) without the WAL segment files other than `keep`. */
function withoutWalBut(tar: Buffer, keep: string): Buffer {
  const kept: Buffer[] = [];
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0;) {
    const name = tar.subarray(at, at + 100).toString('latin1').replace(/\0.*$/s, '');
    const size = parseInt(tar.subarray(at + 124, at + 136).toString('latin1').replace(/\0.*$/s, '').trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    if (!segment || segment === keep) kept.push(tar.subarray(at, end));
    at = end;
  }
  return Buffer.concat([...kept, Buffer.alloc(1024)]);
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext { pgliteDump: string; pgTemplate: string }
}
