import { describe, expect, it } from 'vitest';
import { summarize } from './multi-summary.js';

/**
 * Three students in two classes, subjects 语文 (id 1) and 数学 (id 2) in the 总分 and 物理 (id 3) outside it.
 * Hand count: 甲 语文 40+45.5 = 85.5, 数学 缺考, 物理 not taken → total 85.5, complete; 乙 语文 missing, 数学 90,
 * 物理 60 → total 90 (物理 is outside the 总分), incomplete; 丙 (class 2) nothing entered → total null.
 * Class 1 语文: candidates 2, entered 1, missing 1; 数学: candidates 2, entered 1, 缺考 1; 物理: candidates 1, entered 1.
 */
describe('multi-subject summary', () => {
  const subjects = [{ id: 1, courseCode: 'YW', inTotal: true }, { id: 2, courseCode: 'SX', inTotal: true }, { id: 3, courseCode: 'WL', inTotal: false }];
  const st = (id: number, name: string, classId: number) => ({ id, examNo: `00${id}`, name, schoolId: 9, schoolName: '一中', classId, className: `${classId}班` });
  const r = summarize(subjects, [st(1, '甲', 1), st(2, '乙', 1), st(3, '丙', 2)],
    [{ esid: 1, sid: 1, score: 40 }, { esid: 1, sid: 1, score: 45.5 }, { esid: 2, sid: 2, score: 90 }, { esid: 2, sid: 3, score: 60 }],
    [{ esid: 1, sid: 2 }], [{ esid: 1, sid: 3 }]);

  it('gives each student the subject sums, states and the total of the 总分 subjects', () => {
    expect(r.students.map((s) => [s.name, s.scores, s.states, s.total, s.complete])).toEqual([
      ['甲', [85.5, null, null], ['entered', 'absent', 'excluded'], 85.5, true],
      ['乙', [null, 90, 60], ['missing', 'entered', 'entered'], 90, false],
      ['丙', [null, null, null], ['missing', 'missing', 'missing'], null, false],
    ]);
  });

  it('counts candidates, entered, 缺考 and missing per class and for the whole exam', () => {
    const c1 = r.classes.find((c) => c.classId === 1)!;
    expect(c1.subjects.map((s) => [s.candidates, s.entered, s.absent, s.missing])).toEqual([[2, 1, 0, 1], [2, 1, 1, 0], [1, 1, 0, 0]]);
    expect(r.grade.studentCount).toBe(3);
    expect(r.grade.subjects.map((s) => [s.candidates, s.entered, s.absent, s.missing])).toEqual([[3, 1, 0, 2], [3, 1, 1, 1], [2, 1, 0, 1]]);
    expect(r.schoolRows).toHaveLength(1);
    expect(r.schoolRows[0]!.subjects).toEqual(r.grade.subjects);
  });
});
