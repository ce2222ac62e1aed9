import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exam } from '@jz/shared/api/exam';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * usedCardType in the exam detail (spec §3; values in docs/DECISIONS.md「usedCardType」): a subject with nothing saved
 * is 0 未设置, a saved card of this platform 1 本平台答题卡, a confirmed third-party template 2 第三方答题卡 (it wins
 * over the saved card because scanning reads with it first). The counters beside it: a fresh subject has every
 * candidate 未扫 and nothing else.
 */
describe.each(dbKinds)('usedCardType on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exam: Exam;
  const detail = async () => {
    const r = await t.call<Exam>({ url: `/api/v1/exam_manage/find_exam?examId=${exam.id}`, token: admin });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data.subjects.map((s) => [s.courseCode, s.usedCardType, s.usedCardTypeName, s.noScanCount, s.missExamCount, s.abnormalCount, s.uploadCount]);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    const grade = await t.database.db.selectFrom('school_grade as g').innerJoin('school as s', 's.id', 'g.school_id')
      .select('g.id').where('s.code', '=', 'SLZX').where('g.name', '=', '高二').executeTakeFirstOrThrow();
    const cls = await t.database.db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).orderBy('sort').limit(1).executeTakeFirstOrThrow();
    const r = await t.call<Exam>({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
      name: '答题卡类型测试', examType: 5, gradeId: grade.id, startDate: '2026-10-10', endDate: '2026-10-10', classIds: [cls.id],
      subjects: [{ courseCode: 'YW', fullScore: 100 }, { courseCode: 'SX', fullScore: 100 }],
    } });
    expect(r.body.code, r.body.msg).toBe(200);
    exam = r.body.data;
    for (const s of exam.subjects) {
      const q = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: {
        examSubjectId: s.id, questions: [{ no: '1', type: 'single', fullScore: 40, answer: 'A' }, { no: '2', type: 'subjective', fullScore: 60 }] } });
      expect(q.body.code, q.body.msg).toBe(200);
    }
  }, 120_000);
  afterAll(async () => { await t.close(); });

  it('is 未设置, then 本平台答题卡 once the card is saved, then 第三方答题卡 once a template is confirmed', async () => {
    const n = exam.studentCount;
    expect(n).toBeGreaterThan(0);
    expect(await detail()).toEqual([['YW', 0, '未设置', n, 0, 0, 0], ['SX', 0, '未设置', n, 0, 0, 0]]);
    const saved = await t.call({ method: 'POST', url: '/api/v1/card/save', token: admin, payload: { examSubjectId: exam.subjects[1]!.id, settings: {} } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(await detail()).toEqual([['YW', 0, '未设置', n, 0, 0, 0], ['SX', 1, '本平台答题卡', n, 0, 0, 0]]);
    // a confirmed template row, as make_template/save writes it (tests/api/scan-template.test.ts covers that route)
    await t.database.db.insertInto('sheet_template').values({
      exam_subject_id: exam.subjects[1]!.id, school_id: (await t.database.db.selectFrom('exam').select('school_id').where('id', '=', exam.id).executeTakeFirstOrThrow()).school_id,
      image_key: 'templates/x.jpg', width: 100, height: 100, template: JSON.stringify({}), drawing: null,
    }).execute();
    expect(await detail()).toEqual([['YW', 0, '未设置', n, 0, 0, 0], ['SX', 2, '第三方答题卡', n, 0, 0, 0]]);
  });
});
