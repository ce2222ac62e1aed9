import { describe, expect, it } from 'vitest';
import { blockHoursLeft, blockShares, hoursLeft, hoursText } from './marking-progress.js';

describe('expected finish of a marker', () => {
  it('hours left = remaining ÷ papers per hour, two decimals', () => {
    expect(hoursLeft(30, 20)).toBe(1.5); // 30 ÷ 20
    expect(hoursLeft(10, 30)).toBe(0.33); // 0.333… → 0.33
    expect(hoursLeft(0, 0)).toBe(0); // nothing left
    expect(hoursLeft(5, 0)).toBeNull(); // no speed yet
  });
  it('as text: minutes rounded up', () => {
    expect(hoursText(1.5)).toBe('约 1 小时 30 分');
    expect(hoursText(0.33)).toBe('约 20 分'); // 19.8 min → 20
    expect(hoursText(2)).toBe('约 2 小时');
    expect(hoursText(0)).toBe('已完成');
    expect(hoursText(null)).toBe('—');
  });
});

describe('a block’s shares (任务量) add up to its marks (评分任务)', () => {
  const m = (userId: number, done: number, held = 0, quota: number | null = null, current = true) => ({ userId, done, held, quota, current });
  it('平均分配: 68 marks over 3 markers in login order → 23, 23, 22 (68 = 3 × 22 + 2)', () => {
    const r = blockShares(68, true, [m(1, 10), m(2, 0), m(3, 6, 1)]);
    expect(r.shares.map((s) => [s.assigned, s.remaining, s.fixed])).toEqual([[23, 13, true], [23, 23, true], [22, 16, true]]);
    expect([r.unclaimed, r.over]).toEqual([0, 0]);
  });
  it('自由领取: each marker’s share is what it took; the rest is 待领取 (68 − 10 − 2 − 7 = 49)', () => {
    const r = blockShares(68, false, [m(1, 10), m(2, 0, 2), m(3, 6, 1)]);
    expect(r.shares.map((s) => [s.assigned, s.remaining, s.fixed])).toEqual([[10, 0, false], [2, 2, false], [7, 1, false]]);
    expect(r.unclaimed).toBe(49);
  });
  it('quotas count as set; a former marker keeps its marks; 平均分配 splits what is left (34 − 10 − 4 = 20 → 10, 10)', () => {
    const r = blockShares(34, true, [m(1, 3, 0, 10), m(2, 0), m(3, 1), m(9, 4, 0, null, false)]);
    expect(r.shares.map((s) => s.assigned)).toEqual([10, 10, 10, 4]);
    expect([r.unclaimed, r.over]).toEqual([0, 0]);
    // quotas that promise more than the block has: 30 + 30 against 34 marks
    expect(blockShares(34, false, [m(1, 0, 0, 30), m(2, 0, 0, 30)])).toMatchObject({ unclaimed: 0, over: 26 });
    // a quota lowered below what was taken: the share is what was taken
    expect(blockShares(10, false, [m(1, 5, 1, 3)]).shares[0]).toMatchObject({ assigned: 6, remaining: 1 });
  });
  it('the expected finish of a block: marks left ÷ the summed speed of markers with one', () => {
    expect(blockHoursLeft(52, [600, 360, 0])).toBe(0.05); // 52 ÷ 960 = 0.054… h
    expect(blockHoursLeft(90, [20, 40])).toBe(1.5);
    expect(blockHoursLeft(0, [])).toBe(0);
    expect(blockHoursLeft(5, [0, 0])).toBeNull();
  });
});
