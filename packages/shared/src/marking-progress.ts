/**
 * The counts of a marking block and its expected finish (docs/DOMAIN-RULES.md §4.1, 题块计数): every marker's
 * share (任务量), what no share covers (待领取), hours left. Used by the api (marking/block, marking/tasks, the
 * monitor and its export) so every screen shows the same numbers. Pure: no I/O.
 */

/** `total` split over `n` receivers: ⌊total ÷ n⌋ each, the first total mod n one more (n = 0: nobody). */
export function splitEvenly(total: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}

/** One marker of a block as counted: marks given (rounds 1–3), papers held under a live lease, its quota. */
export interface MarkerLoad {
  userId: number;
  done: number;
  held: number;
  /** The quota set for the marker (null = none). */
  quota: number | null;
  /** Still a marker of the block (false: marks given by someone since removed). */
  current: boolean;
}

/** A marker's share: 任务量 (assigned), what is left of it, and whether it is a fixed number (a quota or 平均分配). */
export interface MarkerShare { userId: number; assigned: number; remaining: number; fixed: boolean }

/**
 * Every marker's 任务量 in a block of `tasks` marks (评分任务):
 * - a quota: the quota;
 * - 平均分配 without a quota: an equal split of the marks no quota and no former marker covers, in the order the
 *   markers are given (login order: the first ones take one more when it does not divide);
 * - 自由领取 / 按班级 without a quota: what the marker has taken (marks given + papers held);
 * - a former marker: the marks it gave.
 * Never less than what the marker has taken already. unclaimed (待领取) = tasks − Σ 任务量 (the marks anyone of the
 * block may still take); over = Σ 任务量 − tasks when quotas promise more than the block has. So Σ 任务量 +
 * 待领取 = 评分任务 whenever no quota over-promises.
 */
export function blockShares(tasks: number, average: boolean, markers: readonly MarkerLoad[]): { shares: MarkerShare[]; unclaimed: number; over: number } {
  const current = markers.filter((m) => m.current);
  const open = current.filter((m) => m.quota === null);
  const promised = current.reduce((a, m) => a + (m.quota ?? 0), 0) + markers.filter((m) => !m.current).reduce((a, m) => a + m.done, 0);
  const split = average ? splitEvenly(Math.max(0, tasks - promised), open.length) : [];
  const shares = markers.map((m): MarkerShare => {
    if (!m.current) return { userId: m.userId, assigned: m.done, remaining: 0, fixed: true };
    const cap = m.quota ?? (average ? split[open.indexOf(m)]! : null);
    const taken = m.done + m.held;
    const assigned = cap === null ? taken : Math.max(cap, taken);
    return { userId: m.userId, assigned, remaining: assigned - m.done, fixed: cap !== null };
  });
  const sum = shares.reduce((a, s) => a + s.assigned, 0);
  return { shares, unclaimed: Math.max(0, tasks - sum), over: Math.max(0, sum - tasks) };
}

/** Hours a marker still needs at the current speed, two decimals; 0 when nothing is left; null when the speed is unknown. */
export function hoursLeft(remaining: number, papersPerHour: number): number | null {
  if (remaining <= 0) return 0;
  if (!(papersPerHour > 0)) return null;
  return Math.round((remaining / papersPerHour) * 100) / 100;
}

/**
 * A block's expected finish: the marks not given yet ÷ the summed speed of its markers that have one (marks per
 * hour), two decimals; 0 when nothing is left; null only when no marker has a speed yet.
 */
export function blockHoursLeft(marksLeft: number, papersPerHour: readonly number[]): number | null {
  return hoursLeft(marksLeft, papersPerHour.reduce((a, r) => a + (r > 0 ? r : 0), 0));
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
