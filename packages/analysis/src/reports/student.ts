import { competitionRank } from '../stats/competitionRank.js';
import { pickExtremes, rankChange } from '../stats/progress.js';
import { subjectBalance } from '../stats/subjectBalance.js';
import { dimensionOf, unitMembers, unitRanks, type DimensionKey, type PreparedExam } from './prepare.js';

/**
 * Ranks of a reference (usually the previous) exam, by student id: grade rank of the total and per subject.
 * Like is compared with like: when the two exams' totals are made of different subjects, `basis` names the
 * subjects common to both and `ranks.total` is the reference's grade rank over the sum of those subjects; this
 * exam's rank is then recomputed over the same subjects. `basis` = [] → no common subject, no comparison.
 */
export interface ReferenceExam {
  name?: string;
  ranks: ReadonlyMap<string, { total?: number | null; subjects?: Readonly<Record<string, number | null>> }>;
  basis?: readonly string[] | null;
}

/** How the progress was compared: the two totals, the common subjects' totals, or not at all. */
export interface ProgressComparison {
  mode: 'total' | 'common' | 'none';
  /** Codes of the compared subjects ('common' only). */
  subjects: string[];
}

export interface StudentRef {
  studentId: string;
  name: string;
  total: number;
  gradeRank: number;
  unitRank: number;
  lastRank: number | null;
  /** This exam's rank on the compared basis: gradeRank, or the rank over the common subjects; null = unranked. */
  compareRank: number | null;
  /** last rank − compareRank (positive = up); null without a reference rank. */
  change: number | null;
}

export interface StudentBalanceRow extends StudentRef {
  unitName: string;
  /** Per subject: subject grade rank − total grade rank. */
  gaps: (number | null)[];
  weakSubject: string | null;
  strongSubject: string | null;
}

export interface StudentAnalysisReport {
  referenceName: string | null;
  /** null without a reference exam. */
  comparison: ProgressComparison | null;
  subjects: { code: string; name: string }[];
  /** Students who sat the total, best first. */
  students: StudentBalanceRow[];
  units: { unitId: string; unitName: string; top: StudentRef[]; bottom: StudentRef[]; up: StudentRef[]; low: StudentRef[] }[];
}

/**
 * 学生分析: per student the progress against a reference exam (rank change of the total grade rank, or of the
 * rank over the subjects common to both exams when their totals differ: ReferenceExam.basis) and
 * the subject balance (weak subject = largest positive gap of subject rank − total rank); per unit the
 * top `topNumber` and bottom `bottomNumber` students by total (by place, ties by admission number) and the
 * `upNumber` biggest risers / `lowNumber` biggest fallers. Students absent from the total are left out.
 */
export function buildStudentAnalysis(exam: PreparedExam, options: { by?: DimensionKey; reference?: ReferenceExam; rules?: Partial<PreparedExam['settings']['studentRules']> } = {}): StudentAnalysisReport {
  const by = options.by ?? 'class';
  const dim = dimensionOf(exam, by);
  const rules = { ...exam.settings.studentRules, ...(options.rules ?? {}) };
  const total = exam.total;
  const uRanks = unitRanks(exam, total, by);
  const ref = options.reference;
  const subjects = exam.subjects;
  const basis = ref?.basis ?? null;
  const commonRank = basis && basis.length ? ranksOver(exam, basis) : null;
  const S = subjects.length;
  const order = total.order;
  const students: StudentBalanceRow[] = new Array(order.length);
  const position = new Int32Array(exam.students.length);
  const subjectRanks = new Array<number | null>(S);
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    position[i] = k;
    const s = exam.students[i];
    const gradeRank = total.rank[i];
    const lastRank = basis && !basis.length ? null : ref?.ranks.get(s.id)?.total ?? null;
    const compareRank = commonRank ? commonRank[i] || null : gradeRank;
    for (let c = 0; c < S; c++) subjectRanks[c] = subjects[c].rank[i] || null;
    const b = subjectBalance(subjectRanks, gradeRank);
    const g = dim.unitOf[i];
    students[k] = {
      studentId: s.id,
      name: s.name,
      total: total.score[i],
      gradeRank,
      unitRank: uRanks[i],
      lastRank,
      compareRank,
      change: rankChange(lastRank, compareRank),
      unitName: g >= 0 ? dim.units[g].name : '',
      gaps: b.gaps,
      weakSubject: b.weak === null ? null : subjects[b.weak].code,
      strongSubject: b.strong === null ? null : subjects[b.strong].code,
    };
  }
  const strip = (r: StudentBalanceRow): StudentRef => ({ studentId: r.studentId, name: r.name, total: r.total, gradeRank: r.gradeRank, unitRank: r.unitRank, lastRank: r.lastRank, compareRank: r.compareRank, change: r.change });
  const { offsets, members } = unitMembers(exam, total, by);
  const units = dim.units.map((u, g) => {
    const list = Array.from(members.subarray(offsets[g], offsets[g + 1]), (i) => students[position[i]]);
    const changes = list.map((r) => r.change);
    return {
      unitId: u.id,
      unitName: u.name,
      top: list.slice(0, Math.max(0, rules.topNumber)).map(strip),
      bottom: list.slice(Math.max(0, list.length - Math.max(0, rules.bottomNumber))).map(strip),
      up: pickExtremes(changes, rules.upNumber, 'up').map((k) => strip(list[k])),
      low: pickExtremes(changes, rules.lowNumber, 'down').map((k) => strip(list[k])),
    };
  });
  const comparison: ProgressComparison | null = !ref ? null : !basis ? { mode: 'total', subjects: [] } : basis.length ? { mode: 'common', subjects: [...basis] } : { mode: 'none', subjects: [] };
  return { referenceName: ref?.name ?? null, comparison, subjects: exam.subjects.map((c) => ({ code: c.code, name: c.name })), students, units };
}

/** Competition grade ranks over the sum of the given subjects; a student absent from any of them is unranked (0). */
function ranksOver(exam: PreparedExam, codes: readonly string[]): Int32Array {
  const cols = exam.subjects.filter((c) => codes.includes(c.code));
  const sums = new Float64Array(exam.students.length);
  for (const c of cols) for (let i = 0; i < sums.length; i++) sums[i] += c.score[i]; // NaN (absent) stays NaN
  return competitionRank(cols.length ? sums : sums.fill(NaN));
}
