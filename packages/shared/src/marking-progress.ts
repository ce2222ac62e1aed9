/**
 * Expected finish of a marker, for the monitor pages (web monitorMath) and the monitor export (api): hours left =
 * remaining ÷ papers per hour. Pure: no I/O.
 */

/** Hours a marker still needs at the current speed, two decimals; 0 when nothing is left; null when the speed is unknown. */
export function hoursLeft(remaining: number, papersPerHour: number): number | null {
  if (remaining <= 0) return 0;
  if (!(papersPerHour > 0)) return null;
  return Math.round((remaining / papersPerHour) * 100) / 100;
}

/** 1.5 h → 「约 1 小时 30 分」 (minutes rounded up); 0 → 「已完成」; unknown → 「—」. */
export function hoursText(h: number | null): string {
  if (h === null) return '—';
  if (h <= 0) return '已完成';
  const minutes = Math.ceil(h * 60);
  const hh = Math.floor(minutes / 60);
  const mm = minutes % 60;
  return `约 ${hh ? `${hh} 小时` : ''}${hh && mm ? ' ' : ''}${mm ? `${mm} 分` : ''}`;
}
