import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '@jz/shared/api/exam-setting';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildSmallExam } from '../fixtures/small-exam.js';

/**
 * 学校分析默认设置 (systemSettings): stored per school, copied into each new exam, reset to the platform default.
 * The released figures use the small exam (tests/fixtures/small-exam.ts): 语文 (full 20) 17, 14, 14, 20, 10. With the
 * school's 优秀 85 %: threshold 0.85 × 20 = 17 → 17 and 20 reach it: 2 of 5 = 40 % (the platform's 80 % gives 16, the
 * same two). 良好 75 %: 15 → 17, 20: 2 → 40 % (platform 70 %: 14 → 4 of 5 = 80 %).
 */
describe.each(dbKinds)('school analysis defaults on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let grade1: string;
  const rates = {
    label: '五率',
    levels: SETTING_DEFAULTS.rates.levels.map((l) => ({ ...l, threshold: ({ high: 0.95, excellent: 0.85, good: 0.75 } as Record<string, number>)[l.key] ?? l.threshold })),
  };
  const api = (method: 'GET' | 'POST', url: string, token = admin, payload?: unknown) => t.call({ method, url: `/api/v1/${url}`, token, payload: payload as never });
  const item = (data: { items: { family: string }[] }, family: string) => data.items.find((i) => i.family === family) as Record<string, any>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    grade1 = await t.tokenFor('grade1');
  });
  afterAll(async () => { await t?.close(); });

  it('reads the platform defaults until the school sets its own; only the school administrator changes them', async () => {
    const first = await api('GET', 'systemSettings/query');
    expect(first.body.code).toBe(200);
    expect(first.body.data.editable).toBe(true);
    expect(first.body.data.items.map((i: { family: string }) => i.family)).toEqual(['rates', 'scoreSegment', 'rankSegment', 'nRank', 'onlineLines', 'criticalBuffer', 'studyLevel', 'gGroups', 'studentRules']);
    expect(first.body.data.items.every((i: { isDefault: boolean }) => i.isDefault)).toBe(true);
    expect(item(first.body.data, 'rates').value).toEqual(SETTING_DEFAULTS.rates);
    const leader = await api('GET', 'systemSettings/query', grade1);
    expect(leader.body.data.editable).toBe(false);
    expect((await api('POST', 'systemSettings/update', grade1, { family: 'gGroups', value: { count: 5 } })).body.code).toBe(403);
    const bad = await api('POST', 'systemSettings/update', admin, { family: 'rates', value: { ...rates, levels: rates.levels.map((l) => (l.key === 'good' ? { ...l, threshold: 0.9 } : l)) } });
    expect([bad.body.code, bad.body.msg]).toEqual([400, '四率/五率设置不正确：各档比例须从高到低依次递减']);
    const combos = await api('POST', 'systemSettings/update', admin, { family: 'subjectCombos', value: { combos: [{ name: '总分', courseCodes: [] }] } });
    expect(combos.body.code).toBe(400);
    expect(combos.body.msg).toContain('该设置不能作为学校默认设置');
  });

  it('a new exam takes the school\'s defaults; older exams and other schools keep theirs', async () => {
    const saved = await api('POST', 'systemSettings/update', admin, { family: 'rates', value: rates });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(item(saved.body.data, 'rates')).toMatchObject({ value: rates, isDefault: false, updatedByName: expect.any(String) });
    expect((await api('POST', 'systemSettings/update', admin, { family: 'gGroups', value: { count: 5 } })).body.code).toBe(200);

    const exam = await buildSmallExam(t, admin, '学校默认设置');
    const q = await api('GET', `systemConfig/query?examId=${exam.examId}`);
    expect(item(q.body.data, 'rates')).toMatchObject({ value: rates, source: 'exam', isDefault: true, defaultSource: 'school' });
    expect(item(q.body.data, 'gGroups')).toMatchObject({ value: { count: 5 }, isDefault: true, defaultSource: 'school' });
    expect(item(q.body.data, 'scoreSegment')).toMatchObject({ source: 'default', isDefault: true, defaultSource: 'platform' });

    await releaseExam(t.database.db, exam.examId);
    const overview = await api('GET', `report_home/overview?examId=${exam.examId}&courseCode=YW`);
    const yw = overview.body.data.rows.find((r: { code: string }) => r.code === 'YW');
    const rate = (key: string) => { const r = yw.rates.find((x: { key: string }) => x.key === key); return [r.thresholdScore, r.count, r.share]; };
    expect([rate('excellent'), rate('good')]).toEqual([[17, 2, 0.4], [15, 2, 0.4]]);

    // an older exam (the demo's) keeps the platform's values
    const school = await t.database.db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const old = await t.database.db.selectFrom('exam').select('id').where('school_id', '=', school.id).where('released_at', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const oldQ = await api('GET', `systemConfig/query?examId=${old.id}`);
    expect(item(oldQ.body.data, 'rates')).toMatchObject({ value: SETTING_DEFAULTS.rates, source: 'default', isDefault: false, defaultSource: 'school' });
    // another school sees its own (the platform's)
    const other = await api('GET', 'systemSettings/query', await t.tokenFor('admin2'));
    expect(item(other.body.data, 'rates')).toMatchObject({ value: SETTING_DEFAULTS.rates, isDefault: true });

    // the exam's 恢复默认 goes back to the school's default
    const changed = await api('POST', 'systemConfig/update', admin, { examId: exam.examId, family: 'gGroups', value: { count: 8 } });
    expect(item(changed.body.data, 'gGroups')).toMatchObject({ value: { count: 8 }, isDefault: false });
    const back = await api('POST', 'systemConfig/rollBackDefault', admin, { examId: exam.examId, family: 'gGroups' });
    expect(item(back.body.data, 'gGroups')).toMatchObject({ value: { count: 5 }, isDefault: true, defaultSource: 'school' });
  });

  it('resets one family or all to the platform default, leaving existing exams as they are', async () => {
    const one = await api('POST', 'systemSettings/rollBackDefault', admin, { family: 'gGroups' });
    expect([one.body.code, one.body.msg]).toEqual([200, '已恢复平台默认']);
    expect(item(one.body.data, 'gGroups')).toMatchObject({ value: SETTING_DEFAULTS.gGroups, isDefault: true });
    expect(item(one.body.data, 'rates').isDefault).toBe(false);
    const all = await api('POST', 'systemSettings/reset', admin);
    expect(all.body.data.items.every((i: { isDefault: boolean }) => i.isDefault)).toBe(true);
    const exam = await t.database.db.selectFrom('exam').select('id').where('name', '=', '学校默认设置').executeTakeFirstOrThrow();
    const q = await api('GET', `systemConfig/query?examId=${exam.id}`);
    expect(item(q.body.data, 'rates')).toMatchObject({ value: rates, source: 'exam', isDefault: false, defaultSource: 'platform' });
    expect((await api('POST', 'systemSettings/reset', grade1)).body.code).toBe(403);
  });
});
