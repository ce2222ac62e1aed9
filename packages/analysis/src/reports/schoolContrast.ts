import { competitionRank } from '../stats/competitionRank.js';
import { mean } from '../stats/mean.js';
import { overMeanRate } from '../stats/overMeanRate.js';
import { sampleStandardDeviation } from '../stats/sampleStandardDeviation.js';

/** A rate level as the stored reports carry it: the score it stands for (≥, or < when `below`). */
export interface ScoreRateLevel { key: string; name: string; thresholdScore: number; below: boolean }

export interface SchoolContrastColumn { code: string; name: string; fullScore: number; isTotal: boolean; rates: ScoreRateLevel[] }

export interface SchoolContrastInput {
  schools: { id: string; name: string }[];
  columns: SchoolContrastColumn[];
  /** Per student: its school and, per column, its score (null = 缺考) and joint competition rank (null = none). */
  students: { schoolId: string; scores: (number | null)[]; ranks: (number | null)[] }[];
  /** Joint ranking bands as shares of the sitting students, cumulative (前10%, 前20% …). */
  rankShares?: readonly number[];
}

export interface SchoolRate { key: string; name: string; thresholdScore: number; below: boolean; count: number; share: number | null }
export interface SchoolBand { label: string; maxRank: number; count: number; share: number | null }
export interface SchoolContrastRow {
  schoolId: string;
  schoolName: string;
  count: number;
  mean: number | null;
  sd: number | null;
  /** (school mean − joint mean) ÷ joint mean. */
  overMeanRate: number | null;
  /** Competition rank of the school's mean among the schools. */
  meanRank: number | null;
  rates: SchoolRate[];
  /** The school's sitting students by joint rank band (cumulative). */
  bands: SchoolBand[];
}
export interface SchoolContrastTable {
  code: string; name: string; fullScore: number; isTotal: boolean;
  joint: { count: number; mean: number | null; sd: number | null; rates: SchoolRate[]; bands: { label: string; maxRank: number; count: number }[] };
  rows: SchoolContrastRow[];
}

export const DEFAULT_RANK_SHARES = [0.1, 0.2, 0.3, 0.5] as const;

function ratesOver(scores: number[], levels: ScoreRateLevel[]): SchoolRate[] {
  return levels.map((l) => {
    const count = scores.filter((s) => (l.below ? s < l.thresholdScore : s >= l.thresholdScore)).length;
    return { key: l.key, name: l.name, thresholdScore: l.thresholdScore, below: l.below, count, share: scores.length ? count / scores.length : null };
  });
}

/**
 * 校际对比: per column (subjects and 总分) each school's sitting count, mean, SD (sample), 超均率 against the joint
 * mean, rank of its mean, the rates of the exam's settings, and how many of its students fall in the joint
 * ranking's top p % (rank ≤ ⌈p × joint sitting count⌉, so ties at the cut are all in). Cost O(n · columns).
 *
 * @example 2 schools, A [90, 80] and B [70]: joint mean 80, A 85 → 超均率 0.0625, B 70 → −0.125
 */
export function buildSchoolContrast(input: SchoolContrastInput): SchoolContrastTable[] {
  const shares = input.rankShares ?? DEFAULT_RANK_SHARES;
  return input.columns.map((col, c) => {
    const sitting = input.students.filter((s) => s.scores[c] !== null && s.scores[c] !== undefined && Number.isFinite(s.scores[c]));
    const all = sitting.map((s) => s.scores[c] as number);
    const jointMean = mean(all);
    const cuts = shares.map((p) => ({ label: `前${Math.round(p * 100)}%`, maxRank: Math.ceil(p * all.length - 1e-9) }));
    const inBand = (list: typeof sitting, maxRank: number) => list.filter((s) => { const r = s.ranks[c]; return r !== null && r !== undefined && r >= 1 && r <= maxRank; }).length;
    // grouped once: one pass over the candidates, not one per school (100 schools × 100,000 candidates per column)
    const bySchool = new Map<string, typeof sitting>();
    for (const s of sitting) (bySchool.get(s.schoolId) ?? bySchool.set(s.schoolId, []).get(s.schoolId)!).push(s);
    const rows = input.schools.map((sch) => {
      const mine = bySchool.get(sch.id) ?? [];
      const scores = mine.map((s) => s.scores[c] as number);
      const m = mean(scores);
      return {
        schoolId: sch.id, schoolName: sch.name, count: scores.length, mean: m, sd: sampleStandardDeviation(scores),
        overMeanRate: overMeanRate(m, jointMean), meanRank: null as number | null, rates: ratesOver(scores, col.rates),
        bands: cuts.map((b) => { const n = inBand(mine, b.maxRank); return { label: b.label, maxRank: b.maxRank, count: n, share: scores.length ? n / scores.length : null }; }),
      };
    });
    const ranks = competitionRank(rows.map((r) => (r.mean === null ? NaN : r.mean)));
    rows.forEach((r, i) => { r.meanRank = ranks[i] || null; });
    return {
      code: col.code, name: col.name, fullScore: col.fullScore, isTotal: col.isTotal,
      joint: { count: all.length, mean: jointMean, sd: sampleStandardDeviation(all), rates: ratesOver(all, col.rates), bands: cuts.map((b) => ({ ...b, count: inBand(sitting, b.maxRank) })) },
      rows,
    };
  });
}

/** Competition ranks of each student inside its own school, per column (the 校内排名 beside the joint rank). */
export function schoolRanks(students: { schoolId: string; scores: (number | null)[] }[], columnCount: number): (number | null)[][] {
  const out: (number | null)[][] = students.map(() => new Array<number | null>(columnCount).fill(null));
  const bySchool = new Map<string, number[]>();
  students.forEach((s, i) => { const l = bySchool.get(s.schoolId) ?? []; l.push(i); bySchool.set(s.schoolId, l); });
  for (const idx of bySchool.values()) {
    for (let c = 0; c < columnCount; c++) {
      const ranks = competitionRank(idx.map((i) => { const v = students[i]!.scores[c]; return v === null || v === undefined ? NaN : v; }));
      idx.forEach((i, k) => { out[i]![c] = ranks[k] || null; });
    }
  }
  return out;
}
