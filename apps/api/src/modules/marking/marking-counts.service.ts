/**
 * The counts of marking blocks (docs/DOMAIN-RULES.md §4.1, 题块计数), one definition for every screen: 试卷 (papers),
 * 评分任务 (marks needed), 已阅 (marks given, rounds 1–3), 正在阅 (live leases), each marker's 任务量 and 剩余
 * (@jz/shared/marking-progress blockShares), 待领取, papers per hour and the expected finish. marking/block,
 * marking/tasks, progress/find_progress, monitor/topicList, monitor/markingList and the monitor export all read them here.
 */
import { blockHoursLeft, blockShares, hoursLeft, type MarkerLoad } from '@jz/shared/marking-progress';
import type { Db, Tx } from '../../db/database.js';
import * as repo from './marking.repository.js';

export interface MarkerCount {
  userId: number; userName: string;
  /** Still a marker of the block (false: marks given by someone since removed). */
  current: boolean;
  done: number; held: number; assigned: number; remaining: number;
  /** 任务量 is a fixed number (a quota, 平均分配); false: 自由领取, where it is what the marker took so far. */
  fixed: boolean;
  papersPerHour: number;
  /** Hours the marker needs for its remaining share at its own speed (fixed shares only); null when unknown. */
  hoursLeft: number | null;
  mean: number | null;
}

export interface BlockCounts {
  blockId: number; papers: number; finalPapers: number;
  /** 评分任务 and 已阅 (marks), 正在阅 (live leases). */
  tasks: number; done: number; held: number;
  problems: number; arbitrations: number;
  /** 待领取: marks no 任务量 covers; over: what quotas promise beyond the block's marks. */
  unclaimed: number; over: number;
  /** The block's expected finish in hours: marks left ÷ the markers' summed speed; null before any speed. */
  hoursLeft: number | null;
  markers: MarkerCount[];
}

const perHour = (done: number, firstAt: Date | null, lastAt: Date | null): number => {
  if (!done || !firstAt || !lastAt) return 0;
  const hours = Math.max(60_000, new Date(lastAt).getTime() - new Date(firstAt).getTime()) / 3_600_000;
  return Math.round((done / hours) * 100) / 100;
};

/** The counts of each block (no access check: callers check it). */
export async function countBlocks(q: Db | Tx, blocks: repo.BlockRow[]): Promise<Map<number, BlockCounts>> {
  const ids = blocks.map((b) => b.id);
  const [progress, markers, marked] = await Promise.all([repo.blockProgress(q, ids), repo.markersOf(q, ids), repo.markerProgress(q, ids)]);
  const out = new Map<number, BlockCounts>();
  for (const b of blocks) {
    const p = progress.get(b.id);
    const own = markers.filter((m) => m.blockId === b.id); // login order
    const rows = marked.filter((m) => m.blockId === b.id);
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    const people = [
      ...own.map((m) => ({ userId: m.userId, userName: m.userName, quota: m.quota, current: true })),
      ...rows.filter((r) => !own.some((m) => m.userId === r.userId) && r.done > 0).sort((x, y) => x.userId - y.userId)
        .map((r) => ({ userId: r.userId, userName: `${r.userName}（已移出）`, quota: null, current: false })),
    ];
    const loads: MarkerLoad[] = people.map((m) => ({ userId: m.userId, done: byUser.get(m.userId)?.done ?? 0, held: m.current ? byUser.get(m.userId)?.held ?? 0 : 0, quota: m.quota, current: m.current }));
    const tasks = p?.needed ?? 0;
    const done = p?.done ?? 0;
    const { shares, unclaimed, over } = blockShares(tasks, b.allocation === 'average', loads);
    const counted = people.map((m, i): MarkerCount => {
      const r = byUser.get(m.userId);
      const rate = perHour(loads[i]!.done, r?.firstAt ?? null, r?.lastAt ?? null);
      const s = shares[i]!;
      return {
        userId: m.userId, userName: m.userName, current: m.current, done: loads[i]!.done, held: loads[i]!.held, assigned: s.assigned, remaining: s.remaining, fixed: s.fixed,
        papersPerHour: rate, hoursLeft: s.fixed ? hoursLeft(s.remaining, rate) : null, mean: r?.mean ?? null,
      };
    });
    out.set(b.id, {
      blockId: b.id, papers: p?.papers ?? 0, finalPapers: p?.final ?? 0, tasks, done, held: loads.reduce((a, l) => a + l.held, 0),
      problems: p?.problems ?? 0, arbitrations: p?.arbitrations ?? 0, unclaimed, over,
      hoursLeft: blockHoursLeft(tasks - done, counted.filter((m) => m.current).map((m) => m.papersPerHour)),
      markers: counted,
    });
  }
  return out;
}

/** One block's counts. */
export async function countBlock(q: Db | Tx, block: repo.BlockRow): Promise<BlockCounts> {
  return (await countBlocks(q, [block])).get(block.id)!;
}
