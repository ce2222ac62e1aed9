import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';

/**
 * 成绩图表 and 历次考试趋势 (examReportComm/charts, /trend) on the small exam (tests/fixtures/small-exam.ts):
 *   语文 (full 20): 1班 A1 17, A2 14, A3 14; 2班 B1 20, B2 10; 总分 A1 31, A2 30, A3 30, B1 30 (B2 absent from 数学).
 * Expected values computed with Python 3.11's statistics module (quantiles(method='inclusive') = R type 7;
 * correlation; linear_regression), the bins and fences by hand:
 *   语文 with 分数段 5: [0,5) 0, [5,10) 0, [10,15) 3 (10, 14, 14), [15,20] 2 (17, 20).
 *   全年级 10 14 14 17 20: q1 14, median 14, q3 17; fences 9.5 / 21.5 → whiskers 10, 20, no outliers; mean 15.
 *   1班 14 14 17: q1 14, median 14, q3 15.5; whiskers 14, 17.  2班 10 20: q1 12.5, median 15, q3 17.5; whiskers 10, 20.
 *   语文 against 总分 (31,17) (30,14) (30,14) (30,20): r 0.174078, slope 1, intercept −14.
 * Trend: a second small exam where A1's 语文 becomes 7 (Q2 12 → 2): 7 14 14 20 10 → mean 13, 得分率 0.65, 优秀 (≥16) 1/5,
 *   及格 (≥12) 3/5; first exam mean 15, 0.75, 优秀 2/5, 及格 4/5. 1班 35/3 → 0.583333 (first 0.75); 2班 15 → 0.75 in both.
 */
describe.each(dbKinds)('chart views on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let first: SmallExam;
  let second: SmallExam;
  const get = (url: string, token = admin) => t.call({ url: `/api/v1/${url}`, token });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    first = await buildSmallExam(t, admin, '图表一');
    expect((await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: admin, payload: { examId: first.examId, family: 'scoreSegment', value: { subjectStep: 5, totalStep: 10 } } })).body.code).toBe(200);
    await releaseExam(t.database.db, first.examId);
    second = await buildSmallExam(t, admin, '图表二');
    const yw = (await get(`exam_manage/find_exam?examId=${second.examId}`)).body.data.subjects.find((s: { courseCode: string }) => s.courseCode === 'YW').id;
    const edit = await t.call({ method: 'POST', url: '/api/v1/question_score/update', token: admin, payload: {
      examStudentId: second.students[0]!.id, examSubjectId: yw, scores: [{ questionId: second.qid.YW1, choice: 'A' }, { questionId: second.qid.YW2, score: 2 }],
    } });
    expect(edit.body.code, edit.body.msg).toBe(200);
    await releaseExam(t.database.db, second.examId);
  });
  afterAll(async () => { await t?.close(); });

  it('draws 语文\'s distribution, box plots by class and its scores against the total', async () => {
    const r = await get(`examReportComm/charts?examId=${first.examId}&courseCode=YW`);
    expect(r.body.code, r.body.msg).toBe(200);
    const c = r.body.data;
    expect(c.column).toEqual({ code: 'YW', name: '语文', fullScore: 20, isTotal: false });
    expect(c.width).toBe(5);
    expect(c.histogram.map((b: { count: number }) => b.count)).toEqual([0, 0, 3, 2]);
    const box = (i: number) => { const b = c.boxes[i]; return [b.unitName, b.mean, b.box.q1, b.box.median, b.box.q3, b.box.lowerWhisker, b.box.upperWhisker, b.box.outliers]; };
    expect(box(0)).toEqual(['全年级', 15, 14, 14, 17, 10, 20, []]);
    expect(box(1)).toEqual(['高一1班', 15, 14, 14, 15.5, 14, 17, []]);
    expect(box(2)).toEqual(['高一2班', 15, 12.5, 15, 17.5, 10, 20, []]);
    expect(c.scatter.points).toHaveLength(4);
    expect(c.scatter.r).toBeCloseTo(0.174078, 6);
    expect(c.scatter.slope).toBeCloseTo(1, 9);
    expect(c.scatter.intercept).toBeCloseTo(-14, 9);
    const total = (await get(`examReportComm/charts?examId=${first.examId}&courseCode=0`)).body.data;
    expect([total.width, total.scatter, total.scatterNote]).toEqual([10, null, '已选总分：请选择一个科目查看该科与总分的关系']);
  });

  it('cuts by role: a subject teacher sees its subject without the total, a head teacher its class', async () => {
    const teacher1 = await t.tokenFor('teacher1');
    expect((await get(`examReportComm/charts?examId=${first.examId}&courseCode=YW`, teacher1)).body.code).toBe(403);
    const sx = (await get(`examReportComm/charts?examId=${first.examId}&courseCode=SX`, teacher1)).body.data;
    expect([sx.scatter, sx.scatterNote]).toEqual([null, '您所教班级的总分不在可查看范围内']);
    const head = (await get(`examReportComm/charts?examId=${first.examId}&courseCode=YW`, await t.tokenFor('head1'))).body.data;
    expect(head.boxes.map((b: { unitName: string; box: { n: number } }) => [b.unitName, b.box.n])).toEqual([['合计', 3], ['高一1班', 3]]);
  });

  it('follows 语文 over the grade\'s released exams up to this one', async () => {
    const r = await get(`examReportComm/trend?examId=${second.examId}&courseCode=YW`);
    expect(r.body.code, r.body.msg).toBe(200);
    const d = r.body.data;
    const last2 = d.exams.slice(-2).map((e: { name: string }) => e.name);
    expect(last2).toEqual(['图表一', '图表二']);
    const g = d.grade.slice(-2);
    expect(g.map((x: { mean: number; scoreRate: number; excellent: number; pass: number }) => [x.mean, x.scoreRate, x.excellent, x.pass])).toEqual([[15, 0.75, 0.4, 0.8], [13, 0.65, 0.2, 0.6]]);
    const cls = (name: string) => d.classes.find((c: { className: string }) => c.className === name).values.slice(-2).map((v: { scoreRate: number }) => v.scoreRate);
    expect(cls('高一1班')[0]).toBeCloseTo(0.75, 9);
    expect(cls('高一1班')[1]).toBeCloseTo(0.583333, 6);
    expect(cls('高一2班')).toEqual([0.75, 0.75]);
    // the earlier exam's trend stops at it
    const before = (await get(`examReportComm/trend?examId=${first.examId}&courseCode=YW`)).body.data;
    expect(before.exams[before.exams.length - 1].name).toBe('图表一');
    const head = (await get(`examReportComm/trend?examId=${second.examId}&courseCode=YW`, await t.tokenFor('head1'))).body.data;
    expect(head.classes.map((c: { className: string }) => c.className)).toEqual(['高一1班']);
  });
});
