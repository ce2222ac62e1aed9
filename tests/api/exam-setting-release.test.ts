import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '@jz/shared/api/exam-setting';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

// Course-level settings reach the released reports. Small exam (tests/fixtures/small-exam.ts), worked by hand:
//   语文 (full 20) 17, 14, 14, 20, 10;  数学 (full 20) 14, 16, 16, 10;  总分 (full 40) 31, 30, 30, 30.
//   Defaults (四率 优秀 0.8, 良好 0.7, 及格 0.6, 低分 < 0.3; buffer 10):
//     语文 优秀 ≥ 16 → 17, 20 → 2 / 5 = 0.4; 良好 ≥ 14 → 4 → 0.8; 及格 ≥ 12 → 4 → 0.8; 低分 < 6 → 0.
//       critical 优秀 t 16: below [6, 16) 14, 14, 10 → 3; above [16, 26] 17, 20 → 2.
//     数学 优秀 ≥ 16 → 2 / 4 = 0.5; 良好 ≥ 14 → 3 → 0.75.
//   语文 course-level rates 优秀 0.9, 良好 0.75 (高分 0.95) and buffer 2:
//     优秀 ≥ 18 → 20 → 1 / 5 = 0.2; 良好 ≥ 15 → 17, 20 → 2 → 0.4; 及格 and 低分 unchanged.
//     critical 优秀 t 18, buffer 2: below [16, 18) 17 → 1; above [18, 20] 20 → 1.
//   数学 and 总分 keep the defaults (总分 优秀 ≥ 32 → 0).
describe.each(dbKinds)('course-level settings in the released reports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exam: SmallExam;
  const url = (path: string, q = '') => `/api/v1/${path}?examId=${exam.examId}${q}`;
  const ywRates = {
    label: '四率',
    levels: SETTING_DEFAULTS.rates.levels.map((l) => ({ ...l, threshold: ({ high: 0.95, excellent: 0.9, good: 0.75 } as Record<string, number>)[l.key] ?? l.threshold })),
  };

  const overview = async () => {
    const res = await t.call({ url: url('report_home/overview'), token: admin });
    expect(res.body.code, res.body.msg).toBe(200);
    const rows = Object.fromEntries(res.body.data.rows.map((r: { code: string }) => [r.code, r])) as Record<string, { rates: { key: string; thresholdScore: number; count: number; share: number | null }[] }>;
    const rate = (code: string, key: string) => {
      const r = rows[code]!.rates.find((x) => x.key === key)!;
      return [r.thresholdScore, r.count, r.share];
    };
    return rate;
  };
  const critical = async (code: string) => {
    const res = await t.call({ url: url('fiveRateAnalysis/rateCritical', `&courseCode=${code}`), token: admin });
    expect(res.body.code, res.body.msg).toBe(200);
    const ex = res.body.data.levels.find((l: { key: string }) => l.key === 'excellent');
    return { buffer: res.body.data.buffer, thresholdScore: ex.thresholdScore, grade: ex.grade };
  };
  const save = async (family: string, value: unknown) => {
    const res = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: admin, payload: { examId: exam.examId, courseCode: 'YW', family, value } });
    expect(res.body.code, res.body.msg).toBe(200);
  };
  const rollBack = async (family: string) => {
    const res = await t.call({ method: 'POST', url: '/api/v1/systemConfig/rollBackDefault', token: admin, payload: { examId: exam.examId, courseCode: 'YW', family } });
    expect(res.body.code, res.body.msg).toBe(200);
  };
  const expectDefaults = async () => {
    const rate = await overview();
    expect(rate('YW', 'excellent')).toEqual([16, 2, 0.4]);
    expect(rate('YW', 'good')).toEqual([14, 4, 0.8]);
    expect(rate('SX', 'excellent')).toEqual([16, 2, 0.5]);
    expect(rate('SX', 'good')).toEqual([14, 3, 0.75]);
    expect(rate('TOTAL', 'excellent')).toEqual([32, 0, 0]);
    expect(await critical('YW')).toEqual({ buffer: 10, thresholdScore: 16, grade: { reached: 2, below: 3, above: 2 } });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    exam = await buildSmallExam(t, admin, '课程设置发布测试');
  });
  afterAll(async () => { await t?.close(); });

  it('releases with the defaults', async () => {
    await releaseExam(t.database.db, exam.examId);
    await expectDefaults();
  });

  it('a course-level rates and buffer for 语文 change 语文 only', async () => {
    await save('rates', ywRates);
    await save('criticalBuffer', { points: 2 });
    await releaseExam(t.database.db, exam.examId);
    const rate = await overview();
    expect(rate('YW', 'excellent')).toEqual([18, 1, 0.2]);
    expect(rate('YW', 'good')).toEqual([15, 2, 0.4]);
    expect(rate('YW', 'pass')).toEqual([12, 4, 0.8]);
    expect(rate('SX', 'excellent')).toEqual([16, 2, 0.5]);
    expect(rate('SX', 'good')).toEqual([14, 3, 0.75]);
    expect(rate('TOTAL', 'excellent')).toEqual([32, 0, 0]);
    expect(await critical('YW')).toEqual({ buffer: 2, thresholdScore: 18, grade: { reached: 1, below: 1, above: 1 } });
    expect(await critical('SX')).toMatchObject({ buffer: 10, thresholdScore: 16 });
  });

  it('rollBackDefault and a new release bring the defaults back', async () => {
    await rollBack('rates');
    await rollBack('criticalBuffer');
    await releaseExam(t.database.db, exam.examId);
    await expectDefaults();
  });
});
