import { unitStats, type DimensionKey, type PreparedExam } from './prepare.js';
import { lowerBound } from './search.js';

export interface QuartileCells {
  count: number;
  q1: number | null;
  median: number | null;
  q3: number | null;
  /** Q3 − Q1 */
  iqr: number | null;
  /** Students by the grade's quartiles: [≥ Q3, [median, Q3), [Q1, median), < Q1]. */
  bands: [number, number, number, number];
}

export interface QuartileTable {
  code: string;
  name: string;
  isTotal: boolean;
  grade: QuartileCells;
  units: (QuartileCells & { unitId: string; unitName: string })[];
}

/** 四分位分析: quartiles (R type 7) per unit, and how each unit's students fall into the grade's quartile bands. */
export function buildQuartiles(exam: PreparedExam, options: { by?: DimensionKey } = {}): QuartileTable[] {
  const by = options.by ?? 'class';
  return exam.columns.map((col) => {
    const g = col.summary;
    const cells = (asc: Float64Array, s: { q1: number | null; median: number | null; q3: number | null; count: number }): QuartileCells => {
      let bands: [number, number, number, number] = [0, 0, 0, 0];
      if (g.q1 !== null && g.median !== null && g.q3 !== null) {
        const n = asc.length;
        const a = lowerBound(asc, g.q1);
        const b = lowerBound(asc, g.median);
        const c = lowerBound(asc, g.q3);
        bands = [n - c, c - b, b - a, a];
      }
      return { count: s.count, q1: s.q1, median: s.median, q3: s.q3, iqr: s.q1 === null || s.q3 === null ? null : s.q3 - s.q1, bands };
    };
    return {
      code: col.code,
      name: col.name,
      isTotal: col.isTotal,
      grade: cells(col.ascending, g),
      units: unitStats(exam, col, by).map((u) => ({ unitId: u.unit.id, unitName: u.unit.name, ...cells(u.ascending, u.summary) })),
    };
  });
}
