import { hoursLeft, hoursText } from '@jz/shared/marking-progress';

export { hoursLeft };

/**
 * Figures of the marking monitor computed in the browser from the api's per-block and per-marker rows
 * (monitor/topicList, monitor/markingList); pure, tested in monitorMath.test.ts.
 */

export interface BlockProgress {
  blockId: number; blockName: string; canMark: boolean; papers: number; finalPapers: number;
  marksNeeded: number; marksDone: number; problems: number; arbitrations: number; percent: number;
}
export interface SubjectProgress { examSubjectId: number; subjectName: string; blocks: BlockProgress[] }
export interface MarkerProgress {
  userId: number; userName: string; assigned: number; done: number; remaining: number; held: number;
  papersPerHour: number; mean: number | null;
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

/** The expected finish of a block: when its slowest marker (most hours left) is done; null if any speed is unknown. */
export function blockHoursLeft(markers: MarkerProgress[]): number | null {
  let worst = 0;
  for (const m of markers) {
    const h = hoursLeft(m.remaining, m.papersPerHour);
    if (h === null) return null;
    worst = Math.max(worst, h);
  }
  return worst;
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
