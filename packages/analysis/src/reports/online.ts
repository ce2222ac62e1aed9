import { effectiveScore, lineFromShare, onlineCounts, type OnlineCounts } from '../stats/onlineLine.js';
import { dimensionOf, type DimensionKey, type PreparedExam } from './prepare.js';

export interface OnlineSubject {
  code: string;
  name: string;
  /** 有效分 (ratio method); null when nobody is on-line. */
  effectiveScore: number | null;
  grade: OnlineCounts;
  units: (OnlineCounts & { unitId: string; unitName: string })[];
}

export interface OnlineLineReport {
  name: string;
  /** The line score; null when it cannot be set (no student, bad share). */
  score: number | null;
  /** 'score' when given, 'share' when derived from a target share. */
  source: 'score' | 'share';
  share: number | null;
  /** Students with total ≥ line, overall and per unit (with share of the unit's sitting students). */
  online: number;
  units: { unitId: string; unitName: string; sat: number; online: number; share: number | null; critical: number }[];
  subjects: OnlineSubject[];
  /** |total − line| ≤ buffer, best first. */
  critical: { studentId: string; name: string; unitName: string; total: number; gap: number }[];
}

/**
 * 上线分析: for each line (a total score, or a target share → score of the student at place ⌈p·N⌉), the
 * on-line count per unit, each subject's 有效分 by the ratio method, 单上线 / 双上线 counts with 命中率 and
 * 贡献率, and the critical students of the line. Only students who sat the total take part.
 */
export function buildOnline(exam: PreparedExam, options: { by?: DimensionKey; buffer?: number } = {}): OnlineLineReport[] {
  const dim = dimensionOf(exam, options.by ?? 'class');
  const buffer = options.buffer ?? exam.settings.criticalBuffer;
  const total = exam.total;
  const order = total.order;
  const N = order.length;
  const totalsDesc = new Float64Array(N);
  for (let k = 0; k < N; k++) totalsDesc[k] = total.score[order[k]];
  const unitIdx = new Int32Array(N);
  for (let k = 0; k < N; k++) unitIdx[k] = dim.unitOf[order[k]];
  const U = dim.units.length;
  const subjects = exam.subjects.filter((s) => exam.totalSubjectCodes.includes(s.code));
  return exam.settings.lines.map((line) => {
    const fromScore = typeof line.score === 'number' && Number.isFinite(line.score);
    const score = fromScore ? (line.score as number) : lineFromShare(totalsDesc, line.share ?? NaN);
    let online = 0;
    if (score !== null) while (online < N && totalsDesc[online] >= score) online++;
    const sat = new Int32Array(U);
    const on = new Int32Array(U);
    const crit = new Int32Array(U);
    const critical: OnlineLineReport['critical'] = [];
    for (let k = 0; k < N; k++) {
      const g = unitIdx[k];
      const t = totalsDesc[k];
      const isCritical = score !== null && Math.abs(t - score) <= buffer + 1e-9;
      if (g >= 0) {
        sat[g]++;
        if (k < online) on[g]++;
        if (isCritical) crit[g]++;
      }
      if (isCritical) {
        const s = exam.students[order[k]];
        critical.push({ studentId: s.id, name: s.name, unitName: g >= 0 ? dim.units[g].name : '', total: t, gap: t - (score as number) });
      }
    }
    const subjectRows: OnlineSubject[] = subjects.map((sub) => {
      const subOnline = new Float64Array(online);
      for (let k = 0; k < online; k++) subOnline[k] = sub.score[order[k]];
      const eff = score === null ? null : effectiveScore(subOnline, totalsDesc.subarray(0, online), score);
      const subAll = new Float64Array(N);
      for (let k = 0; k < N; k++) subAll[k] = sub.score[order[k]];
      // Per unit: one pass, counting as onlineCounts does (tested there on the whole grade).
      const single = new Int32Array(U);
      const double = new Int32Array(U);
      if (eff !== null && score !== null) {
        for (let k = 0; k < N; k++) {
          const g = unitIdx[k];
          if (g < 0 || !(subAll[k] >= eff)) continue;
          single[g]++;
          if (k < online) double[g]++;
        }
      }
      return {
        code: sub.code,
        name: sub.name,
        effectiveScore: eff,
        grade: onlineCounts(subAll, totalsDesc, eff, score),
        units: dim.units.map((u, g) => ({
          unitId: u.id,
          unitName: u.name,
          online: on[g],
          single: single[g],
          double: double[g],
          hitRate: single[g] > 0 ? double[g] / single[g] : null,
          contributionRate: on[g] > 0 ? double[g] / on[g] : null,
        })),
      };
    });
    return {
      name: line.name,
      score,
      source: fromScore ? 'score' : 'share',
      share: fromScore ? null : (line.share ?? null),
      online,
      units: dim.units.map((u, g) => ({ unitId: u.id, unitName: u.name, sat: sat[g], online: on[g], share: sat[g] > 0 ? on[g] / sat[g] : null, critical: crit[g] })),
      subjects: subjectRows,
      critical,
    };
  });
}
