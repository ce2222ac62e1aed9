import { describe, expect, it } from 'vitest';
import { finishAt, formatHours, markerRows, markerShare, subjectSummary, type BlockProgress, type MarkerProgress } from './monitorMath';

// Expected values worked by hand: sums, ratios and clock arithmetic written out in the comments.

const block = (blockId: number, papers: number, finalPapers: number, marksNeeded: number, marksDone: number, unclaimed = 0): BlockProgress =>
  ({ blockId, blockName: `题块${blockId}`, canMark: true, papers, finalPapers, marksNeeded, marksDone, marksHeld: 0, unclaimed, overAssigned: 0, hoursLeft: null, problems: blockId, arbitrations: 1, percent: 0 });
const marker = (userId: number, done: number, remaining: number, papersPerHour: number): MarkerProgress =>
  ({ userId, userName: `老师${userId}`, assigned: done + remaining, done, remaining, held: 0, papersPerHour, mean: null, fixed: false, current: true, hoursLeft: null });

describe('monitor figures', () => {
  it('sums a subject over its blocks', () => {
    // papers 40 + 40 = 80, final 10 + 30 = 40 → 50 %; marks 80 + 80 = 160, done 35 + 65 = 100 → 62.5 %
    expect(subjectSummary({ examSubjectId: 1, subjectName: '数学', blocks: [block(1, 40, 10, 80, 35), block(2, 40, 30, 80, 65)] })).toEqual({
      papers: 80, finalPapers: 40, marksNeeded: 160, marksDone: 100, problems: 3, arbitrations: 2, percent: 50, marksPercent: 62.5,
    });
    // 1 of 3 → 33.33 %
    expect(subjectSummary({ examSubjectId: 1, subjectName: '数学', blocks: [block(1, 3, 1, 3, 1)] }).percent).toBe(33.33);
    expect(subjectSummary({ examSubjectId: 1, subjectName: '数学', blocks: [] }).percent).toBe(0);
  });
  it('the expected finish as text and clock time', () => {
    expect(formatHours(1.5)).toBe('约 1 小时 30 分');
    expect(formatHours(0.25)).toBe('约 15 分');
    expect(formatHours(2)).toBe('约 2 小时');
    expect(formatHours(0)).toBe('已完成');
    expect(formatHours(null)).toBe('—');
    // 14:50 + 90 min = 16:20
    expect(finishAt(1.5, new Date(2026, 10, 23, 14, 50))).toBe('16:20');
  });
  it('a marker share of the marks done; 待领取 as the last row so 任务量 adds up to 评分任务', () => {
    const all = [marker(1, 30, 0, 1), marker(2, 10, 0, 1)];
    expect(markerShare(all[0]!, all)).toBe(75); // 30 ÷ 40
    expect(markerShare(all[1]!, all)).toBe(25);
    // 评分任务 68 = 30 + 10 taken + 28 待领取
    const rows = markerRows(all, block(1, 34, 10, 68, 40, 28));
    expect(rows.map((r) => [r.userName, r.assigned])).toEqual([['老师1', 30], ['老师2', 10], ['待领取', 28]]);
    expect(rows.reduce((a, r) => a + r.assigned, 0)).toBe(68);
    expect(markerRows(all, block(1, 34, 10, 40, 40, 0))).toHaveLength(2);
  });
});
