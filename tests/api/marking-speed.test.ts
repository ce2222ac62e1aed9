import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../apps/api/src/db/database.js';
import { bumpVersion, versions } from '../../apps/api/src/modules/marking/marking-live.repository.js';
import { dbKinds, openTestDatabase } from '../helpers/db.js';

/**
 * The speed work on marking (docs/DECISIONS.md "Marking speed"): the live version kept in shards and read as their
 * sum, and (PostgreSQL) statements run as named prepared statements that survive a change of their result columns.
 */
describe.each(dbKinds)('marking speed pieces on %s', (kind) => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(kind); });
  afterAll(async () => { await database.close(); });

  it('reads an exam\'s version as the sum of its shards', async () => {
    const { db } = database;
    const exam = await db.selectFrom('exam').select(['id', 'school_id']).orderBy('id').executeTakeFirstOrThrow();
    expect((await versions(db, [exam.id])).get(exam.id)).toBe(0);
    // keys 1, 2, 33 (= 1 mod 32) and the default 0: four bumps on three rows (worked by hand)
    for (const key of [1, 2, 33, undefined]) await bumpVersion(db, exam.id, exam.school_id, key);
    expect((await versions(db, [exam.id])).get(exam.id)).toBe(4);
    const rows = await db.selectFrom('marking_change').select(['shard', 'version']).where('exam_id', '=', exam.id).orderBy('shard').execute();
    expect(rows.map((r) => [r.shard, Number(r.version)])).toEqual([[0, 1], [1, 2], [2, 1]]);
  });

  it.runIf(kind === 'postgres')('runs statements prepared, and prepares one again after its result columns changed', async () => {
    const { db } = database;
    await sql`create table speed_probe (a int)`.execute(db);
    await sql`insert into speed_probe values (1)`.execute(db);
    const read = () => db.transaction().execute(async (tx) => {
      const rows = (await sql<Record<string, unknown>>`select * from speed_probe where a = ${1}`.execute(tx)).rows;
      const prepared = (await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements where statement like ${'%from speed_probe where%'}`.execute(tx)).rows[0]!.n;
      return { rows, prepared };
    });
    expect(await read()).toEqual({ rows: [{ a: 1 }], prepared: 1 });
    await sql`alter table speed_probe add column b int default 2`.execute(db);
    // every pooled connection that prepared the old text fails once (0A000), then prepares it afresh
    let failures = 0;
    for (let i = 0; i < 30; i++) {
      try { expect((await read()).rows).toEqual([{ a: 1, b: 2 }]); } catch (e) { expect((e as { code?: string }).code).toBe('0A000'); failures++; }
    }
    expect(failures).toBeLessThanOrEqual(10); // at most once per connection of the pool (10)
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
    await sql`drop table speed_probe`.execute(db);
  });
});
