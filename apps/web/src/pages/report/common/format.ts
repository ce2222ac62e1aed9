import { formatMeasure, formatNumber, type MeasureKind } from '@jz/shared';

/** Placeholder of a missing value (engine null). */
export const DASH = '—';

/** A number by the shared rule of its kind (packages/shared format.ts; the print and Excel use the same); null → '—'. */
export function fmtKind(kind: MeasureKind, v: unknown): string {
  return formatMeasure(kind, v) || DASH;
}

/** Difficulty, D, r, α, KR-20: ≤ 3 decimals; null → '—'. */
export const fmtIndex = (v: unknown): string => fmtKind('index', v);

/** A number with ≤ 2 decimals (trailing zeros dropped); null / NaN / ±Infinity → '—'. */
export function fmt(v: unknown, digits = 2): string {
  const s = formatNumber(v, digits);
  return s === '' ? DASH : s;
}

/** A share 0..1 as a percentage with ≤ 2 decimals (the shared rate rule): 0.4545 → '45.45%'; null → '—'. */
export function pct(share: unknown, digits = 2): string {
  if (digits === 2) return fmtKind('rate', share);
  const n = typeof share === 'number' ? share : typeof share === 'string' && share.trim() !== '' ? Number(share) : NaN;
  if (!Number.isFinite(n)) return DASH;
  const s = formatNumber(n * 100, digits);
  return s === '' ? DASH : `${s}%`;
}

/** A signed number (+3 / −2 / 0) for rank changes and gaps; null → '—'. */
export function signed(v: unknown, digits = 2): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return DASH;
  const s = formatNumber(v, digits);
  return v > 0 ? `+${s}` : s;
}

/** A share 0..1 → 0..100 number for charts (null stays null). */
export const toPct = (share: number | null | undefined): number | null =>
  share === null || share === undefined || !Number.isFinite(share) ? null : Math.round(share * 10000) / 100;

/** Sorter for nullable numbers: nulls always last. */
export function byNumber<T>(get: (r: T) => number | null | undefined) {
  return (a: T, b: T) => {
    const x = get(a);
    const y = get(b);
    const xn = x === null || x === undefined || !Number.isFinite(x);
    const yn = y === null || y === undefined || !Number.isFinite(y);
    if (xn && yn) return 0;
    if (xn) return 1;
    if (yn) return -1;
    return (x as number) - (y as number);
  };
}

/** Sorter for text in Chinese collation. */
export function byText<T>(get: (r: T) => string | null | undefined) {
  return (a: T, b: T) => (get(a) ?? '').localeCompare(get(b) ?? '', 'zh-CN', { numeric: true });
}
