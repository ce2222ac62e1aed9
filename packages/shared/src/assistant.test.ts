import { describe, expect, it } from 'vitest';
import { ASSISTANT_SUGGESTIONS } from './api/assistant.js';
import { NameMask, offlineIntent, unsourcedNumbers } from './assistant.js';

describe('assistant rules', () => {
  it('maps every suggested question to a tool of the offline mode', () => {
    expect(ASSISTANT_SUGGESTIONS.map(offlineIntent)).toEqual([
      'exam_overview', 'weakest_classes', 'knowledge_points', 'weak_questions', 'student_progress', 'critical_students',
    ]);
    expect(offlineIntent('今天天气如何')).toBeNull();
  });

  it('finds the numbers no source backs', () => {
    const sources = [{ title: '考试概况', facts: [{ label: '数学 平均分', value: '15.33' }, { label: '数学 得分率', value: '76.67%' }] }];
    expect(unsourcedNumbers('数学平均分 15.33 [S1]，得分率 76.67% [S1]，比上次高 3.5 分。', sources)).toEqual(['3.5']);
    expect(unsourcedNumbers('没有数字。', sources)).toEqual([]);
  });

  it('masks names longest first and unmasks them back, holding back an unfinished alias', () => {
    const m = new NameMask();
    m.add(['张三', '张三丰', '李四']);
    const masked = m.mask('张三丰比张三高，李四第一');
    expect(masked).not.toMatch(/张三|李四/);
    expect(m.unmask(masked)).toBe('张三丰比张三高，李四第一');
    expect(NameMask.pending('进步最多的是〔学生')).toEqual(['进步最多的是', '〔学生']);
    expect(NameMask.pending('进步最多的是〔学生2〕。')).toEqual(['进步最多的是〔学生2〕。', '']);
  });
});
