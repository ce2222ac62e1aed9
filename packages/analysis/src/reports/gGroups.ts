import { gGroupSizes } from '../stats/gGroups.js';
import { dimensionOf, type DimensionKey, type PreparedExam } from './prepare.js';

export interface GGroupRow {
  name: string;
  size: number;
  /** Highest and lowest total in the group (null when empty). */
  maxTotal: number | null;
  minTotal: number | null;
  /** Mean per column (subjects then total) of the group's members who sat it. */
  means: (number | null)[];
}

export interface GGroupReport {
  columns: { code: string; name: string }[];
  groups: GGroupRow[];
  /** Students of each unit in each group. */
  units: { unitId: string; unitName: string; counts: number[]; total: number }[];
}

/**
 * G 组分析: students sitting the total, best first (ties by admission number), cut into G1..G10 of ⌈N/10⌉
 * (the last takes the rest); per group its size, total range and subject means; per unit its count in each.
 */
export function buildGGroups(exam: PreparedExam, options: { by?: DimensionKey; groups?: number } = {}): GGroupReport {
  const dim = dimensionOf(exam, options.by ?? 'class');
  const G = Math.max(1, Math.floor(options.groups ?? exam.settings.groupCount));
  const order = exam.total.order;
  const sizes = gGroupSizes(order.length, G);
  const cols = exam.columns;
  const unitCounts = dim.units.map(() => new Array<number>(G).fill(0));
  let start = 0;
  const groups: GGroupRow[] = sizes.map((size, g) => {
    const end = start + size;
    const means = cols.map((c) => {
      let s = 0;
      let n = 0;
      for (let k = start; k < end; k++) {
        const v = c.score[order[k]];
        if (v === v) {
          s += v;
          n++;
        }
      }
      return n > 0 ? s / n : null;
    });
    for (let k = start; k < end; k++) {
      const u = dim.unitOf[order[k]];
      if (u >= 0) unitCounts[u][g]++;
    }
    const row = { name: `G${g + 1}`, size, maxTotal: size > 0 ? exam.total.score[order[start]] : null, minTotal: size > 0 ? exam.total.score[order[end - 1]] : null, means };
    start = end;
    return row;
  });
  return {
    columns: cols.map((c) => ({ code: c.code, name: c.name })),
    groups,
    units: dim.units.map((u, g) => ({ unitId: u.id, unitName: u.name, counts: unitCounts[g], total: unitCounts[g].reduce((a, b) => a + b, 0) })),
  };
}
