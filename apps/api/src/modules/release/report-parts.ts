/**
 * The parts release stores beside the engine's reports of each variant, so the report api reads a few small parts
 * on a version's first request instead of the transcript: the student index ('0' only), the transcript's head and,
 * for a joint exam, 校际对比 over every school (named, anonymised and ranked among the confirmed schools per request).
 */
import { buildSchoolContrast, schoolRanks } from '@jz/analysis';
import type { Db, Tx } from '../../db/database.js';
import { candidateSchools, jointHeader } from '../joint-report/joint-report.repository.js';
import { SplitParts } from './release.repository.js';
import { COLUMN_SPLIT, ROW_SPLIT, ROWS_PER_CHUNK, type EngineReports, type RowSplit, type RowsHead, type ExtraReports, type StoredBalances, type StoredSchoolRanks, type StudentIndex, type TranscriptHead } from './report-set.js';

/** Distinct values in first-seen order and each item's index into them. */
function dictionary<T>(values: T[]): { keys: T[]; of: number[] } {
  const pos = new Map<T, number>();
  const keys: T[] = [];
  const of = values.map((v) => {
    let i = pos.get(v);
    if (i === undefined) { pos.set(v, i = keys.length); keys.push(v); }
    return i;
  });
  return { keys, of };
}

export function studentIndexOf(reports: EngineReports, schoolOf?: Map<string, number>): StudentIndex {
  const rows = reports.transcript.rows;
  const classNames = dictionary(rows.map((r) => r.className));
  const types = dictionary(rows.map((r) => r.registrationType ?? ''));
  const index: StudentIndex = {
    ids: rows.map((r) => r.studentId),
    classIds: rows.map((r) => Number(r.classId)),
    classNames: classNames.keys, classNameOf: classNames.of,
    admissionNos: rows.map((r) => r.admissionNo),
    names: rows.map((r) => r.name),
    registrationTypes: types.keys, registrationTypeOf: types.of,
  };
  if (schoolOf) {
    const schools = dictionary(rows.map((r) => schoolOf.get(r.studentId) ?? 0));
    index.schoolIds = schools.keys;
    index.schoolOf = schools.of;
  }
  return index;
}

export function transcriptHeadOf(reports: EngineReports): TranscriptHead {
  const classCounts: Record<string, number> = {};
  for (const r of reports.transcript.rows) classCounts[r.classId] = (classCounts[r.classId] ?? 0) + 1;
  return { columns: reports.transcript.columns, rowCount: reports.transcript.rows.length, classCounts };
}

/**
 * 校际对比 of every column over every school with candidates (in school id order), as the report would compute it
 * for all of them: a school's row does not depend on the other schools but for the rank of its mean.
 */
export function schoolContrastOf(reports: EngineReports, schoolOf: Map<string, number>): ExtraReports['schoolContrast'] {
  const cols = reports.transcript.columns;
  const columns = cols.map((c) => {
    const rates = reports.overview.rows.find((r) => r.code === c.code)?.rates ?? [];
    return { code: c.code, name: c.name, fullScore: c.fullScore, isTotal: c.isTotal, rates: rates.map((r) => ({ key: r.key, name: r.name, thresholdScore: r.thresholdScore, below: r.below })) };
  });
  const ids = [...new Set(schoolOf.values())].sort((a, b) => a - b);
  const students = reports.transcript.rows.map((r) => ({ schoolId: String(schoolOf.get(r.studentId) ?? ''), scores: r.scores, ranks: r.gradeRanks }));
  return buildSchoolContrast({ schools: ids.map((id) => ({ id: String(id), name: '' })), columns, students });
}

export function balancesOf(reports: EngineReports): StoredBalances {
  const list = reports.students.students;
  return { ids: list.map((s) => s.studentId), change: list.map((s) => s.change), strong: list.map((s) => s.strongSubject), weak: list.map((s) => s.weakSubject) };
}

/** 校内排名 of a variant's candidates in the order of the student index (`order`: id → position). */
export function schoolRanksOf(reports: EngineReports, schoolOf: Map<string, number>, order: Map<string, number>): StoredSchoolRanks {
  const C = reports.transcript.columns.length;
  const rows = reports.transcript.rows;
  const ranks = schoolRanks(rows.map((r) => ({ schoolId: String(schoolOf.get(r.studentId) ?? ''), scores: r.scores })), C);
  const flat = new Array<number>(order.size * C).fill(0);
  rows.forEach((r, k) => {
    const i = order.get(r.studentId);
    if (i !== undefined) for (let c = 0; c < C; c++) flat[i * C + c] = ranks[k]![c] ?? 0;
  });
  return { columns: C, ranks: flat };
}

/** A split report's columns as parts of their own (COLUMN_SPLIT): `name@` lists the codes, `name@code` holds one. */
function splitColumns(name: string, tables: { code: string }[]): SplitParts {
  const out: Record<string, unknown> = { [`${name}@`]: tables.map((t) => t.code) };
  for (const t of tables) out[`${name}@${t.code}`] = t;
  return new SplitParts(out);
}

/**
 * A report stored in chunks of rows (ROW_SPLIT): `name~` the head, `name~<k>` the chunks. `order` maps a student id
 * to its position in the student index (null: the rows are in the index's order, the all-students transcript).
 */
export function splitRows(name: RowSplit, report: object, order: Map<string, number> | null): SplitParts {
  const key = ROW_SPLIT[name];
  const { [key]: rows, ...rest } = report as Record<string, { studentId: string }[]>;
  const list = rows!;
  const head: RowsHead = { rest, count: list.length, per: ROWS_PER_CHUNK, order: order ? list.map((r) => order.get(r.studentId) ?? -1) : null };
  const out: Record<string, unknown> = { [`${name}~`]: head };
  for (let k = 0; k * ROWS_PER_CHUNK < list.length; k++) out[`${name}~${k}`] = list.slice(k * ROWS_PER_CHUNK, (k + 1) * ROWS_PER_CHUNK);
  return new SplitParts(out);
}

type Builders = Record<string, () => unknown>;
/** The reports the extra parts are made from: built once per variant and kept until its last part is written. */
const KEPT = ['overview', 'transcript', 'students'] as const;

/**
 * What release writes of each variant (read once: the candidates' schools of a joint exam), as builders run one at a
 * time (release.repository insertParts): the engine's reports, the split ones by column, and the extra parts.
 */
export async function reportExtras(q: Db | Tx, examId: number): Promise<(variant: string, builders: Builders) => Builders> {
  const joint = await jointHeader(q, examId);
  const schoolOf = joint ? new Map((await candidateSchools(q, examId)).map((c) => [String(c.id), c.schoolId])) : undefined;
  let order: Map<string, number> | undefined; // the student index's, from variant '0' (written first)
  return (variant, builders) => {
    // the index is made of variant '0''s transcript rows, in their order
    const indexOrder = () => {
      if (!order && variant !== '0') throw new Error(`variant ${variant} written before variant 0`);
      return (order ??= new Map(reports.transcript.rows.map((r, i) => [r.studentId, i])));
    };
    const kept = new Map<string, unknown>();
    const built = (name: string) => {
      if (!(KEPT as readonly string[]).includes(name)) return builders[name]!();
      if (!kept.has(name)) kept.set(name, builders[name]!());
      return kept.get(name);
    };
    const reports = Object.defineProperties({}, Object.fromEntries(KEPT.map((k) => [k, { get: () => built(k) }]))) as EngineReports;
    const out: Builders = {};
    for (const name of Object.keys(builders)) {
      if ((COLUMN_SPLIT as readonly string[]).includes(name)) out[name] = () => splitColumns(name, built(name) as { code: string }[]);
      else if (Object.hasOwn(ROW_SPLIT, name)) {
        const rowsOf = name as RowSplit;
        out[name] = () => splitRows(rowsOf, built(name) as object, variant === '0' && rowsOf === 'transcript' ? null : indexOrder());
      } else out[name] = () => built(name);
    }
    if (variant === '0') {
      out.studentIndex = () => {
        const index = studentIndexOf(reports, schoolOf);
        order ??= new Map(index.ids.map((id, i) => [id, i]));
        return index;
      };
    }
    out.transcriptHead = () => transcriptHeadOf(reports);
    out.balances = () => balancesOf(reports);
    if (schoolOf) out.schoolContrast = () => schoolContrastOf(reports, schoolOf);
    // in the index's order: variant '0' (written first) makes the index just before, as its builders run in order
    if (schoolOf) out.schoolRanks = () => schoolRanksOf(reports, schoolOf, order!);
    return out;
  };
}
