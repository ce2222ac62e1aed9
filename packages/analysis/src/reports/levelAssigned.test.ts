import { describe, expect, it } from 'vitest';
import { prepareExam } from './index.js';
import { buildTranscript } from './transcript.js';
import { newWorkedExam } from './testFixture.js';

// 成绩类型 等级赋分: the worked exam (testFixture.ts) with 语文 level-assigned, default 3+1+2 bands
// (A 15 % 100–86, B 35 % 85–71, C 35 % 70–56, D 13 % 55–41, E 2 % 40–30). Worked by hand from docs/DOMAIN-RULES.md §3.13:
//   语文 raw s1 19, s4 16, s2 15, s3 13, s5 5 (s6 absent): N = 5, share of students ahead 0, 20, 40, 60, 80 %
//   → s1 A (0 < 15), s4 B and s2 B (20, 40 < 50), s3 C and s5 C (60, 80 < 85)
//   A {19}: Y1 = Y2 → T2 = 100
//   B [15, 16]: 16 → 85, 15 → 71
//   C [5, 13]: 13 → 70, 5 → (70·0 + 56·8)/8 = 56
//   总分 = assigned 语文 + raw 数学 (s1 10, s2 6, s3 7, s4 9, s5 3): s1 110, s4 94, s2 77, s3 77, s5 59
//   grade ranks of the total: s1 1, s4 2, s2 3, s3 3, s5 5
describe('等级赋分 view of the worked exam', () => {
  const exam = prepareExam(newWorkedExam({ levelAssigned: ['YW'] }));
  const t = buildTranscript(exam);
  const col = (code: string) => t.columns.findIndex((c) => c.code === code);
  const row = (id: string) => t.rows.find((r) => r.studentId === id)!;

  it('replaces 语文 by its level-assigned score and 100 as its full score; 数学 stays raw', () => {
    const yw = col('YW');
    expect(Object.fromEntries(['s1', 's2', 's3', 's4', 's5', 's6'].map((s) => [s, row(s).scores[yw]]))).toEqual({
      s1: 100, s2: 71, s3: 70, s4: 85, s5: 56, s6: null,
    });
    expect(t.columns[yw]!.fullScore).toBe(100);
    expect(row('s1').scores[col('SX')]).toBe(10);
  });

  it('adds the assigned scores into the total and ranks on it', () => {
    const total = col('total');
    expect(['s1', 's2', 's3', 's4', 's5'].map((s) => row(s).scores[total])).toEqual([110, 77, 77, 94, 59]);
    expect(['s1', 's2', 's3', 's4', 's5'].map((s) => row(s).gradeRanks[total])).toEqual([1, 3, 3, 2, 5]);
  });

  it('keeps the raw view unchanged without the setting', () => {
    const raw = buildTranscript(prepareExam(newWorkedExam()));
    expect(raw.rows.find((r) => r.studentId === 's1')!.scores[raw.columns.findIndex((c) => c.code === 'YW')]).toBe(19);
  });
});
