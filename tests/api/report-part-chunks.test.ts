import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../apps/api/src/db/database.js';
import { clearUncommittedParts, insertParts } from '../../apps/api/src/modules/release/release.repository.js';
import { dbKinds, openTestDatabase } from '../helpers/db.js';

/**
 * A report's JSON text longer than the chunk size is written as numbered rows that PostgreSQL joins into the report's
 * row (a text of up to 8 chunks goes in one insert): the stored text is exactly JSON.stringify's, and no chunk row
 * is left (chunks of 100 characters here).
 */
describe.each(dbKinds)('report parts written in chunks on %s', (kind) => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(kind); });
  afterAll(async () => { await database.close(); });

  it('stores each report whole, in chunks or not, and nothing else', async () => {
    const { db } = database;
    const exam = await db.selectFrom('exam').select('id').orderBy('id').executeTakeFirstOrThrow();
    const big = { rows: Array.from({ length: 600 }, (_, i) => ({ id: `s${i}`, name: `学生"${i}"`, score: i / 2, rank: i % 7 ? i : null })) };
    const version = 1000;
    await insertParts(db, exam.id, version, '应届', { big: () => big, small: () => ({ n: 1 }), none: () => [] }, { chunk: 100, held: 8 });
    // a text of up to 8 chunks goes in one insert
    await insertParts(db, exam.id, version, '0', { mid: () => big.rows.slice(0, 10) }, { chunk: 100, held: 8 });
    const rows = await db.selectFrom('exam_report_part').select(['report', 'data'])
      .where('exam_id', '=', exam.id).where('version', '=', version).where('variant', '=', '应届').orderBy('report').execute();
    expect(rows.map((r) => r.report)).toEqual(['big', 'none', 'small']);
    const mid = await db.selectFrom('exam_report_part').select(['report', 'data'])
      .where('exam_id', '=', exam.id).where('version', '=', version).where('variant', '=', '0').execute();
    expect(mid).toEqual([{ report: 'mid', data: JSON.stringify(big.rows.slice(0, 10)) }]);
    expect(mid[0]!.data.length).toBeGreaterThan(300);
    expect(rows[0]!.data).toBe(JSON.stringify(big));
    expect(rows[0]!.data.length).toBeGreaterThan(100 * 50);
    expect(rows.slice(1).map((r) => r.data)).toEqual(['[]', '{"n":1}']);
    await clearUncommittedParts(db, exam.id);
  });
});
