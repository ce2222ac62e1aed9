import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { releaseExam, waitForRelease } from '../../apps/api/src/modules/release/release.service.js';

/** A multipart/form-data body with one xlsx file. */
export function multipart(file: Buffer) {
  const boundary = '----jzReleaseBoundary9x';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scores.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file, Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    for (const r of rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface SmallExam { examId: number; classIds: number[]; students: { id: number; examNo: string; name: string; classId: number }[]; qid: Record<string, number> }

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
export async function buildSmallExam(t: TestApp, admin: string, name = '发布测试'): Promise<SmallExam> {
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

describe.each(dbKinds)('score release on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exam: SmallExam;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    exam = await buildSmallExam(t, admin);
  });
  afterAll(async () => { await t?.close(); });

  it('refuses release to a head teacher and to another school', async () => {
    const head1 = await t.tokenFor('head1');
    expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token: head1, payload: { examId: exam.examId } })).body.code).toBe(403);
    const admin2 = await t.tokenFor('admin2');
    expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token: admin2, payload: { examId: exam.examId } })).body.code).toBe(403);
  });

  it('releases in the background and stores scores with competition ranks', async () => {
    const started = await t.call({ method: 'POST', url: '/api/v1/publish/release', token: admin, payload: { examId: exam.examId } });
    expect(started.body.code).toBe(200);
    expect(['running', 'done']).toContain(started.body.data.state);
    await waitForRelease(exam.examId);
    const progress = await t.call({ url: `/api/v1/publish/progress?examId=${exam.examId}`, token: admin });
    expect(progress.body.data).toMatchObject({ state: 'done', step: 4, percent: 100, error: null, version: 1 });
    expect(progress.body.data.steps.map((s: { status: string }) => s.status)).toEqual(['finish', 'finish', 'finish', 'finish']);
    const e = await t.database.db.selectFrom('exam').select(['status', 'released_at']).where('id', '=', exam.examId).executeTakeFirstOrThrow();
    expect(e.status).toBe(4);
    expect(e.released_at).not.toBeNull();

    // Ranks worked out by hand (competition ranking, DOMAIN.md §3: 100, 100, 98 → 1, 1, 3):
    // 语文 20, 17, 14, 14, 10 → B1 1, A1 2, A2 3, A3 3, B2 5; in 1班 17, 14, 14 → 1, 2, 2.
    // 数学 16, 16, 14, 10 → A2 1, A3 1, A1 3, B1 4 (B2 缺考).
    // 总分 31, 30, 30, 30 → A1 1, A2 2, A3 2, B1 2 (B2 absent from 数学, so from the total).
    const [A1, A2, A3, B1, B2] = exam.students;
    expect(await scoresOf(t, exam.examId, A1!.id)).toEqual({ YW: [17, 1, 2], SX: [14, 3, 3], TOTAL: [31, 1, 1] });
    expect(await scoresOf(t, exam.examId, A2!.id)).toEqual({ YW: [14, 2, 3], SX: [16, 1, 1], TOTAL: [30, 2, 2] });
    expect(await scoresOf(t, exam.examId, A3!.id)).toEqual({ YW: [14, 2, 3], SX: [16, 1, 1], TOTAL: [30, 2, 2] });
    expect(await scoresOf(t, exam.examId, B1!.id)).toEqual({ YW: [20, 1, 1], SX: [10, 1, 4], TOTAL: [30, 1, 2] });
    expect(await scoresOf(t, exam.examId, B2!.id)).toEqual({ YW: [10, 2, 5], SX: [null, null, null], TOTAL: [null, null, null] });
    const report = await t.database.db.selectFrom('exam_report').select(['version']).where('exam_id', '=', exam.examId).executeTakeFirstOrThrow();
    expect(report.version).toBe(1);
  });

  it('runs the four steps in order when called directly, and re-release bumps the version', async () => {
    const seen: [number, number, string][] = [];
    await releaseExam(t.database.db, exam.examId, (step, percent, message) => seen.push([step, percent, message]));
    expect([...new Set(seen.map((s) => s[0]))]).toEqual([1, 2, 3, 4]);
    const percents = seen.map((s) => s[1]);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(percents.at(-1)).toBe(100);
    const report = await t.database.db.selectFrom('exam_report').select(['version']).where('exam_id', '=', exam.examId).executeTakeFirstOrThrow();
    expect(report.version).toBe(2);
  });

  it('fails with a Chinese message and writes nothing when scores are missing', async () => {
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    const created = await t.call({
      method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin,
      payload: { name: '未录成绩', examType: 4, gradeId, startDate: '2026-10-08', endDate: '2026-10-09', classIds: [exam.classIds[0]], subjects: [{ courseCode: 'YW', fullScore: 20 }] },
    });
    const id = created.body.data.id;
    const started = await t.call({ method: 'POST', url: '/api/v1/publish/release', token: admin, payload: { examId: id } });
    expect(started.body.code).toBe(200);
    await waitForRelease(id);
    const progress = await t.call({ url: `/api/v1/publish/progress?examId=${id}`, token: admin });
    expect(progress.body.data.state).toBe('failed');
    expect(progress.body.data.error).toContain('语文还没有设置小题');
    expect(progress.body.data.steps[0].status).toBe('error');
    expect(await db.selectFrom('exam_report').select('exam_id').where('exam_id', '=', id).executeTakeFirst()).toBeUndefined();
    expect((await db.selectFrom('exam').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe(1);
  });
});
