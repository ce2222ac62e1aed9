import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { multipart, workbook } from '../fixtures/small-exam.js';
import { sheetJpeg, uploadScans, waitScanBatch, type Layout } from '../helpers/scan-sheets.js';
import { waitForRelease } from '../../apps/api/src/modules/release/release.service.js';

interface Candidate { id: number; examNo: string; name: string; schoolId: number }

/**
 * Each school's scores in a joint exam (docs/DECISIONS.md "Joint exams: each school's scores"): a bureau organises
 * 数学 (questions 1: single 4 分 key A, 2: written 6 分) and 语文 (totals, 150 分); 示例中学 (invited) sits with its
 * 高一1班, 第二示范中学 (by registration code) with its two 高一 classes of 10 (seed: 20 students). Each school imports
 * its own candidates; a row of another school's candidate is a bad row; only the organiser releases, once every
 * school has all its scores; a correction and a second release work. A second joint exam (物理, 各校阅卷) is scanned
 * by 第二示范中学: a sheet carrying a 示例中学 考号 becomes an abnormal and reaches no one.
 *
 * Expected numbers are counted by hand from the rows written here:
 * - 第二示范中学's 数学 sheet: 20 rows, row i (0-based) Q1 'A' when i is even (4 分) else 'B' (0), Q2 = i mod 7, the
 *   last row 缺考 → 19 present × 2 questions = 38 scores needed and stored, 1 absent. 语文 totals 100 + i for all 20
 *   → 20 needed and stored. So 58 / 58.
 * - 示例中学 before its import: n candidates (its 高一1班 in the seed), 数学 2n + 语文 n needed (语文's total question
 *   exists since 第二示范中学's import), none stored: 0 / 3n.
 */
describe.each(dbKinds)('joint exam scores per school on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let bureau: string;
  let admin: string; // 示例中学
  let admin2: string; // 第二示范中学
  let sampleId: number;
  let secondId: number;
  let examId: number;
  let code: string;
  let sampleClass: number;
  const candidates = async (id = examId): Promise<Candidate[]> => (await t.database.db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
    .select(['es.id', 'es.exam_no', 'st.name', 'es.school_id']).where('es.exam_id', '=', id).orderBy('es.exam_no').execute())
    .map((r) => ({ id: r.id, examNo: r.exam_no, name: r.name, schoolId: r.school_id }));
  const storedRows = async () => Number((await t.database.db.selectFrom('question_score as qs').innerJoin('exam_student as es', 'es.id', 'qs.exam_student_id')
    .select((eb) => eb.fn.countAll<number>().as('n')).where('es.exam_id', '=', examId).executeTakeFirstOrThrow()).n);
  const importQuestion = (token: string, file: Buffer, id = examId) => t.call({ method: 'POST', url: `/api/v1/grade_import/import_question?examId=${id}`, token, ...multipart(file) });
  const importTotal = (token: string, file: Buffer, id = examId) => t.call({ method: 'POST', url: `/api/v1/grade_import/import_total?examId=${id}`, token, ...multipart(file) });
  const detail = async (token: string, id = examId) => (await t.call({ url: `/api/v1/joint_exam/detail?examId=${id}`, token })).body.data;
  const schoolRow = (d: { schools: { schoolName: string }[] }, name: string) => d.schools.find((s) => s.schoolName === name) as unknown as Record<string, number>;
  const mathSheet = (rows: Candidate[]) => [['考号', '姓名', '班级', '1', '2', '缺考'],
    ...rows.map((c, i) => [c.examNo, c.name, '', i % 2 === 0 ? 'A' : 'B', i % 7, i === rows.length - 1 ? 1 : ''])];

  /** A bureau made by the platform administrator, with 高一; its administrator signed in. */
  async function makeBureau(): Promise<number> {
    const root = await t.tokenFor('root', 'admin');
    const made = await t.call({ method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: root, payload: {
      name: '联考测试教育局', code: 'LKCSJY', province: '广东省', area: '广州市', kind: 'bureau', adminLoginId: 'lkbureau' } });
    expect(made.body.code, made.body.msg).toBe(200);
    const g1 = await t.database.db.selectFrom('grade_dict').select('id').where('name', '=', '高一').executeTakeFirstOrThrow();
    await t.call({ method: 'POST', url: `/adminApi/v1/admin/gradeRelation/adminAddSchoolManyGradeInfo/${made.body.data.id}`, token: root, payload: { gradeIds: [g1.id] } });
    await t.database.db.updateTable('app_user').set({ must_change_password: false }).where('login_id', '=', 'lkbureau').execute();
    bureau = await t.tokenFor('lkbureau');
    return (await t.database.db.selectFrom('school_grade').select('id').where('school_id', '=', made.body.data.id).executeTakeFirstOrThrow()).id;
  }

  let gradeId: number;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-joint-scores-'));
    t = await createTestApp(kind, { dataDir });
    const db = t.database.db;
    admin = await t.tokenFor('admin');
    admin2 = await t.tokenFor('admin2');
    sampleId = (await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow()).id;
    secondId = (await db.selectFrom('school').select('id').where('name', '=', '第二示范中学').executeTakeFirstOrThrow()).id;
    gradeId = await makeBureau();
    const created = await t.call({ method: 'POST', url: '/api/v1/joint_exam/add', token: bureau, payload: {
      name: '高一联考（成绩）', examType: 2, gradeId, startDate: '2026-11-10', endDate: '2026-11-11',
      subjects: [{ courseCode: 'SX', fullScore: 10 }, { courseCode: 'YW', fullScore: 150 }], schoolIds: [sampleId] } });
    expect(created.body.code, created.body.msg).toBe(200);
    examId = created.body.data.examId;
    code = created.body.data.registrationCode;
    // each subject its own full score, 学校导入 unless chosen
    expect(created.body.data.subjects).toEqual([
      { examSubjectId: expect.any(Number), courseCode: 'SX', courseName: '数学', fullScore: 10, scoring: 'import' },
      { examSubjectId: expect.any(Number), courseCode: 'YW', courseName: '语文', fullScore: 150, scoring: 'import' }]);
    const sx = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).where('course_code', '=', 'SX').executeTakeFirstOrThrow();
    const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: bureau, payload: {
      examSubjectId: sx.id, questions: [{ no: '1', type: 'single', fullScore: 4, step: 1, answer: 'A' }, { no: '2', type: 'subjective', fullScore: 6, step: 1 }] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const classesOf = (schoolId: number) => db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select('c.id').where('c.school_id', '=', schoolId).where('g.name', '=', '高一').orderBy('c.sort').orderBy('c.id').execute();
    sampleClass = (await classesOf(sampleId))[0]!.id;
    expect((await t.call({ method: 'POST', url: '/api/v1/teach/user/examAddUser', token: admin2, payload: { registrationCode: code } })).body.code).toBe(200);
    const c2 = await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin2, payload: { examId, classIds: (await classesOf(secondId)).map((c) => c.id) } });
    expect(c2.body.code, c2.body.msg).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a school not yet confirmed, or withdrawn, cannot import; after confirming it can reach its template', async () => {
    const file = await workbook({ 数学: [['考号', '姓名', '班级', '1', '2', '缺考']] });
    const invited = await importQuestion(admin, file);
    expect(invited.body).toMatchObject({ code: 403, msg: '本校尚未确认参考班级' });
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin, payload: { examId, classIds: [sampleClass] } })).body.code).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/withdraw', token: admin, payload: { examId } })).body.code).toBe(200);
    const withdrawn = await importQuestion(admin, file);
    expect(withdrawn.body).toMatchObject({ code: 403, msg: '本校已退出该联考' });
    expect((await t.call({ url: `/api/v1/grade_import/template?examId=${examId}&kind=question`, token: admin })).body.code).toBe(403);
    // back in: joins again and confirms its class
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/accept', token: admin, payload: { examId } })).body.code).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin, payload: { examId, classIds: [sampleClass] } })).body.code).toBe(200);
    // the template lists the school's own candidates only
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/grade_import/template?examId=${examId}&kind=question`, headers: { authorization: admin2 } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('数学')!;
    const nos: string[] = [];
    ws.eachRow((row, i) => { if (i > 1) nos.push(String(row.getCell(1).value)); });
    const mine = (await candidates()).filter((c) => c.schoolId === secondId).map((c) => c.examNo);
    expect(nos.sort()).toEqual(mine.sort());
    expect(mine).toHaveLength(20);
  });

  it('the organiser chooses how each subject is scored; a school cannot, and cannot import a subject left to marking', async () => {
    const refused = await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_scoring', token: admin2, payload: { examId, courseCode: 'YW', scoring: 'school_marking' } });
    expect(refused.body.code).toBe(403);
    const bad = await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_scoring', token: bureau, payload: { examId, courseCode: 'YW', scoring: 'ocr' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('评分方式只能是学校导入、各校阅卷或混合阅卷');
    const set = await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_scoring', token: bureau, payload: { examId, courseCode: 'YW', scoring: 'school_marking' } });
    expect(set.body.code, set.body.msg).toBe(200);
    expect(set.body.data.subjects.map((s: { scoring: string }) => s.scoring)).toEqual(['import', 'school_marking']);
    const mine = (await candidates()).filter((c) => c.schoolId === secondId);
    const totals = await workbook({ 总分成绩: [['考号', '姓名', '班级', '语文'], ...mine.map((c, i) => [c.examNo, c.name, '', 100 + i])] });
    const res = await importTotal(admin2, totals);
    expect(res.body.code).toBe(400);
    expect(res.body.data.errors).toEqual([{ sheet: '总分成绩', row: 1, column: 'D', reason: '联考的语文由组织方设为各校阅卷，不能导入成绩' }]);
    // 混合阅卷 is a value the organiser may store
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_scoring', token: bureau, payload: { examId, courseCode: 'YW', scoring: 'mixed_marking' } })).body.code).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_scoring', token: bureau, payload: { examId, courseCode: 'YW', scoring: 'import' } })).body.code).toBe(200);
  });

  it('a row naming another school\'s candidate is a bad row with its row, column and reason; nothing is written', async () => {
    const all = await candidates();
    const mine = all.filter((c) => c.schoolId === secondId);
    const foreign = all.filter((c) => c.schoolId === sampleId);
    const rows = mathSheet(mine);
    // row 22: another school's 考号; row 23: another school's student by class and name (not found in this school)
    rows.push([foreign[0]!.examNo, foreign[0]!.name, '', 'A', 6, '']);
    rows.push(['', foreign[1]!.name, '高一9班', 'A', 6, '']);
    const res = await importQuestion(admin2, await workbook({ 数学: rows }));
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe('成绩文件有 2 行存在错误，未导入任何数据');
    expect(res.body.data.errors).toEqual([
      { sheet: '数学', row: 22, column: 'A', reason: `考号 ${foreign[0]!.examNo} 是其他学校的考生，本校只能导入本校考生的成绩` },
      { sheet: '数学', row: 23, column: 'B', reason: `高一9班没有名为“${foreign[1]!.name}”的考生` },
    ]);
    expect(await storedRows()).toBe(0);
  });

  it('each school imports its own candidates; one school\'s import leaves the other\'s scores; progress per school', async () => {
    const all = await candidates();
    const mine = all.filter((c) => c.schoolId === secondId);
    const q = await importQuestion(admin2, await workbook({ 数学: mathSheet(mine) }));
    expect(q.body.code, q.body.msg).toBe(200);
    expect(q.body.data.subjects).toEqual([{ courseCode: 'SX', courseName: '数学', scored: 19, absent: 1, notInFile: 0 }]);
    const totals = await workbook({ 总分成绩: [['考号', '姓名', '班级', '语文'], ...mine.map((c, i) => [c.examNo, c.name, '', 100 + i])] });
    const tq = await importTotal(admin2, totals);
    expect(tq.body.code, tq.body.msg).toBe(200);

    const org = await detail(bureau);
    const n = all.filter((c) => c.schoolId === sampleId).length;
    const students = await t.database.db.selectFrom('student').select('id').where('class_id', '=', sampleClass).where('status', '=', 1).execute();
    expect(n).toBe(students.length);
    expect(schoolRow(org, '第二示范中学')).toMatchObject({ studentCount: 20, scoreCellsNeeded: 58, scoreCellsDone: 58, scannedSheets: 0, markingPapers: 0, markedPapers: 0 });
    expect(schoolRow(org, '示例中学')).toMatchObject({ studentCount: n, scoreCellsNeeded: 3 * n, scoreCellsDone: 0 });

    // the release check names the school still missing scores, before any confirmation; a school may not check or release
    const check = await t.call({ url: `/api/v1/publish/check?examId=${examId}`, token: bureau });
    expect(check.body.data.ready).toBe(false);
    expect(check.body.data.problems).toContain(`示例中学成绩未齐（数学 ${n} 名考生，语文 ${n} 名考生）`);
    expect(check.body.data.problems.some((p: string) => p.startsWith('第二示范中学'))).toBe(false);
    expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token: bureau, payload: { examId } })).body.code).toBe(200);
    await waitForRelease(t.database.db, examId);
    expect((await t.database.db.selectFrom('exam').select('released_at').where('id', '=', examId).executeTakeFirstOrThrow()).released_at).toBeNull();

    // 示例中学 imports its own: 第二示范中学's 38 + 20 scores stay
    const sample = all.filter((c) => c.schoolId === sampleId);
    const q1 = await importQuestion(admin, await workbook({ 数学: [['考号', '姓名', '班级', '1', '2', '缺考'], ...sample.map((c) => [c.examNo, c.name, '', 'A', 6, ''])] }));
    expect(q1.body.code, q1.body.msg).toBe(200);
    const t1 = await importTotal(admin, await workbook({ 总分成绩: [['考号', '姓名', '班级', '语文'], ...sample.map((c) => [c.examNo, c.name, '', 120])] }));
    expect(t1.body.code, t1.body.msg).toBe(200);
    const after = await detail(bureau);
    expect(schoolRow(after, '第二示范中学')).toMatchObject({ scoreCellsNeeded: 58, scoreCellsDone: 58 });
    expect(schoolRow(after, '示例中学')).toMatchObject({ scoreCellsNeeded: 3 * n, scoreCellsDone: 3 * n });
    // 38 数学 + 20 语文 of 第二示范中学, 2n + n of 示例中学
    expect(await storedRows()).toBe(58 + 3 * n);
  });

  it('only the organiser releases; a correction and a second release work', async () => {
    for (const token of [admin, admin2]) {
      expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token, payload: { examId } })).body.code).toBe(403);
    }
    const check = await t.call({ url: `/api/v1/publish/check?examId=${examId}`, token: bureau });
    expect(check.body.data.problems).toEqual([]);
    const started = await t.call({ method: 'POST', url: '/api/v1/publish/release', token: bureau, payload: { examId } });
    expect(started.body.code, started.body.msg).toBe(200);
    await waitForRelease(t.database.db, examId);
    const released = await detail(bureau);
    expect(released.releasedAt).not.toBeNull();
    // after release, a school's import is refused
    const again = await importQuestion(admin2, await workbook({ 数学: [['考号', '姓名', '班级', '1', '2', '缺考']] }));
    expect(again.body.code).toBe(400);
    expect(again.body.msg).toContain('成绩已发布');

    // the organiser corrects 第二示范中学's first candidate's 第 2 题 (0 → 5) and releases again
    const first = (await candidates()).find((c) => c.schoolId === secondId)!;
    const q2 = await t.database.db.selectFrom('question as q').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id').select('q.id')
      .where('s.exam_id', '=', examId).where('q.no', '=', '2').executeTakeFirstOrThrow();
    const applied = await t.call({ method: 'POST', url: '/api/v1/correction_score/apply', token: bureau, payload: { examStudentId: first.id, questionId: q2.id, newScore: 5, reason: '漏加分' } });
    expect(applied.body.code, applied.body.msg).toBe(200);
    const approved = await t.call({ method: 'POST', url: '/api/v1/correction_score/approve', token: bureau, payload: { id: applied.body.data.id } });
    expect(approved.body.code, approved.body.msg).toBe(200);
    const second = await t.call({ method: 'POST', url: '/api/v1/publish/release', token: bureau, payload: { examId } });
    expect(second.body.code, second.body.msg).toBe(200);
    await waitForRelease(t.database.db, examId);
    const score = await t.database.db.selectFrom('question_score').select('score').where('exam_student_id', '=', first.id).where('question_id', '=', q2.id).executeTakeFirstOrThrow();
    expect(Number(score.score)).toBe(5);
    const progress = await t.call({ url: `/api/v1/publish/progress?examId=${examId}`, token: bureau });
    expect(progress.body.data).toMatchObject({ state: 'done', version: 3 });
  });

  it('scanning: a school scans its own sheets into a 各校阅卷 subject; another school\'s 考号 is an abnormal, attached to no one', async () => {
    const db = t.database.db;
    const made = await t.call({ method: 'POST', url: '/api/v1/joint_exam/add', token: bureau, payload: {
      name: '高一联考（扫描）', examType: 2, gradeId, startDate: '2026-11-12', endDate: '2026-11-12',
      subjects: [{ courseCode: 'WL', fullScore: 10, scoring: 'school_marking' }], schoolIds: [sampleId, secondId] } });
    expect(made.body.code, made.body.msg).toBe(200);
    const scanExam = made.body.data.examId as number;
    const second = await db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id').select('c.id')
      .where('c.school_id', '=', secondId).where('g.name', '=', '高一').orderBy('c.sort').executeTakeFirstOrThrow();
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin2, payload: { examId: scanExam, classIds: [second.id] } })).body.code).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin, payload: { examId: scanExam, classIds: [sampleClass] } })).body.code).toBe(200);
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', scanExam).executeTakeFirstOrThrow();
    const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: bureau, payload: {
      examSubjectId: subject.id, questions: [{ no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' }, { no: '2', type: 'single', fullScore: 5, step: 1, answer: 'B' }] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const card = await t.call<{ layout: Layout }>({ method: 'POST', url: '/api/v1/card/save', token: bureau, payload: { examSubjectId: subject.id, settings: {} } });
    expect(card.body.code, card.body.msg).toBe(200);
    const layout = card.body.data.layout;

    const all = await candidates(scanExam);
    const mine = all.filter((c) => c.schoolId === secondId);
    const foreign = all.find((c) => c.schoolId === sampleId)!;
    expect(mine).toHaveLength(10);
    // an import-only subject is not scanned: the first exam's 数学
    const sx = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).where('course_code', '=', 'SX').executeTakeFirstOrThrow();
    expect((await t.call({ url: `/api/v1/scanned_batch/list?examSubjectId=${sx.id}`, token: admin2 })).body.code).toBe(403);

    // 10 own sheets (1 A, 2 B: 10 分 each) and one carrying 示例中学's first 考号
    const files = [];
    for (const c of mine) files.push({ name: `${c.examNo}.jpg`, data: await sheetJpeg(layout, 1, { examNo: c.examNo, answers: { 1: 'A', 2: 'B' } }) });
    files.push({ name: 'foreign.jpg', data: await sheetJpeg(layout, 1, { examNo: foreign.examNo, answers: { 1: 'A', 2: 'B' } }) });
    const up = await uploadScans(t, admin2, `scanned_batch/upload?examSubjectId=${subject.id}`, files);
    expect(up.code, up.msg).toBe(200);
    const done = await waitScanBatch(t, admin2, up.data.batch.id);
    const stray = done.pages.find((p) => p.fileName === 'foreign.jpg')!;
    expect(stray.status).toBe('abnormal');
    const page = await db.selectFrom('scan_page').select(['exam_student_id', 'intrinsic_kind', 'intrinsic_reason', 'school_id']).where('id', '=', stray.id).executeTakeFirstOrThrow();
    expect(page).toMatchObject({ exam_student_id: null, intrinsic_kind: 'notInExam', intrinsic_reason: `考号 ${foreign.examNo} 是其他学校的考生，不能由本校扫描`, school_id: secondId });
    // nothing reached 示例中学's candidate; the school's own ten are scored by the key
    expect(await db.selectFrom('scan_student').select('state').where('exam_student_id', '=', foreign.id).execute()).toEqual([]);
    expect(await db.selectFrom('question_score').select('score').where('exam_student_id', '=', foreign.id).execute()).toEqual([]);
    const scored = await db.selectFrom('question_score').select(['exam_student_id', 'score']).where('exam_student_id', 'in', mine.map((c) => c.id)).execute();
    expect(scored).toHaveLength(20);
    expect(scored.every((s) => Number(s.score) === 5)).toBe(true);
    // typing the other school's 考号 on the abnormal, or claiming its candidate, is refused too
    const typed = await t.call({ method: 'POST', url: '/api/v1/scanned_abnormal/setExamNo', token: admin2, payload: { pageId: stray.id, examNo: foreign.examNo } });
    expect(typed.body.code).toBe(400);
    const claimed = await t.call({ method: 'POST', url: '/api/v1/scanned_abnormal/claim', token: admin2, payload: { pageId: stray.id, examStudentId: foreign.id } });
    expect(claimed.body.code).toBe(400);
    // the school's list and counters hold its own candidates only
    const list = await t.call({ url: `/api/v1/scanned_student/list?examSubjectId=${subject.id}&size=100`, token: admin2 });
    expect(list.body.data.total).toBe(10);
    expect(list.body.data.counters).toMatchObject({ uploadCount: 10, noScanCount: 0 });
    // progress per school on the organiser's detail: scanned sheets, papers
    const org = await detail(bureau, scanExam);
    expect(schoolRow(org, '第二示范中学')).toMatchObject({ studentCount: 10, scannedSheets: 10, scoreCellsNeeded: 20, scoreCellsDone: 20 });
    expect(schoolRow(org, '示例中学')).toMatchObject({ scannedSheets: 0, scoreCellsDone: 0 });

    // exam_manage/find_exam (the scanning pages' exam): each confirmed school reads the joint exam with its own
    // candidates' counts (第二示范中学: its 10, all uploaded; 示例中学: its class, none scanned); once refused (403)
    const sampleCount = all.length - mine.length;
    const seen = async (token: string, id = scanExam) => (await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${id}`, token })).body;
    const asSecond = await seen(admin2);
    expect(asSecond.code, asSecond.msg).toBe(200);
    expect(asSecond.data).toMatchObject({ id: scanExam, studentCount: 10, classCount: 1 });
    expect(asSecond.data.subjects).toEqual([expect.objectContaining({ id: subject.id, uploadCount: 10, missExamCount: 0, abnormalCount: 0, noScanCount: 0, canScan: true })]);
    const asSample = await seen(admin);
    expect(asSample.data).toMatchObject({ studentCount: sampleCount, classCount: 1 });
    expect(asSample.data.subjects).toEqual([expect.objectContaining({ uploadCount: 0, noScanCount: sampleCount })]);
    // the organiser's own view is the whole exam; a 学校导入 subject is not among a school's; an outsider stays refused
    expect((await seen(bureau)).data).toMatchObject({ studentCount: all.length, subjects: [expect.objectContaining({ uploadCount: 10 })] });
    expect((await seen(admin2, examId)).data.subjects).toEqual([]);
    const yc = await t.tokenFor('ycadmin');
    expect((await seen(yc)).code).toBe(403);
  }, 180_000);
});
