import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildSmallExam, type SmallExam, scoresOf } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

describe.each(dbKinds)('score corrections on %s', (kind) => {
  const t = useTestApp(kind);
  let exam: SmallExam;
  let teacher1: string;
  let grade1: string;
  let head1: string;
  let correctionId: number;

  beforeAll(async () => {
    teacher1 = await t.tokenFor('teacher1');
    grade1 = await t.tokenFor('grade1');
    head1 = await t.tokenFor('head1');
    exam = await buildSmallExam(t, t.admin, '更正测试');
  });

  const apply = (token: string, esid: number, questionId: number, newScore: number, reason = '合分错误') =>
    t.call({ method: 'POST', url: '/api/v1/correction_score/apply', token, payload: { examStudentId: esid, questionId, newScore, reason } });

  it('refuses corrections before release', async () => {
    const res = await apply(teacher1, exam.students[0]!.id, exam.qid.SX2!, 6);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('尚未发布');
    await releaseExam(t.database.db, exam.examId);
  });

  it('lets the subject teacher apply, with checks', async () => {
    const [A1] = exam.students;
    expect((await apply(head1, A1!.id, exam.qid.SX2!, 6)).body.code).toBe(403); // head1 teaches 语文, not 数学
    expect((await apply(teacher1, A1!.id, exam.qid.SX2!, 17)).body.msg).toContain('超过满分');
    expect((await apply(teacher1, A1!.id, exam.qid.SX2!, 10)).body.msg).toContain('相同');
    expect((await apply(teacher1, exam.students[4]!.id, exam.qid.SX2!, 3)).body.msg).toContain('缺考');
    const res = await apply(teacher1, A1!.id, exam.qid.SX2!, 6, '第2题合分多记4分');
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'pending', oldScore: 10, newScore: 6, courseCode: 'SX', questionNo: '2', canReview: false });
    correctionId = res.body.data.id;
    expect((await apply(teacher1, A1!.id, exam.qid.SX2!, 8)).body.msg).toContain('待审核');
  });

  it('lists requests by scope', async () => {
    const mine = await t.call({ url: `/api/v1/correction_score/find_page?examId=${exam.examId}&status=pending`, token: teacher1 });
    expect(mine.body.data.total).toBe(1);
    const head = await t.call({ url: `/api/v1/correction_score/find_page?examId=${exam.examId}`, token: head1 });
    expect(head.body.data.total).toBe(0);
    const leader = await t.call({ url: `/api/v1/correction_score/find_page?examId=${exam.examId}`, token: grade1 });
    expect(leader.body.data.records[0].canReview).toBe(true);
  });

  it('approval by the grade leader changes the score, recomputes totals and ranks and keeps the audit row', async () => {
    expect((await t.call({ method: 'POST', url: '/api/v1/correction_score/approve', token: teacher1, payload: { id: correctionId } })).body.code).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/correction_score/approve', token: head1, payload: { id: correctionId } })).body.code).toBe(403);
    const before = await t.database.db.selectFrom('exam_report').select('version').where('exam_id', '=', exam.examId).executeTakeFirstOrThrow();
    const res = await t.call({ method: 'POST', url: '/api/v1/correction_score/approve', token: grade1, payload: { id: correctionId } });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.status).toBe('approved');
    const [A1, A2, , B1] = exam.students;
    const qs = await t.database.db.selectFrom('question_score').select('score').where('question_id', '=', exam.qid.SX2!).where('exam_student_id', '=', A1!.id).executeTakeFirstOrThrow();
    expect(Number(qs.score)).toBe(6);
    // By hand after the change (A1 数学 14 → 10, 总分 31 → 27):
    // 数学 16, 16, 10, 10 → A2 1, A3 1, A1 3, B1 3; in 1班 A1 third (16, 16, 10).
    // 总分 30, 30, 30, 27 → A2 1, A3 1, B1 1, A1 4; in 1班 30, 30, 27 → A1 3.
    expect(await scoresOf(t, exam.examId, A1!.id)).toEqual({ YW: [17, 1, 2], SX: [10, 3, 3], TOTAL: [27, 3, 4] });
    expect(await scoresOf(t, exam.examId, A2!.id)).toEqual({ YW: [14, 2, 3], SX: [16, 1, 1], TOTAL: [30, 1, 1] });
    expect(await scoresOf(t, exam.examId, B1!.id)).toEqual({ YW: [20, 1, 1], SX: [10, 1, 3], TOTAL: [30, 1, 1] });
    const after = await t.database.db.selectFrom('exam_report').select('version').where('exam_id', '=', exam.examId).executeTakeFirstOrThrow();
    expect(after.version).toBe(before.version + 1);
    // The report api answers the new numbers.
    const tr = await t.call({ url: `/api/v1/examReportComm/transcript?examId=${exam.examId}&size=4`, token: t.admin });
    expect(tr.body.data.records[3].examStudentId).toBe(A1!.id); // by total rank: the three 30s, then A1 (27)
    const all = await t.call({ url: `/api/v1/examReportComm/transcript?examId=${exam.examId}&size=100&keyword=${encodeURIComponent(A1!.name)}`, token: t.admin });
    const a1 = all.body.data.records.find((r: { examStudentId: number }) => r.examStudentId === A1!.id);
    expect(a1.scores).toEqual([27, 17, 10]); // 总分 first
    expect(a1.gradeRanks).toEqual([4, 2, 3]);
    // Audit: who, when, old, new, why.
    const audit = await t.database.db.selectFrom('score_correction as c').innerJoin('app_user as ua', 'ua.id', 'c.applied_by').innerJoin('app_user as ur', 'ur.id', 'c.approved_by')
      .select(['c.old_score', 'c.new_score', 'c.reason', 'c.status', 'ua.login_id as applicant', 'ur.login_id as reviewer', 'c.applied_at', 'c.approved_at'])
      .where('c.id', '=', correctionId).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ old_score: 10, new_score: 6, reason: '第2题合分多记4分', status: 'approved', applicant: 'teacher1', reviewer: 'grade1' });
    expect(audit.approved_at).not.toBeNull();
  });

  it('refuses to review twice', async () => {
    const again = await t.call({ method: 'POST', url: '/api/v1/correction_score/approve', token: grade1, payload: { id: correctionId } });
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toContain('不能重复审核');
    const reject = await t.call({ method: 'POST', url: '/api/v1/correction_score/reject', token: t.admin, payload: { id: correctionId, reason: '无' } });
    expect(reject.body.code).toBe(400);
  });

  it('rejection keeps the score and the reason', async () => {
    const A2 = exam.students[1]!;
    const res = await apply(teacher1, A2.id, exam.qid.SX2!, 13);
    const rejected = await t.call({ method: 'POST', url: '/api/v1/correction_score/reject', token: t.admin, payload: { id: res.body.data.id, reason: '原评分无误' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: '原评分无误', statusName: '已驳回' });
    expect(await scoresOf(t, exam.examId, A2.id)).toEqual({ YW: [14, 2, 3], SX: [16, 1, 1], TOTAL: [30, 1, 1] });
  });
});
