import { beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS, SETTING_FAMILIES } from '@jz/shared/api/exam-setting';
import { useTestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/** Per-exam analysis settings (systemConfig): defaults of docs/DOMAIN-RULES.md §3, validation per family, reset. */
describe.each(dbKinds)('exam settings on %s', (kind) => {
  const t = useTestApp(kind);
  let examId: number;

  beforeAll(async () => {
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
    const cls = await db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).orderBy('sort').limit(1).execute();
    const created = await t.call({
      method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: t.admin,
      payload: { name: '设置测试', examType: 2, gradeId: grade.id, startDate: '2026-11-10', endDate: '2026-11-11', classIds: cls.map((c) => c.id), subjects: [{ courseCode: 'YW', fullScore: 150 }, { courseCode: 'SX', fullScore: 150 }] },
    });
    examId = created.body.data.id;
  });

  const query = async (courseCode?: string) => {
    const res = await t.call({ url: `/api/v1/systemConfig/query?examId=${examId}${courseCode ? `&courseCode=${courseCode}` : ''}`, token: t.admin });
    expect(res.body.code).toBe(200);
    return Object.fromEntries(res.body.data.items.map((i: { family: string }) => [i.family, i])) as Record<string, { id: number | null; value: any; isDefault: boolean; source: string; courseLevel: boolean }>;
  };

  it('answers every family with its default (docs/DOMAIN-RULES.md §3, docs/PRODUCT.md §9)', async () => {
    const items = await query();
    expect(Object.keys(items)).toEqual(SETTING_FAMILIES);
    for (const f of SETTING_FAMILIES) expect(items[f]).toMatchObject({ isDefault: true, source: 'default', id: null, value: SETTING_DEFAULTS[f] });
    expect(items.rates!.value.label).toBe('四率');
    expect(items.rates!.value.levels.map((l: { name: string; threshold: number }) => `${l.name}${l.threshold}`)).toEqual(['高分0.9', '优秀0.8', '良好0.7', '及格0.6', '低分0.3']);
    expect(items.scoreSegment!.value).toEqual({ subjectStep: 10, totalStep: 50 });
    expect(items.rankSegment!.value.bounds).toEqual([10, 20, 50, 100, 200, 500]);
    expect(items.criticalBuffer!.value.points).toBe(10);
    expect(items.studyLevel!.value.levels.map((l: { share: number }) => l.share)).toEqual([0.15, 0.35, 0.35, 0.13, 0.02]);
    expect(items.gGroups!.value.count).toBe(10);
    expect(items.studentRules!.value).toEqual({ topNumber: 10, bottomNumber: 10, upNumber: 3, lowNumber: 3 });
  });

  it('validates a value per family with a Chinese message', async () => {
    const rates = structuredClone(SETTING_DEFAULTS.rates);
    rates.levels[2]!.threshold = 0.85; // 良好 above 优秀
    const bad = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'rates', value: rates } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('各档比例须从高到低依次递减');
    const outOfRange = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'rates', value: { ...SETTING_DEFAULTS.rates, levels: SETTING_DEFAULTS.rates.levels.map((l, i) => (i === 0 ? { ...l, threshold: 1.5 } : l)) } } });
    expect(outOfRange.body.code).toBe(400);
    const rank = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'rankSegment', value: { bounds: [50, 10] } } });
    expect(rank.body.msg).toContain('名次段须从小到大递增');
    const level = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'studyLevel', value: { levels: [{ name: 'A', share: 0.5, high: 100, low: 60 }, { name: 'B', share: 0.4, high: 59, low: 0 }] } } });
    expect(level.body.msg).toContain('各等级比例之和须为 100%');
    const combo = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'subjectCombos', value: { combos: [{ name: '理科', courseCodes: ['SX', 'WL'] }] } } });
    expect(combo.body.msg).toContain('WL 不是本次考试的科目');
    const line = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'onlineLines', value: { lines: [{ name: '一本', score: 500, share: 0.2 }] } } });
    expect(line.body.code).toBe(400);
    const unknown = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'nope', value: {} } });
    expect(unknown.body.code).toBe(400);
  });

  it('stores exam-wide and course-level values; course level overrides for that subject only', async () => {
    const five = { label: '五率', levels: SETTING_DEFAULTS.rates.levels.map((l) => ({ ...l, threshold: l.key === 'pass' ? 0.55 : l.threshold })) };
    const saved = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'rates', value: five } });
    expect(saved.body.code).toBe(200);
    let items = await query();
    expect(items.rates).toMatchObject({ isDefault: false, source: 'exam', value: five });
    expect(items.rates!.id).toEqual(expect.any(Number));

    const sx = { ...five, levels: five.levels.map((l) => (l.key === 'low' ? { ...l, threshold: 0.4 } : l)) };
    expect((await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, courseCode: 'SX', family: 'rates', value: sx } })).body.code).toBe(200);
    const sxItems = await query('SX');
    expect(sxItems.rates).toMatchObject({ source: 'course', courseLevel: true, value: sx });
    expect((await query('YW')).rates).toMatchObject({ source: 'exam', value: five, id: null });
    expect(sxItems.rankSegment).toMatchObject({ courseLevel: false, source: 'default' });
    const examOnly = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, courseCode: 'SX', family: 'gGroups', value: { count: 5 } } });
    expect(examOnly.body.code).toBe(400);
    expect(examOnly.body.msg).toContain('只能按整场考试设置');
    const notSubject = await t.call({ url: `/api/v1/systemConfig/query?examId=${examId}&courseCode=WL`, token: t.admin });
    expect(notSubject.body.code).toBe(400);

    // Updating again replaces the stored value.
    await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'gGroups', value: { count: 5 } } });
    await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: t.admin, payload: { examId, family: 'gGroups', value: { count: 8 } } });
    items = await query();
    expect(items.gGroups!.value).toEqual({ count: 8 });
    const n = await t.database.db.selectFrom('exam_setting').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', examId).where('family', '=', 'gGroups').executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('resets to the default by family (rollBackDefault) or by id (reset/{id})', async () => {
    const rolled = await t.call({ method: 'POST', url: '/api/v1/systemConfig/rollBackDefault', token: t.admin, payload: { examId, courseCode: 'SX', family: 'rates' } });
    expect(rolled.body.code).toBe(200);
    expect((await query('SX')).rates!.source).toBe('exam'); // the course falls back to the exam-wide value
    const id = (await query()).rates!.id!;
    const reset = await t.call({ method: 'POST', url: `/api/v1/systemConfig/reset/${id}`, token: t.admin });
    expect(reset.body.code).toBe(200);
    expect((await query()).rates).toMatchObject({ isDefault: true, value: SETTING_DEFAULTS.rates });
  });

  it('limits editing to exam editors; another school is refused', async () => {
    const teacher1 = await t.tokenFor('teacher1');
    const view = await t.call({ url: `/api/v1/systemConfig/query?examId=${examId}`, token: teacher1 });
    expect(view.body.code).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: teacher1, payload: { examId, family: 'gGroups', value: { count: 5 } } })).body.code).toBe(403);
    const lesson1 = await t.tokenFor('lesson1'); // 高一 数学: its subject only
    expect((await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: lesson1, payload: { examId, courseCode: 'SX', family: 'criticalBuffer', value: { points: 5 } } })).body.code).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: lesson1, payload: { examId, courseCode: 'YW', family: 'criticalBuffer', value: { points: 5 } } })).body.code).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: lesson1, payload: { examId, family: 'criticalBuffer', value: { points: 5 } } })).body.code).toBe(403);
    const admin2 = await t.tokenFor('admin2');
    expect((await t.call({ url: `/api/v1/systemConfig/query?examId=${examId}`, token: admin2 })).body.code).toBe(403);
  });
});
