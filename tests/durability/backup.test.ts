import { PGlite } from '@electric-sql/pglite';
import { Migrator } from 'kysely';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listBackups, pruneBackups, writeBackup } from '../../apps/api/src/db/backup.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import * as m0001 from '../../apps/api/src/db/migrations/0001_foundation.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'jz-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('backups of the embedded database', () => {
  it('backs up before pending migrations of an existing database only, and the backup opens', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() });
    const backupsDir = path.join(dir, 'pre');
    const calls: string[][] = [];
    const beforePending = async (pending: string[]) => {
      calls.push(pending);
      await writeBackup(database.dump!, backupsDir, 'pre-migration');
    };
    try {
      // An older version of the product: only the first migration has run.
      const old = new Migrator({ db: database.db, provider: { getMigrations: async () => ({ '0001_foundation': m0001 }) } });
      expect((await old.migrateToLatest()).error).toBeUndefined();
      await migrateToLatest(database.db, { beforePending });
      expect(calls).toHaveLength(1);
      expect(calls[0]![0]).toBe('0006_exam');
      await migrateToLatest(database.db, { beforePending }); // nothing pending: no backup
      expect(calls).toHaveLength(1);
    } finally {
      await database.close();
    }
    const [backup] = listBackups(backupsDir);
    expect(backup?.reason).toBe('pre-migration');
    expect(readdirSync(backupsDir).filter((n) => n.includes('.tmp'))).toEqual([]);
    // The backup is the database as it was before the migration: 0001 only.
    const restored = await PGlite.create({ loadDataDir: new Blob([readFileSync(backup!.file)]) });
    try {
      const { rows } = await restored.query<{ name: string }>('select name from kysely_migration order by name');
      expect(rows.map((r) => r.name)).toEqual(['0001_foundation']);
    } finally {
      await restored.close();
    }
  });

  it('a fresh database gets no pre-migration backup', async () => {
    const database = await openDatabase({ pglite: await PGlite.create() });
    let called = false;
    try {
      await migrateToLatest(database.db, { beforePending: async () => { called = true; } });
    } finally {
      await database.close();
    }
    expect(called).toBe(false);
  });

  it('keeps BACKUP_KEEP_DAYS days of backups and always the newest one', () => {
    const backupsDir = path.join(dir, 'prune');
    mkdirSync(backupsDir, { recursive: true });
    const names = ['jz-20261101T020000000Z-daily.tar.gz', 'jz-20261115T020000000Z-daily.tar.gz', 'jz-20261120T020000000Z-pre-migration.tar.gz', 'jz-20261122T020000000Z-daily.tar.gz'];
    for (const n of names) {
      writeFileSync(path.join(backupsDir, n), 'x', { flag: 'w' });
    }
    const removed = pruneBackups(backupsDir, 7, new Date('2026-11-23T03:00:00Z')).map((f) => path.basename(f));
    expect(removed).toEqual(names.slice(0, 2));
    expect(listBackups(backupsDir).map((b) => path.basename(b.file))).toEqual(names.slice(2));
    // Long after: everything is old, the newest stays.
    pruneBackups(backupsDir, 7, new Date('2027-06-01T00:00:00Z'));
    expect(listBackups(backupsDir).map((b) => path.basename(b.file))).toEqual([names[3]]);
  });
});
