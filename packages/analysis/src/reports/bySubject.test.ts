import { describe, expect, it } from 'vitest';
import { prepareExam } from './prepare.js';
import { buildClassComparison } from './classComparison.js';
import { buildOverview } from './overview.js';
import { buildRateCritical } from './rateCritical.js';
import { buildScoreSegments } from './scoreSegments.js';
import { FOUR_RATES } from '../settings.js';
import { newWorkedExam } from './testFixture.js';

// Per-subject (course-level) overrides on the worked exam (testFixture.ts). Expected values by hand:
//   语文 (full 20) scores s1 19, s2 15, s3 13, s4 16, s5 5 (s1–s3 in c1, s4–s5 in c2).
//     语文 优秀 set to 0.85 → threshold 0.85 × 20 = 17 → only s1 (19) → count 1, share 1/5 = 0.2
//       (exam-wide 0.8 → 16 → s1, s4 → 2, 0.4); 良好 0.7 → 14 → s1, s2, s4 → 3, 0.6 (unchanged).
//     c1 优秀: s1 → 1 of 3; c2 优秀: nobody (s4 16 < 17) → 0 of 2.
//     语文 buffer 1: 优秀 t 17 → below [16, 17): s4 → 1; above [17, 18]: nobody → 0; listed s4 (gap −1).
//     语文 segment width 5: 15-20 s1 s2 s4 → 3; 10-15 s3 → 1; 5-10 s5 → 1; 0-5 → 0.
//   数学 (full 10) keeps the exam-wide values: scores 10, 6, 7, 9, 3, 6; 优秀 ≥ 8 → s1, s4 → 2 of 6;
//     buffer 10: below [−2, 8) → 4, above [8, 18] → 2; width 10 → one segment 0-10 with 6.
//   总分 (full 30, s1..s5: 29, 21, 20, 25, 8) keeps the exam-wide 优秀 0.8 → 24 → s1, s4 → 2 of 5.
describe('per-subject settings (bySubject)', () => {
  const ywRates = FOUR_RATES.map((r) => (r.key === 'excellent' ? { ...r, threshold: 0.85 } : { ...r }));
  const exam = () => prepareExam(newWorkedExam({ bySubject: { YW: { rates: ywRates, criticalBuffer: 1, scoreSegment: 5 } } }));

  it('applies a subject\'s own rates in the overview and the comparison; others and the total keep the exam-wide ones', () => {
    const rows = buildOverview(exam()).rows;
    const ex = (code: string) => rows.find((r) => r.code === code)!.rates.find((r) => r.key === 'excellent')!;
    expect(ex('YW')).toMatchObject({ thresholdScore: 17, count: 1, share: 0.2 });
    expect(rows.find((r) => r.code === 'YW')!.rates.find((r) => r.key === 'good')).toMatchObject({ thresholdScore: 14, count: 3, share: 0.6 });
    expect(ex('SX')).toMatchObject({ thresholdScore: 8, count: 2, share: 2 / 6 });
    expect(ex('total')).toMatchObject({ thresholdScore: 24, count: 2, share: 0.4 });
    const yw = buildClassComparison(exam()).find((t) => t.code === 'YW')!;
    expect(yw.reference.rates.find((r) => r.key === 'excellent')!.count).toBe(1);
    expect(yw.rows.map((u) => u.rates.find((r) => r.key === 'excellent')!.count)).toEqual([1, 0, 0]);
  });

  it('applies a subject\'s own rates and buffer in the critical students', () => {
    const tables = buildRateCritical(exam());
    const yw = tables.find((t) => t.code === 'YW')!;
    const ywEx = yw.levels.find((l) => l.key === 'excellent')!;
    expect(yw.buffer).toBe(1);
    expect(ywEx.thresholdScore).toBe(17);
    expect(ywEx.grade).toEqual({ reached: 1, below: 1, above: 0 });
    expect(ywEx.students.map((s) => [s.studentId, s.gap])).toEqual([['s4', -1]]);
    const sx = tables.find((t) => t.code === 'SX')!;
    expect(sx.buffer).toBe(10);
    expect(sx.levels.find((l) => l.key === 'excellent')!.grade).toEqual({ reached: 2, below: 4, above: 2 });
    expect(tables.find((t) => t.isTotal)!.buffer).toBe(10);
  });

  it('applies a subject\'s own segment width', () => {
    const [yw, sx] = buildScoreSegments(exam());
    expect(yw.width).toBe(5);
    expect(yw.segments.map((s) => s.label)).toEqual(['15-20', '10-15', '5-10', '0-5']);
    expect(yw.grade.map((c) => c.count)).toEqual([3, 1, 1, 0]);
    expect(sx.width).toBe(10);
    expect(sx.grade.map((c) => c.count)).toEqual([6]);
  });
});
