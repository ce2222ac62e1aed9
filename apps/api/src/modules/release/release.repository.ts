/** SQL of score release: what the engine reads of an exam, and the one write of a release (student_score, exam_report, exam). */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import { jsonChunks } from './json-chunks.js';
import type { ReportSet } from './report-set.js';

type Q = Db | Tx;

/** The exam's absences (缺考): exam subject id, course code and exam student id. */
export function absences(q: Q, examId: number) {
  return q.selectFrom('subject_absence as a').innerJoin('exam_subject as s', 's.id', 'a.exam_subject_id')
    .select(['a.exam_subject_id as sid', 's.course_code as code', 'a.exam_student_id as esid']).where('s.exam_id', '=', examId).execute();
}

/** The classes the exam's students sit in, in display order. */
export function examClasses(q: Q, examId: number) {
  return q.selectFrom('school_class as c')
    .select(['c.id', 'c.name', 'c.class_type', 'c.sort'])
    .where('c.id', 'in', q.selectFrom('exam_student').select('class_id').where('exam_id', '=', examId))
    .orderBy('c.sort').orderBy('c.id').execute();
}

/** The exam's students with their class, 学籍类型 and name, by exam number. */
export function examStudents(q: Q, examId: number) {
  return q.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
    .select(['es.id', 'es.student_id', 'es.exam_no', 'es.class_id', 'es.registration_type', 'st.name'])
    .where('es.exam_id', '=', examId).orderBy('es.exam_no').orderBy('es.id').execute();
}

/** One question's stored scores as columns: exam student ids, scores and marked options ('' = none), in one order. */
export interface QuestionColumn { qid: number; esid: number[]; score: number[]; choice: string[] }

/**
 * Every stored score (and marked option) of some questions, one row per question (the primary key's order): a
 * joint exam's subject is 2.5 × 10⁶ cells, which as one row each cost the release most of its time in the driver.
 * The three aggregates of a group read its rows in the same order; options are joined by the unit separator.
 */
export async function questionScores(q: Q, questionIds: number[]): Promise<QuestionColumn[]> {
  if (!questionIds.length) return [];
  const rows = (await sql<{ qid: number; esids: string; scores: string; choices: string }>`
          select question_id as qid, string_agg(exam_student_id::text, ',') as esids, string_agg(score::float8::text, ',') as scores,
            string_agg(coalesce(choice, ''), chr(31)) as choices
          from question_score where question_id in (${sql.join(questionIds)}) group by question_id`.execute(q)).rows;
  return rows.map((r) => ({ qid: r.qid, esid: r.esids.split(',').map(Number), score: r.scores.split(',').map(Number), choice: r.choices.split('\x1f') }));
}

/** The exam's stored analysis settings (exam_setting rows). */
export function storedSettings(q: Q, examId: number) {
  return q.selectFrom('exam_setting').select(['course_code as courseCode', 'family', 'value']).where('exam_id', '=', examId).execute();
}

/**
 * student_score's rows as typed columns (a joint exam has 1,000,000): course code = codes[code[k]], score NaN = none
 * (absent), rank 0 = none.
 */
export interface ScoreColumns { codes: string[]; esid: Int32Array; code: Uint8Array; score: Float64Array; classRank: Int32Array; gradeRank: Int32Array }

/** Replaces the exam's student_score rows (unnest of arrays made per statement, 20,000 rows a statement). */
export async function replaceStudentScores(tx: Tx, examId: number, rows: ScoreColumns): Promise<void> {
  await tx.deleteFrom('student_score').where('exam_id', '=', examId).execute();
  const CHUNK = 20_000;
  const n = rows.esid.length;
  const orNull = (v: number) => (v === v ? v : null);
  const rankOrNull = (v: number) => v || null;
  for (let i = 0; i < n; i += CHUNK) {
    const end = Math.min(n, i + CHUNK);
    const esid = Array.from(rows.esid.subarray(i, end));
    const code = Array.from(rows.code.subarray(i, end), (c) => rows.codes[c]!);
    const score = Array.from(rows.score.subarray(i, end), orNull);
    const classRank = Array.from(rows.classRank.subarray(i, end), rankOrNull);
    const gradeRank = Array.from(rows.gradeRank.subarray(i, end), rankOrNull);
    await sql`insert into student_score (exam_id, exam_student_id, course_code, score, class_rank, grade_rank)
      select ${examId}, * from unnest(${esid}::int[], ${code}::text[], ${score}::numeric[], ${classRank}::int[], ${gradeRank}::int[])`.execute(tx);
  }
}

/** The version the exam's next release gets (its stored version + 1). */
export async function nextVersion(q: Q, examId: number): Promise<number> {
  const row = await q.selectFrom('exam_report').select('version').where('exam_id', '=', examId).executeTakeFirst();
  return Number(row?.version ?? 0) + 1;
}

/** Deletes parts newer than the committed version (a failed release's). */
export async function clearUncommittedParts(q: Q, examId: number): Promise<void> {
  await q.deleteFrom('exam_report_part').where('exam_id', '=', examId)
    .where('version', '>', sql<number>`coalesce((select version from exam_report where exam_id = ${examId}), 0)`).execute();
}

/** A report's JSON text is made in chunks of this many characters (a joint exam's largest is 83 million). */
const PART_CHUNK = 4 * 2 ** 20;
/** A text of at most this many chunks is sent in one insert (PostgreSQL joins them); a longer one as chunk rows. */
const HELD_CHUNKS = 8;

/**
 * One variant's reports as parts of a version, one row a report: each report is built just before it is written and
 * dropped after, and its JSON text is made in chunks (jsonChunks), never as one string. A text of up to HELD_CHUNKS
 * chunks is one insert of their concatenation; a longer one (only a joint exam's 五率临界生) is written as numbered
 * rows ('rateCritical#000000', 'rateCritical#000001' …) that PostgreSQL joins into the report's row, which replaces
 * them (all before the version is committed): that costs a second write of the text, so only the longest pay it.
 */
export async function insertParts(q: Q, examId: number, version: number, variant: string, builders: Record<string, () => unknown>,
  sizes = { chunk: PART_CHUNK, held: HELD_CHUNKS }): Promise<void> {
  const key = { exam_id: examId, variant, version };
  for (const [name, build] of Object.entries(builders)) {
    const built = build();
    // a report stored by column or in chunks of rows answers its parts (SplitParts): each is written as a report of
    // its own, the small ones (a chunk of 250 rows) many to an insert
    if (!(built instanceof SplitParts)) { await insertPart(q, key, name, built, sizes); continue; }
    let batch: { report: string; data: string }[] = [];
    let held = 0;
    const flush = async () => {
      if (batch.length) await q.insertInto('exam_report_part').values(batch.map((b) => ({ ...key, ...b }))).execute();
      batch = [];
      held = 0;
    };
    for (const [report, value] of Object.entries(built.parts)) {
      const small = smallJson(value);
      if (small === undefined) { await insertPart(q, key, report, value, sizes); continue; }
      batch.push({ report, data: small });
      held += small.length;
      if (held >= BATCH_CHARS) await flush();
    }
    await flush();
  }
}

/** Parts written many to an insert: up to this many characters of JSON at once. */
const BATCH_CHARS = 2 ** 21;

/**
 * The JSON of a short list (a chunk of rows, a list of codes) when it is small, else undefined: anything else may be
 * large (a column of 临界生) and is written by insertPart, in chunks of text.
 */
function smallJson(value: unknown): string | undefined {
  if (!Array.isArray(value) || value.length > 1000) return undefined;
  const text = JSON.stringify(value);
  return text.length <= 2 ** 18 ? text : undefined;
}

/** What a builder answers for a report stored as several parts (name → value). */
export class SplitParts {
  constructor(readonly parts: Record<string, unknown>) {}
}

async function insertPart(q: Q, key: { exam_id: number; variant: string; version: number }, report: string, value: unknown,
  sizes: { chunk: number; held: number }): Promise<void> {
  const { exam_id: examId, variant, version } = key;
  const chunks = jsonChunks(value, sizes.chunk);
  const held: string[] = [];
  let next = chunks.next();
  for (; !next.done && held.length < sizes.held; next = chunks.next()) held.push(next.value);
  if (next.done) {
    const data = held.length ? sql<string>`concat(${sql.join(held.map((h) => sql`${h}::text`))})` : 'null';
    await q.insertInto('exam_report_part').values({ ...key, report, data }).execute();
    return;
  }
  const names: string[] = [];
  const put = async (data: string) => {
    const name = `${report}#${String(names.length).padStart(6, '0')}`;
    names.push(name);
    await q.insertInto('exam_report_part').values({ ...key, report: name, data }).execute();
  };
  while (held.length) await put(held.shift()!);
  for (; !next.done; next = chunks.next()) await put(next.value);
  await sql`insert into exam_report_part (exam_id, variant, report, version, data)
    select ${examId}, ${variant}, ${report}, ${version}, string_agg(data, '' order by report collate "C") from exam_report_part
    where exam_id = ${examId} and version = ${version} and variant = ${variant} and report in (${sql.join(names)})`.execute(q);
  await q.deleteFrom('exam_report_part').where('exam_id', '=', examId).where('version', '=', version).where('variant', '=', variant)
    .where('report', 'in', names).execute();
}

/**
 * Makes `version` (its parts written already) the exam's report set: the head (the set without its variants) goes to
 * exam_report and the older parts are deleted. Refused when the stored version moved since the parts were written.
 */
export async function commitReport(tx: Tx, examId: number, version: number, set: ReportSet): Promise<void> {
  const head = JSON.stringify({ ...set, variants: {} });
  const row = await sql<{ version: number }>`
    insert into exam_report (exam_id, version, computed_at, data) values (${examId}, ${version}, now(), ${head}::jsonb)
    on conflict (exam_id) do update set version = excluded.version, computed_at = now(), data = excluded.data
    where exam_report.version = ${version - 1}
    returning version`.execute(tx);
  if (!row.rows.length) throw new Error(`exam ${examId}: the report version moved while version ${version} was written`);
  await tx.deleteFrom('exam_report_part').where('exam_id', '=', examId).where('version', '<>', version).execute();
}

/** Status 4 (released); released_at keeps the first release's time. */
export async function markReleased(tx: Tx, examId: number): Promise<void> {
  await tx.updateTable('exam').set({ status: 4, progress: 100, released_at: sql<Date>`coalesce(released_at, now())`, updated_at: new Date() })
    .where('id', '=', examId).execute();
}

export function examSchool(db: Q, examId: number) {
  return db.selectFrom('exam').select(['id', 'school_id']).where('id', '=', examId).executeTakeFirst();
}

/** The exam's release time and stored report version (none: null). */
export function releaseState(db: Q, examId: number) {
  return db.selectFrom('exam as e').leftJoin('exam_report as r', 'r.exam_id', 'e.id')
    .select(['e.released_at', 'r.version']).where('e.id', '=', examId).executeTakeFirst();
}
