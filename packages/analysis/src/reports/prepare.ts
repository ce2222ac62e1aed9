import { groupBy, partition, type Partition } from '../group.js';
import type { AnalysisInput, AnalysisSettings, QuestionInput, StudentInput, SubjectScores } from '../model.js';
import { resolveSettings, segmentWidthFor } from '../settings.js';
import { levelAssign } from '../stats/levelAssign.js';
import { mean } from '../stats/mean.js';
import { quantileSorted } from '../stats/quantile.js';
import { sampleStandardDeviation } from '../stats/sampleStandardDeviation.js';

/** A unit of a dimension: a class, a school, a registration type… */
export interface Unit {
  id: string;
  name: string;
}

/** A grouping of students: units and the unit of each student (−1 = none). */
export interface Dimension {
  key: string;
  units: Unit[];
  unitOf: Int32Array;
}

/** Built-in dimensions; `addDimension` adds any other. */
export type DimensionKey = 'class' | 'school' | 'registration' | (string & {});

/** Descriptive statistics of one set of scores; null = "—" (nobody sat, or n < 2 for sd). */
export interface Summary {
  count: number;
  mean: number | null;
  sd: number | null;
  max: number | null;
  min: number | null;
  median: number | null;
  q1: number | null;
  q3: number | null;
}

/** One analysed column: a subject, or the total. */
export interface PreparedColumn {
  /** Position among exam.columns (subjects first, total last). */
  index: number;
  code: string;
  name: string;
  fullScore: number;
  isTotal: boolean;
  questions: readonly QuestionInput[];
  /** Subject index → its score matrix (subjects only). */
  scores: SubjectScores | null;
  /** Score per student (input order); NaN = absent. */
  score: Float64Array;
  /** Sitting students, best first; ties by admission number. */
  order: Int32Array;
  /** Sitting students' scores ascending (for quantiles). */
  ascending: Float64Array;
  /** Competition rank over all sitting students (grade, or the joint exam); 0 = absent. */
  rank: Int32Array;
  absentCount: number;
  summary: Summary;
}

export interface PreparedExam {
  input: AnalysisInput;
  settings: AnalysisSettings;
  students: readonly StudentInput[];
  subjects: PreparedColumn[];
  total: PreparedColumn;
  /** subjects, then total */
  columns: PreparedColumn[];
  /** Codes of the subjects in the total. */
  totalSubjectCodes: string[];
  /** Position of each student when sorted by admission number (the universal tie-break). */
  admissionRank: Int32Array;
  /** Students sorted by admission number. */
  byAdmission: Int32Array;
  dimensions: Map<string, Dimension>;
  /** Memo of derived data shared by several reports (partitions, unit ranks, unit summaries). */
  cache: Map<string, unknown>;
}

/** Summary of ascending-sorted finite scores, through the tested stats functions. Cost O(n). */
export function summarize(ascending: Float64Array): Summary {
  const n = ascending.length;
  return {
    count: n,
    mean: mean(ascending),
    sd: sampleStandardDeviation(ascending),
    max: n > 0 ? ascending[n - 1] : null,
    min: n > 0 ? ascending[0] : null,
    median: quantileSorted(ascending, 0.5),
    q1: quantileSorted(ascending, 0.25),
    q3: quantileSorted(ascending, 0.75),
  };
}

/** Students by admission number: by length, then text ('9' < '10', '2024001' < '2024002'). */
function admissionOrder(students: readonly StudentInput[]): Int32Array {
  const keys = students.map((s) => String(s.admissionNo ?? ''));
  const idx = Int32Array.from({ length: students.length }, (_, i) => i);
  idx.sort((a, b) => {
    const x = keys[a];
    const y = keys[b];
    return x.length - y.length || (x < y ? -1 : x > y ? 1 : a - b);
  });
  return idx;
}

/**
 * Sorts the sitting students best first, ties by admission number, without a comparator: the distinct
 * scores (native numeric sort) are buckets, students are dealt into buckets in admission order (a stable
 * counting sort). Also yields competition ranks: 1 + the number of students in better buckets.
 * Cost O(n log n) in native code + O(n log distinct).
 */
function buildColumn(index: number, code: string, name: string, fullScore: number, isTotal: boolean, questions: readonly QuestionInput[], scores: SubjectScores | null, score: Float64Array, byAdmission: Int32Array): PreparedColumn {
  const n = score.length;
  let present = 0;
  for (let i = 0; i < n; i++) if (score[i] === score[i]) present++;
  const ascending = new Float64Array(present);
  for (let i = 0, k = 0; i < n; i++) if (score[i] === score[i]) ascending[k++] = score[i];
  ascending.sort();
  let distinct = 0;
  for (let k = 0; k < present; k++) if (k === 0 || ascending[k] !== ascending[k - 1]) distinct++;
  const values = new Float64Array(distinct);
  for (let k = 0, d = 0; k < present; k++) if (k === 0 || ascending[k] !== ascending[k - 1]) values[d++] = ascending[k];
  // bucket b = position of the score among distinct values, best first (b = 0 is the top score)
  const bucketOf = new Int32Array(n).fill(-1);
  const counts = new Int32Array(distinct + 1);
  for (let i = 0; i < n; i++) {
    const x = score[i];
    if (x !== x) continue;
    let lo = 0;
    let hi = distinct - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (values[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    const b = distinct - 1 - lo;
    bucketOf[i] = b;
    counts[b + 1]++;
  }
  for (let b = 0; b < distinct; b++) counts[b + 1] += counts[b];
  const rank = new Int32Array(n);
  const order = new Int32Array(present);
  const fill = counts.slice(0, distinct);
  for (let k = 0; k < n; k++) {
    const i = byAdmission[k];
    const b = bucketOf[i];
    if (b < 0) continue;
    order[fill[b]++] = i;
    rank[i] = counts[b] + 1;
  }
  return { index, code, name, fullScore, isTotal, questions, scores, score, order, ascending, rank, absentCount: n - present, summary: summarize(ascending) };
}

/**
 * Computes once what every report needs: subject scores and total, one sort per column (best first, ties
 * by admission number), competition ranks, summaries, and the class / school / registration dimensions.
 * Absent students (StudentInput.absent) get NaN and are left out of every statistic; the total counts only
 * students who sat every subject of the total (a student absent from one of them is absent from the total).
 * Cost O(students × questions + columns × students log students).
 */
export function prepareExam(input: AnalysisInput): PreparedExam {
  const settings = resolveSettings(input.settings);
  const students = input.students;
  const n = students.length;
  const byAdmission = admissionOrder(students);
  const admissionRank = new Int32Array(n);
  for (let k = 0; k < n; k++) admissionRank[byAdmission[k]] = k;
  const subjects: PreparedColumn[] = input.subjects.map((sub, si) => {
    const q = sub.questions.length;
    const sc = input.scores[sub.code] ?? { points: [] };
    const score = new Float64Array(n);
    const absent = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const a = students[i].absent;
      if (a !== undefined && a.length > 0 && a.includes(sub.code)) absent[i] = 1;
    }
    const pts = sc.points;
    const rows = sc.rows;
    for (let i = 0; i < n; i++) {
      if (absent[i]) {
        score[i] = NaN;
        continue;
      }
      let s = 0;
      const r = rows ? rows[i] : i;
      if (q === 0) {
        const t = sc.subjectTotals?.[r];
        s = typeof t === 'number' && Number.isFinite(t) ? t : 0;
      } else {
        const base = r * q;
        for (let j = 0; j < q; j++) {
          const p = pts[base + j];
          if (p === p && p !== Infinity && p !== -Infinity && p !== undefined) s += p;
        }
      }
      score[i] = s;
    }
    let full = sub.fullScore ?? sub.questions.reduce((a, x) => a + (Number.isFinite(x.fullScore) ? x.fullScore : 0), 0);
    if (settings.levelAssigned?.includes(sub.code) && settings.levelBands.length) {
      // 等级赋分: the subject's score becomes its level-assigned score (absent stays absent)
      const assigned = levelAssign(score, settings.levelBands);
      for (let i = 0; i < n; i++) score[i] = assigned[i]?.assigned ?? NaN;
      full = settings.levelBands[0]!.high;
    }
    return buildColumn(si, sub.code, sub.name, full, false, sub.questions, sc, score, byAdmission);
  });
  const wanted = settings.totalSubjects ? new Set(settings.totalSubjects) : null;
  const inTotal = subjects.filter((s) => !wanted || wanted.has(s.code));
  const totalScore = new Float64Array(n);
  for (const s of inTotal) for (let i = 0; i < n; i++) totalScore[i] += s.score[i];
  const totalFull = inTotal.reduce((a, s) => a + s.fullScore, 0);
  const total = buildColumn(subjects.length, settings.totalCode, settings.totalName, totalFull, true, [], null, totalScore, byAdmission);
  const exam: PreparedExam = {
    input,
    settings,
    students,
    subjects,
    total,
    columns: [...subjects, total],
    totalSubjectCodes: inTotal.map((s) => s.code),
    admissionRank,
    byAdmission,
    dimensions: new Map(),
    cache: new Map(),
  };
  addDimension(exam, 'class', (s) => (s.classId == null ? null : { id: String(s.classId), name: s.className ?? String(s.classId) }));
  if (students.some((s) => s.schoolId != null)) addDimension(exam, 'school', (s) => (s.schoolId == null ? null : { id: String(s.schoolId), name: s.schoolName ?? String(s.schoolId) }));
  addDimension(exam, 'registration', (s) => (s.registrationType ? { id: s.registrationType, name: s.registrationType } : null));
  return exam;
}

/**
 * Adds (or replaces) a grouping dimension: any key of a student (a school for joint exams, a teaching
 * class, a gender…) becomes one more "per unit" axis of every report. Cost O(students).
 */
export function addDimension(exam: PreparedExam, key: string, unitOfStudent: (s: StudentInput) => Unit | null): Dimension {
  const names = new Map<string, string>();
  const g = groupBy(exam.students.length, (i) => {
    const u = unitOfStudent(exam.students[i]);
    if (!u) return null;
    if (!names.has(u.id)) names.set(u.id, u.name);
    return u.id;
  });
  const dim: Dimension = { key, units: g.keys.map((id) => ({ id, name: names.get(id) ?? id })), unitOf: g.groupOf };
  exam.dimensions.set(key, dim);
  for (const k of [...exam.cache.keys()]) if (k.includes(`|${key}|`)) exam.cache.delete(k);
  return dim;
}

/** The dimension, or an error naming the known ones (a programming error, not bad data). */
export function dimensionOf(exam: PreparedExam, key: DimensionKey): Dimension {
  const d = exam.dimensions.get(key);
  if (!d) throw new Error(`unknown dimension "${key}" (known: ${[...exam.dimensions.keys()].join(', ')})`);
  return d;
}

function memo<T>(exam: PreparedExam, key: string, make: () => T): T {
  let v = exam.cache.get(key) as T | undefined;
  if (v === undefined) {
    v = make();
    exam.cache.set(key, v);
  }
  return v;
}

/** Sitting students of each unit, best first (a stable split of the column's order). Memoised. */
export function unitMembers(exam: PreparedExam, col: PreparedColumn, dimKey: DimensionKey): Partition {
  const dim = dimensionOf(exam, dimKey);
  return memo(exam, `members|${dimKey}|${col.index}`, () => partition(col.order, dim.unitOf, dim.units.length));
}

/** Competition rank of each student inside its unit (0 = absent or no unit). Memoised. Cost O(n). */
export function unitRanks(exam: PreparedExam, col: PreparedColumn, dimKey: DimensionKey): Int32Array {
  const dim = dimensionOf(exam, dimKey);
  return memo(exam, `ranks|${dimKey}|${col.index}`, () => {
    const u = dim.units.length;
    const count = new Int32Array(u);
    const lastRank = new Int32Array(u);
    const lastScore = new Float64Array(u).fill(NaN);
    const ranks = new Int32Array(exam.students.length);
    for (let k = 0; k < col.order.length; k++) {
      const i = col.order[k];
      const g = dim.unitOf[i];
      if (g < 0) continue;
      count[g]++;
      const s = col.score[i];
      if (s !== lastScore[g]) {
        lastRank[g] = count[g];
        lastScore[g] = s;
      }
      ranks[i] = lastRank[g];
    }
    return ranks;
  });
}

export interface UnitStats {
  unit: Unit;
  /** Sitting students' scores ascending. */
  ascending: Float64Array;
  absent: number;
  summary: Summary;
}

/** Per-unit ascending scores, absent count and summary of a column. Memoised. Cost O(n). */
export function unitStats(exam: PreparedExam, col: PreparedColumn, dimKey: DimensionKey): UnitStats[] {
  const dim = dimensionOf(exam, dimKey);
  return memo(exam, `stats|${dimKey}|${col.index}`, () => {
    const { offsets, members } = unitMembers(exam, col, dimKey);
    const absent = new Int32Array(dim.units.length);
    for (let i = 0; i < exam.students.length; i++) {
      const g = dim.unitOf[i];
      if (g >= 0 && col.score[i] !== col.score[i]) absent[g]++;
    }
    return dim.units.map((unit, g) => {
      const a = offsets[g];
      const b = offsets[g + 1];
      const asc = new Float64Array(b - a);
      for (let k = a; k < b; k++) asc[b - 1 - k] = col.score[members[k]];
      return { unit, ascending: asc, absent: absent[g], summary: summarize(asc) };
    });
  });
}

/** Students absent from at least one subject, with the subjects missed (listed apart in every report). */
export function absentList(exam: PreparedExam): { studentId: string; admissionNo: string; name: string; className: string; subjects: string[] }[] {
  return memo(exam, 'absent||', () => {
    const out: { studentId: string; admissionNo: string; name: string; className: string; subjects: string[] }[] = [];
    exam.students.forEach((s, i) => {
      const missed = exam.subjects.filter((c) => c.score[i] !== c.score[i]).map((c) => c.code);
      if (missed.length) out.push({ studentId: s.id, admissionNo: s.admissionNo, name: s.name, className: s.className, subjects: missed });
    });
    out.sort((a, b) => a.admissionNo.length - b.admissionNo.length || (a.admissionNo < b.admissionNo ? -1 : a.admissionNo > b.admissionNo ? 1 : 0));
    return out;
  });
}

/** Segment width of a column: per-subject override, else 10 for a subject and 50 for the total. */
export function segmentWidthOf(exam: PreparedExam, col: PreparedColumn): number {
  return segmentWidthFor(exam.settings, col.code, col.isTotal);
}
