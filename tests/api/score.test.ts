import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { multipart, workbook } from '../fixtures/small-exam.js';
import { importQuestionScores, prepareBigExam } from '../fixtures/big-exam.js';

interface Student { id: number; examNo: string; name: string; className: string }

/**
 * Score import and question scores. Expected points are worked out by hand from the keys below and the rule
 * of docs/DOMAIN-RULES.md §2 (multiple choice: all correct = full, correct but incomplete = half, any wrong option = 0).
 */
describe.each(dbKinds)('score entry on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let gradeId: number;
  let classIds: number[];
  let examId: number;
  let sxId: number;
  let wlId: number;
  let students: Student[];
  let qid: Record<string, number>;

  const importQuestion = (file: Buffer, token = admin, id = examId) =>
    t.call({ method: 'POST', url: `/api/v1/grade_import/import_question?examId=${id}`, token, ...multipart(file) });

  /** Stored scores of one student in one subject: { questionNo: score }, or 'absent', or undefined. */
  async function stored(examStudentId: number, examSubjectId: number) {
    const db = t.database.db;
    const absent = await db.selectFrom('subject_absence').select('exam_student_id').where('exam_student_id', '=', examStudentId).where('exam_subject_id', '=', examSubjectId).executeTakeFirst();
    if (absent) return 'absent';
    const rows = await db.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id')
      .select(['q.no', 'qs.score', 'qs.choice']).where('qs.exam_student_id', '=', examStudentId).where('q.exam_subject_id', '=', examSubjectId).execute();
    if (!rows.length) return undefined;
    return Object.fromEntries(rows.map((r) => [r.no, Number(r.score)]));
  }

  async function scoreRowCount() {
    const r = await t.database.db.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id')
      .innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id').select((eb) => eb.fn.countAll<number>().as('n')).where('s.exam_id', '=', examId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  beforeAll(async () => {
    // imports answered in the request however long they take (a loaded machine can pass IMPORT_WAIT_MS's 20 s on
    // the 2,000-student workbook); the 202 path is job-layer's
    t = await createTestApp(kind, { importWaitMs: 170_000 });
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').limit(2).execute()).map((c) => c.id);
    const created = await t.call({
      method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin,
      payload: {
        name: '成绩导入测试', examType: 4, gradeId, startDate: '2026-10-08', endDate: '2026-10-09', classIds,
        subjects: [{ courseCode: 'SX', fullScore: 20 }, { courseCode: 'WL', fullScore: 10 }],
      },
    });
    expect(created.body.code).toBe(200);
    examId = created.body.data.id;
    sxId = created.body.data.subjects[0].id;
    wlId = created.body.data.subjects[1].id;
    const sx = await t.call({
      method: 'POST', url: '/api/v1/question_template/save', token: admin,
      payload: {
        examSubjectId: sxId,
        questions: [
          { no: '1', type: 'single', fullScore: 4, answer: 'B' },
          { no: '2', type: 'multiple', fullScore: 6, answer: 'ACD' },
          { no: '3', type: 'judge', fullScore: 2, answer: 'T' },
          { no: '4', type: 'fill', fullScore: 3 },
          { no: '13(1)', parentNo: '13', type: 'subjective', fullScore: 2.5, step: 0.5 },
          { no: '13(2)', parentNo: '13', type: 'subjective', fullScore: 2.5, step: 0.5 },
        ],
      },
    });
    expect(sx.body.code).toBe(200);
    qid = Object.fromEntries(sx.body.data.questions.map((q: { no: string; id: number }) => [q.no, q.id]));
    const wl = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: wlId, questions: [{ no: '1', type: 'subjective', fullScore: 10 }] } });
    expect(wl.body.code).toBe(200);
    const list = await t.call({ url: `/api/v1/exam_student/find_page?examId=${examId}&size=1000`, token: admin });
    students = list.body.data.records;
  });
  afterAll(async () => { await t?.close(); });

  const SX_HEADER = ['考号', '姓名', '班级', '1', '2', '3', '4', '13(1)', '13(2)', '缺考'];

  it('generates the question template from the set-up: a sheet per subject, a column per question', async () => {
    const res = await t.app.inject({ url: `/api/v1/grade_import/template?examId=${examId}&kind=question`, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['数学', '物理']);
    const sheet = wb.getWorksheet('数学')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(SX_HEADER);
    expect(sheet.rowCount).toBe(students.length + 1);
    expect(sheet.getRow(2).getCell(3).value).toBe(`高一${students[0]!.className}`);
    expect((wb.getWorksheet('物理')!.getRow(1).values as unknown[]).slice(1)).toEqual(['考号', '姓名', '班级', '1', '缺考']);
    const total = await t.call({ url: `/api/v1/grade_import/template?examId=${examId}&kind=total`, token: admin });
    expect(total.body.code).toBe(400); // every subject has questions
  });

  it('imports a good workbook: option letters against the key, 缺考, empty cells = 0, class + name matching', async () => {
    const [a, b, c, d, e] = students;
    const file = await workbook({
      数学: [
        SX_HEADER,
        [a!.examNo, a!.name, '', 'B', 'AC', '对', 3, 2.5, '1', null], // 4 + 3 (incomplete) + 2 + 3 + 2.5 + 1 = 15.5
        ['', b!.name, `高一${b!.className}`, 'a', 'ACD', 'F', null, 0.5, null, ''], // 0 + 6 + 0 + 0 + 0.5 + 0 = 6.5
        [c!.examNo, c!.name, '', null, null, null, null, null, null, 1], // absent
        ['', d!.name, d!.className, 4, 'ab', '×', '2', '1.5', 2.5, '否'], // 4 + 0 (B wrong) + 0 + 2 + 1.5 + 2.5 = 10
        [],
        [e!.examNo, e!.name, '', ' d ', 'DCA', '√', 0, 0, 0, '是'], // 是 = absent, scores ignored
      ],
      物理: [['考号', '姓名', '班级', '1'], [a!.examNo, a!.name, '', 7], [b!.examNo, b!.name, '', null]],
    });
    const res = await importQuestion(file);
    expect(res.body.msg).toBe('导入成功');
    expect(res.body.code).toBe(200);
    const others = students.length - 5;
    expect(res.body.data.subjects).toEqual([
      { courseCode: 'SX', courseName: '数学', scored: 3, absent: 2 + others, notInFile: others },
      { courseCode: 'WL', courseName: '物理', scored: 2, absent: students.length - 2, notInFile: students.length - 2 },
    ]);
    expect(await stored(a!.id, sxId)).toEqual({ 1: 4, 2: 3, 3: 2, 4: 3, '13(1)': 2.5, '13(2)': 1 });
    expect(await stored(b!.id, sxId)).toEqual({ 1: 0, 2: 6, 3: 0, 4: 0, '13(1)': 0.5, '13(2)': 0 });
    expect(await stored(c!.id, sxId)).toBe('absent');
    expect(await stored(d!.id, sxId)).toEqual({ 1: 4, 2: 0, 3: 0, 4: 2, '13(1)': 1.5, '13(2)': 2.5 });
    expect(await stored(e!.id, sxId)).toBe('absent');
    expect(await stored(students[6]!.id, sxId)).toBe('absent');
    expect(await stored(a!.id, wlId)).toEqual({ 1: 7 });
    expect(await stored(b!.id, wlId)).toEqual({ 1: 0 });
    const choice = await t.database.db.selectFrom('question_score').select('choice').where('exam_student_id', '=', a!.id).where('question_id', '=', qid['2']!).executeTakeFirstOrThrow();
    expect(choice.choice).toBe('AC');

    const view = await t.call({ url: `/api/v1/question_score/find?examId=${examId}&examStudentId=${a!.id}`, token: admin });
    expect(view.body.data.subjects.map((s: { score: number | null }) => s.score)).toEqual([15.5, 7]);
    expect(view.body.data.total).toBe(22.5);
    const exam = await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${examId}`, token: admin });
    expect(exam.body.data).toMatchObject({ status: 3, progress: 100 });
  });

  it('refuses a workbook with bad rows: nothing written, every bad row named', async () => {
    const before = await scoreRowCount();
    const [a, b, c, d, e, f] = students;
    const file = await workbook({
      数学: [
        SX_HEADER,
        [a!.examNo, a!.name, '', 'C', 'A', 'T', 0, 0, 0, ''], // good row
        ['99999999', '不存在', '', 'B', 'A', 'T', 0, 0, 0, ''], // row 3: unknown 考号
        ['', '查无此人', '高一1班', 'B', 'A', 'T', 0, 0, 0, ''], // row 4: unknown name in class
        [a!.examNo, a!.name, '', 'B', 'A', 'T', 0, 0, 0, ''], // row 5: duplicate of row 2
        [b!.examNo, b!.name, '', 5, 'A', 'T', 0, 0, 0, ''], // row 6: 5 > full 4
        [c!.examNo, c!.name, '', 'B', 'A', 'T', 'abc', 0, 0, ''], // row 7: not a number
        [d!.examNo, d!.name, '', 'Z', 'AX', 'T', 0, 0, 0, ''], // row 8: unknown options (two cells)
        [e!.examNo, e!.name, '', 'B', 'A', 'T', 0, 1.2, 0, ''], // row 9: not a multiple of 0.5
        [f!.examNo, f!.name, '', 'B', 'A', 'T', -1, 0, 0, 'x'], // row 10: bad 缺考 value
      ],
      数学2: [['考号'], [a!.examNo]], // wrong sheet name
    });
    const res = await importQuestion(file);
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toContain('未导入任何数据');
    const errors: { sheet: string; row: number; column: string; reason: string }[] = res.body.data.errors;
    const at = (sheet: string, row: number) => errors.filter((x) => x.sheet === sheet && x.row === row);
    // column = the Excel column letter (考号 A, 姓名 B, 班级 C, questions 1–13(2) D–I, 缺考 J); reasons name the question.
    expect(at('数学', 3)[0]).toMatchObject({ column: 'A', reason: '考号 99999999 不在本次考试中' });
    expect(at('数学', 4)[0]).toMatchObject({ column: 'B' });
    expect(at('数学', 5)[0]).toMatchObject({ column: 'A' });
    expect(at('数学', 5)[0]!.reason).toContain('与第 2 行重复');
    expect(at('数学', 6)[0]).toMatchObject({ column: 'D', reason: '第 1 题（填写“5”）：超过满分 4' });
    expect(at('数学', 7)[0]).toMatchObject({ column: 'G', reason: '第 4 题（填写“abc”）：不是数字' });
    expect(at('数学', 8).map((x) => x.column)).toEqual(['D', 'E']);
    expect(at('数学', 9)[0]).toMatchObject({ column: 'H', reason: '第 13(1) 题（填写“1.2”）：不是给分步长 0.5 的整数倍' });
    expect(at('数学', 10)[0]).toMatchObject({ column: 'J', reason: '缺考列只能填 1、是 或留空' });
    expect(at('数学2', 1)[0]!.reason).toContain('不是本次考试的科目');
    expect(new Set(errors.map((x) => `${x.sheet}:${x.row}`))).toEqual(new Set(['数学:3', '数学:4', '数学:5', '数学:6', '数学:7', '数学:8', '数学:9', '数学:10', '数学2:1']));
    expect(await scoreRowCount()).toBe(before);
    expect(await stored(a!.id, sxId)).toEqual({ 1: 4, 2: 3, 3: 2, 4: 3, '13(1)': 2.5, '13(2)': 1 });
  });

  it('refuses a sheet whose header misses a question or names an unknown one', async () => {
    const file = await workbook({ 数学: [['考号', '姓名', '班级', '1', '2', '3', '4', '13(1)', '14'], [students[0]!.examNo, '', '', 0, 0, 0, 0, 0, 0]] });
    const res = await importQuestion(file);
    expect(res.body.code).toBe(400);
    expect(res.body.data.errors).toEqual([
      { sheet: '数学', row: 1, column: 'I', reason: '“14”不是数学的题号' },
      { sheet: '数学', row: 1, column: '', reason: '缺少第 13(2) 题的列' },
    ]);
  });

  it('re-import replaces a subject atomically and leaves other subjects alone', async () => {
    const [a, b] = students;
    const file = await workbook({ 数学: [SX_HEADER, [a!.examNo, a!.name, '', 'B', 'ACD', 'T', 3, 2.5, 2.5, '']] });
    const res = await importQuestion(file);
    expect(res.body.code).toBe(200);
    expect(await stored(a!.id, sxId)).toEqual({ 1: 4, 2: 6, 3: 2, 4: 3, '13(1)': 2.5, '13(2)': 2.5 });
    expect(await stored(b!.id, sxId)).toBe('absent'); // not in the new file
    expect(await stored(a!.id, wlId)).toEqual({ 1: 7 }); // 物理 untouched
    const rows = await t.database.db.selectFrom('question_score').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('question_id', 'in', Object.values(qid)).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(6);
  });

  it('re-scores stored option letters when the key changes', async () => {
    const tpl = (await t.call({ url: `/api/v1/question_template/find?examSubjectId=${sxId}`, token: admin })).body.data;
    const questions = tpl.questions.map((q: Record<string, unknown>) => ({ ...q, answer: q.no === '1' ? 'C' : q.answer, partialScore: q.no === '2' ? 2 : q.partialScore }));
    const res = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: sxId, questions } });
    expect(res.body.code).toBe(200);
    expect(await stored(students[0]!.id, sxId)).toEqual({ 1: 0, 2: 6, 3: 2, 4: 3, '13(1)': 2.5, '13(2)': 2.5 });
    // A structural change with scores needs confirmation.
    const structural = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: sxId, questions: questions.map((q: { no: string }) => (q.no === '4' ? { ...q, type: 'subjective' } : q)) } });
    expect(structural.body.code).toBe(409);
  });

  it('edits one student\'s question scores before release, validated', async () => {
    const s = students[10]!;
    const bad = await t.call({ method: 'POST', url: '/api/v1/question_score/update', token: admin, payload: { examStudentId: s.id, examSubjectId: sxId, scores: [{ questionId: qid['4'], score: 3.5 }] } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain('第 4 题');
    const res = await t.call({
      method: 'POST', url: '/api/v1/question_score/update', token: admin,
      payload: { examStudentId: s.id, examSubjectId: sxId, scores: [{ questionId: qid['2'], choice: 'CD' }, { questionId: qid['13(1)'], score: 2 }] },
    });
    expect(res.body.code).toBe(200);
    // key 2 = ACD, partial now 2 → 2; 13(1) = 2; others 0.
    expect(await stored(s.id, sxId)).toEqual({ 1: 0, 2: 2, 3: 0, 4: 0, '13(1)': 2, '13(2)': 0 });
    const sx = res.body.data.subjects.find((x: { courseCode: string }) => x.courseCode === 'SX');
    expect(sx).toMatchObject({ absent: false, score: 4 });
    const teacher1 = await t.tokenFor('teacher1'); // a subject teacher may not edit scores
    expect((await t.call({ method: 'POST', url: '/api/v1/question_score/update', token: teacher1, payload: { examStudentId: s.id, examSubjectId: sxId, absent: true } })).body.code).toBe(403);
  });

  it('imports subject totals into a synthetic question, for subjects without questions', async () => {
    const created = await t.call({
      method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin,
      payload: { name: '总分导入测试', examType: 5, gradeId, startDate: '2026-11-01', endDate: '2026-11-01', classIds, subjects: [{ courseCode: 'YW', fullScore: 150 }, { courseCode: 'YY', fullScore: 150 }] },
    });
    const id = created.body.data.id;
    const [yw, yy] = created.body.data.subjects.map((x: { id: number }) => x.id);
    const list = (await t.call({ url: `/api/v1/exam_student/find_page?examId=${id}&size=1000`, token: admin })).body.data.records as Student[];
    const tpl = await t.app.inject({ url: `/api/v1/grade_import/template?examId=${id}&kind=total`, headers: { authorization: admin } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as never);
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(['考号', '姓名', '班级', '语文', '英语']);

    const bad = await workbook({ 总分成绩: [['考号', '姓名', '班级', '语文', '英语', '化学'], [list[0]!.examNo, '', '', 151, 'x', 1]] });
    const badRes = await t.call({ method: 'POST', url: '/api/v1/grade_import/import_total', token: admin, ...multipart(bad, { examId: String(id) }) });
    expect(badRes.body.code).toBe(400);
    expect(badRes.body.data.errors).toEqual([{ sheet: '总分成绩', row: 1, column: 'F', reason: '“化学”不是本次考试的科目' }]);

    const bad2 = await workbook({ 总分成绩: [['考号', '姓名', '班级', '语文', '英语'], [list[0]!.examNo, '', '', 151, 'x']] });
    const bad2Res = await t.call({ method: 'POST', url: '/api/v1/grade_import/import_total', token: admin, ...multipart(bad2, { examId: String(id) }) });
    expect(bad2Res.body.data.errors).toEqual([
      { sheet: '总分成绩', row: 2, column: 'D', reason: '语文（填写“151”）：超过满分 150' },
      { sheet: '总分成绩', row: 2, column: 'E', reason: '英语（填写“x”）：不是数字' },
    ]);

    const good = await workbook({ 总分成绩: [['考号', '姓名', '班级', '语文', '英语'], [list[0]!.examNo, '', '', 120.5, '缺考'], ['', list[1]!.name, list[1]!.className, 98, 0]] });
    const res = await t.call({ method: 'POST', url: '/api/v1/grade_import/import_total', token: admin, ...multipart(good, { examId: String(id) }) });
    expect(res.body.code).toBe(200);
    expect(await stored(list[0]!.id, yw)).toEqual({ 总分: 120.5 });
    expect(await stored(list[0]!.id, yy)).toBe('absent');
    expect(await stored(list[1]!.id, yy)).toEqual({ 总分: 0 });
    expect(await stored(list[2]!.id, yw)).toBe('absent');
    const tplFind = await t.call({ url: `/api/v1/question_template/find?examSubjectId=${yw}`, token: admin });
    expect(tplFind.body.data.questions).toEqual([]); // the synthetic question is not a question of the set-up
    const exam = await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${id}`, token: admin });
    expect(exam.body.data.subjects[0]).toMatchObject({ totalsOnly: true, scoredCount: 2 });
    expect(exam.body.data.status).toBe(3);
  });

  it('refuses an option letter the question does not have, naming the real column and the question', async () => {
    const [a, b, c] = students;
    // Columns out of template order: the letters are those of this file (第 2 题 B, 第 1 题 C). 选择题 default A–D.
    const header = ['考号', '2', '1', '3', '4', '13(1)', '13(2)', '姓名', '班级', '缺考'];
    const file = await workbook({
      数学: [
        header,
        [a!.examNo, 'ACD', 'E', 'T', 0, 0, 0, '', '', ''], // row 2: E on 第 1 题 (A–D)
        [b!.examNo, 'ACE', 'B', 'T', 0, 0, 0, '', '', ''], // row 3: E among the letters of 第 2 题
        [c!.examNo, 'ACD', 'D', 'T', 0, 0, 0, '', '', ''], // row 4: good (D exists, scored 0)
      ],
    });
    const before = await scoreRowCount();
    const res = await importQuestion(file);
    expect(res.body.code).toBe(400);
    expect(res.body.data.errors).toEqual([
      { sheet: '数学', row: 2, column: 'C', reason: '第 1 题（填写“E”）：本题只有选项 A–D，没有选项 E' },
      { sheet: '数学', row: 3, column: 'B', reason: '第 2 题（填写“ACE”）：本题只有选项 A–D，没有选项 E' },
    ]);
    expect(await scoreRowCount()).toBe(before);

    // A saved card with 5 options makes E a real option (wrong against the key B: 0 points).
    const saved = await t.call({ method: 'POST', url: '/api/v1/card/save', token: admin, payload: { examSubjectId: sxId, settings: { optionCount: 5 } } });
    expect(saved.body.code).toBe(200);
    const ok = await importQuestion(await workbook({ 数学: [header, [a!.examNo, 'ACD', 'E', 'T', 0, 0, 0, '', '', '']] }));
    expect(ok.body.code).toBe(200);
    expect((await stored(a!.id, sxId))!).toMatchObject({ 1: 0, 2: 6 });
    // Manual entry follows the same rule: F is not an option of a 5-option card.
    const manual = await t.call({
      method: 'POST', url: '/api/v1/question_score/update', token: admin,
      payload: { examStudentId: a!.id, examSubjectId: sxId, absent: false, scores: [{ questionId: qid['1'], choice: 'F' }] },
    });
    expect(manual.body).toMatchObject({ code: 400, msg: '第 1 题：本题只有选项 A–E，没有选项 F' });
    await t.call({ method: 'POST', url: '/api/v1/card/reset', token: admin, payload: { examSubjectId: sxId } });
  });

  it('refuses another school, a non-xlsx file and any change after release', async () => {
    const admin2 = await t.tokenFor('admin2');
    const file = await workbook({ 数学: [SX_HEADER] });
    expect((await importQuestion(file, admin2)).body.code).toBe(403);
    expect((await t.call({ url: `/api/v1/question_score/find?examId=${examId}&examStudentId=${students[0]!.id}`, token: admin2 })).body.code).toBe(403);
    const junk = await importQuestion(Buffer.from('not a workbook'));
    expect(junk.body.code).toBe(400);

    await t.database.db.updateTable('exam').set({ released_at: new Date(), status: 4, progress: 100 }).where('id', '=', examId).execute();
    const upd = await t.call({ method: 'POST', url: '/api/v1/question_score/update', token: admin, payload: { examStudentId: students[0]!.id, examSubjectId: sxId, absent: true } });
    expect(upd.body.code).toBe(400);
    expect(upd.body.msg).toContain('成绩更正');
    expect((await importQuestion(file)).body.code).toBe(400);
  });

  it('imports a 2,000-student × 9-subject × 25-question workbook completely', async () => {
    const db = t.database.db;
    const big = await prepareBigExam(t.app, db, admin);
    expect(big.studentCount).toBe(2000);
    const res = { body: await importQuestionScores(t.app, admin, big.examId, big.file) };
    expect(res.body.code).toBe(200);
    expect(res.body.data.subjects).toHaveLength(9);
    expect(res.body.data.subjects[0]).toMatchObject({ scored: 1960, absent: 40, notInFile: 0 });
    const n = await db.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id')
      .select((eb) => eb.fn.countAll<number>().as('n')).where('s.exam_id', '=', big.examId).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1960 * 9 * 25);
    // Its speed (≤ 10 s) is measured by `npm run bench` (score-import), not here.
  }, 180_000);
});
