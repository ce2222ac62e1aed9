import { describe, expect, it } from 'vitest';
import { blockHoursLeft, finishAt, formatHours, hoursLeft, markerShare, subjectSummary, type MarkerProgress } from './monitorMath';

// Expected values worked by hand: sums, ratios and clock arithmetic written out in the comments.

const block = (blockId: number, papers: number, finalPapers: number, marksNeeded: number, marksDone: number) =>
  ({ blockId, blockName: `题块${blockId}`, canMark: true, papers, finalPapers, marksNeeded, marksDone, problems: blockId, arbitrations: 1, percent: 0 });
const marker = (userId: number, done: number, remaining: number, papersPerHour: number): MarkerProgress =>
  ({ userId, userName: `老师${userId}`, assigned: done + remaining, done, remaining, held: 0, papersPerHour, mean: null });

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
  it('hours left and the expected finish', () => {
    expect(hoursLeft(30, 20)).toBe(1.5);       // 30 ÷ 20
    expect(hoursLeft(10, 30)).toBe(0.33);      // 0.333… rounded
    expect(hoursLeft(0, 0)).toBe(0);
    expect(hoursLeft(5, 0)).toBeNull();
    expect(blockHoursLeft([marker(1, 10, 30, 20), marker(2, 50, 10, 40)])).toBe(1.5); // max(1.5, 0.25)
    expect(blockHoursLeft([marker(1, 10, 30, 20), marker(2, 0, 10, 0)])).toBeNull();
    expect(formatHours(1.5)).toBe('约 1 小时 30 分');
    expect(formatHours(0.25)).toBe('约 15 分');
    expect(formatHours(2)).toBe('约 2 小时');
    expect(formatHours(0)).toBe('已完成');
    // 14:50 + 90 min = 16:20
    expect(finishAt(1.5, new Date(2026, 10, 23, 14, 50))).toBe('16:20');
  });
  it('a marker share of the marks done', () => {
    const all = [marker(1, 30, 0, 1), marker(2, 10, 0, 1)];
    expect(markerShare(all[0]!, all)).toBe(75); // 30 ÷ 40
    expect(markerShare(all[1]!, all)).toBe(25);
  });
});
