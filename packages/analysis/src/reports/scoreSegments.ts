import { segmentBounds, segmentIndex, type SegmentBound } from '../stats/scoreSegments.js';
import { dimensionOf, segmentWidthOf, type DimensionKey, type PreparedExam } from './prepare.js';

export interface SegmentCell {
  count: number;
  cumulative: number;
}

export interface ScoreSegmentTable {
  code: string;
  name: string;
  isTotal: boolean;
  width: number;
  segments: SegmentBound[];
  /** Per segment, everybody analysed. */
  grade: SegmentCell[];
  units: { unitId: string; unitName: string; cells: SegmentCell[] }[];
}

/** 分数段: per subject (width 10) and total (width 50), from full score down, count and cumulative per unit. */
export function buildScoreSegments(exam: PreparedExam, options: { by?: DimensionKey } = {}): ScoreSegmentTable[] {
  const dim = dimensionOf(exam, options.by ?? 'class');
  const U = dim.units.length;
  return exam.columns.map((col) => {
    const width = segmentWidthOf(exam, col);
    const segments = segmentBounds(col.fullScore, width);
    const S = segments.length;
    const full = segments[0].upper;
    const counts = new Int32Array((U + 1) * S);
    for (let k = 0; k < col.order.length; k++) {
      const i = col.order[k];
      const seg = segmentIndex(col.score[i], full, width, S);
      counts[U * S + seg]++;
      const g = dim.unitOf[i];
      if (g >= 0) counts[g * S + seg]++;
    }
    const cells = (row: number): SegmentCell[] => {
      let cum = 0;
      return segments.map((_, s) => ({ count: counts[row * S + s], cumulative: (cum += counts[row * S + s]) }));
    };
    return { code: col.code, name: col.name, isTotal: col.isTotal, width, segments, grade: cells(U), units: dim.units.map((u, g) => ({ unitId: u.id, unitName: u.name, cells: cells(g) })) };
  });
}
