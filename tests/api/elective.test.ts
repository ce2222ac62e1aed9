import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectiveRecognizeResult, ScanAbnormal } from '@jz/shared/api/scan';
import { computeRelease } from '../../apps/api/src/modules/release/release.service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { newScanExam, scanFilledSheets, subjectScores, type Layout, type SheetFill } from '../helpers/scan-sheets.js';

/**
 * 选做题 end to end (issues 10/11; docs/DOMAIN-RULES.md 选做题) on PGlite and PostgreSQL: a subject of
 * 1 (single, key A, 5 分), 2 (written, 10 分) and 22/23 (written, 10 分 each, 选做一题), so the subject's full
 * score is 5 + 10 + 1 × 10 = 25. Its card prints one 选做 box 22/23; four sheets are drawn from the card
 * (tests/helpers/scan-sheets.ts): s0 marks 22, s1 marks 23, s2 marks neither, s3 marks both. The last two are
 * 识别存疑 until a person confirms 23 (s2) and 22 (s3). Marking: block 第2题 and block 第22/23题（选做）, one
 * mark each (单评), so the final score is the mark. Totals worked by hand: objective 1 = 5 (all mark A) +
 * question 2 + the chosen question: s0 5 + 6 + 7 = 18, s1 5 + 4 + 9 = 18, s2 5 + 8 + 3 = 16, s3 5 + 10 + 10 = 25.
 */
describe.each(dbKinds)('选做题 on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  /** Question number → id; the request counter of marking submissions. */
  let qid: Record<string, number>;
  let req = 0;
  let examId: number;
  let subjectId: number;
  let layout: Layout;
  let students: { id: number; examNo: string; name: string }[];

  const api = <T = any>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    t.call<T>({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });

  const questions = [
    { no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' },
    { no: '2', type: 'subjective', fullScore: 10, step: 1 },
    { no: '22', type: 'subjective', fullScore: 10, step: 1, electiveGroup: '选做一' },
    { no: '23', type: 'subjective', fullScore: 10, step: 1, electiveGroup: '选做一' },
  ];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-elective-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    ({ examId, subjectId } = await newScanExam(t, admin, '选做题测试', 25));
    students = await db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
      .select(['es.id', 'es.exam_no as examNo', 'st.name']).where('es.exam_id', '=', examId).orderBy('es.exam_no').execute();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets up a 选做 group: K of N counted in the full score, every rule checked in Chinese', async () => {
    let r = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions: questions.map((q) => (q.no === '23' ? { ...q, fullScore: 12 } : q)) });
    expect(r.body.code).toBe(400);
    expect(r.body.msg).toContain('选做题组“选做一”各题满分须相同');
    r = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions: questions.map((q) => (q.no === '1' ? { ...q, electiveGroup: '选做一' } : q)) });
    expect(r.body.msg).toContain('选做题组“选做一”只能包含解答题（第 1 题不是）');
    r = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions: questions.map((q) => (q.electiveGroup ? { ...q, electivePick: 2 } : q)) });
    expect(r.body.msg).toContain('选做题组“选做一”选做 2 道须少于组内 2 道题');
    r = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions });
    expect(r.body.code, r.body.msg).toBe(200);
    qid = Object.fromEntries(r.body.data.questions.map((q: { no: string; id: number }) => [q.no, q.id]));
    // 5 + 10 + 1 × 10
    expect(r.body.data.questionFullScore).toBe(25);
    expect(r.body.data.electiveGroups).toEqual([{ name: '选做一', pick: 1, nos: ['22', '23'], fullScore: 10 }]);
    expect(r.body.data.questions.find((q: { no: string }) => q.no === '22')).toMatchObject({ electiveGroup: '选做一', electivePick: 1 });
    // the exam's subject list counts the same way (SQL)
    const exam = await api('GET', `exam_manage/find_exam?examId=${examId}`);
    expect(exam.body.data.subjects[0]).toMatchObject({ questionCount: 4, questionFullScore: 25 });
  });

  it('prints one 选做 box on the card and reads the choice; none or two marked is 识别存疑 until a person confirms', async () => {
    const card = await api('POST', 'card/save', { examSubjectId: subjectId, settings: {} });
    expect(card.body.code, card.body.msg).toBe(200);
    layout = card.body.data.layout as Layout;
    const boxes = layout.pages.flatMap((p) => p.elements.filter((e) => e.kind === 'choice'));
    expect(boxes.map((b) => b.nos.map(String))).toEqual([['22', '23']]);
    const fills: SheetFill[] = [
      { answers: { 1: 'A' }, chosen: { '22/23': ['22'] } },
      { answers: { 1: 'A' }, chosen: { '22/23': ['23'] } },
      { answers: { 1: 'A' }, chosen: {} },
      { answers: { 1: 'A' }, chosen: { '22/23': ['22', '23'] } },
    ];
    await scanFilledSheets(t, admin, subjectId, layout, fills, students);

    const abnormal = (await api<ScanAbnormal[]>('GET', `scanned_abnormal/list?examSubjectId=${subjectId}`)).body.data;
    expect(abnormal.map((a) => [a.kind, a.page.examStudentId]).sort()).toEqual([['doubt', students[2]!.id], ['doubt', students[3]!.id]].sort());
    const doubtOf = (i: number) => abnormal.find((a) => a.page.examStudentId === students[i]!.id)!;
    expect(doubtOf(2).doubts).toHaveLength(1);
    expect(doubtOf(2).doubts[0]).toMatchObject({ kind: 'question', id: '选做:22/23', reason: '选做题未填涂所选的题号，请确认', marked: [] });
    expect(doubtOf(2).doubts[0]!.options.map((o) => o.value)).toEqual(['22', '23']);
    expect(doubtOf(3).doubts[0]).toMatchObject({ id: '选做:22/23', marked: ['22', '23'] });

    const read = async (i: number) => (await api<ObjectiveRecognizeResult>('GET', `standard_answer/objective_recognize_result?examSubjectId=${subjectId}&examStudentId=${students[i]!.id}`)).body;
    const r0 = await read(0);
    expect(r0.code, r0.msg).toBe(200);
    expect(r0.data.electives).toEqual([{ nos: ['22', '23'], chosen: '22', confirmed: false, doubt: null }]);
    expect((await read(1)).data.electives[0]).toMatchObject({ chosen: '23' });
    expect((await read(2)).data.electives[0]).toMatchObject({ chosen: null, doubt: '选做题未填涂所选的题号，请确认' });

    // a 选做 needs exactly one question confirmed
    const confirm = (i: number, marked: string[]) => api('POST', 'scanned_abnormal/confirmMarks', { pageId: doubtOf(i).page.id, questions: [{ questionNo: '选做:22/23', marked }] });
    expect((await confirm(2, [])).body.msg).toBe('22/23 选做题须确认一道所选的题');
    expect((await confirm(3, ['22', '23'])).body.code).toBe(400);
    expect((await confirm(2, ['24'])).body.msg).toBe('第 选做:22/23 题没有选项 24');
    expect((await confirm(2, ['23'])).body.code).toBe(200);
    expect((await confirm(3, ['22'])).body.code).toBe(200);
    expect((await api<ScanAbnormal[]>('GET', `scanned_abnormal/list?examSubjectId=${subjectId}`)).body.data).toEqual([]);
    expect((await read(2)).data.electives[0]).toEqual({ nos: ['22', '23'], chosen: '23', confirmed: true, doubt: null });

    const stored = await t.database.db.selectFrom('scan_student').select(['exam_student_id', 'elective']).where('exam_subject_id', '=', subjectId).execute();
    const choice = new Map(stored.map((s) => [s.exam_student_id, s.elective]));
    expect([0, 1, 2, 3].map((i) => choice.get(students[i]!.id))).toEqual([{ '22/23': '22' }, { '22/23': '23' }, { '22/23': '23' }, { '22/23': '22' }]);
  }, 240_000);

  it('marks the chosen question only and writes it; the unchosen question has no score; totals count the chosen one', async () => {
    const blocks = (await api('GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as { blockId: number; name: string; fullScore: number; questions: { number: string }[] }[];
    expect(blocks.map((b) => [b.name, b.fullScore, b.questions.map((q) => q.number)])).toEqual([['第2题', 10, ['2']], ['第22/23题（选做）', 10, ['22', '23']]]);
    // a 选做 group is one block holding exactly its questions
    const bad = await api('POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: [
      { name: '混合', questionIds: [qid['2'], qid['22']], ratingMode: 1 }, { name: '第23题', questionIds: [qid['23']], ratingMode: 1 }] });
    expect(bad.body.msg).toBe('题块“混合”：选做题22/23题须单独成一个题块，并包含该组的每一道题');
    const users = (await api('GET', `answer/userList?examSubjectId=${subjectId}`)).body.data as { userId: number; loginId: string }[];
    const me = users.find((u) => u.loginId === 'admin')?.userId ?? (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow()).id;
    for (const b of blocks) expect((await api('POST', 'answer/addReader', { blockId: b.blockId, userIds: [me] })).body.code).toBe(200);
    const [plain, elective] = [blocks[0]!.blockId, blocks[1]!.blockId];

    const info = (await api('GET', `marking/block?blockId=${elective}`)).body;
    expect(info.code, info.msg).toBe(200);
    expect(info.data.fullScore).toBe(10);

    const q2 = new Map([[students[0]!.id, 6], [students[1]!.id, 4], [students[2]!.id, 8], [students[3]!.id, 10]]);
    const chosenMark = new Map([[students[0]!.id, 7], [students[1]!.id, 9], [students[2]!.id, 3], [students[3]!.id, 10]]);
    const seen: Record<number, string> = {};
    const markAll = async (blockId: number, marks: Map<number, number>) => {
      for (;;) {
        const n = await api('POST', 'marking/next', { blockId });
        expect(n.body.code, n.body.msg).toBe(200);
        if (!n.body.data) break;
        const task = n.body.data as { taskId: number; chosen?: { questionId: number; number: string; text: string } };
        const paper = await t.database.db.selectFrom('marking_task as k').innerJoin('marking_paper as p', 'p.id', 'k.paper_id')
          .select('p.exam_student_id').where('k.id', '=', task.taskId).executeTakeFirstOrThrow();
        if (blockId === elective) {
          seen[paper.exam_student_id] = task.chosen!.text;
          expect(task.chosen!.questionId).toBe(qid[task.chosen!.number]);
          // one score: the chosen question's (two numbers, or over its full score, are refused)
          expect((await api('POST', 'marking/submit', { taskId: task.taskId, scores: [5, 5], requestId: `e-${kind}-${++req}` })).body.code).toBe(400);
          expect((await api('POST', 'marking/submit', { taskId: task.taskId, scores: [11], requestId: `e-${kind}-${++req}` })).body.code).toBe(400);
        } else expect(task.chosen).toBeUndefined();
        const s = await api('POST', 'marking/submit', { taskId: task.taskId, scores: [marks.get(paper.exam_student_id)!], requestId: `e-${kind}-${++req}` });
        expect(s.body.code, s.body.msg).toBe(200);
      }
    };
    await markAll(elective, chosenMark);
    expect(seen).toEqual({ [students[0]!.id]: '本卷选做第22题', [students[1]!.id]: '本卷选做第23题', [students[2]!.id]: '本卷选做第23题', [students[3]!.id]: '本卷选做第22题' });
    // not complete until the other block is final: nothing written yet
    expect(await t.database.db.selectFrom('question_score').select('score').where('question_id', 'in', [qid['22']!, qid['23']!]).execute()).toEqual([]);
    await markAll(plain, q2);

    const scores = (i: number) => subjectScores(t, admin, examId, subjectId, students[i]!.id);
    expect(await scores(0)).toEqual({ total: 18, q: { 1: 5, 2: 6, 22: 7, 23: null } });
    expect(await scores(1)).toEqual({ total: 18, q: { 1: 5, 2: 4, 22: null, 23: 9 } });
    expect(await scores(2)).toEqual({ total: 16, q: { 1: 5, 2: 8, 22: null, 23: 3 } });
    expect(await scores(3)).toEqual({ total: 25, q: { 1: 5, 2: 10, 22: 10, 23: null } });

    // Release figures (the other students of the class sat out: 缺考). Hand-worked: 22 chosen by s0 (7), s3 (10):
    // n 2, mean 8.5, 得分率 0.85; 23 by s1 (9), s2 (3): n 2, mean 6, 0.6; 2: n 4, mean 28 / 4 = 7; subject mean
    // (18 + 18 + 16 + 25) / 4 = 19.25 of 25 → difficulty 0.77.
    const db = t.database.db;
    const others = students.slice(4).map((s) => ({ exam_student_id: s.id, exam_subject_id: subjectId }));
    if (others.length) await db.insertInto('subject_absence').values(others).execute();
    const c = await computeRelease(db, examId);
    // the reports are written as parts of the next version before the release commits it
    const part = await db.selectFrom('exam_report_part').select('data').where('exam_id', '=', examId).where('version', '=', c.version)
      .where('variant', '=', '0').where('report', '=', 'paper').executeTakeFirstOrThrow();
    const stored = JSON.parse(part.data) as { mean: number; difficulty: number; questions: { no: string; n: number; mean: number; scoreRate: number }[] }[];
    const paper = stored[0]!;
    expect(paper.mean).toBe(19.25);
    expect(paper.difficulty).toBeCloseTo(0.77, 12);
    const row = (no: string) => paper.questions.find((q) => q.no === no)!;
    expect([row('2'), row('22'), row('23')].map((q) => [q.n, q.mean, q.scoreRate])).toEqual([[4, 7, 0.7], [2, 8.5, 0.85], [2, 6, 0.6]]);
    const totals = new Map(Array.from(c.rows.esid, (id, k) => [`${id}:${c.rows.codes[c.rows.code[k]!]}`, c.rows.score[k]]));
    expect([0, 1, 2, 3].map((i) => totals.get(`${students[i]!.id}:SX`))).toEqual([18, 18, 16, 25]);
  }, 240_000);

  it('refuses an Excel row with scores in more than K questions of a group, naming row, column and reason', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('数学');
    ws.addRow(['考号', '姓名', '班级', '1', '2', '22', '23', '缺考']);
    ws.addRow([students[0]!.examNo, '', '', 5, 6, 7, '', '']);
    ws.addRow([students[1]!.examNo, '', '', 5, 4, 8, 9, '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----jzElectiveBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scores.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
      file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const before = await t.database.db.selectFrom('question_score as s').innerJoin('question as q', 'q.id', 's.question_id').select(['s.exam_student_id', 's.question_id', 's.score'])
      .where('q.exam_subject_id', '=', subjectId).orderBy('s.exam_student_id').orderBy('s.question_id').execute();
    const res = await t.call({ method: 'POST', url: `/api/v1/grade_import/import_question?examId=${examId}`, token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe('成绩文件有 1 行存在错误，未导入任何数据');
    expect((res.body.data as { errors: unknown[] }).errors).toEqual([
      { sheet: '数学', row: 3, column: 'G', reason: '第22/23题为选做题（选做 1 道），本行填写了 2 道题的成绩（F 列、G 列），请只保留所选的题' },
    ]);
    const after = await t.database.db.selectFrom('question_score as s').innerJoin('question as q', 'q.id', 's.question_id').select(['s.exam_student_id', 's.question_id', 's.score'])
      .where('q.exam_subject_id', '=', subjectId).orderBy('s.exam_student_id').orderBy('s.question_id').execute();
    expect(after).toEqual(before);
    // the edit form keeps the same rule
    const edit = await api('POST', 'question_score/update', { examStudentId: students[0]!.id, examSubjectId: subjectId, absent: false,
      scores: [{ questionId: qid['1'], score: 5 }, { questionId: qid['2'], score: 6 }, { questionId: qid['22'], score: 7 }, { questionId: qid['23'], score: 1 }] });
    expect(edit.body.code).toBe(400);
    expect(edit.body.msg).toBe('第22/23题为选做题（选做 1 道），只能填写 1 道题的成绩');
  });
});
