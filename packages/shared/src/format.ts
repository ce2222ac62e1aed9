/**
 * Validation and formatting helpers of docs/PRODUCT.md §5 ("Integer check accepts 0 or a positive integer without
 * leading zeros. Percentage is rounded and clamped to 0 to 100, never below 0. Number formatting drops
 * trailing zeros and .00. Timestamps of 10 digits are treated as seconds. Invalid numbers give empty or an
 * error.") and the progress percentage of §9.
 *
 * Choices made where the spec is silent (each is tested):
 * - Invalid input never throws. Functions returning text give `''`; functions returning a number give `0`
 *   (a percentage bar with nothing to show is empty, not broken); `toDate` gives `null`.
 * - Numeric strings are accepted wherever numbers are (values often arrive as strings from Excel or JSON);
 *   surrounding spaces are ignored by the number formatters but NOT by the integer check, which is a form
 *   rule and must reject what the user would see as wrong.
 */

/** Parses a number or numeric string; anything else (NaN, ±Infinity, '', '12abc', null, booleans) → null. */
export function toFiniteNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const s = value.trim();
    if (s === '' || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
    const n = Number(s);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/**
 * True for 0 or a positive integer written without leading zeros: `0`, `7`, `120`, `'0'`, `'120'`.
 * False for `'007'`, `'-1'`, `'1.0'`, `'1e3'`, `' 1'`, `''`, `1.5`, `-1`, `NaN`, unsafe integers, non-numbers.
 * A number value is checked by value (`1.0 === 1` is an integer); a string by its text.
 *
 * @example isNonNegativeInteger('10') // true
 * @example isNonNegativeInteger('010') // false
 */
export function isNonNegativeInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  if (typeof value === 'string') return /^(0|[1-9]\d*)$/.test(value) && Number.isSafeInteger(Number(value));
  return false;
}

/** Half-away-from-zero rounding to `digits` decimals, free of binary artefacts (1.005 → 1.01, 2.675 → 2.68). */
export function roundTo(value: number, digits = 0): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const text = String(Math.abs(value));
  // Shift by string exponent so that 1.005 is treated as written, not as 1.00499999…
  const shifted = text.includes('e') ? Math.abs(value) * 10 ** digits : Number(`${text}e${digits}`);
  if (!Number.isFinite(shifted) || shifted >= 1e21) return value;
  const r = Number(`${Math.round(shifted)}e-${digits}`) * sign;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * A percentage for display: rounded to an integer (half up) and clamped to 0..100, never below 0.
 * Invalid input (non-numeric, NaN, ±Infinity) → 0.
 *
 * @example clampPercent(33.5) // 34
 * @example clampPercent(-5) // 0
 * @example clampPercent(180) // 100
 */
export function clampPercent(value: unknown): number {
  const n = toFiniteNumber(value);
  if (n === null) return 0;
  const r = roundTo(n, 0);
  return r < 0 ? 0 : r > 100 ? 100 : r;
}

/**
 * Progress percentage (docs/PRODUCT.md §9: clamped 0 to 100) of `done` out of `total`: round(done ÷ total × 100),
 * clamped. `total` ≤ 0 or any invalid input → 0.
 *
 * @example progressPercent(1, 3) // 33
 * @example progressPercent(5, 4) // 100
 */
export function progressPercent(done: unknown, total: unknown): number {
  const d = toFiniteNumber(done);
  const t = toFiniteNumber(total);
  if (d === null || t === null || t <= 0) return 0;
  return clampPercent((d / t) * 100);
}

/**
 * A number as text with at most `digits` decimals (default 2, half away from zero), trailing zeros and a
 * bare decimal point dropped: 85.50 → '85.5', 90.00 → '90', 0.125 → '0.13', -0 → '0'. No exponent notation
 * for |x| < 1e21. Invalid input (non-numeric, NaN, ±Infinity, null) → ''.
 *
 * @example formatNumber(85.5) // '85.5'
 * @example formatNumber('90.00') // '90'
 * @example formatNumber(2 / 3) // '0.67'
 */
export function formatNumber(value: unknown, digits = 2): string {
  const n = toFiniteNumber(value);
  if (n === null) return '';
  const d = Math.max(0, Math.min(20, Math.trunc(digits)));
  const r = roundTo(n, d);
  if (Math.abs(r) >= 1e21) return String(r);
  let s = r.toFixed(d);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/**
 * The kinds of numbers in the reports, each with one rule for the screen, the printed report and Excel
 * (docs/PRODUCT.md §5 "Number formatting drops trailing zeros and .00"): at most this many decimals, trailing zeros dropped. count: students, ranks; score: a score as it is (full scores, a student's score, lines, thresholds:
 * 0.5 steps and 2-decimal level scores stay exact); mean: means, SD, medians, quartiles, SEM, 有效分;
 * rate: a share 0..1 shown as a percentage with 2 decimals (0.4545 → 45.45%); index: difficulty, D, r, α, KR-20
 * (3 decimals so that a value printed 0.4 is really ≥ 0.3995 and its band 很好/良好 rarely looks contradictory).
 */
export type MeasureKind = 'count' | 'score' | 'mean' | 'rate' | 'index';

/** Decimals shown per kind (rate: of the percentage). */
export const MEASURE_DECIMALS: Readonly<Record<MeasureKind, number>> = { count: 0, score: 2, mean: 2, rate: 2, index: 3 };

/** A count (students, ranks); invalid → ''. @example formatCount(12) // '12' */
export const formatCount = (value: unknown): string => formatNumber(value, MEASURE_DECIMALS.count);
/** A score as it is, ≤ 2 decimals: 88.5 → '88.5', 90.00 → '90'; invalid → ''. */
export const formatScore = (value: unknown): string => formatNumber(value, MEASURE_DECIMALS.score);
/** A mean, SD, median, quartile or SEM, ≤ 2 decimals: 74.81147540983606 → '74.81'; invalid → ''. */
export const formatMean = (value: unknown): string => formatNumber(value, MEASURE_DECIMALS.mean);
/** A share 0..1 as a percentage, ≤ 2 decimals: 0.4545 → '45.45%', 0.5 → '50%'; invalid → ''. */
export function formatRate(value: unknown): string {
  const n = toFiniteNumber(value);
  if (n === null) return '';
  return `${formatNumber(roundTo(n, MEASURE_DECIMALS.rate + 2) * 100, MEASURE_DECIMALS.rate)}%`;
}
/** Difficulty, discrimination, correlation, α, KR-20, ≤ 3 decimals: 0.4987431693989071 → '0.499'; invalid → ''. */
export const formatIndex = (value: unknown): string => formatNumber(value, MEASURE_DECIMALS.index);

/** The text of a number of the given kind (see MeasureKind); invalid → ''. */
export function formatMeasure(kind: MeasureKind, value: unknown): string {
  switch (kind) {
    case 'count': return formatCount(value);
    case 'score': return formatScore(value);
    case 'mean': return formatMean(value);
    case 'rate': return formatRate(value);
    case 'index': return formatIndex(value);
  }
}

/**
 * The number an Excel cell holds for a measure: rounded by the same rule as the screen (a share stays 0..1,
 * rounded to 4 decimals = the screen's percentage with 2), so the workbook, the page and the print agree.
 * Invalid → null (an empty cell).
 *
 * @example roundMeasure('mean', 74.81147540983606) // 74.81
 * @example roundMeasure('rate', 0.45454545) // 0.4545
 */
export function roundMeasure(kind: MeasureKind, value: unknown): number | null {
  const n = typeof value === 'number' ? (Number.isFinite(value) ? value : null) : toFiniteNumber(value);
  if (n === null) return null;
  const digits = MEASURE_DECIMALS[kind] + (kind === 'rate' ? 2 : 0);
  // Fast path for values that already have no more decimals (whole numbers and the .5 steps of most scores,
  // the bulk of a 100,000-row transcript): the text-based rounding costs ≈ 1 µs a cell.
  if (Number.isInteger(n * 10 ** digits)) return n;
  return roundTo(n, digits);
}

/**
 * Reads a date. Numbers and all-digit strings are timestamps: exactly 10 digits (ignoring a leading '-')
 * are seconds (docs/PRODUCT.md §5), anything else milliseconds (13 digits being the usual case). Other strings are
 * parsed as dates; 'YYYY-MM-DD[ HH:mm[:ss]]' (also with '/' or 'T') is read as local time. A Date is copied.
 * Invalid → null.
 *
 * @example toDate(1700000000)?.getTime() // 1700000000000
 * @example toDate('1700000000000')?.getTime() // 1700000000000
 */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  let ms: number | null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    ms = isSecondsTimestamp(value) ? value * 1000 : value;
  } else if (typeof value === 'string') {
    const s = value.trim();
    if (s === '') return null;
    if (/^-?\d+$/.test(s)) {
      const n = Number(s);
      ms = s.replace('-', '').length === 10 ? n * 1000 : n;
    } else {
      const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
      if (m) {
        const [y, mo, d, h, mi, se] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
        const date = new Date(y, mo - 1, d, h, mi, se);
        // Reject overflowing parts such as 2024-02-30 instead of rolling into March.
        if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
        return date;
      }
      ms = Date.parse(s);
    }
  } else {
    return null;
  }
  if (ms === null || !Number.isFinite(ms)) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isSecondsTimestamp(n: number): boolean {
  if (!Number.isInteger(n)) return false;
  const a = Math.abs(n);
  return a >= 1e9 && a < 1e10;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/**
 * Formats a timestamp (see `toDate` for what is accepted) with the tokens YYYY MM DD HH mm ss
 * (default 'YYYY-MM-DD HH:mm:ss'), in local time or, with `{ utc: true }`, in UTC. Invalid → ''.
 *
 * @example formatTimestamp(1700000000, 'YYYY-MM-DD HH:mm:ss', { utc: true }) // '2023-11-14 22:13:20'
 */
export function formatTimestamp(value: unknown, pattern = 'YYYY-MM-DD HH:mm:ss', options: { utc?: boolean } = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const u = options.utc === true;
  const parts: Record<string, string> = {
    YYYY: pad(u ? d.getUTCFullYear() : d.getFullYear(), 4),
    MM: pad((u ? d.getUTCMonth() : d.getMonth()) + 1),
    DD: pad(u ? d.getUTCDate() : d.getDate()),
    HH: pad(u ? d.getUTCHours() : d.getHours()),
    mm: pad(u ? d.getUTCMinutes() : d.getMinutes()),
    ss: pad(u ? d.getUTCSeconds() : d.getSeconds()),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => parts[t]);
}

/** Spreadsheet column letters of a 0-based index: A … Z, AA, AB … (Excel's own naming; also 学校A, 学校B …). */
export function columnLetters(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    s = String.fromCharCode(65 + m) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** Bytes as GB with two decimals (1 GB = 1024³ bytes), as the scan disk budget is shown: 1610614784 → "1.50 GB". */
export function formatGb(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
