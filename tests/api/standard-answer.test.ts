import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { multipart, workbook } from '../fixtures/small-exam.js';
import { repeatedPart, workbookParts, zip } from '../fixtures/xlsx-bomb.js';

/**
 * 录入标准答案 at the spec's paths. The subject (数学, full 24) and what six students marked, with every expected score
 * worked by hand from the rule of docs/DOMAIN-RULES.md §2 (single/judge: the key = full, else 0; multiple: the key =
 * full, a part of it = 部分得分 (half by default) or 选对一项得分 × options chosen, any wrong option = 0):
 *
 *   Q1 single 4 (key B) · Q2 multiple 6 (key ACD, 部分得分 unset → 3) · Q3 judge 2 (key T) · Q4 multiple 6 (key AB → 3)
 *   · Q5 written 6 (typed points).
 *         Q1  Q2   Q3  Q4   Q5 │ scores            total
 *   A1    B   ACD  T   AB   5  │ 4  6  2  6  5      23
 *   A2    C   AC   F   A    4  │ 0  3  0  3  4      10
 *   A3    C   AD   T   ABD  6  │ 0  3  2  0  6      11
 *   A4    C   B    T   BD   2  │ 0  0  2  0  2       4
 *   B1    C   ACD  F   AB   3  │ 0  6  0  6  3      15
 *   B2    A   CD   T   D    0  │ 0  3  2  0  0       5
 *
 * Q1's statistics: 6 students, 1 correct, mean 4/6 = 0.67; C chosen by 4 of 6 = 66.7 % ≥ 50 % → the key is suspect.
 * Key change 1 (before release): Q1 → C; Q4 → ABD with 选对一项得分 2:
 *   Q1: A1 4→0, A2 0→4, A3 0→4, A4 0→4, B1 0→4 (B2 stays 0): 5 changes.
 *   Q4: A1 AB 6→4, A2 A 3→2, A3 ABD 0→6, A4 BD 0→4, B1 AB 6→4, B2 D 0→2: 6 changes. 11 in all.
 *   totals: A1 17, A2 13, A3 21, A4 12, B1 17, B2 7.
 * Excel import: Q2 部分得分 4 → A2 AC 3→4, A3 AD 3→4, B2 CD 3→4: totals A2 14, A3 22, B2 8.
 * After release, Q3 T → F: every Q3 score flips (T: 2→0, F: 0→2), 6 changes:
 *   totals A1 15, A2 16, A3 20, A4 10, B1 19, B2 6.
 */
describe.each(dbKinds)('standard answers on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let lesson1: string;
  let teacher1: string;
  let examId: number;
  let subjectId: number;
  let qid: Record<string, number>;
  let students: Record<string, number>;

  const api = (method: 'GET' | 'POST', url: string, token = admin, payload?: unknown) => t.call({ method, url: `/api/v1/${url}`, token, payload: payload as never });
  const find = async (token = admin) => {
    const r = await api('GET', `standard_answer/find_answers?examSubjectId=${subjectId}`, token);
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data;
  };
  const save = (answers: unknown[], token = admin, confirm?: boolean) =>
    api('POST', `standard_answer/${subjectId}/finished_enter_answer`, token, { answers, ...(confirm === undefined ? {} : { confirm }) });
  /** Stored question scores per student label: [Q1..Q5]. */
  async function scores(): Promise<Record<string, number[]>> {
    const rows = await t.database.db.selectFrom('question_score').select(['exam_student_id', 'question_id', 'score'])
      .where('question_id', 'in', Object.values(qid)).execute();
    const out: Record<string, number[]> = {};
    for (const [label, esid] of Object.entries(students)) {
      out[label] = ['1', '2', '3', '4', '5'].map((no) => Number(rows.find((r) => r.exam_student_id === esid && r.question_id === qid[no])?.score));
    }
    return out;
  }
  const totals = async () => Object.fromEntries(Object.entries(await scores()).map(([k, v]) => [k, Math.round(v.reduce((a, b) => a + b, 0) * 100) / 100]));
  const upload = (path: string, file: Buffer, query = '') => t.call({ method: 'POST', url: `/api/v1/${path}?examSubjectId=${subjectId}${query}`, token: admin, ...multipart(file) });
  const download = async (path: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/${path}`, headers: { authorization: admin }, payload: { examSubjectId: subjectId } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { name: ws.name, rows, fileName: decodeURIComponent(String(res.headers['content-disposition']).split("''")[1]!) };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    lesson1 = await t.tokenFor('lesson1');
    teacher1 = await t.tokenFor('teacher1');
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    const classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').limit(2).execute()).map((c) => c.id);
    const created = await api('POST', 'exam_manage/add_single_exam', admin, {
      name: '标准答案测试', examType: 5, gradeId, startDate: '2026-10-08', endDate: '2026-10-08', classIds, subjects: [{ courseCode: 'SX', fullScore: 24 }],
    });
    expect(created.body.code, created.body.msg).toBe(200);
    examId = created.body.data.id;
    subjectId = created.body.data.subjects[0].id;
    const saved = await api('POST', 'question_template/save', admin, {
      examSubjectId: subjectId,
      questions: [
        { no: '1', type: 'single', fullScore: 4, answer: 'B', knowledgePoints: ['函数'] },
        { no: '2', type: 'multiple', fullScore: 6, answer: 'ACD', knowledgePoints: ['集合', '函数'] },
        { no: '3', type: 'judge', fullScore: 2, answer: 'T' },
        { no: '4', type: 'multiple', fullScore: 6, answer: 'AB' },
        { no: '5', type: 'subjective', fullScore: 6 },
      ],
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    qid = Object.fromEntries(saved.body.data.questions.map((q: { no: string; id: number }) => [q.no, q.id]));
    const list = (await api('GET', `exam_student/find_page?examId=${examId}&size=1000`)).body.data.records as { id: number; examNo: string; name: string; classId: number }[];
    const c1 = list.filter((s) => s.classId === classIds[0]);
    const c2 = list.filter((s) => s.classId === classIds[1]);
    const picked = { A1: c1[0]!, A2: c1[1]!, A3: c1[2]!, A4: c1[3]!, B1: c2[0]!, B2: c2[1]! };
    students = Object.fromEntries(Object.entries(picked).map(([k, s]) => [k, s.id]));
    const marks: Record<string, unknown[]> = {
      A1: ['B', 'ACD', 'T', 'AB', 5], A2: ['C', 'AC', 'F', 'A', 4], A3: ['C', 'AD', 'T', 'ABD', 6],
      A4: ['C', 'B', 'T', 'BD', 2], B1: ['C', 'ACD', 'F', 'AB', 3], B2: ['A', 'CD', 'T', 'D', 0],
    };
    const file = await workbook({ 数学: [['考号', '姓名', '班级', '1', '2', '3', '4', '5', '缺考'], ...Object.entries(picked).map(([k, s]) => [s.examNo, s.name, '', ...marks[k]!])] });
    const imported = await t.call({ method: 'POST', url: `/api/v1/grade_import/import_question?examId=${examId}`, token: admin, ...multipart(file) });
    expect(imported.body.code, imported.body.msg).toBe(200);
  });
  afterAll(async () => { await t?.close(); });

  it('finds the keys, with how the students answered for the subject\'s editors', async () => {
    expect(await totals()).toEqual({ A1: 23, A2: 10, A3: 11, A4: 4, B1: 15, B2: 5 });
    const sheet = await find();
    expect(sheet).toMatchObject({ examId, examSubjectId: subjectId, courseName: '数学', subjectFullScore: 24, released: false, editable: true, finished: true, objectiveCount: 4, missingNos: [] });
    const q1 = sheet.questions.find((q: { no: string }) => q.no === '1');
    expect(q1).toMatchObject({ type: 'single', answer: 'B', options: 'ABCD', objective: true, knowledgePoints: ['函数'] });
    expect(q1.stats).toEqual({
      students: 6, answered: 6, correct: 1, mean: 0.67, scoreRate: 0.1667,
      choices: [{ choice: 'C', count: 4 }, { choice: 'A', count: 1 }, { choice: 'B', count: 1 }],
      suspect: '选“C”的考生最多（66.7%），与答案“B”不同，请核对答案',
    });
    const q2 = sheet.questions.find((q: { no: string }) => q.no === '2');
    // (6 + 3 + 3 + 0 + 6 + 3) / 6 = 3.5; ACD (the key) is the most chosen: not suspect
    expect(q2.stats).toMatchObject({ correct: 2, mean: 3.5, scoreRate: 0.5833, suspect: null });
    expect(sheet.questions.find((q: { no: string }) => q.no === '5')).toMatchObject({ objective: false, options: '', stats: null });
    // A subject teacher reads the keys but not the grade-wide statistics, and may not save.
    const t1 = await find(teacher1);
    expect(t1.editable).toBe(false);
    expect(t1.questions.every((q: { stats: unknown }) => q.stats === null)).toBe(true);
    const refused = await save([{ questionId: qid['1'], answer: 'C' }], teacher1);
    expect([refused.body.code, refused.body.msg]).toEqual([403, '无权限访问']);
  });

  it('refuses bad keys with every problem named, and writes nothing', async () => {
    const before = await scores();
    const bad = await save([
      { questionId: qid['1'], answer: 'AB' },
      { questionId: qid['3'], answer: '可能' },
      { questionId: qid['4'], answer: 'ABD', optionScore: 3 },
      { questionId: qid['1'], answer: 'C' },
      { questionId: qid['3'], answer: 'T', partialScore: 1 },
    ]);
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toBe('第 1 题单选题答案只能是一个字母；第 3 题判断题答案只能是 T/F（对/错）；第 4 题选对一项得分过大：少选一项时得 6 分，须小于满分 6 分；第 1 题重复；第 3 题重复');
    const both = await save([{ questionId: qid['2'], answer: 'ACD', partialScore: 2, optionScore: 1 }]);
    expect(both.body.msg).toBe('第 2 题部分得分与选对一项得分只能设置一个');
    const single = await save([{ questionId: qid['1'], answer: 'B', optionScore: 1 }]);
    expect(single.body.msg).toBe('第 1 题只有多选题可以设置选对一项得分');
    const other = await t.database.db.selectFrom('question').select('id').where('exam_subject_id', '<>', subjectId).executeTakeFirstOrThrow();
    expect((await save([{ questionId: other.id, answer: 'A' }])).body.msg).toBe('题目不属于该科目');
    expect(await scores()).toEqual(before);
  });

  it('saves new keys and 选对一项得分 and re-scores the recorded letters; records the 标准答案 step', async () => {
    const res = await save([{ questionId: qid['1'], answer: 'c' }, { questionId: qid['4'], answer: 'dba', optionScore: 2 }], lesson1);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.msg).toBe('保存成功，11 个客观题得分已按新答案重新计算');
    expect(res.body.data.rescored).toBe(11);
    const q4 = res.body.data.sheet.questions.find((q: { no: string }) => q.no === '4');
    expect(q4).toMatchObject({ answer: 'ABD', optionScore: 2, partialScore: null });
    expect(await scores()).toEqual({
      A1: [0, 6, 2, 4, 5], A2: [4, 3, 0, 2, 4], A3: [4, 3, 2, 6, 6], A4: [4, 0, 2, 4, 2], B1: [4, 6, 0, 4, 3], B2: [0, 3, 2, 2, 0],
    });
    expect(await totals()).toEqual({ A1: 17, A2: 13, A3: 21, A4: 12, B1: 17, B2: 7 });
    const again = await save([{ questionId: qid['1'], answer: 'C' }], lesson1);
    expect([again.body.code, again.body.msg]).toEqual([200, '答案没有变化']);
    const flow = await api('GET', `flow/find_flow_status?examSubjectId=${subjectId}`);
    expect(flow.body.data.finished).toContain('answer');
    expect(flow.body.data.steps.map((s: { name: string }) => s.name)).toEqual(['小题设置', '标准答案', '答题卡', '扫描', '成绩录入', '成绩发布']);
    // 小题编辑 keeps the 选对一项得分 it does not show (the template carries it back).
    const tpl = await api('GET', `question_template/find?examSubjectId=${subjectId}`);
    expect(tpl.body.data.questions.find((q: { no: string }) => q.no === '4').optionScore).toBe(2);
  });

  it('exports the keys to Excel and imports them back; a bad file names every bad cell and writes nothing', async () => {
    const out = await download('standardAnswerExport');
    expect(out.fileName).toBe('标准答案测试-数学-标准答案.xlsx');
    expect(out.name).toBe('标准答案');
    expect(out.rows).toEqual([
      ['题号', '题型', '满分', '答案', '部分得分', '选对一项得分'],
      ['1', '单选题', 4, 'C', '', ''], ['2', '多选题', 6, 'ACD', '', ''], ['3', '判断题', 2, 'T', '', ''], ['4', '多选题', 6, 'ABD', '', 2], ['5', '解答题', 6, '', '', ''],
    ]);

    const before = await scores();
    const head = ['题号', '题型', '满分', '答案', '部分得分', '选对一项得分'];
    const bad = await workbook({ 标准答案: [head, ['1', '', '', 'AB'], ['99', '', '', 'A'], ['2', '', '', 'ACD', 'x'], ['2', '', '', 'ACD'], ['4', '', '', 'ABD', '', 3], ['3', '', '', '', 2]] });
    const refused = await upload('standardAnswerImport', bad);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toBe('导入失败，共6行有误');
    expect(refused.body.data.errors).toEqual([
      { row: 2, column: 'D', reason: '第 1 题：单选题答案只能是一个字母' },
      { row: 3, column: 'A', reason: '本科目没有第 99 题' },
      { row: 4, column: 'E', reason: '“x”不是数字' },
      { row: 5, column: 'A', reason: '题号与第4行重复' },
      { row: 6, column: 'F', reason: '第 4 题：选对一项得分过大：少选一项时得 6 分，须小于满分 6 分' },
      { row: 7, column: 'E', reason: '第 3 题：只有多选题可以设置部分得分' },
    ]);
    expect(await scores()).toEqual(before);
    // columns in any order, extra columns ignored: the letters are the file's own
    const moved = await workbook({ 标准答案: [['备注', '答案', '题号', '部分得分', '选对一项得分', '满分', '题型'], ['', 'AB', '1', '', '', '', '']] });
    expect((await upload('standardAnswerImport', moved)).body.data.errors).toEqual([{ row: 2, column: 'B', reason: '第 1 题：单选题答案只能是一个字母' }]);

    const good = await workbook({ 标准答案: [head, ['2', '多选题', 6, 'ACD', 4]] });
    const ok = await upload('standardAnswerImport', good);
    expect([ok.body.code, ok.body.msg]).toEqual([200, '导入成功']);
    expect(ok.body.data).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(await totals()).toEqual({ A1: 17, A2: 14, A3: 22, A4: 12, B1: 17, B2: 8 });
  });

  it('refuses hostile uploads with a Chinese message and writes nothing', async () => {
    const before = await scores();
    const big = await upload('standardAnswerImport', Buffer.alloc(3 * 1024 * 1024, 7));
    expect([big.body.code, big.body.msg]).toEqual([413, '上传文件过大：标准答案文件不能超过 2 MB']);
    const notXlsx = await upload('knowledgePointssImport', Buffer.from('题号,知识点\n1,函数'));
    expect([notXlsx.body.code, notXlsx.body.msg]).toEqual([400, '文件格式不正确，请上传 .xlsx 格式的 Excel 文件（不支持 .xls、.csv）']);
    // 500 MB of blanks inside the sheet in a file of well under 1 MB, its zip header claiming 1 KB
    const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const padding = repeatedPart('xl/worksheets/sheet1.xml', `<?xml version="1.0" encoding="UTF-8"?><worksheet ${NS}><sheetData>`, '                ', 500 * 1024 * 1024, '</sheetData></worksheet>');
    const bomb = zip([...workbookParts('标准答案'), padding], () => 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await upload('standardAnswerImport', bomb);
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toMatch(/^文件过大：解压后超过 20 MB（标准答案上限）/);
    expect(await scores()).toEqual(before);
  });

  it('keeps knowledge points per question, in and out of Excel', async () => {
    const first = await api('GET', `standard_answer/find_knowledge?examSubjectId=${subjectId}`);
    expect(first.body.data.points).toEqual([{ name: '函数', questionNos: ['1', '2'], fullScore: 10 }, { name: '集合', questionNos: ['2'], fullScore: 6 }]);
    const head = ['题号', '题型', '满分', '知识点'];
    const bad = await workbook({ 知识点: [head, ['5', '', '', 'x'.repeat(101)], ['0', '', '', '导数'], ['3', '', '', Array.from({ length: 51 }, (_, i) => `点${i}`).join('、')]] });
    const refused = await upload('knowledgePointssImport', bad);
    expect(refused.body.data.errors).toEqual([
      { row: 2, column: 'D', reason: `知识点“${'x'.repeat(20)}…”超过 100 个字` },
      { row: 3, column: 'A', reason: '本科目没有第 0 题' },
      { row: 4, column: 'D', reason: '每题最多 50 个知识点' },
    ]);
    const good = await workbook({ 知识点: [head, ['3', '', '', '三角函数、向量；三角函数'], ['1', '', '', '']] });
    const ok = await upload('knowledgePointssImport', good);
    expect(ok.body.data).toEqual({ created: 0, updated: 2, unchanged: 0 });
    const saved = await api('POST', 'standard_answer/save_knowledge', admin, { examSubjectId: subjectId, items: [{ questionId: qid['5'], knowledgePoints: ['导数'] }] });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data.points).toEqual([
      { name: '集合', questionNos: ['2'], fullScore: 6 }, { name: '函数', questionNos: ['2'], fullScore: 6 },
      { name: '三角函数', questionNos: ['3'], fullScore: 2 }, { name: '向量', questionNos: ['3'], fullScore: 2 }, { name: '导数', questionNos: ['5'], fullScore: 6 },
    ]);
    const out = await download('knowledgePointssExport');
    expect(out.rows.slice(1).map((r) => [r[0], r[3]])).toEqual([['1', ''], ['2', '集合、函数'], ['3', '三角函数、向量'], ['4', ''], ['5', '导数']]);
    expect((await api('POST', 'standard_answer/save_knowledge', teacher1, { examSubjectId: subjectId, items: [{ questionId: qid['5'], knowledgePoints: ['x'] }] })).body.code).toBe(403);
  });

  it('after release: only the school administrator or grade leader corrects a key, confirmed; scores, corrections and reports follow', async () => {
    await releaseExam(t.database.db, examId);
    const version = async () => (await t.database.db.selectFrom('exam_report').select('version').where('exam_id', '=', examId).executeTakeFirstOrThrow()).version;
    const v0 = await version();
    expect((await find(lesson1)).editable).toBe(false);
    const lesson = await save([{ questionId: qid['3'], answer: 'F' }], lesson1);
    expect([lesson.body.code, lesson.body.msg]).toEqual([403, '成绩已发布，只有学校管理员或本年级的年级主任可以更正标准答案']);
    const ask = await save([{ questionId: qid['3'], answer: 'F' }]);
    expect(ask.body.code).toBe(409);
    expect(ask.body.msg).toBe('成绩已发布：更正答案将改变 6 名考生的 6 个小题得分，并重新计算成绩、排名和全部分析报告。确认更正吗？');
    expect(ask.body.data).toEqual({ scores: 6, students: 6, questions: [{ no: '3', from: 'T', to: 'F', scores: 6 }] });
    expect((await find()).questions.find((q: { no: string }) => q.no === '3').answer).toBe('T');
    expect(await version()).toBe(v0);

    const done = await save([{ questionId: qid['3'], answer: 'F' }], admin, true);
    expect([done.body.code, done.body.msg]).toEqual([200, '保存成功，6 个客观题得分已按新答案重新计算']);
    expect(await totals()).toEqual({ A1: 15, A2: 16, A3: 20, A4: 10, B1: 19, B2: 6 });
    expect(await version()).toBe(v0 + 1);
    const released = await t.database.db.selectFrom('student_score').select(['exam_student_id', 'score']).where('exam_id', '=', examId).where('course_code', '=', 'SX')
      .where('exam_student_id', 'in', Object.values(students)).execute();
    const byId = new Map(released.map((r) => [r.exam_student_id, Number(r.score)]));
    expect(Object.fromEntries(Object.entries(students).map(([k, id]) => [k, byId.get(id)]))).toEqual({ A1: 15, A2: 16, A3: 20, A4: 10, B1: 19, B2: 6 });
    const list = await api('GET', `correction_score/find_page?examId=${examId}&status=approved&size=50`);
    expect(list.body.data.total).toBe(6);
    expect(list.body.data.records.every((r: { reason: string; appliedByName: string }) => r.reason === '更正标准答案：第 3 题 T → F')).toBe(true);

    // A pending correction of a question's score stops a key change of that question.
    const applied = await api('POST', 'correction_score/apply', teacher1, { examStudentId: students.A1, questionId: qid['1'], newScore: 4, reason: '核对' });
    expect(applied.body.code, applied.body.msg).toBe(200);
    const blocked = await save([{ questionId: qid['1'], answer: 'B' }], admin, true);
    expect([blocked.body.code, blocked.body.msg]).toEqual([400, '第 1 题有待审核的成绩更正申请，请先审核后再更正答案']);

    // Knowledge points after release reach the released 试卷分析 (recomputed).
    const v1 = await version();
    await api('POST', 'standard_answer/save_knowledge', admin, { examSubjectId: subjectId, items: [{ questionId: qid['4'], knowledgePoints: ['概率'] }] });
    expect(await version()).toBe(v1 + 1);
    const paper = await api('GET', `paperAnalysis/paper?examId=${examId}&courseCode=SX`);
    expect(paper.body.data.knowledgePointSummary.map((k: { knowledgePoint: string }) => k.knowledgePoint)).toContain('概率');
  });
});
