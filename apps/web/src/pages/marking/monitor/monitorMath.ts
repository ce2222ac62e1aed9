import { hoursText } from '@jz/shared/marking-progress';

/**
 * Figures of the marking monitor computed in the browser from the api's per-block and per-marker rows
 * (monitor/topicList, monitor/markingList); pure, tested in monitorMath.test.ts.
 */

/** A block's counts (docs/DOMAIN-RULES.md §4.1, 题块计数): 试卷, 评分任务 (marksNeeded), 已阅, 正在阅, 待领取, expected finish. */
export interface BlockProgress {
  blockId: number; blockName: string; canMark: boolean; papers: number; finalPapers: number;
  marksNeeded: number; marksDone: number; marksHeld: number; unclaimed: number; overAssigned: number; hoursLeft: number | null;
  problems: number; arbitrations: number; percent: number;
}
export interface SubjectProgress { examSubjectId: number; subjectName: string; blocks: BlockProgress[] }
/** A marker's counts: 任务量 (a fixed share, or under 自由领取 what it took), 已阅, 剩余, 正在阅, speed and own finish. */
export interface MarkerProgress {
  userId: number; userName: string; assigned: number; done: number; remaining: number; held: number;
  papersPerHour: number; mean: number | null; fixed: boolean; current: boolean; hoursLeft: number | null;
}

const pct = (part: number, whole: number) => (whole > 0 ? Math.min(100, Math.max(0, Math.round((part / whole) * 10000) / 100)) : 0);

/** A subject's totals over its blocks: papers and finished papers summed, percent of finished papers (0–100, two decimals). */
export function subjectSummary(s: SubjectProgress) {
  const papers = s.blocks.reduce((a, b) => a + b.papers, 0);
  const finalPapers = s.blocks.reduce((a, b) => a + b.finalPapers, 0);
  const marksNeeded = s.blocks.reduce((a, b) => a + b.marksNeeded, 0);
  const marksDone = s.blocks.reduce((a, b) => a + b.marksDone, 0);
  return {
    papers, finalPapers, marksNeeded, marksDone,
    problems: s.blocks.reduce((a, b) => a + b.problems, 0),
    arbitrations: s.blocks.reduce((a, b) => a + b.arbitrations, 0),
    percent: pct(finalPapers, papers),
    marksPercent: pct(marksDone, marksNeeded),
  };
}

/** 1.5 h → 「约 1 小时 30 分」; 0 → 「已完成」. */
export const formatHours = hoursText;

/** Clock time of the expected finish (HH:mm, local), from `now`. */
export function finishAt(h: number | null, now: Date): string {
  if (h === null) return '—';
  if (h <= 0) return '已完成';
  const t = new Date(now.getTime() + Math.ceil(h * 60) * 60_000);
  return `${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')}`;
}

/** A marker's share of the block's marks done, percent (two decimals). */
export const markerShare = (m: MarkerProgress, all: MarkerProgress[]) => pct(m.done, all.reduce((a, x) => a + x.done, 0));

/**
 * The marker table's rows: the markers, then 待领取 (the marks no 任务量 covers) when there are any, so the 任务量
 * column adds up to the block's 评分任务 (userId 0, not a person).
 */
export function markerRows(markers: MarkerProgress[], block: BlockProgress | null): MarkerProgress[] {
  if (!block?.unclaimed) return markers;
  return [...markers, { userId: 0, userName: '待领取', assigned: block.unclaimed, done: 0, remaining: block.unclaimed, held: 0, papersPerHour: 0, mean: null, fixed: false, current: false, hoursLeft: null }];
}
