import { describe, expect, it } from 'vitest';
import { auditValue } from './auditFormat';

describe('audit cells', () => {
  it('shows each shape the api keeps as short text', () => {
    expect(auditValue(null)).toBe('—');
    expect(auditValue(7.5)).toBe('7.5');
    expect(auditValue({ scores: [2, 3.5], total: 5.5 })).toBe('5.5（2+3.5）');
    expect(auditValue([{ marker: '张老师', total: 3 }, { marker: '李老师', total: 12 }])).toBe('张老师：3、李老师：12');
    expect(auditValue({ status: 'problem' })).toBe('问题卷');
    expect(auditValue({ papers: 40 })).toBe('40 份');
    expect(auditValue({ x: 1 })).toBe('{"x":1}');
    // a 试评 round as trialPass / trialRedo keep it
    expect(auditValue({ userId: 5, marker: '张老师', attempt: 2, passed: true, done: 2, within: 1, trialPapers: 2 })).toBe('张老师：第 2 轮 已通过，误差内 1/2 份');
    expect(auditValue({ userId: 5, marker: '张老师', attempt: 3, passed: false, done: 0, within: 0, trialPapers: 2, released: 1 })).toBe('张老师：第 3 轮 未通过，误差内 0/2 份');
  });
});
