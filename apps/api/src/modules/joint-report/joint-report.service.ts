/**
 * What the joint exam adds to the school reports: the transcript with each candidate's school and school rank,
 * 校际对比 (packages/analysis buildSchoolContrast over the stored transcript: joint ranks are its grade ranks), one
 * candidate's scores with class, school and joint ranks, and the filter with the joint labels.
 */
import { buildSchoolContrast, competitionRank, schoolRanks } from '@jz/analysis';
import { TOTAL_CODE, type ReportFilter, type TranscriptQuery } from '@jz/shared/api/report';
import type { JointTranscript, SchoolContrast, StudentInfo } from '@jz/shared/api/joint-report';
import { BizError, forbidden } from '../../core/http.js';
import type { EngineReports, StoredReports } from '../release/report-set.js';
import { allowed, columnOf, engineColumns, filter, multi, transcript } from '../report/report.service.js';
import { rowsAt } from '../report/report.store.js';
import type { JointCtx } from './joint-report.access.js';

/** School ranks per variant of a report set: engine student id → rank per engine column. */
const ranksCache = new WeakMap<EngineReports, Map<string, (number | null)[]>>();

/**
 * Each candidate's rank inside its school per engine column (competition rank, 1224): the release's (looked up by
 * the student index), or computed once per variant for sets released before it.
 */
export function schoolRanksOf(ctx: JointCtx): { get(id: string): (number | null)[] | undefined } {
  const stored = ctx.reports.schoolRanks;
  if (stored) {
    const C = stored.columns;
    return {
      get: (id) => {
        const i = ctx.loaded.students.position(id);
        return i === undefined ? undefined : stored.ranks.slice(i * C, i * C + C).map((v) => v || null);
      },
    };
  }
  const hit = ranksCache.get(ctx.reports);
  if (hit) return hit;
  const rows = ctx.reports.transcript.rows;
  const ranks = schoolRanks(rows.map((r) => ({ schoolId: String(ctx.joint.schoolOf.get(r.studentId) ?? ''), scores: r.scores })), ctx.reports.transcript.columns.length);
  const out = new Map(rows.map((r, i) => [r.studentId, ranks[i]!]));
  ranksCache.set(ctx.reports, out);
  return out;
}

/**
 * The organiser's student lists name each student's school: every object of an answer that stands for a candidate
 * (examStudentId, or studentId beside admissionNo) gets its schoolName. A school reading its own students gets the
 * answer unchanged (no 学校 column: they are all its own).
 */
export function withSchools<T>(ctx: JointCtx, data: T): T {
  if (ctx.joint.role !== 'organiser') return data;
  const { schoolOf, schoolName } = ctx.joint;
  // copy on write: an answer of 2,000 classes' segments has no candidate, and is handed back as it is
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) {
      if (!v.length || typeof v[0] !== 'object' || v[0] === null) return v;
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        const x = walk(v[i]);
        if (x !== v[i]) (out ??= v.slice())[i] = x;
      }
      return out ?? v;
    }
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    let out: Record<string, unknown> | undefined;
    for (const k in o) {
      const x = walk(o[k]);
      if (x !== o[k]) (out ??= { ...o })[k] = x;
    }
    const id = typeof o.examStudentId === 'number' ? String(o.examStudentId) : typeof o.studentId === 'string' && typeof o.admissionNo === 'string' ? o.studentId : null;
    if (id !== null && o.schoolName === undefined) (out ??= { ...o }).schoolName = schoolName(schoolOf.get(id) ?? 0);
    return out ?? o;
  };
  return walk(data) as T;
}
/** 校际对比 tables per variant of a report set, by columns and school names asked. */
const contrastCache = new WeakMap<EngineReports, Map<string, ReturnType<typeof buildSchoolContrast>>>();

/** The joint filter: classId 0 reads 联考全体 (the joint figures beside the caller's classes). */
export function jointFilter(ctx: JointCtx): ReportFilter {
  const f = filter(ctx);
  return { ...f, classes: f.classes.map((c) => (c.value === 0 ? { ...c, label: '联考全体' } : c)) };
}

export async function jointTranscript(ctx: JointCtx, q: TranscriptQuery, all = false): Promise<JointTranscript> {
  const t = await transcript(ctx, q, all);
  const cols = engineColumns(ctx.reports);
  const engineIdx = t.columns.map((c) => cols.findIndex((x) => x.code === c.code));
  const ranks = schoolRanksOf(ctx);
  const wantRank = t.fields.includes('gradeRank') || t.fields.includes('classRank');
  return {
    ...t,
    records: t.records.map((r) => {
      const own = ranks.get(String(r.examStudentId)) ?? [];
      return {
        // the class as its school names it (高一8班): the 学校 column stands beside it
        ...r,
        schoolName: ctx.joint.schoolName(ctx.joint.schoolOf.get(String(r.examStudentId)) ?? 0),
        schoolRanks: wantRank ? engineIdx.map((i, k) => (allowed(ctx.access, r.classId, t.columns[k]!.code) ? own[i] ?? null : null)) : [],
      };
    }),
  };
}

/** 校际对比: every visible column (courseCode 0) or the asked one; each confirmed school as the caller may name it. */
export function schoolContrast(ctx: JointCtx): SchoolContrast {
  const codes = multi(ctx);
  if (!codes.length) throw forbidden();
  const schools = ctx.joint.schools;
  const tables = ctx.reports.schoolContrast ? storedContrast(ctx, codes) : computedContrast(ctx, codes);
  const own = new Set(schools.filter((s) => s.own).map((s) => String(s.schoolId)));
  return {
    meta: ctx.meta,
    anonymised: ctx.joint.role === 'participant' && ctx.joint.anonymise,
    tables: tables.map((t) => ({
      code: t.code, name: t.name, fullScore: t.fullScore, isTotal: t.isTotal,
      joint: t.joint,
      rows: t.rows.map((r) => ({
        schoolName: r.schoolName, own: own.has(r.schoolId), count: r.count, mean: r.mean, sd: r.sd, overMeanRate: r.overMeanRate, meanRank: r.meanRank, rates: r.rates, bands: r.bands,
      })),
    })),
  };
}

type ContrastTable = ReturnType<typeof buildSchoolContrast>[number];

/**
 * The release's tables (every school with candidates): the confirmed schools' rows in their order, named as the
 * caller may see them, the rank of each mean among them (what buildSchoolContrast over those schools gives).
 */
function storedContrast(ctx: JointCtx, codes: string[]): ContrastTable[] {
  const schools = ctx.joint.schools;
  return codes.map((code) => {
    columnOf(ctx, code);
    const t = ctx.reports.schoolContrast!.find((x) => x.code === code)!;
    const byId = new Map(t.rows.map((r) => [r.schoolId, r]));
    const rows = schools.map((s) => {
      const r = byId.get(String(s.schoolId));
      const name = s.name;
      if (r) return { ...r, schoolName: name };
      // a confirmed school without candidates: nobody sat
      return {
        schoolId: String(s.schoolId), schoolName: name, count: 0, mean: null, sd: null, overMeanRate: null, meanRank: null as number | null,
        rates: t.joint.rates.map((x) => ({ ...x, count: 0, share: null })), bands: t.joint.bands.map((b) => ({ ...b, count: 0, share: null })),
      };
    });
    const ranks = competitionRank(rows.map((r) => (r.mean === null ? NaN : r.mean)));
    return { ...t, rows: rows.map((r, i) => ({ ...r, meanRank: ranks[i] || null })) };
  });
}

/** Sets released before the stored tables: computed from the transcript, once per set, columns and naming. */
function computedContrast(ctx: JointCtx, codes: string[]): ContrastTable[] {
  const engineCols = ctx.reports.transcript.columns;
  const idx = codes.map((c) => engineCols.findIndex((x) => x.code === c));
  const columns = codes.map((code) => {
    const col = columnOf(ctx, code);
    const rates = ctx.reports.overview.rows.find((r) => r.code === code)?.rates ?? [];
    return { ...col, rates: rates.map((r) => ({ key: r.key, name: r.name, thresholdScore: r.thresholdScore, below: r.below })) };
  });
  const named = ctx.joint.schools.map((s) => ({ id: String(s.schoolId), name: s.name }));
  const key = JSON.stringify([columns, named]);
  let memo = contrastCache.get(ctx.reports);
  if (!memo) contrastCache.set(ctx.reports, memo = new Map());
  let tables = memo.get(key);
  if (!tables) {
    const students = ctx.reports.transcript.rows.map((r) => ({
      schoolId: String(ctx.joint.schoolOf.get(r.studentId) ?? ''),
      scores: idx.map((i) => r.scores[i] ?? null),
      ranks: idx.map((i) => r.gradeRanks[i] ?? null),
    }));
    tables = buildSchoolContrast({ schools: named, columns, students });
    if (memo.size >= 32) memo.clear();
    memo.set(key, tables);
  }
  return tables;
}

/** One candidate of a class the caller sees: per visible column score, class rank, school rank and joint rank. */
export async function studentInfo(ctx: JointCtx, examStudentId: number): Promise<StudentInfo> {
  const key = String(examStudentId);
  const st = ctx.loaded.students.get(key);
  if (!st) throw new BizError('该考生不在本次联考中', 404);
  // the organiser may open any candidate, whichever school its class rows show
  const access = ctx.schoolChoice?.wide ?? ctx.access;
  if (!access.classes.has(st.classId)) throw new BizError('无权查看其他学校考生的成绩', 403);
  const pos = ctx.loaded.students.position(key)!;
  // the all-students transcript's head (or whole report) is read for this route (report.parts JOINT_PARTS)
  const all = ctx.loaded.set.variants['0'] as StoredReports;
  const [row] = await rowsAt(ctx.loaded, '0', 'transcript', [pos]);
  const ranks = schoolRanksOf({ ...ctx, reports: all });
  const own = ranks.get(key) ?? [];
  const cls = ctx.set.classes.find((c) => c.id === st.classId);
  const columns = engineColumns(all).map((c, i) => ({ c, i })).filter(({ c }) => allowed(access, st.classId, c.code));
  return {
    examStudentId, admissionNo: st.admissionNo, name: st.name, className: cls?.name ?? st.className,
    schoolName: ctx.joint.schoolName(ctx.joint.schoolOf.get(key) ?? 0),
    columns: columns.map(({ c, i }) => ({
      code: c.code === TOTAL_CODE ? '0' : c.code, name: c.name, fullScore: c.fullScore, score: row!.scores[i] ?? null,
      classRank: row!.classRanks[i] ?? null, schoolRank: own[i] ?? null, jointRank: row!.gradeRanks[i] ?? null,
    })),
  };
}
