import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@jz/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam, storeScannedSheets } from '../helpers/marking-exam.js';

/**
 * Online marking end to end through the routes (docs/DOMAIN-RULES.md §4.1), on PGlite and PostgreSQL.
 * A 数学 subject of five written-answer questions (2–6, full 10, step 1), one block each with rating modes 1–5
 * and tolerance 2; three students have scanned sheets whose cut blocks are stored JPEGs. Every expected final
 * score is worked by hand from the rules (written beside each case): mean of two marks rounded half up to the
 * step; a third mark paired with the closer of the two (a tie goes to the first mark); the leader's mark final.
 */
describe.each(dbKinds)('online marking on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let publicKey = '';
  /** Passwords travel RSA-encrypted, as the browser sends them. */
  const enc = (plain: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  let tok: Record<string, string>;
  let subjectId: number;
  let examId: number;
  let students: number[];
  let block: Record<string, number>; // question no → block id
  let qid: Record<string, number>;
  let req = 0;
  const rid = () => `r-${kind}-${++req}`;

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.call({ method, url: `/api/v1/${url}`, token, payload });
  const next = async (who: string, blockId: number, prefetch?: 1) => {
    const r = await call(tok[who]!, 'POST', 'marking/next', { blockId, ...(prefetch ? { prefetch } : {}) });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data as { taskId: number; round: number; imageUrl: string; leaseExpiresAt: string } | null;
  };
  const submit = async (who: string, taskId: number, scores: number[], requestId = rid()) => {
    const r = await call(tok[who]!, 'POST', 'marking/submit', { taskId, scores, requestId });
    return r.body as { code: number; msg: string; data: { total: number; state: string } };
  };
  const paperOf = async (taskId: number) => (await t.database.db.selectFrom('marking_task').select('paper_id').where('id', '=', taskId).executeTakeFirstOrThrow()).paper_id;
  const paper = (id: number) => t.database.db.selectFrom('marking_paper').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-marking-api-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    publicKey = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
    tok = { admin };
    for (const u of ['teacher1', 't001', 't002', 't003', 'lesson1', 'head1', 'admin2']) tok[u] = await t.tokenFor(u);
    const exam = await createMarkingExam(t, { name: '网上阅卷测试', examType: 4, classes: 2, startDate: '2026-10-08', endDate: '2026-10-09', fullScore: 54, questions: [
      { no: '1', type: 'single', fullScore: 4, answer: 'A' },
      ...['2', '3', '4', '5', '6'].map((no) => ({ no, type: 'subjective', fullScore: 10, step: 1 })),
    ] });
    ({ examId, subjectId, qid } = exam);
    students = exam.students.slice(0, 3);
    // Scanned sheets: one page per student with the five cut blocks stored (what scan.job savePageOutcome writes).
    await storeScannedSheets(t, dataDir, exam, students, ['2', '3', '4', '5', '6'], { pageImage: true });
    const db = t.database.db;
    // Objective scores from recognition (the score-write path), so completion keeps them.
    await db.insertInto('question_score').values(students.map((es) => ({ exam_student_id: es, question_id: qid['1']!, score: 4, choice: 'A' }))).execute();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('makes one default block per written-answer question, and saves the allocation', async () => {
    const list = await call(admin, 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`);
    expect(list.body.code, list.body.msg).toBe(200);
    expect(list.body.data.map((b: { name: string }) => b.name)).toEqual(['第2题', '第3题', '第4题', '第5题', '第6题']);
    // default tolerance: 10 % of full 10 = 1
    expect(list.body.data[0].tolerance).toBe(1);
    const again = await call(admin, 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`);
    expect(again.body.data.map((b: { blockId: number }) => b.blockId)).toEqual(list.body.data.map((b: { blockId: number }) => b.blockId));
    const users = (await call(admin, 'GET', `answer/userList?examSubjectId=${subjectId}`)).body.data as { userId: number; loginId: string }[];
    const uid = (l: string) => users.find((u) => u.loginId === l)!.userId;
    const markers = ['teacher1', 't001', 't002'].map((l) => ({ userId: uid(l) }));
    const blocks = list.body.data.map((b: { blockId: number; name: string; questions: { questionId: number }[] }, i: number) => ({
      blockId: b.blockId, name: b.name, questionIds: b.questions.map((q) => q.questionId), ratingMode: i + 1, tolerance: 2, allocation: 'free',
      leaderUserId: i === 3 ? uid('t001') : null, markers,
    }));
    const res = await call(admin, 'POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks });
    expect(res.body.code, res.body.msg).toBe(200);
    block = Object.fromEntries(list.body.data.map((b: { blockId: number; name: string }) => [b.name.replace(/\D/g, ''), b.blockId]));
    const tasks = (await call(tok.teacher1!, 'GET', 'marking/tasks')).body.data as { blockId: number; role: string; ratingMode: number }[];
    expect(tasks.filter((x) => Object.values(block).includes(x.blockId)).map((x) => x.ratingMode)).toEqual([1, 2, 3, 4, 5]);
    // the 题组长 of 第5题 sees that block as leader
    const t001 = (await call(tok.t001!, 'GET', `marking/block?blockId=${block['5']}`)).body.data;
    expect(t001.role).toBe('leader');
    // who marks: t001 leads and marks 第5题; lesson1 leads it (备课组长) without marking — the page then has no 正评
    expect(t001.marks).toBe(true);
    expect((await call(tok.lesson1!, 'GET', `marking/block?blockId=${block['5']}`)).body.data).toMatchObject({ role: 'leader', marks: false });
    expect(t001.fullScore).toBe(10);
    // a bad allocation: a question in two blocks → 400, nothing changed
    const bad = await call(admin, 'POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: [blocks[0], { ...blocks[1], questionIds: [...blocks[1].questionIds, blocks[0].questionIds[0]] }] });
    expect(bad.body.code).toBe(400);
    expect((await call(admin, 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data).toHaveLength(5);
  });

  it('mode 1: a single mark is final; the blind image is only the crop; a score off the step is refused', async () => {
    const p = await next('teacher1', block['2']!);
    expect(p).not.toBeNull();
    expect(p!.round).toBe(1);
    const img = await t.app.inject({ url: `/api/v1/${p!.imageUrl}`, headers: { authorization: tok.teacher1! } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(200);
    // another marker may not see a paper leased to teacher1
    expect((await t.app.inject({ url: `/api/v1/${p!.imageUrl}`, headers: { authorization: tok.t002! } })).json().code).toBe(403);
    // asking again while holding the lease gives the same paper
    expect((await next('teacher1', block['2']!))!.taskId).toBe(p!.taskId);
    const off = await submit('teacher1', p!.taskId, [7.5]);
    expect(off.code).toBe(400);
    expect(off.msg).toMatch(/^分数不合法/);
    expect((await submit('teacher1', p!.taskId, [11])).msg).toMatch(/^分数不合法.*超过满分 10/);
    const r = await submit('teacher1', p!.taskId, [7]);
    expect(r.data).toEqual({ total: 7, state: 'final', done: 1 }); // teacher1's first mark of the block
    const pp = await paper(await paperOf(p!.taskId));
    expect([pp.status, Number(pp.final_total)]).toEqual(['final', 7]);
  });

  it('mode 2 beyond tolerance: the mean anyway, (9 + 3) / 2 = 6; a marker never gets the same paper twice', async () => {
    const a = await next('teacher1', block['3']!);
    expect((await submit('teacher1', a!.taskId, [9])).data).toEqual({ total: 9, state: 'waitingSecond', done: 1 });
    const again = await next('teacher1', block['3']!);
    expect(await paperOf(again!.taskId)).not.toBe(await paperOf(a!.taskId));
    const b = await next('t001', block['3']!);
    expect(await paperOf(b!.taskId)).toBe(await paperOf(a!.taskId));
    expect(b!.round).toBe(2);
    expect((await submit('t001', b!.taskId, [3])).data).toEqual({ total: 3, state: 'final', done: 1 });
    const pp = await paper(await paperOf(a!.taskId));
    expect([pp.status, Number(pp.final_total), pp.final_via]).toEqual(['final', 6, 'mean']);
    // monitor: teacher1 gave 9 and t001 3 on one double-marked paper, beyond tolerance: each agree rate 0 of 1;
    // block mean (9 + 3) / 2 = 6, SD √((9 + 9) / 2) = 3; no third mark (rate 0 of 1)
    const mon = (await call(admin, 'GET', `monitor/markingList?blockId=${block['3']}`)).body.data as { userName: string; done: number; mean: number; agreeRate: number; blockMean: number; blockSd: number; thirdRate: number }[];
    const byDone = mon.filter((m) => m.done > 0).map((m) => [m.done, m.mean, m.agreeRate, m.blockMean, m.blockSd, m.thirdRate]);
    expect(byDone).toEqual([[1, 3, 0, 6, 3, 0], [1, 9, 0, 6, 3, 0]]); // markers by login: t001, teacher1
  });

  it('mode 3: 9 and 3 call a third marker; 8 pairs with 9 (|9−8| = 1 ≤ 2): (9 + 8) / 2 = 8.5 → 9 half up', async () => {
    const a = await next('teacher1', block['4']!);
    await submit('teacher1', a!.taskId, [9]);
    const b = await next('t001', block['4']!);
    expect((await submit('t001', b!.taskId, [3])).data.state).toBe('third');
    const c = await next('t002', block['4']!);
    expect(c!.round).toBe(3);
    expect(await paperOf(c!.taskId)).toBe(await paperOf(a!.taskId));
    expect((await submit('t002', c!.taskId, [8])).data).toEqual({ total: 8, state: 'final', done: 1 });
    expect(Number((await paper(await paperOf(a!.taskId))).final_total)).toBe(9);
  });

  it('mode 4: 9 and 3 go to arbitration; a first marker may not arbitrate; the leader\'s 5 is final; same request twice', async () => {
    const a = await next('teacher1', block['5']!);
    await submit('teacher1', a!.taskId, [9]);
    const b = await next('t001', block['5']!);
    expect((await submit('t001', b!.taskId, [3])).data.state).toBe('arbitration');
    const paperId = await paperOf(a!.taskId);
    const list = await call(tok.lesson1!, 'GET', `marking/arbitrations?blockId=${block['5']}`);
    expect(list.body.data).toEqual([{ paperId, imageUrl: `marking/image?paperId=${paperId}`, scores: [expect.objectContaining({ total: 9 }), expect.objectContaining({ total: 3 })] }]);
    // t001 is the block's 题组长 but marked it: refused
    const refused = await call(tok.t001!, 'POST', 'marking/arbitrate', { paperId, scores: [5], requestId: rid() });
    expect([refused.body.code, refused.body.msg]).toEqual([400, '您评过该试卷，不能仲裁']);
    // teacher1 leads nothing: 403
    expect((await call(tok.teacher1!, 'POST', 'marking/arbitrate', { paperId, scores: [5], requestId: rid() })).body.code).toBe(403);
    const requestId = rid();
    const ok = await call(tok.lesson1!, 'POST', 'marking/arbitrate', { paperId, scores: [5], requestId });
    expect(ok.body.data).toEqual({ total: 5, state: 'final' });
    const twice = await call(tok.lesson1!, 'POST', 'marking/arbitrate', { paperId, scores: [5], requestId });
    expect(twice.body.data).toEqual({ total: 5, state: 'final' });
    expect(Number((await paper(paperId)).final_total)).toBe(5);
    const audit = (await call(tok.lesson1!, 'GET', `marking/audit?blockId=${block['5']}`)).body.data as { kind: string; new: { total: number } }[];
    expect(audit.filter((x) => x.kind === 'arbitrate').map((x) => x.new.total)).toEqual([5]);
  });

  it('mode 5: 9, 3, then 6 (a tie: paired with the first, |9−6| = 3 > 2) → arbitration → 7 final', async () => {
    const a = await next('teacher1', block['6']!);
    await submit('teacher1', a!.taskId, [9]);
    const b = await next('t001', block['6']!);
    expect((await submit('t001', b!.taskId, [3])).data.state).toBe('third');
    const c = await next('t002', block['6']!);
    expect((await submit('t002', c!.taskId, [6])).data.state).toBe('arbitration');
    const paperId = await paperOf(a!.taskId);
    expect((await call(admin, 'POST', 'marking/arbitrate', { paperId, scores: [7], requestId: rid() })).body.data).toEqual({ total: 7, state: 'final' });
  });

  it('submitting the same request twice (also at once) counts once', async () => {
    const p = await next('t001', block['2']!);
    const requestId = rid();
    // 已阅 (done) grows by one, whichever answer is read
    const done = ((await call(tok.t001!, 'GET', `marking/block?blockId=${block['2']}`)).body.data as { done: number }).done + 1;
    const [x, y] = await Promise.all([submit('t001', p!.taskId, [4], requestId), submit('t001', p!.taskId, [4], requestId)]);
    expect(x.data).toEqual({ total: 4, state: 'final', done });
    expect(y.data).toEqual({ total: 4, state: 'final', done });
    expect((await submit('t001', p!.taskId, [4], requestId)).data).toEqual({ total: 4, state: 'final', done });
    const rows = await t.database.db.selectFrom('marking_task').select(['total']).where('request_id', '=', requestId).execute();
    expect(rows.map((r) => Number(r.total))).toEqual([4]);
    // a new request on a submitted paper is refused (回评 is the way)
    expect((await submit('t001', p!.taskId, [5])).msg).toBe('该试卷已提交，请在回评中修改');
  });

  it('an expired lease returns the paper to the pool; the late submit is refused', async () => {
    const held = await next('t002', block['3']!);
    expect(held).not.toBeNull();
    await t.database.db.updateTable('marking_task').set({ lease_until: new Date(Date.now() - 1000) }).where('id', '=', held!.taskId).execute();
    // t003 is not a marker of the block yet
    expect((await call(tok.t003!, 'POST', 'marking/next', { blockId: block['3'] })).body.code).toBe(403);
    const users = (await call(admin, 'GET', `answer/userList?examSubjectId=${subjectId}`)).body.data as { userId: number; loginId: string }[];
    const t003 = users.find((u) => u.loginId === 't003')!.userId;
    expect((await call(admin, 'POST', 'answer/addReader', { blockId: block['3'], userIds: [t003] })).body.code).toBe(200);
    const taken = await next('t003', block['3']!);
    expect(taken!.taskId).toBe(held!.taskId);
    expect((await submit('t002', held!.taskId, [5])).msg).toBe('试卷已超时收回，请阅下一份');
    expect((await submit('t003', taken!.taskId, [5])).code).toBe(200);
  });

  it('two markers racing for the next paper never get the same task', async () => {
    // 第2题 has one open paper left; teacher1 and t002 ask at once: one gets it, the other nothing.
    const [x, y] = await Promise.all([next('teacher1', block['2']!), next('t002', block['2']!)]);
    const got = [x, y].filter(Boolean);
    expect(got).toHaveLength(1);
    // many at once on 第6题 (two papers left × two rounds): all distinct tasks, no marker twice on a paper
    const r = await Promise.all(['teacher1', 't001', 't002'].map((w) => next(w, block['6']!)));
    const ids = r.filter(Boolean).map((p) => p!.taskId);
    expect(new Set(ids).size).toBe(ids.length);
    const rows = await t.database.db.selectFrom('marking_task').select(['paper_id', 'marker_id']).where('block_id', '=', block['6']!).where('marker_id', 'is not', null).execute();
    const pairs = rows.map((q) => `${q.paper_id}-${q.marker_id}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    // release them for the later tests
    await t.database.db.updateTable('marking_task').set({ marker_id: null, lease_until: null }).where('submitted_at', 'is', null).execute();
  });

  it('problem paper → the leader\'s queue → scored; 回评 keeps an audit row; prefetch leases the one after', async () => {
    const p = await next('teacher1', block['2']!);
    expect((await call(tok.teacher1!, 'POST', 'marking/problem', { taskId: p!.taskId, kind: 'blank', note: '空白' })).body.code).toBe(200);
    const paperId = await paperOf(p!.taskId);
    const problems = (await call(tok.lesson1!, 'GET', `marking/problems?blockId=${block['2']}`)).body.data as { paperId: number; kind: string }[];
    expect(problems.map((x) => [x.paperId, x.kind])).toEqual([[paperId, 'blank']]);
    expect((await call(tok.teacher1!, 'GET', `marking/problems?blockId=${block['2']}`)).body.code).toBe(403);
    expect((await call(tok.lesson1!, 'POST', 'marking/resolveProblem', { paperId, action: 'score', scores: [0] })).body.data).toEqual({ state: 'final' });
    // 回评: teacher1's mode-1 mark of 7 becomes 6, with a reason
    const review = (await call(tok.teacher1!, 'GET', `marking/review?blockId=${block['2']}&score=7`)).body.data;
    expect(review.total).toBe(1);
    const taskId = review.rows[0].taskId;
    const res = await call(tok.teacher1!, 'POST', 'marking/rescore', { taskId, scores: [6], requestId: rid(), reason: '看错' });
    expect(res.body.data).toEqual({ total: 6, state: 'final' });
    const audit = (await call(tok.lesson1!, 'GET', `marking/audit?blockId=${block['2']}`)).body.data as { kind: string; old: { total: number }; new: { total: number }; reason: string; userName: string }[];
    const r = audit.find((a) => a.kind === 'rescore')!;
    expect([r.old.total, r.new.total, r.reason]).toEqual([7, 6, '看错']);
    // prefetch on 第3题: current and the one after are both leased to t003, different papers
    const cur = await next('t003', block['3']!);
    const after = await next('t003', block['3']!, 1);
    if (cur && after) expect(after.taskId).not.toBe(cur.taskId);
  });

  it('completion: when every paper of the subject is final its scores become question scores; 抽查 override rewrites one', async () => {
    // finish all open papers with agreeing marks of 5
    for (let round = 0; round < 20; round++) {
      let any = false;
      for (const no of ['3', '4', '5', '6']) {
        for (const who of ['teacher1', 't001', 't002', 't003']) {
          if (who === 't003' && no !== '3') continue;
          const p = await next(who, block[no]!);
          if (!p) continue;
          any = true;
          expect((await submit(who, p.taskId, [5])).code).toBe(200);
        }
      }
      if (!any) break;
    }
    for (const no of ['5', '6']) {
      for (const a of (await call(admin, 'GET', `marking/arbitrations?blockId=${block[no]}`)).body.data as { paperId: number }[]) {
        await call(admin, 'POST', 'marking/arbitrate', { paperId: a.paperId, scores: [5], requestId: rid() });
      }
    }
    const progress = (await call(admin, 'GET', `progress/find_progress?examSubjectId=${subjectId}`)).body.data as { papers: number; finalPapers: number; marksNeeded: number; marksDone: number }[];
    expect(progress.map((p) => [p.papers, p.finalPapers])).toEqual(Array(5).fill([3, 3]));
    // every paper final: no mark is still needed — 第2题's 问题卷 scored by the leader keeps its unmarked first-mark
    // task, which is not needed (3 papers, 2 marks given: 2 / 2, not 2 / 3; found by the marking-flow walk)
    expect(progress.map((p) => p.marksNeeded - p.marksDone)).toEqual([0, 0, 0, 0, 0]);
    expect([progress[0]!.marksDone, progress[0]!.marksNeeded]).toEqual([2, 2]);
    const db = t.database.db;
    const papers = await db.selectFrom('marking_paper as p').innerJoin('marking_block_question as bq', 'bq.block_id', 'p.block_id')
      .select(['p.exam_student_id', 'bq.question_id', 'p.final_total', 'p.written']).where('bq.exam_subject_id', '=', subjectId).execute();
    expect(papers.every((p) => p.written)).toBe(true);
    const scores = await db.selectFrom('question_score').select(['exam_student_id', 'question_id', 'score']).where('exam_student_id', 'in', students).execute();
    const got = new Map(scores.map((s) => [`${s.exam_student_id}-${s.question_id}`, Number(s.score)]));
    for (const p of papers) expect(got.get(`${p.exam_student_id}-${p.question_id}`)).toBe(Number(p.final_total));
    // the objective score from recognition stays
    for (const es of students) expect(got.get(`${es}-${qid['1']}`)).toBe(4);
    // the hand-worked finals are among them: mode-2 paper 6, mode-3 paper 9, mode-4 paper 5, mode-5 paper 7
    for (const [no, total] of [['3', 6], ['4', 9], ['5', 5], ['6', 7]] as const) {
      expect(papers.filter((p) => p.question_id === qid[no]).map((p) => Number(p.final_total))).toContain(total);
    }
    // 抽查 and override: reason required, audit row, question score rewritten
    const check = (await call(tok.lesson1!, 'POST', 'marking/check/next', { blockId: block['2'] })).body.data as { paperId: number; given: { total: number } };
    expect(check.given.total).toBeGreaterThanOrEqual(0);
    expect((await call(tok.lesson1!, 'POST', 'marking/override', { paperId: check.paperId, scores: [10], reason: '' })).body.msg).toBe('请填写改分原因');
    expect((await call(tok.lesson1!, 'POST', 'marking/override', { paperId: check.paperId, scores: [10], reason: '漏看第二问' })).body.data).toEqual({ total: 10, state: 'final' });
    const es = (await db.selectFrom('marking_paper').select('exam_student_id').where('id', '=', check.paperId).executeTakeFirstOrThrow()).exam_student_id;
    const q2 = await db.selectFrom('question_score').select('score').where('exam_student_id', '=', es).where('question_id', '=', qid['2']!).executeTakeFirstOrThrow();
    expect(Number(q2.score)).toBe(10);
    const audit = (await call(tok.lesson1!, 'GET', `marking/audit?blockId=${block['2']}`)).body.data as { kind: string; reason: string; new: { total: number } }[];
    expect(audit.filter((a) => a.kind === 'override').map((a) => [a.reason, a.new.total])).toEqual([['漏看第二问', 10]]);
    // monitor: per marker done and papers per hour
    const mon = (await call(admin, 'GET', `monitor/markingList?blockId=${block['3']}`)).body.data as { userName: string; done: number; papersPerHour: number }[];
    expect(mon.reduce((s, m) => s + m.done, 0)).toBe(6); // 3 papers × 2 marks
  });

  it('refuses another school, non-markers and non-leaders; clearing needs the password and leaves an audit row', async () => {
    expect((await call(tok.admin2!, 'GET', `marking/block?blockId=${block['2']}`)).body.code).toBe(403);
    expect((await call(tok.admin2!, 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.code).toBe(403);
    expect((await call(tok.head1!, 'GET', `marking/block?blockId=${block['2']}`)).body.code).toBe(403);
    expect((await call(tok.head1!, 'POST', 'marking/next', { blockId: block['2'] })).body.code).toBe(403);
    expect((await call(tok.teacher1!, 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.code).toBe(403);
    expect((await call(tok.teacher1!, 'GET', `marking/audit?blockId=${block['2']}`)).body.code).toBe(403);
    expect((await call(tok.teacher1!, 'POST', 'progress/clear_marking_data', { examSubjectId: subjectId, password: enc('x') })).body.code).toBe(403);
    const wrong = await call(admin, 'POST', 'progress/clear_marking_data', { examSubjectId: subjectId, password: enc('not-the-password') });
    expect([wrong.body.code, wrong.body.msg]).toEqual([400, '密码错误']);
    expect((await t.database.db.selectFrom('marking_paper').select('id').where('block_id', '=', block['2']!).execute()).length).toBe(3);
    void examId;
  });

  it('clearing with the password removes papers and marks (audit row kept); markers starting at once on an empty pool all get distinct papers', async () => {
    const res = await call(admin, 'POST', 'progress/clear_marking_data', { examSubjectId: subjectId, password: enc(DEMO_PASSWORD) });
    expect(res.body.data).toEqual({ count: 15 }); // 5 blocks × 3 papers
    const audit = await t.database.db.selectFrom('marking_audit').select(['kind', 'old']).where('exam_subject_id', '=', subjectId).where('kind', '=', 'clear').execute();
    expect(audit.map((a) => a.old)).toEqual([{ papers: 15 }]);
    const got = await Promise.all(['teacher1', 't001', 't002'].map((w) => next(w, block['4']!)));
    const tasks = await t.database.db.selectFrom('marking_task').select(['id', 'paper_id', 'marker_id']).where('block_id', '=', block['4']!).execute();
    expect(tasks).toHaveLength(6); // 3 papers × 2 first marks, made once
    expect(new Set(got.map((p) => p!.taskId)).size).toBe(3);
    const held = tasks.filter((x) => x.marker_id !== null).map((x) => `${x.paper_id}-${x.marker_id}`);
    expect(new Set(held).size).toBe(3);
  });
});
