/**
 * The one JSON line every benchmark prints, `{"name","value","unit","limit","ok", …details}`, and the check that no
 * impossible figure passes: every line goes through benchLine (printBench prints it), and `npm run bench`
 * (scripts/bench.ts) checks each printed line again. Every unit the benchmarks use (ms, s, MB, count, ratio,
 * sheets/s, x) measures something that cannot be negative, so a value that is negative, NaN or infinite, or
 * missing on a line that says ok, is a bug of the measurement (a clock read twice the wrong way, a counter read
 * from the wrong row): the line is ok: false with the reason. So are non-finite details, and negative ones that are
 * times (keys such as median, p50, p99, max, min, *_ms, *_s).
 */

export interface BenchLine {
  name: string;
  value: number | null;
  unit: string;
  limit: number | null;
  ok: boolean;
  reason?: string;
  [detail: string]: unknown;
}

const TIME_KEY = /^(median|mean|p\d{1,2}|max|min)$|(^|_)(ms|s)$/;
const HEAD = new Set(['name', 'value', 'unit', 'limit', 'ok', 'reason']);

/** Impossible numbers among the details (the path of each): non-finite anywhere, negative under a time key. */
function badDetails(v: unknown, path: string[], out: string[]): void {
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) out.push(`${path.join('.')} = ${v}`);
    else if (v < 0 && path.some((k) => TIME_KEY.test(k))) out.push(`${path.join('.')} = ${v}`);
  } else if (Array.isArray(v)) v.forEach((x, i) => badDetails(x, [...path, String(i)], out));
  else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) badDetails(x, [...path, k], out);
}

/** Why the line's figures are impossible, or null. */
export function impossibility(line: BenchLine): string | null {
  const { value } = line;
  if (value === null || value === undefined) return line.ok ? '没有测得数值，却标为通过' : null;
  if (typeof value !== 'number' || !Number.isFinite(value)) return `数值不可能：${String(value)}`;
  if (value < 0) return `数值不可能为负：${value} ${line.unit}`;
  const bad: string[] = [];
  for (const [k, v] of Object.entries(line)) if (!HEAD.has(k)) badDetails(v, [k], bad);
  return bad.length ? `明细数值不可能：${bad.join('，')}` : null;
}

/** The line as it is to be printed: ok: false, with the reason, when a figure is impossible. */
export function benchLine(line: BenchLine): BenchLine {
  const why = impossibility(line);
  if (!why) return line;
  return { ...line, ok: false, reason: line.reason ? `${line.reason}；${why}` : why };
}

/** Prints the benchmark's line (through benchLine). */
export function printBench(line: BenchLine): void {
  console.log(JSON.stringify(benchLine(line)));
}
