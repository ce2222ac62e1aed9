import { describe, expect, it } from 'vitest';
import { hoursLeft, hoursText } from './marking-progress.js';

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
