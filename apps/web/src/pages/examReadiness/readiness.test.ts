import { describe, expect, it } from 'vitest';
import type { ExamSubject } from '@/api/exam';
import { readinessOf, todoCount } from './readiness';

const subject = (p: Partial<ExamSubject>): ExamSubject => ({
  id: 7, courseCode: 'SX', courseName: '数学', fullScore: 150, examDate: null, flowStatus: '', questionCount: 0, questionFullScore: 0, totalsOnly: false,
  scoredCount: 0, absentCount: 0, noScanCount: 0, missExamCount: 0, abnormalCount: 0, uploadCount: 0, usedCardType: 0, usedCardTypeName: '未设置', canScan: true, ...p,
});

/** The steps of a subject, by hand from the rules in readiness.ts. */
describe('readinessOf', () => {
  it('a new subject: every required step to do, card and scanning optional', () => {
    const steps = readinessOf({ id: 3, status: 1 }, subject({}), { objectiveCount: 0, missing: 0 });
    expect(steps.map((s) => [s.name, s.state, s.detail])).toEqual([
      ['小题设置', 'todo', '还没有设置小题'],
      ['标准答案', 'na', '请先设置小题'],
      ['答题卡', 'optional', '未设置（只导入成绩时不需要）'],
      ['扫描', 'optional', '未扫描（只导入成绩时不需要）'],
      ['成绩录入', 'todo', '还没有成绩'],
      ['成绩发布', 'todo', '成绩录入完成后发布'],
    ]);
    expect(todoCount(steps)).toBe(3);
    expect(steps[1]!.path).toBe('/examDetailsEdit/enterStandardAnswer?examId=3&examSubjectId=7');
  });

  it('questions that do not add up, keys missing, a scan with abnormal sheets', () => {
    const steps = readinessOf({ id: 3, status: 2 }, subject({ questionCount: 22, questionFullScore: 148, usedCardType: 1, usedCardTypeName: '本平台答题卡', uploadCount: 40, missExamCount: 1, abnormalCount: 2, noScanCount: 3, scoredCount: 40, absentCount: 1 }), { objectiveCount: 12, missing: 2 });
    expect(steps.map((s) => s.state)).toEqual(['todo', 'todo', 'done', 'todo', 'todo', 'todo']);
    expect(steps[0]!.detail).toBe('22 题，小题满分合计 148 / 150 分');
    expect(steps[1]!.detail).toBe('还有 2 道客观题未录入答案');
    expect(steps[3]!.detail).toBe('上传成功 40，缺考 1，异常 2，未扫 3');
    expect(steps[4]!.detail).toBe('已有成绩 40 人，缺考 1 人');
  });

  it('a released subject set up in full; a third-party card leads to 模板确认', () => {
    const steps = readinessOf({ id: 3, status: 4 }, subject({ questionCount: 22, questionFullScore: 150, usedCardType: 2, usedCardTypeName: '第三方答题卡', uploadCount: 45, missExamCount: 2 }), { objectiveCount: 12, missing: 0 });
    expect(steps.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done', 'done', 'done']);
    expect(steps[2]!.path).toBe('/examDetailsEdit/templateConfirm?examId=3&examSubjectId=7');
    expect(todoCount(steps)).toBe(0);
  });
});
