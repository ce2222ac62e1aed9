import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@jz/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam, storeScannedSheets, type MarkingExam } from '../helpers/marking-exam.js';

/**
 * Two marking edges (docs/DOMAIN-RULES.md §4.1 "Items and scores", "A question changed under marking"), on PGlite
 * and PostgreSQL, through the routes:
 * - a score lies on its item's grid exactly: 5.000000001 and 1e-10 are refused, binary noise is stored as the grid value;
 * - a question whose marking started keeps its full score (the change is refused, or made after clearing that
 *   block); papers marked on an old scale that meet a new full score (a mark made while the change committed, or
 *   data from before the rule) go back to their markers at the subject's completion, which is never refused.
 * Each exam: 示例中学 高一1班's first three students; questions 1 and 2 objective (4 each), 12 written (10, step 0.5)
 * and 13 written (5, step 1): full 23. Every expected score is a mark given in the test (single marking: the mark is
 * the score), so the arithmetic is the sums written beside them.
 */
describe.each(dbKinds)('marking edges on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let teacher1: string;
  let teacher1Id: number;
  let publicKey = '';
  const enc = (plain: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  let req = 0;
  const rid = () => `edge-${kind}-${++req}`;
  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url: `/api/v1/${url}`, token, payload });
  const db = () => t.database.db;

  const questions = (q13 = 5, q1 = 4, q2 = 4) => [
    { no: '1', type: 'single', fullScore: q1, answer: 'A' }, { no: '2', type: 'single', fullScore: q2, answer: 'B' },
    { no: '12', type: 'subjective', fullScore: 10, step: 0.5 }, { no: '13', type: 'subjective', fullScore: q13, step: 1 },
  ];

  /** An exam with its two blocks (第12题, 第13题), teacher1 marking both, scanned sheets of three students. */
  async function setUp(name: string): Promise<MarkingExam & { block: Record<string, number>; students3: number[] }> {
    const exam = await createMarkingExam(t, { name, fullScore: 23, questions: questions() });
    const students3 = exam.students.slice(0, 3);
    await storeScannedSheets(t, dataDir, exam, students3, ['12', '13']);
    const groups = await call(admin, 'GET', `task_allocation/find_group_list?examSubjectId=${exam.subjectId}`);
    expect(groups.body.code, groups.body.msg).toBe(200);
    const block = Object.fromEntries(groups.body.data.map((b: { name: string; blockId: number }) => [b.name.replace(/\D/g, ''), b.blockId]));
    for (const blockId of Object.values(block)) expect((await call(admin, 'POST', 'answer/addReader', { blockId, userIds: [teacher1Id] })).body.code).toBe(200);
    return { ...exam, block, students3 };
  }

  /** teacher1's next paper of the block: its task and the student whose paper it is. */
  async function next(blockId: number): Promise<{ taskId: number; student: number } | null> {
    const r = await call(teacher1, 'POST', 'marking/next', { blockId });
    expect(r.body.code, r.body.msg).toBe(200);
    if (!r.body.data) return null;
    const task = await db().selectFrom('marking_task as t').innerJoin('marking_paper as p', 'p.id', 't.paper_id').select('p.exam_student_id')
      .where('t.id', '=', r.body.data.taskId).executeTakeFirstOrThrow();
    return { taskId: r.body.data.taskId, student: task.exam_student_id };
  }
  const submit = async (taskId: number, score: number) => (await call(teacher1, 'POST', 'marking/submit', { taskId, scores: [score], requestId: rid() })).body;

  /** Marks every open paper of the block with the student's score; answers the last submit's answer. */
  async function markAll(blockId: number, scoreOf: Map<number, number>, opts: { leave?: number } = {}) {
    let last: { code: number; msg: string; data: { state: string } } | null = null;
    for (let n = 0; ; n++) {
      const p = await next(blockId);
      if (!p || (opts.leave !== undefined && n >= opts.leave)) break;
      last = await submit(p.taskId, scoreOf.get(p.student)!);
      expect(last!.code, last!.msg).toBe(200);
    }
    return last;
  }
  const storedScores = async (exam: MarkingExam, no: string) => new Map((await db().selectFrom('question_score').select(['exam_student_id', 'score'])
    .where('question_id', '=', exam.qid[no]!).execute()).map((r) => [r.exam_student_id, Number(r.score)]));
  const fullOf = async (exam: MarkingExam, no: string) => Number((await db().selectFrom('question').select('full_score').where('id', '=', exam.qid[no]!).executeTakeFirstOrThrow()).full_score);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'edges-marking-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    teacher1 = await t.tokenFor('teacher1');
    teacher1Id = (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow()).id;
    publicKey = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a score lies on the grid exactly: 5.000000001 and 1e-10 are refused and change nothing; binary noise is stored as the grid value', async () => {
    const exam = await setUp('评分网格');
    const p13 = (await next(exam.block['13']!))!;
    for (const [bad, why] of [[5.000000001, '最多两位小数'], [1e-10, '最多两位小数'], [4.999999999, '最多两位小数'], [4.5, '不是给分步长 1 的整数倍'], [6, '超过满分 5']] as const) {
      const r = await submit(p13.taskId, bad);
      expect([r.code, r.msg]).toEqual([400, `分数不合法：第 1 个给分点：${why}`]);
    }
    const untouched = await db().selectFrom('marking_task').select(['scores', 'submitted_at']).where('id', '=', p13.taskId).executeTakeFirstOrThrow();
    expect(untouched).toEqual({ scores: null, submitted_at: null });
    // 1.1 × 3 + 0.2 is 3.5000000000000004 in binary: 3.5 on the 0.5 grid of question 12, stored as 3.5
    const noisy = 1.1 * 3 + 0.2;
    expect(noisy).not.toBe(3.5);
    const p12 = (await next(exam.block['12']!))!;
    const ok = await submit(p12.taskId, noisy);
    expect([ok.code, ok.data.total]).toEqual([200, 3.5]);
    const stored = await db().selectFrom('marking_task').select(['scores', 'total']).where('id', '=', p12.taskId).executeTakeFirstOrThrow();
    expect([stored.scores, Number(stored.total)]).toEqual([[3.5], 3.5]);
    expect(JSON.stringify(stored.scores)).toBe('[3.5]');
    const review = await call(teacher1, 'GET', `marking/review?blockId=${exam.block['12']}`);
    expect(review.body.data.rows.map((r: { scores: number[]; total: number }) => [r.scores, r.total])).toEqual([[[3.5], 3.5]]);
  });

  it('a full-score change of a question being marked is refused (nothing changes); the subject completes with the marks given', async () => {
    const exam = await setUp('满分修改被拒');
    const s = exam.students3;
    const q13 = (await next(exam.block['13']!))!;
    expect((await submit(q13.taskId, 5)).code).toBe(200);
    // 13 from 5 to 1 and 2 from 4 to 8 (the subject's full 23 kept), with clearScores: refused, nothing changed
    const save = await call(admin, 'POST', 'question_template/save', { examSubjectId: exam.subjectId, questions: questions(1, 4, 8), clearScores: true });
    expect([save.body.code, save.body.msg]).toEqual([400, '第 13 题已开始网上阅卷（题块“第13题”），不能修改题号、题型、满分或步长，也不能删除；如确需修改，请先在阅卷进度中清除该题块的阅卷数据']);
    expect([await fullOf(exam, '13'), await fullOf(exam, '2')]).toEqual([5, 4]);
    // marking goes on and completes: 13 → 5, 3, 0 (the first already given); 12 → 9.5, 7, 0.5
    const marks13 = new Map([[q13.student, 5], ...s.filter((x) => x !== q13.student).map((x, i) => [x, [3, 0][i]!] as [number, number])]);
    await markAll(exam.block['13']!, marks13);
    const marks12 = new Map(s.map((x, i) => [x, [9.5, 7, 0.5][i]!]));
    const last = await markAll(exam.block['12']!, marks12);
    expect(last!.data.state).toBe('final');
    expect(await storedScores(exam, '13')).toEqual(marks13);
    expect(await storedScores(exam, '12')).toEqual(marks12);
    // a change of questions outside marking (1: 4 → 2, 2: 4 → 6) with clearScores: the marked scores are written back at once
    const save2 = await call(admin, 'POST', 'question_template/save', { examSubjectId: exam.subjectId, questions: questions(5, 2, 6), clearScores: true });
    expect([save2.body.code, save2.body.msg]).toEqual([200, '保存成功，该科目原有成绩已清除，请重新导入']);
    expect(await storedScores(exam, '13')).toEqual(marks13);
    expect(await storedScores(exam, '12')).toEqual(marks12);
  });

  it('marks above a new full score (given on the old scale) never block the subject: the last paper of another block completes, those papers go back to their marker', async () => {
    const exam = await setUp('旧分值的评分');
    const s = exam.students3;
    const marks13 = new Map(s.map((x, i) => [x, [5, 3, 0][i]!]));
    await markAll(exam.block['13']!, marks13);
    // the state a full-score change left behind before the rule (or a mark committed while the change did): 13 is now 1 point
    await db().updateTable('question').set({ full_score: 1 }).where('id', '=', exam.qid['13']!).execute();
    await db().updateTable('question').set({ full_score: 8 }).where('id', '=', exam.qid['2']!).execute();
    const marks12 = new Map(s.map((x, i) => [x, [9.5, 7, 0.5][i]!]));
    // block 12's first two papers, then its last: the completion check finds 5 and 3 above 1 and sends those two back
    await markAll(exam.block['12']!, marks12, { leave: 2 });
    const last = (await next(exam.block['12']!))!;
    const answer = await submit(last.taskId, marks12.get(last.student)!);
    expect([answer.code, answer.msg, answer.data.state]).toEqual([200, '提交成功', 'final']);
    expect((await storedScores(exam, '12')).size).toBe(0); // the subject is not complete: nothing written yet
    const papers = await db().selectFrom('marking_paper').select(['exam_student_id', 'status', 'written']).where('block_id', '=', exam.block['13']!).orderBy('exam_student_id').execute();
    expect(papers.map((p) => [p.exam_student_id, p.status, p.written])).toEqual([[s[0], 'marking', false], [s[1], 'marking', false], [s[2], 'final', false]].sort((a, b) => Number(a[0]) - Number(b[0])));
    const audit = await call(admin, 'GET', `marking/audit?blockId=${exam.block['13']}`);
    const reopened = audit.body.data.filter((a: { kind: string }) => a.kind === 'reopen');
    expect(reopened.map((a: { old: { total: number } }) => a.old.total).sort()).toEqual([3, 5]);
    expect(reopened[0].reason).toBe('题目满分或步长已修改，原评分不在新的给分范围内，试卷退回阅卷老师重评');
    // teacher1 gets them back (leased to the marker who gave the old mark); a score above the new full score is refused
    const back = (await next(exam.block['13']!))!;
    expect([s[0], s[1]]).toContain(back.student);
    expect(await submit(back.taskId, 5)).toMatchObject({ code: 400, msg: '分数不合法：第 1 个给分点：超过满分 1' });
    // re-marked 1 and 1: the subject completes, 13 → 1, 1, 0 and 12 as marked
    await markAll(exam.block['13']!, new Map([[s[0]!, 1], [s[1]!, 1]]));
    expect(await storedScores(exam, '13')).toEqual(new Map([[s[0], 1], [s[1], 1], [s[2], 0]]));
    expect(await storedScores(exam, '12')).toEqual(marks12);
  });

  it('clearing one block lets its full score change; the block is marked again on the new scale and the subject completes with both blocks', async () => {
    const exam = await setUp('清除题块后改满分');
    const s = exam.students3;
    const marks13 = new Map(s.map((x, i) => [x, [5, 2, 1][i]!]));
    const marks12 = new Map(s.map((x, i) => [x, [10, 6.5, 0][i]!]));
    await markAll(exam.block['13']!, marks13);
    await markAll(exam.block['12']!, marks12);
    expect(await storedScores(exam, '13')).toEqual(marks13); // complete and written
    // the subject leader clears block 13 only (password), then changes 13 to 1 point (2 to 8: full 23 kept)
    const wrongBlock = await call(admin, 'POST', 'progress/clear_marking_data', { examSubjectId: exam.subjectId, blockId: 2147483647, password: enc(DEMO_PASSWORD) });
    expect([wrongBlock.body.code, wrongBlock.body.msg]).toEqual([400, '题块不存在']);
    const cleared = await call(admin, 'POST', 'progress/clear_marking_data', { examSubjectId: exam.subjectId, blockId: exam.block['13'], password: enc(DEMO_PASSWORD) });
    expect([cleared.body.code, cleared.body.data]).toEqual([200, { count: 3 }]);
    expect((await db().selectFrom('marking_paper').select('id').where('block_id', '=', exam.block['12']!).execute()).length).toBe(3); // block 12 kept
    const withoutClear = await call(admin, 'POST', 'question_template/save', { examSubjectId: exam.subjectId, questions: questions(1, 4, 8) });
    expect(withoutClear.body.code).toBe(409); // scores exist: the change needs clearScores
    const save = await call(admin, 'POST', 'question_template/save', { examSubjectId: exam.subjectId, questions: questions(1, 4, 8), clearScores: true });
    expect(save.body.code, save.body.msg).toBe(200);
    expect(await fullOf(exam, '13')).toBe(1);
    // the subject's marking is not complete (block 13 has no papers now): its written answers wait for it, as at first
    expect((await storedScores(exam, '12')).size).toBe(0);
    expect((await storedScores(exam, '13')).size).toBe(0);
    const again = new Map(s.map((x, i) => [x, [1, 0, 1][i]!]));
    const last = await markAll(exam.block['13']!, again);
    expect(last!.data.state).toBe('final');
    expect(await storedScores(exam, '13')).toEqual(again);
    expect(await storedScores(exam, '12')).toEqual(marks12);
    const audit = await call(admin, 'GET', `marking/audit?blockId=${exam.block['13']}`);
    expect(audit.body.data.filter((a: { kind: string }) => a.kind === 'clear').map((a: { reason: string }) => a.reason)).toEqual(['清除题块“第13题”的阅卷数据']);
  });

  it('a question of a block not yet marked may change, but not below its 给分点', async () => {
    const exam = await setUp('未开始的题块');
    const points = await call(admin, 'POST', 'sampling/add', { examSubjectId: exam.subjectId, questionId: exam.qid['13'], name: '步骤', fullScore: 3, step: 1 });
    expect(points.body.code, points.body.msg).toBe(200);
    const below = await call(admin, 'POST', 'question_template/save', { examSubjectId: exam.subjectId, questions: questions(2, 4, 7) });
    expect([below.body.code, below.body.msg]).toEqual([400, '第 13 题的给分点满分之和 3 超过新的满分 2，请先在设置给分点中修改']);
    const ok = await call(admin, 'POST', 'question_template/save', { examSubjectId: exam.subjectId, questions: questions(3, 4, 6) });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(await fullOf(exam, '13')).toBe(3);
  });
});
