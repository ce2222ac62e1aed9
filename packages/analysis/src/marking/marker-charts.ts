/**
 * Figures of the per-block chart page (/examMonitorEchartsDetail): how each marker's scores spread over the
 * block's score range, and how many marks each marker gave per hour.
 */

/** At most this many score bands: a finer step is grouped into bands of a multiple of it. */
export const MAX_SCORE_BANDS = 30;
/** At most this many hours of the speed chart (the newest ones). */
export const MAX_SPEED_HOURS = 72;

export interface ChartMark { markerId: number; total: number; submittedAt: Date }

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Score bands of width w (the step, or the smallest multiple of it giving at most MAX_SCORE_BANDS bands) from 0;
 * the last band holds the full score. Answers each band's label and, per marker, the number of marks in it.
 */
export function scoreDistribution(marks: Pick<ChartMark, 'markerId' | 'total'>[], fullScore: number, step: number) {
  const s = step > 0 ? step : 1;
  const k = Math.max(1, Math.ceil(fullScore / s / MAX_SCORE_BANDS - 1e-9));
  const w = round2(s * k);
  const count = Math.floor(fullScore / w + 1e-9) + 1;
  const labels = Array.from({ length: count }, (_, i) => {
    const lo = round2(i * w);
    const hi = round2(Math.min(fullScore, (i + 1) * w - s));
    return k === 1 || hi <= lo ? String(lo) : `${lo}–${hi}`;
  });
  const perMarker = new Map<number, number[]>();
  for (const m of marks) {
    const row = perMarker.get(m.markerId) ?? Array<number>(count).fill(0);
    row[Math.min(count - 1, Math.max(0, Math.floor(m.total / w + 1e-9)))]! += 1;
    perMarker.set(m.markerId, row);
  }
  return { labels, perMarker };
}

/**
 * Marks per marker per clock hour (UTC hour starts, ISO strings), from the hour of the first mark to the hour of
 * the last, at most the newest MAX_SPEED_HOURS hours; hours without marks count 0.
 */
export function marksPerHour(marks: Pick<ChartMark, 'markerId' | 'submittedAt'>[]) {
  const HOUR = 3600_000;
  if (!marks.length) return { hours: [] as string[], perMarker: new Map<number, number[]>() };
  const times = marks.map((m) => Math.floor(m.submittedAt.getTime() / HOUR));
  const last = Math.max(...times);
  const first = Math.max(Math.min(...times), last - MAX_SPEED_HOURS + 1);
  const hours = Array.from({ length: last - first + 1 }, (_, i) => new Date((first + i) * HOUR).toISOString());
  const perMarker = new Map<number, number[]>();
  marks.forEach((m, i) => {
    const row = perMarker.get(m.markerId) ?? Array<number>(hours.length).fill(0);
    if (times[i]! >= first) row[times[i]! - first]! += 1;
    perMarker.set(m.markerId, row);
  });
  return { hours, perMarker };
}
