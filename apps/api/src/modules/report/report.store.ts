/**
 * Stored report sets, read lazily: the head (exam_report: version, exam, settings, classes, subjects) and the list of
 * parts of that version, then the student index and only the parts (exam_report_part: one variant × one report) a
 * request needs. Everything read is cached in process by exam id + version, in an LRU bounded by the size of the
 * JSON read (REPORT_CACHE_MB, 512), so a request costs one primary-key lookup of the version once its parts are in.
 * Every part is read with the head's version: a release committed between two reads shows as a missing part, and the
 * set is read again from its new head, so a request never mixes two versions. Sets stored before the extra parts
 * (report-set.ts ExtraReports) are read from the reports those parts are made of.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { studentIndexOf } from '../release/report-parts.js';
import {
  COLUMN_SPLIT, ROW_SPLIT, type ColumnSplit, type EngineReports, type ExtraReports, type ReportSet, type RowSplit, type RowsHead, type StoredReports, type StudentIndex,
} from '../release/report-set.js';

export interface StudentIndexEntry { classId: number; className: string; admissionNo: string; name: string; registrationType: string }

/**
 * A report of a variant, one column of a report stored by column (`rateCritical@SX`), or the head of a report stored
 * in chunks of rows (`transcript~`: its rows are read by rowsAt).
 */
export type ReportName = keyof StoredReports | `${ColumnSplit}@${string}` | `${RowSplit}~`;

/** One column's table of a report stored by column, or (older sets) found in the whole report. */
export function columnTable<N extends ColumnSplit>(reports: StoredReports, name: N, code: string): EngineReports[N][number] | undefined {
  const own = (reports as unknown as Record<string, EngineReports[N][number] | undefined>)[`${name}@${code}`];
  return own ?? (reports[name] as { code: string }[] | undefined)?.find((t) => t.code === code) as EngineReports[N][number] | undefined;
}

/** The stored student index, looked up by engine student id (the id map made on first use). */
export class Students {
  private pos?: Map<string, number>;
  constructor(readonly index: StudentIndex) {}
  /** Position in the all-students transcript rows. */
  position(id: string): number | undefined {
    this.pos ??= new Map(this.index.ids.map((x, i) => [x, i]));
    return this.pos.get(id);
  }
  /** The student's class id, or -1 (a lookup of 100,000 students per list without an object each). */
  classOf(id: string): number {
    const i = this.position(id);
    return i === undefined ? -1 : this.index.classIds[i]!;
  }
  get(id: string): StudentIndexEntry | undefined {
    const i = this.position(id);
    if (i === undefined) return undefined;
    const x = this.index;
    return { classId: x.classIds[i]!, className: x.classNames[x.classNameOf[i]!]!, admissionNo: x.admissionNos[i]!, name: x.names[i]!, registrationType: x.registrationTypes[x.registrationTypeOf[i]!]! };
  }
  /** A joint exam's candidate → school (undefined: no schools stored, a set from before the index). */
  schoolMap(): Map<string, number> | undefined {
    const { schoolIds, schoolOf, ids } = this.index;
    return schoolIds && schoolOf ? new Map(ids.map((id, i) => [id, schoolIds[schoolOf[i]!]!])) : undefined;
  }
}

export interface LoadedSet {
  /** The database the set was read from (rows of a report stored in chunks are read on demand). */
  db: Db;
  examId: number;
  version: number;
  computedAt: string;
  /** The head: `variants` holds the variant objects read so far (use reportsOf to read one). */
  set: ReportSet;
  /** Variant → the reports stored for it in this version ('0' = every student; otherwise one 学籍类型). */
  variants: Map<string, Set<string>>;
  /** exam_student id (engine student id) → class, labels and position in the all-students transcript rows. */
  students: Students;
}

const NO_STUDENTS: StudentIndex = { ids: [], classIds: [], classNames: [], classNameOf: [], admissionNos: [], names: [], registrationTypes: [], registrationTypeOf: [] };

/** A part that was not there: the set was released again since its head was read. */
export class StaleSetError extends Error {}

const LIMIT = Number(process.env.REPORT_CACHE_MB ?? 512) * 2 ** 20;

/** LRU over sizes (characters of JSON read): what is read of one version of one exam is one entry. */
class SizedLru<V> {
  private entries = new Map<string, { value: V; size: number }>();
  private total = 0;
  constructor(private limit: number) {}
  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }
  set(key: string, value: V, size: number) {
    this.drop(key);
    this.entries.set(key, { value, size });
    this.total += size;
    this.trim(key);
  }
  grow(key: string, by: number) {
    const e = this.entries.get(key);
    if (!e) return;
    e.size += by;
    this.total += by;
    this.trim(key);
  }
  drop(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.total -= e.size;
  }
  /** Evicts the least recently used entries over the limit (never `keep`, the one being filled). */
  private trim(keep: string) {
    for (const k of this.entries.keys()) {
      if (this.total <= this.limit) break;
      if (k !== keep) this.drop(k);
    }
  }
  get size() { return this.total; }
}

const cache = new SizedLru<LoadedSet>(LIMIT);
const dbIds = new WeakMap<object, number>();
let nextDbId = 1;
/**
 * Cache key of an exam's set in one database. A process may hold several databases (the test suite runs many apps,
 * each on its own copy of the demo data, where the same exam id reaches the same version with other contents).
 */
export function examKey(db: Db, examId: number): string {
  let id = dbIds.get(db);
  if (id === undefined) dbIds.set(db, (id = nextDbId++));
  return `${id}:${examId}`;
}

/** Forgets what was read of an exam's set in this process (tests: a cold first request). */
export const forgetReportSet = (db: Db, examId: number) => cache.drop(examKey(db, examId));

/** Cache occupancy in characters of JSON (tests). */
export const cachedSize = () => cache.size;

/** Told of each part read from the database, as variant/report (tests: what a request read). */
export const partReads: { listener?: (part: string) => void } = {};

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

async function readHead(db: Db, examId: number): Promise<LoadedSet | undefined> {
  const head = await db.selectFrom('exam_report').select(['version', 'computed_at', 'data']).where('exam_id', '=', examId).executeTakeFirst();
  if (!head) return undefined;
  const set = parse(head.data) as ReportSet;
  const base = { db, examId, version: head.version, computedAt: new Date(head.computed_at).toISOString(), students: new Students(NO_STUDENTS) };
  // a set stored whole (before the parts) has its variants in the head
  if (Object.keys(set.variants ?? {}).length) {
    const variants = new Map(Object.entries(set.variants).map(([k, v]) => [k, new Set(Object.keys(v))]));
    return { ...base, set, variants };
  }
  const list = await db.selectFrom('exam_report_part').select(['variant', 'report']).where('exam_id', '=', examId).where('version', '=', head.version).execute();
  const variants = new Map<string, Set<string>>();
  for (const p of list) (variants.get(p.variant) ?? variants.set(p.variant, new Set()).get(p.variant)!).add(p.report);
  return { ...base, set: { ...set, variants: {} }, variants };
}

/** What an extra part is made of, read in its place from a set stored before it. */
const MADE_OF: Record<keyof ExtraReports, ReportName[]> = {
  studentIndex: ['transcript'],
  transcriptHead: ['transcript'],
  schoolContrast: ['transcript', 'overview'],
  schoolRanks: ['transcript'],
  balances: ['students'],
};

/** Reads the named reports of one variant that are not read yet into the set; answers the characters read. */
async function readParts(db: Db, loaded: LoadedSet, variant: string, names?: readonly ReportName[]): Promise<number> {
  const stored = loaded.variants.get(variant);
  if (!stored) throw new Error(`exam ${loaded.examId}: no variant ${variant}`);
  const target = (loaded.set.variants[variant] ??= {} as EngineReports) as unknown as Record<string, unknown>;
  // what a name stands for when not stored, followed down (a missing transcript head is made of the transcript, which
  // may itself be stored in chunks of rows)
  const expand = (n: string, depth: number): string[] => (stored.has(n) || depth > 2 ? [n] : insteadOf(stored, n).flatMap((m) => expand(m, depth + 1)));
  const wanted = names ? names.flatMap((n) => expand(n, 0)) : [...stored];
  const missing = [...new Set(wanted)].filter((n) => stored.has(n) && !(n in target));
  if (!missing.length) return 0;
  const size = await readRows(db, loaded, variant, missing, target);
  assembleColumns(stored, target);
  assembleRows(target);
  return size;
}

/** The stored parts to read for a name this version does not store (sets released before it, or stored by column). */
function insteadOf(stored: Set<string>, name: string): string[] {
  if (Object.hasOwn(MADE_OF, name)) return MADE_OF[name as keyof ExtraReports];
  const at = name.indexOf('@');
  if (at >= 0) return [name.slice(0, at)]; // one column of a report stored whole
  if ((COLUMN_SPLIT as readonly string[]).includes(name)) return [...stored].filter((n) => n.startsWith(`${name}@`));
  if (name.endsWith('~')) return [name.slice(0, -1)]; // the head of a report stored whole
  if (Object.hasOwn(ROW_SPLIT, name)) return [...stored].filter((n) => n.startsWith(`${name}~`)); // head and every chunk
  return [];
}

const chunkName = (name: RowSplit, k: number) => `${name}~${k}`;

/** A report stored in chunks of rows whose chunks are all read is put together whole (the readers of the whole report). */
function assembleRows(target: Record<string, unknown>) {
  for (const name of Object.keys(ROW_SPLIT) as RowSplit[]) {
    const head = target[`${name}~`] as RowsHead | undefined;
    if (name in target || !head) continue;
    const chunks = Math.ceil(head.count / head.per);
    if (!Array.from({ length: chunks }, (_, k) => chunkName(name, k)).every((c) => c in target)) continue;
    const rows = Array.from({ length: chunks }, (_, k) => target[chunkName(name, k)] as unknown[]).flat();
    target[name] = { ...head.rest, [ROW_SPLIT[name]]: rows };
  }
}

/** A report stored by column whose columns are all read is put together whole (the readers of the whole report). */
function assembleColumns(stored: Set<string>, target: Record<string, unknown>) {
  for (const name of COLUMN_SPLIT) {
    const codes = target[`${name}@`] as string[] | undefined;
    if (name in target || !codes || !stored.has(`${name}@`) || !codes.every((c) => `${name}@${c}` in target)) continue;
    target[name] = codes.map((c) => target[`${name}@${c}`]);
  }
}

async function readRows(db: Db, loaded: LoadedSet, variant: string, missing: string[], target: Record<string, unknown>): Promise<number> {
  const rows = (await sql<{ report: string; data: string }>`
    select report, data from exam_report_part
    where exam_id = ${loaded.examId} and version = ${loaded.version} and variant = ${variant} and report in (${sql.join(missing)})`.execute(db)).rows;
  if (rows.length < missing.length) throw new StaleSetError(`exam ${loaded.examId}: version ${loaded.version} was replaced`);
  let size = 0;
  for (const r of rows) {
    target[r.report] = JSON.parse(r.data);
    size += r.data.length;
    partReads.listener?.(`${variant}/${r.report}`);
  }
  return size;
}

/**
 * The named reports of one variant (all the variant's when `names` is omitted), read on first use: the same object
 * for every request on this version, so per-report memos keyed by it hold. Throws StaleSetError when the version
 * was replaced meanwhile (withFreshSet reads the set again).
 */
export async function reportsOf(db: Db, loaded: LoadedSet, variant: string, names?: readonly ReportName[]): Promise<StoredReports> {
  const size = await readParts(db, loaded, variant, names);
  if (size) cache.grow(examKey(db, loaded.examId), size);
  return loaded.set.variants[variant] as StoredReports;
}

type HeadOf<N extends RowSplit> = Omit<EngineReports[N], (typeof ROW_SPLIT)[N]>;

/** A report stored in chunks of rows without its rows (from the report when it was read whole). */
export function reportHead<N extends RowSplit>(reports: StoredReports, name: N): HeadOf<N> {
  const head = (reports as unknown as Record<string, RowsHead | undefined>)[`${name}~`];
  return (head ? head.rest : reports[name]) as unknown as HeadOf<N>;
}

type RowOf<N extends RowSplit> = N extends 'transcript' ? EngineReports['transcript']['rows'][number] : EngineReports['students']['students'][number];
const orders = new WeakMap<object, Int32Array>();

/**
 * Each row's position in the student index, for a report of a read variant stored in chunks of rows (its head read)
 * or whole: what a page filters by (class, name, 考号) before it reads the rows it shows.
 */
export function rowOrder(loaded: LoadedSet, variant: string, name: RowSplit): Int32Array {
  const reports = loaded.set.variants[variant] as StoredReports;
  const head = (reports as unknown as Record<string, RowsHead | undefined>)[`${name}~`];
  const key: object = head ?? reports[name];
  let order = orders.get(key);
  if (order) return order;
  if (head) order = head.order ? Int32Array.from(head.order) : Int32Array.from({ length: head.count }, (_, i) => i);
  else {
    const rows = (reports[name] as unknown as Record<string, { studentId: string }[]>)[ROW_SPLIT[name]]!;
    order = Int32Array.from(rows, (r) => loaded.students.position(r.studentId) ?? -1);
  }
  orders.set(key, order);
  return order;
}

/**
 * Rows `at` (positions in the report's row list) of a report of a read variant, in that order: from the report when it
 * is read whole, else from its chunks, reading those not read yet. Throws StaleSetError when the version was replaced.
 */
export async function rowsAt<N extends RowSplit>(loaded: LoadedSet, variant: string, name: N, at: ArrayLike<number>): Promise<RowOf<N>[]> {
  const target = loaded.set.variants[variant] as unknown as Record<string, unknown>;
  const whole = target[name] as Record<string, RowOf<N>[]> | undefined;
  if (whole) return Array.from(at, (i) => whole[ROW_SPLIT[name]]![i]!);
  const head = target[`${name}~`] as RowsHead;
  const missing = [...new Set(Array.from(at, (i) => Math.floor(i / head.per)))].map((k) => chunkName(name, k)).filter((c) => !(c in target));
  if (missing.length) {
    const size = await readRows(loaded.db, loaded, variant, missing, target);
    cache.grow(examKey(loaded.db, loaded.examId), size);
  }
  return Array.from(at, (i) => (target[chunkName(name, Math.floor(i / head.per))] as RowOf<N>[])[i % head.per]!);
}

/** The parts a request reads: `names` of its variant and `all` of the all-students variant ('0'). */
export interface PartsNeed { names: readonly ReportName[]; all?: readonly ReportName[] }

/**
 * The variant's reports a request needs. Without `need`, every report of the variant and the all-students
 * transcript (what callers that build several reports from one context read).
 */
export async function reportsFor(db: Db, loaded: LoadedSet, variant: string, need?: PartsNeed): Promise<StoredReports> {
  await reportsOf(db, loaded, '0', need ? need.all ?? [] : ['transcript']);
  return reportsOf(db, loaded, variant, need?.names);
}

async function readSet(db: Db, examId: number): Promise<LoadedSet | undefined> {
  const loaded = await readHead(db, examId);
  if (!loaded) return undefined;
  // the index when stored (a few MB), else made from the all-students transcript (sets released before it)
  const size = await readParts(db, loaded, '0', ['studentIndex']);
  const all = loaded.set.variants['0'] as StoredReports;
  loaded.students = new Students(all.studentIndex ?? studentIndexOf(all));
  cache.set(examKey(db, examId), loaded, size);
  return loaded;
}

/** The exam's current report set (head and student index), or undefined when not released. */
export async function loadReportSet(db: Db, examId: number): Promise<LoadedSet | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const head = await db.selectFrom('exam_report').select(['version']).where('exam_id', '=', examId).executeTakeFirst();
    if (!head) return undefined;
    const hit = cache.get(examKey(db, examId));
    if (hit && hit.version === head.version) return hit;
    try {
      return await readSet(db, examId);
    } catch (e) {
      if (!(e instanceof StaleSetError)) throw e;
    }
  }
  throw new Error(`exam ${examId}: the report set changed during five reads`);
}

/**
 * Runs `use` on a context made by `make`, making it again (the set read again, up to five times) when a release
 * replaced the set while `use` read rows of it (rowsAt): a report built on a context reads its rows after the context.
 */
export async function withFreshRows<C extends { loaded: LoadedSet }, T>(make: () => Promise<C>, use: (c: C) => T | Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const c = await make();
    try {
      return await use(c);
    } catch (e) {
      if (!(e instanceof StaleSetError) || attempt >= 5) throw e;
      cache.drop(examKey(c.loaded.db, c.loaded.examId));
    }
  }
}

/**
 * Runs `use` on the exam's current set, reading the set again (up to five times) when a release replaced it
 * between its head and a part `use` reads (reportsOf). Undefined when the exam has not been released.
 */
export async function withFreshSet<T>(db: Db, examId: number, use: (loaded: LoadedSet) => Promise<T>): Promise<T | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const loaded = await loadReportSet(db, examId);
    if (!loaded) return undefined;
    try {
      return await use(loaded);
    } catch (e) {
      if (!(e instanceof StaleSetError)) throw e;
      cache.drop(examKey(db, examId));
    }
  }
  throw new Error(`exam ${examId}: the report set changed during five reads`);
}

/** The exam row a report request starts from (its school and release time). */
export function examHeader(db: Db, examId: number) {
  return db.selectFrom('exam').select(['id', 'school_id', 'released_at', 'mode']).where('id', '=', examId).executeTakeFirst();
}
