import { rankSegments, type RankSegmentCount } from '../stats/rankSegments.js';
import { dimensionOf, unitMembers, type DimensionKey, type PreparedExam } from './prepare.js';

export interface RankSegmentTable {
  code: string;
  name: string;
  isTotal: boolean;
  grade: RankSegmentCount[];
  units: { unitId: string; unitName: string; segments: RankSegmentCount[] }[];
}

/** 名次段: per subject and total, students of each unit within grade ranks top 10, 20, 50, 100, 200, 500. */
export function buildRankSegments(exam: PreparedExam, options: { by?: DimensionKey } = {}): RankSegmentTable[] {
  const by = options.by ?? 'class';
  const dim = dimensionOf(exam, by);
  const cutoffs = exam.settings.rankCutoffs;
  const maxCut = Math.max(0, ...cutoffs);
  return exam.columns.map((col) => {
    const { offsets, members } = unitMembers(exam, col, by);
    // Only students ranked within the largest cutoff matter; members are best first, so stop early.
    const ranksOf = (a: number, b: number) => {
      const out: number[] = [];
      for (let k = a; k < b; k++) {
        const r = col.rank[members[k]];
        if (r > maxCut) break;
        out.push(r);
      }
      return out;
    };
    const gradeRanks: number[] = [];
    for (let k = 0; k < col.order.length; k++) {
      const r = col.rank[col.order[k]];
      if (r > maxCut) break;
      gradeRanks.push(r);
    }
    return {
      code: col.code,
      name: col.name,
      isTotal: col.isTotal,
      grade: rankSegments(gradeRanks, cutoffs),
      units: dim.units.map((u, g) => ({ unitId: u.id, unitName: u.name, segments: rankSegments(ranksOf(offsets[g], offsets[g + 1]), cutoffs) })),
    };
  });
}
