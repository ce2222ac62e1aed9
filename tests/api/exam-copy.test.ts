import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '@jz/shared/api/exam-setting';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';

/**
 * 复制考试设置 (exam_manage/synchronize_preview, synchronize_exam). Source: the small exam (语文 20: Q1 single A 5,
 * Q2 written 15; 数学 20: Q1 judge T 4, Q2 written 16) with its own 五率, 科目组合 (语文+数学) and 语文's own 临界生
 * range 2. Target: a new exam of 语文 20, 数学 30, 物理 100 with nothing set. Expected by the rules of the module:
 * rates and 科目组合 change (2), 语文's own 临界生 value comes along (1), 语文's questions come along (1): 4 changes;
 * 数学 is refused (满分不同), 物理 has no source subject.
 */
describe.each(dbKinds)('copying an exam\'s set-up on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let source: SmallExam;
  let target: number;
  let gradeId: number;
  let classIds: number[];
  const rates = { label: '五率', levels: SETTING_DEFAULTS.rates.levels.map((l) => ({ ...l, threshold: ({ high: 0.95, excellent: 0.85 } as Record<string, number>)[l.key] ?? l.threshold })) };
  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) => t.call({ method, url: `/api/v1/${url}`, token, payload: payload as never });
  const newExam = async (name: string, subjects: { courseCode: string; fullScore: number }[]) => {
    const r = await api('POST', 'exam_manage/add_multipart_exam', { name, examType: 4, gradeId, startDate: '2026-11-02', endDate: '2026-11-02', classIds, subjects });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data as { id: number; subjects: { id: number; courseCode: string }[] };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    source = await buildSmallExam(t, admin, '复制源考试');
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').limit(1).execute()).map((c) => c.id);
    for (const [family, value, courseCode] of [['rates', rates], ['subjectCombos', { combos: [{ name: '语数', courseCodes: ['YW', 'SX'] }] }], ['criticalBuffer', { points: 2 }, 'YW']] as const) {
      const r = await api('POST', 'systemConfig/update', { examId: source.examId, family, value, courseCode });
      expect(r.body.code, r.body.msg).toBe(200);
    }
    target = (await newExam('复制目标考试', [{ courseCode: 'YW', fullScore: 20 }, { courseCode: 'SX', fullScore: 30 }, { courseCode: 'WL', fullScore: 100 }])).id;
  });
  afterAll(async () => { await t?.close(); });

  it('previews every item with the source value, the target\'s and why some are refused', async () => {
    const r = await api('POST', 'exam_manage/synchronize_preview', { fromExamId: source.examId, toExamId: target, parts: ['settings', 'questions'] });
    expect(r.body.code, r.body.msg).toBe(200);
    const p = r.body.data;
    expect(p.changes).toBe(4);
    expect(p.fromExam.name).toBe('复制源考试');
    const s = (family: string, course: string | null = null) => p.settings.find((x: { family: string; courseCode: string | null }) => x.family === family && x.courseCode === course);
    expect(s('rates')).toMatchObject({ action: 'copy', from: '五率：高分 ≥95%、优秀 ≥85%、良好 ≥70%、及格 ≥60%、低分 <30%', to: '四率：优秀 ≥80%、良好 ≥70%、及格 ≥60%、低分 <30%' });
    expect(s('subjectCombos')).toMatchObject({ action: 'copy', from: '语数（2 科）', to: '总分（全部科目）' });
    expect(s('scoreSegment')).toMatchObject({ action: 'same', from: '单科每 10 分、总分每 50 分' });
    expect(s('criticalBuffer', 'YW')).toMatchObject({ action: 'copy', courseName: '语文', from: '上下 2 分', to: '沿用整场考试设置' });
    expect(p.subjects).toEqual([
      { courseCode: 'YW', courseName: '语文', action: 'copy', questions: 2, targetQuestions: 0, reason: null },
      { courseCode: 'SX', courseName: '数学', action: 'skip', questions: 2, targetQuestions: 0, reason: '满分不同（源 20 分，目标 30 分）' },
      { courseCode: 'WL', courseName: '物理', action: 'skip', questions: 0, targetQuestions: 0, reason: '源考试没有该科目' },
    ]);
  });

  it('copies in one go; the target then equals the source; nothing left to copy is refused', async () => {
    const r = await api('POST', 'exam_manage/synchronize_exam', { fromExamId: source.examId, toExamId: target, parts: ['settings', 'questions'] });
    expect([r.body.code, r.body.msg]).toEqual([200, '已复制 3 项分析设置、1 个科目的小题与答案']);
    expect(r.body.data.changes).toBe(0);
    const q = await api('GET', `systemConfig/query?examId=${target}`);
    expect(q.body.data.items.find((i: { family: string }) => i.family === 'rates').value).toEqual(rates);
    const yw = await api('GET', `systemConfig/query?examId=${target}&courseCode=YW`);
    expect(yw.body.data.items.find((i: { family: string }) => i.family === 'criticalBuffer')).toMatchObject({ value: { points: 2 }, source: 'course' });
    const tgtSubjects = (await api('GET', `exam_manage/find_exam?examId=${target}`)).body.data.subjects as { id: number; courseCode: string; questionCount: number }[];
    const tpl = await api('GET', `question_template/find?examSubjectId=${tgtSubjects.find((x) => x.courseCode === 'YW')!.id}`);
    expect(tpl.body.data.questions.map((x: { no: string; type: string; fullScore: number; answer: string | null }) => [x.no, x.type, x.fullScore, x.answer])).toEqual([['1', 'single', 5, 'A'], ['2', 'subjective', 15, null]]);
    expect(tgtSubjects.find((x) => x.courseCode === 'SX')!.questionCount).toBe(0);
    const again = await api('POST', 'exam_manage/synchronize_exam', { fromExamId: source.examId, toExamId: target, parts: ['settings', 'questions'] });
    expect([again.body.code, again.body.msg]).toEqual([400, '没有需要复制的内容：所选内容与源考试相同，或无法复制（见预览中的原因）']);
  });

  it('refuses the same exam, a target the caller may not edit, subjects with scores, a released target and combos of missing subjects', async () => {
    expect((await api('POST', 'exam_manage/synchronize_preview', { fromExamId: target, toExamId: target, parts: ['settings'] })).body.msg).toBe('源考试与目标考试相同，请选择另一场考试');
    expect((await api('POST', 'exam_manage/synchronize_preview', { fromExamId: source.examId, toExamId: target, parts: [] })).body.code).toBe(400);
    const teacher = await api('POST', 'exam_manage/synchronize_exam', { fromExamId: source.examId, toExamId: target, parts: ['settings'] }, await t.tokenFor('teacher1'));
    expect([teacher.body.code, teacher.body.msg]).toEqual([403, '无权限访问']);
    const otherSchool = await api('POST', 'exam_manage/synchronize_preview', { fromExamId: source.examId, toExamId: target, parts: ['settings'] }, await t.tokenFor('admin2'));
    expect(otherSchool.body.code).toBe(403);

    // a target with scores of its own: the small exam built again
    const scored = await buildSmallExam(t, admin, '有成绩的目标');
    const p = (await api('POST', 'exam_manage/synchronize_preview', { fromExamId: target, toExamId: scored.examId, parts: ['questions'] })).body.data;
    expect(p.subjects.find((x: { courseCode: string }) => x.courseCode === 'YW')).toMatchObject({ action: 'skip', reason: '目标科目已有成绩，不能复制小题（请在“小题编辑”中修改）' });
    await releaseExam(t.database.db, scored.examId);
    const released = (await api('POST', 'exam_manage/synchronize_preview', { fromExamId: target, toExamId: scored.examId, parts: ['questions'] })).body.data;
    expect(released.toExam.released).toBe(true);
    expect(released.subjects.find((x: { courseCode: string }) => x.courseCode === 'YW').reason).toBe('目标考试成绩已发布，不能修改小题');

    const onlyYw = (await newExam('只有语文', [{ courseCode: 'YW', fullScore: 20 }])).id;
    const combos = (await api('POST', 'exam_manage/synchronize_preview', { fromExamId: source.examId, toExamId: onlyYw, parts: ['settings'] })).body.data;
    expect(combos.settings.find((x: { family: string }) => x.family === 'subjectCombos')).toMatchObject({ action: 'skip', reason: '科目组合中的数学不是目标考试的科目' });
  });
});
