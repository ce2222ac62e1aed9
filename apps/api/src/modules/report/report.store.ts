/**
 * Stored report sets (exam_report.data), read through a small in-process LRU keyed by exam id + version:
 * a request costs one primary-key lookup of the version; the JSON is read and indexed only when the version
 * changed (re-release, approved correction) or the entry was evicted.
 */
import type { Db } from '../../db/database.js';
import type { EngineReports, ReportSet } from '../release/report-set.js';

export interface StudentIndexEntry { classId: number; className: string; admissionNo: string; name: string; registrationType: string }

export interface LoadedSet {
  examId: number;
  version: number;
  computedAt: string;
  set: ReportSet;
  /** exam_student id (engine student id) → class and labels, from the all-students transcript. */
  students: Map<string, StudentIndexEntry>;
  /** Per variant: engine student id → position in that variant's transcript rows. */
  transcriptPos: Map<string, Map<string, number>>;
}

const MAX_ENTRIES = 16;
const cache = new Map<number, LoadedSet>();

function index(examId: number, version: number, computedAt: Date, set: ReportSet): LoadedSet {
  const all = set.variants['0'] as EngineReports;
  const students = new Map<string, StudentIndexEntry>();
  for (const r of all.transcript.rows) {
    students.set(r.studentId, { classId: Number(r.classId), className: r.className, admissionNo: r.admissionNo, name: r.name, registrationType: r.registrationType ?? '' });
  }
  const transcriptPos = new Map<string, Map<string, number>>();
  for (const [k, v] of Object.entries(set.variants)) transcriptPos.set(k, new Map(v.transcript.rows.map((r, i) => [r.studentId, i])));
  return { examId, version, computedAt: new Date(computedAt).toISOString(), set, students, transcriptPos };
}

/** The exam's current report set, or undefined when the exam has not been released. */
export async function loadReportSet(db: Db, examId: number): Promise<LoadedSet | undefined> {
  const head = await db.selectFrom('exam_report').select(['version']).where('exam_id', '=', examId).executeTakeFirst();
  if (!head) return undefined;
  const hit = cache.get(examId);
  if (hit && hit.version === head.version) {
    cache.delete(examId);
    cache.set(examId, hit);
    return hit;
  }
  const row = await readSet(db, examId);
  if (!row) return undefined;
  const { version, computedAt, data } = row;
  const loaded = index(examId, version, computedAt, data);
  cache.delete(examId);
  cache.set(examId, loaded);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as number);
  return loaded;
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

/**
 * The head and its parts (exam_report_part, one row per variant and report) of the same version: a release committed
 * between the two reads shows as parts of another version, and the set is read again. A set stored whole (before
 * the parts) has its variants in the head.
 */
async function readSet(db: Db, examId: number): Promise<{ version: number; computedAt: Date; data: ReportSet } | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const head = await db.selectFrom('exam_report').select(['version', 'computed_at', 'data']).where('exam_id', '=', examId).executeTakeFirst();
    if (!head) return undefined;
    const data = parse(head.data) as ReportSet;
    if (Object.keys(data.variants ?? {}).length) return { version: head.version, computedAt: head.computed_at, data };
    const parts = await db.selectFrom('exam_report_part').select(['variant', 'report', 'version', 'data']).where('exam_id', '=', examId).execute();
    if (parts.some((p) => p.version !== head.version)) continue;
    const variants: Record<string, Record<string, unknown>> = {};
    for (const p of parts) (variants[p.variant] ??= {})[p.report] = parse(p.data);
    return { version: head.version, computedAt: head.computed_at, data: { ...data, variants: variants as unknown as ReportSet['variants'] } };
  }
  throw new Error(`exam ${examId}: the report set changed during five reads`);
}

/** The exam row a report request starts from (its school and release time). */
export function examHeader(db: Db, examId: number) {
  return db.selectFrom('exam').select(['id', 'school_id', 'released_at']).where('id', '=', examId).executeTakeFirst();
}
