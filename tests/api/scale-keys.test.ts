import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LARGE_TABLES, REFERENCE_TABLES } from '../../apps/api/src/db/scale-keys.js';
import { openTestDatabase, dbKinds } from '../helpers/db.js';
import type { Database } from '../../apps/api/src/db/database.js';

/**
 * docs/SCALE.md: every large table has exam_id in its primary key, or an exam_id column, or a foreign key to a
 * table holding exam_id — as apps/api/src/db/scale-keys.ts lists it, with a reason. Read from information_schema of
 * the migrated database, so the list and the schema cannot drift apart.
 */
describe.each(dbKinds)('scale keys on %s', (kind) => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(kind); });
  afterAll(async () => { await database?.close(); });

  const columns = async (table: string) => (await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(database.db)).rows.map((r) => r.column_name);
  const primaryKey = async (table: string) => (await sql<{ column_name: string }>`select k.column_name from information_schema.table_constraints c
    join information_schema.key_column_usage k on k.constraint_name = c.constraint_name and k.table_schema = c.table_schema and k.table_name = c.table_name
    where c.table_schema = current_schema() and c.table_name = ${table} and c.constraint_type = 'PRIMARY KEY' order by k.ordinal_position`.execute(database.db)).rows.map((r) => r.column_name);
  const references = async (table: string, column: string) => (await sql<{ ref: string }>`select cu.table_name as ref
    from information_schema.referential_constraints r
    join information_schema.key_column_usage k on k.constraint_name = r.constraint_name and k.table_schema = r.constraint_schema
    join information_schema.constraint_column_usage cu on cu.constraint_name = r.unique_constraint_name and cu.constraint_schema = r.unique_constraint_schema
    where k.table_schema = current_schema() and k.table_name = ${table} and k.column_name = ${column}`.execute(database.db)).rows.map((r) => r.ref);

  it('each large table is keyed by exam_id, has it, or reaches it through the foreign key named', async () => {
    for (const t of LARGE_TABLES) {
      const cols = await columns(t.table);
      expect(cols.length, `${t.table} exists`).toBeGreaterThan(0);
      const pk = await primaryKey(t.table);
      if (t.kind === 'key') {
        expect(pk, `${t.table}: exam_id in the primary key`).toContain('exam_id');
        continue;
      }
      expect(t.reason, `${t.table}: a reason`).toBeTruthy();
      expect(pk, `${t.table}: listed as '${t.kind}', so exam_id is not yet in its key`).not.toContain('exam_id');
      if (t.kind === 'column') {
        expect(cols, `${t.table}: exam_id column`).toContain('exam_id');
        continue;
      }
      expect(cols, `${t.table}: no exam_id column (else it is 'column')`).not.toContain('exam_id');
      expect(cols, `${t.table}.${t.via!.column}`).toContain(t.via!.column);
      const refs = await references(t.table, t.via!.column);
      if (t.via!.foreignKey === false) expect(refs, `${t.table}.${t.via!.column}: no declared key (as listed)`).toEqual([]);
      else expect(refs, `${t.table}.${t.via!.column} → ${t.via!.references}`).toContain(t.via!.references);
      expect(await columns(t.via!.references), `${t.via!.references} holds exam_id`).toContain('exam_id');
    }
  });

  it('every table with an exam_id column is either listed, a reference table, or a per-exam settings table', async () => {
    const rows = (await sql<{ table_name: string }>`select distinct table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'exam_id' order by table_name`.execute(database.db)).rows.map((r) => r.table_name);
    const listed = new Set(LARGE_TABLES.map((t) => t.table));
    // one row (or a handful) per exam: co-located by exam_id without being large
    const small = new Set(['exam', 'exam_subject', 'exam_setting', 'exam_room', 'marking_block', 'exam_subject_excluded', 'assistant_message', 'assistant_call', 'job', 'answer_card', 'question_group', 'question']);
    const unexplained = rows.filter((t) => !listed.has(t) && !small.has(t) && !REFERENCE_TABLES.includes(t));
    expect(unexplained).toEqual([]);
  });

  it('docs/SCALE.md names every large table and every reference table', () => {
    const doc = readFileSync(new URL('../../docs/SCALE.md', import.meta.url), 'utf8');
    for (const t of [...LARGE_TABLES.map((x) => x.table), ...REFERENCE_TABLES]) expect(doc, t).toContain(`\`${t}\``);
  });
});
