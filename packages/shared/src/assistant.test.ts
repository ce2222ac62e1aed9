import { describe, expect, it } from 'vitest';
import { ASSISTANT_SUGGESTIONS } from './api/assistant.js';
import { NameMask, offlineIntent, splitSections, unsourcedNumbers } from './assistant.js';

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

describe('AI 慧教研 sections', () => {
  it('splits a model draft at its headings, whatever their dress, and drops a preamble', () => {
    const text = '好的，以下是草稿。\n【成绩概况】\n平均分 14 [S1]\n## 优势\n第1题 [S2]\n薄弱题目：\n第3题\n【优势】\n第2题';
    expect(splitSections(text)).toEqual([
      { title: '成绩概况', text: '平均分 14 [S1]' },
      { title: '优势', text: '第1题 [S2]\n第2题' },
      { title: '薄弱题目', text: '第3题' },
    ]);
    expect(splitSections('没有标题')).toEqual([]);
    // a stream cut inside a section: what arrived so far
    expect(splitSections('【成绩概况】\n平均')).toEqual([{ title: '成绩概况', text: '平均' }]);
  });
});
