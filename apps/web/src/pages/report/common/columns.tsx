import type { TableColumnType as ColumnType, TableColumnsType as ColumnsType } from 'antd';
import type { MeasureKind } from '@jz/shared';
import { byNumber, fmt, fmtKind, pct } from './format';

export interface RateLike { key: string; name: string; thresholdScore: number; below: boolean; count: number; share: number | null }

/** A sortable number column: null → '—'; `kind` formats by the shared rule of that measure (else ≤ `digits`, default 2). */
export function numCol<T>(title: string, get: (r: T) => number | null | undefined, opts: Partial<ColumnType<T>> & { digits?: number; kind?: MeasureKind } = {}): ColumnType<T> {
  const { digits, kind, ...rest } = opts;
  return {
    title, key: title, align: 'right',
    render: (_: unknown, r: T) => (kind ? fmtKind(kind, get(r)) : fmt(get(r), digits)),
    sorter: byNumber(get),
    ...rest,
  };
}

/** A sortable share column shown as %. */
export function pctCol<T>(title: string, get: (r: T) => number | null | undefined, opts: Partial<ColumnType<T>> = {}): ColumnType<T> {
  return { title, key: title, align: 'right', render: (_: unknown, r: T) => pct(get(r)), sorter: byNumber(get), ...opts };
}

/**
 * The rate levels (优秀, 良好, 及格, 低分 …) as grouped columns 人数 / 比率, from the first row's levels. With
 * `fullScore` (rows of mixed subjects: pass the first row's) the heading shows the share of the full score
 * (≥80%) instead of the threshold score.
 */
export function rateCols<T>(levels: RateLike[], get: (r: T) => RateLike[], fullScore?: number): ColumnsType<T> {
  return levels.map((lvl, k) => ({
    title: `${lvl.name}（${lvl.below ? '<' : '≥'}${fullScore ? `${fmt((lvl.thresholdScore / fullScore) * 100, 0)}%` : `${fmt(lvl.thresholdScore)}分`}）`,
    key: `rate-${lvl.key}`,
    children: [
      numCol<T>(`${lvl.name}人数`, (r) => get(r)[k]?.count ?? null, { key: `rate-${lvl.key}-n` }),
      pctCol<T>(`${lvl.name}率`, (r) => get(r)[k]?.share ?? null, { key: `rate-${lvl.key}-p` }),
    ],
  }));
}

/** Row class of the 全年级 summary row. */
export const gradeRowClass = (r: { isGrade?: boolean }) => (r.isGrade ? 'jz-row-grade' : '');
