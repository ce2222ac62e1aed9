import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { fsyncStats } from '../../apps/api/src/db/pglite-durable.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'jz-fsync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// PGlite as shipped starts with fsync off and its file layer ignores fsync: a commit reached the page cache only.
describe('embedded database commits reach the disk', () => {
  it('runs with fsync on and fsyncs the WAL at every commit', async () => {
    const database = await openDatabase({ dataDir: path.join(dir, 'db') });
    try {
      const show = async (name: string) => (await sql.raw<Record<string, string>>(`show ${name}`).execute(database.db)).rows[0]![name];
      expect(await show('fsync')).toBe('on');
      expect(await show('synchronous_commit')).toBe('on');
      expect(await show('wal_sync_method')).toBe('fsync');
      await sql`create table t (n int)`.execute(database.db);
      const before = fsyncStats.calls;
      for (let n = 0; n < 5; n++) await sql`insert into t values (${n})`.execute(database.db);
      expect(fsyncStats.calls - before).toBeGreaterThanOrEqual(5);
    } finally {
      await database.close();
    }
  });
});
