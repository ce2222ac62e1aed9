import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

// The small exam is built as in release.test.ts (copied: test files cannot import each other's describes).
/** A multipart/form-data body with one xlsx file. */
function multipart(file: Buffer) {
  const boundary = '----jzReleaseBoundary9x';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scores.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

interface SmallExam { examId: number; classIds: number[]; students: { id: number; examNo: string; name: string; classId: number }[]; qid: Record<string, number> }

/**
 * The small exam of the release, correction and report tests, built through the exam api: 高一1班 and 2班,
 * 语文 (1 single choice key A, 5 points; 2 subjective 15) and 数学 (1 judge key T, 4; 2 subjective 16).
 * Five students sit (A1–A3 in 1班, B1–B2 in 2班; B2 absent from 数学); every other exam student is not in
 * the file, hence absent (缺考) in both subjects.
 *   A1 语文 A,12 → 17  数学 T,10 → 14  总分 31
 *   A2 语文 B,14 → 14  数学 T,12 → 16  总分 30
 *   A3 语文 A, 9 → 14  数学 F,16 → 16  总分 30
 *   B1 语文 A,15 → 20  数学 T, 6 → 10  总分 30
 *   B2 语文 C,10 → 10  数学 缺考        总分 — (absent from a subject of the total)
 */
async function buildSmallExam(t: TestApp, admin: string, name = '发布测试'): Promise<SmallExam> {
  const db = t.database.db;
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
  const classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').limit(2).execute()).map((c) => c.id);
  const created = await t.call({
    method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin,
    payload: { name, examType: 4, gradeId, startDate: '2026-10-08', endDate: '2026-10-09', classIds, subjects: [{ courseCode: 'YW', fullScore: 20 }, { courseCode: 'SX', fullScore: 20 }] },
  });
  expect(created.body.code).toBe(200);
  const examId = created.body.data.id;
  const [yw, sx] = created.body.data.subjects;
  const qid: Record<string, number> = {};
  for (const [s, questions, prefix] of [
    [yw, [{ no: '1', type: 'single', fullScore: 5, answer: 'A' }, { no: '2', type: 'subjective', fullScore: 15 }], 'YW'],
    [sx, [{ no: '1', type: 'judge', fullScore: 4, answer: 'T' }, { no: '2', type: 'subjective', fullScore: 16 }], 'SX'],
  ] as const) {
    const res = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: s.id, questions } });
    expect(res.body.code).toBe(200);
    for (const q of res.body.data.questions) qid[`${prefix}${q.no}`] = q.id;
  }
  const list = await t.call({ url: `/api/v1/exam_student/find_page?examId=${examId}&size=1000`, token: admin });
  const all = list.body.data.records as { id: number; examNo: string; name: string; classId: number }[];
  const c1 = all.filter((s) => s.classId === classIds[0]);
  const c2 = all.filter((s) => s.classId === classIds[1]);
  const [A1, A2, A3] = c1;
  const [B1, B2] = c2;
  const head = ['考号', '姓名', '班级', '1', '2', '缺考'];
  const file = await workbook({
    语文: [head, [A1!.examNo, A1!.name, '', 'A', 12], [A2!.examNo, A2!.name, '', 'B', 14], [A3!.examNo, A3!.name, '', 'A', 9], [B1!.examNo, B1!.name, '', 'A', 15], [B2!.examNo, B2!.name, '', 'C', 10]],
    数学: [head, [A1!.examNo, A1!.name, '', 'T', 10], [A2!.examNo, A2!.name, '', 'T', 12], [A3!.examNo, A3!.name, '', 'F', 16], [B1!.examNo, B1!.name, '', 'T', 6], [B2!.examNo, B2!.name, '', '', '', 1]],
  });
  const imported = await t.call({ method: 'POST', url: `/api/v1/grade_import/import_question?examId=${examId}`, token: admin, ...multipart(file) });
  expect(imported.body.code, imported.body.msg).toBe(200);
  return { examId, classIds, students: [A1!, A2!, A3!, B1!, B2!], qid };
}

async function scoresOf(t: TestApp, examId: number, esid: number) {
  const rows = await t.database.db.selectFrom('student_score').select(['course_code', 'score', 'class_rank', 'grade_rank'])
    .where('exam_id', '=', examId).where('exam_student_id', '=', esid).execute();
  return Object.fromEntries(rows.map((r) => [r.course_code, [r.score === null ? null : Number(r.score), r.class_rank, r.grade_rank]]));
}

describe.each(dbKinds)('score corrections on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exam: SmallExam;
  let teacher1: string;
  let grade1: string;
  let head1: string;
  let correctionId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    teacher1 = await t.tokenFor('teacher1');
    grade1 = await t.tokenFor('grade1');
    head1 = await t.tokenFor('head1');
    exam = await buildSmallExam(t, admin, '更正测试');
  });
  afterAll(async () => { await t?.close(); });

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
    const tr = await t.call({ url: `/api/v1/examReportComm/transcript?examId=${exam.examId}&size=4`, token: admin });
    expect(tr.body.data.records[3].examStudentId).toBe(A1!.id); // by total rank: the three 30s, then A1 (27)
    const all = await t.call({ url: `/api/v1/examReportComm/transcript?examId=${exam.examId}&size=100&keyword=${encodeURIComponent(A1!.name)}`, token: admin });
    const a1 = all.body.data.records.find((r: { examStudentId: number }) => r.examStudentId === A1!.id);
    expect(a1.scores).toEqual([17, 10, 27]);
    expect(a1.gradeRanks).toEqual([2, 3, 4]);
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
    const reject = await t.call({ method: 'POST', url: '/api/v1/correction_score/reject', token: admin, payload: { id: correctionId, reason: '无' } });
    expect(reject.body.code).toBe(400);
  });

  it('rejection keeps the score and the reason', async () => {
    const A2 = exam.students[1]!;
    const res = await apply(teacher1, A2.id, exam.qid.SX2!, 13);
    const rejected = await t.call({ method: 'POST', url: '/api/v1/correction_score/reject', token: admin, payload: { id: res.body.data.id, reason: '原评分无误' } });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: '原评分无误', statusName: '已驳回' });
    expect(await scoresOf(t, exam.examId, A2.id)).toEqual({ YW: [14, 2, 3], SX: [16, 1, 1], TOTAL: [30, 1, 1] });
  });
});
