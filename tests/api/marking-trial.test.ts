import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam, storeScannedSheets } from '../helpers/marking-exam.js';

/**
 * Marking quality control through the routes (docs/DOMAIN-RULES.md §4.1 "个人一致性 and 试评"), on PGlite and
 * PostgreSQL. A 数学 subject of two written-answer questions (2 and 3, full 10, step 1), one block each, single
 * marking (mode 1), tolerance 1; eight students with scanned sheets.
 * - 第2题: 个人一致性 every 2 papers. teacher1 marks P1 7, P2 4 → the third call re-sends P1 (the oldest) blind; the
 *   re-mark 8 is within 1 of 7. Then P3 5, P4 6 → the re-check of P2 (original 4): re-mark 6 is 2 away, beyond.
 *   By hand: 个人一致性 = 1 of 2 re-checks within = 50 %, 2 re-checks.
 * - 第3题: 试评 with 2 trial papers, set by the 题组长 t002: Pa reference 6, Pb reference 3. teacher1 gives 7 (1 away:
 *   within) and 1 (2 away: beyond) → 1 of 2 within; 重评: 6 and 3 → 2 of 2; 通过 opens formal marking.
 */
describe.each(dbKinds)('marking 个人一致性 and 试评 on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let tok: Record<string, string>;
  let subjectId: number;
  let uid: (login: string) => number;
  let blockA: number; // 第2题: re-checks
  let blockB: number; // 第3题: trial
  let groups: { blockId: number; name: string; questions: { questionId: number }[] }[];
  let req = 0;
  const rid = () => `trial-${kind}-${++req}`;
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url: `/api/v1/${url}`, token: tok[who]!, payload });
  type Paper = { taskId: number; round: number; imageUrl: string; leaseExpiresAt: string; trial?: boolean };
  const next = async (who: string, blockId: number) => {
    const r = await call(who, 'POST', 'marking/next', { blockId });
    expect(r.body.code, r.body.msg).toBe(200);
    return { paper: r.body.data as Paper | null, msg: r.body.msg as string };
  };
  const submit = async (who: string, taskId: number, scores: number[], requestId = rid()) =>
    (await call(who, 'POST', 'marking/submit', { taskId, scores, requestId })).body as { code: number; msg: string; data: { total: number; state: string } };
  const db = () => t.database.db;
  const taskPaper = async (taskId: number) => (await db().selectFrom('marking_task').select('paper_id').where('id', '=', taskId).executeTakeFirstOrThrow()).paper_id;
  const checkRow = (id: number) => db().selectFrom('marking_check').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const progressOf = async (blockId: number) => ((await call('admin', 'GET', `progress/find_progress?examSubjectId=${subjectId}`)).body.data as { blockId: number; marksDone: number; marksNeeded: number; finalPapers: number }[])
    .find((p) => p.blockId === blockId)!;
  type Audit = { paperId: number | null; userName: string; at: string; kind: string; old: unknown; new: unknown; reason: string };
  const auditOf = async (blockId: number) => (await call('t002', 'GET', `marking/audit?blockId=${blockId}`)).body.data as Audit[];
  const blockDone = async (who: string, blockId: number) => (await call(who, 'GET', `marking/block?blockId=${blockId}`)).body.data.done as number;
  const save = (extra: (g: (typeof groups)[number]) => object) => call('admin', 'POST', 'task_allocation/save_task_allocation', {
    examSubjectId: subjectId,
    blocks: groups.map((g) => ({ blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: 1, tolerance: 1, ...extra(g) })),
  });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-marking-trial-'));
    t = await createTestApp(kind, { dataDir });
    tok = {};
    for (const u of ['admin', 'teacher1', 't001', 't002', 'lesson1', 'head1', 'admin2']) tok[u] = await t.tokenFor(u);
    const exam = await createMarkingExam(t, { name: '试评与一致性测试', classes: 2, fullScore: 20, questions: [
      { no: '2', type: 'subjective', fullScore: 10, step: 1 }, { no: '3', type: 'subjective', fullScore: 10, step: 1 },
    ] });
    subjectId = exam.subjectId;
    await storeScannedSheets(t, dataDir, exam, exam.students.slice(0, 8), ['2', '3']);
    groups = (await call('admin', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data;
    const users = (await call('admin', 'GET', `answer/userList?examSubjectId=${subjectId}`)).body.data as { userId: number; loginId: string }[];
    uid = (l: string) => users.find((u) => u.loginId === l)!.userId;
    [blockA, blockB] = groups.map((g) => g.blockId) as [number, number];
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves the interval and the trial count with the allocation; left out keeps them; bad values are refused', async () => {
    const markers = ['teacher1', 't001'].map((l) => ({ userId: uid(l) }));
    const r = await save((g) => ({ markers, ...(g.blockId === blockA ? { recheckInterval: 2 } : { trialCount: 2, leaderUserId: uid('t002') }) }));
    expect(r.body.code, r.body.msg).toBe(200);
    const list = async () => ((await call('admin', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as { recheckInterval: number; trialCount: number }[])
      .map((g) => [g.recheckInterval, g.trialCount]);
    expect(await list()).toEqual([[2, 0], [0, 2]]);
    // a save that leaves them out (an older page) keeps them
    expect((await save((g) => ({ markers, ...(g.blockId === blockB ? { leaderUserId: uid('t002') } : {}) }))).body.code).toBe(200);
    expect(await list()).toEqual([[2, 0], [0, 2]]);
    const bad = await save(() => ({ trialCount: 51 }));
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/试评份数须为 0–50/);
    expect(await list()).toEqual([[2, 0], [0, 2]]);
  });

  it('个人一致性: after N papers the next call re-sends the oldest own paper, blind; the re-mark changes no score and no progress', async () => {
    const p1 = (await next('teacher1', blockA)).paper!;
    expect((await submit('teacher1', p1.taskId, [7])).data).toEqual({ total: 7, state: 'final', done: 1 });
    const p2 = (await next('teacher1', blockA)).paper!;
    expect((await submit('teacher1', p2.taskId, [4])).data).toEqual({ total: 4, state: 'final', done: 2 });
    const paper1 = await taskPaper(p1.taskId);
    const before = { progress: await progressOf(blockA), done: await blockDone('teacher1', blockA),
      tasks: await db().selectFrom('marking_task').selectAll().where('block_id', '=', blockA).orderBy('id').execute(),
      papers: await db().selectFrom('marking_paper').selectAll().where('block_id', '=', blockA).orderBy('id').execute() };
    // 2 submitted, interval 2: the re-check of P1 (submitted first), shaped as any paper
    const re = (await next('teacher1', blockA)).paper!;
    expect(Object.keys(re).sort()).toEqual(Object.keys(p1).sort());
    expect(re.round).toBe(1);
    expect(re.imageUrl).toBe(`marking/image?taskId=${re.taskId}`);
    const row = await checkRow(re.taskId);
    expect([row.kind, row.paper_id, row.task_id]).toEqual(['recheck', paper1, p1.taskId]);
    // asking again while holding it gives it again; its image is the paper's crop
    expect((await next('teacher1', blockA)).paper!.taskId).toBe(re.taskId);
    const img = await t.app.inject({ url: `/api/v1/${re.imageUrl}`, headers: { authorization: tok.teacher1! } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ url: `/api/v1/${re.imageUrl}`, headers: { authorization: tok.t001! } })).json().code).toBe(403);
    // the re-mark answers like a mark (the paper's state), and repeating the request answers the same; 已阅 (done)
    // stays 2, the server's count (marking/block below): the page shows this figure, so a re-check never counts twice
    const requestId = rid();
    expect((await submit('teacher1', re.taskId, [8], requestId)).data).toEqual({ total: 8, state: 'final', done: 2 });
    expect((await submit('teacher1', re.taskId, [8], requestId)).data).toEqual({ total: 8, state: 'final', done: 2 });
    expect((await submit('teacher1', re.taskId, [9])).msg).toBe('该试卷已提交，请在回评中修改');
    // nothing of the paper, its tasks or the progress changed
    expect(await db().selectFrom('marking_task').selectAll().where('block_id', '=', blockA).orderBy('id').execute()).toEqual(before.tasks);
    expect(await db().selectFrom('marking_paper').selectAll().where('block_id', '=', blockA).orderBy('id').execute()).toEqual(before.papers);
    expect(await progressOf(blockA)).toEqual(before.progress);
    expect(await blockDone('teacher1', blockA)).toBe(before.done);
    expect(before.done).toBe(2);
    // 2 submitted, 1 re-check given: the next is a paper of the pool, then one more, then the re-check of P2
    const p3 = (await next('teacher1', blockA)).paper!;
    expect((await db().selectFrom('marking_task').select('id').where('id', '=', p3.taskId).executeTakeFirst())).toBeDefined();
    await submit('teacher1', p3.taskId, [5]);
    const p4 = (await next('teacher1', blockA)).paper!;
    await submit('teacher1', p4.taskId, [6]);
    const re2 = (await next('teacher1', blockA)).paper!;
    expect((await checkRow(re2.taskId)).task_id).toBe(p2.taskId);
    expect((await submit('teacher1', re2.taskId, [6])).data.total).toBe(6);
    expect(Number((await checkRow(re2.taskId)).original_total)).toBe(4);
    expect(Number((await db().selectFrom('marking_paper').select('final_total').where('id', '=', await taskPaper(p2.taskId)).executeTakeFirstOrThrow()).final_total)).toBe(4);
    // t001 marked nothing: no re-check for t001
    const t1 = (await next('t001', blockA)).paper!;
    expect((await db().selectFrom('marking_task').select('id').where('id', '=', t1.taskId).executeTakeFirst())).toBeDefined();
    await submit('t001', t1.taskId, [3]);
  });

  it('个人一致性 in 阅卷质量: 1 of 2 re-marks within tolerance = 50 %, 2 re-checks; none → null', async () => {
    const r = await call('lesson1', 'GET', `monitor/qualityList?blockId=${blockA}`);
    expect(r.body.code, r.body.msg).toBe(200);
    const rows = r.body.data.rows as { userId: number; marks: number; recheckCount: number; consistencyPercent: number | null }[];
    // teacher1: 8 vs 7 (1 ≤ 1, within), 6 vs 4 (2 > 1, beyond) → 1 / 2 = 50 %; the re-marks are not among the marks (4)
    expect(rows.find((x) => x.userId === uid('teacher1'))).toMatchObject({ marks: 4, recheckCount: 2, consistencyPercent: 50 });
    expect(rows.find((x) => x.userId === uid('t001'))).toMatchObject({ marks: 1, recheckCount: 0, consistencyPercent: null });
  });

  it('a re-check reported as 问题卷 closes unmarked and leaves the paper as it was', async () => {
    // teacher1: 4 submitted, 2 re-checks given → the third is due at 6 submitted; two more, then the re-check of P3
    for (const score of [2, 3]) {
      const p = (await next('teacher1', blockA)).paper!;
      expect((await submit('teacher1', p.taskId, [score])).code).toBe(200);
    }
    const re = (await next('teacher1', blockA)).paper!;
    const row = await checkRow(re.taskId);
    expect(row.kind).toBe('recheck');
    const paperBefore = await db().selectFrom('marking_paper').selectAll().where('id', '=', row.paper_id).executeTakeFirstOrThrow();
    const r = await call('teacher1', 'POST', 'marking/problem', { taskId: re.taskId, kind: 'unclear' });
    expect(r.body.code, r.body.msg).toBe(200);
    expect((await checkRow(re.taskId)).skipped).toBe(true);
    expect(await db().selectFrom('marking_paper').selectAll().where('id', '=', row.paper_id).executeTakeFirstOrThrow()).toEqual(paperBefore);
    expect(await db().selectFrom('marking_problem').select('id').where('paper_id', '=', row.paper_id).execute()).toEqual([]);
    // the figure still counts the two answered re-checks only
    const q = (await call('lesson1', 'GET', `monitor/qualityList?blockId=${blockA}`)).body.data.rows as { userId: number; recheckCount: number }[];
    expect(q.find((x) => x.userId === uid('teacher1'))!.recheckCount).toBe(2);
  });

  it('试评: markers wait for the trial papers; the 题组长 sets K papers with reference scores, no more', async () => {
    expect(await next('teacher1', blockB)).toEqual({ paper: null, msg: '试评卷尚未设置完成，请等待题组长设置试评卷' });
    expect((await call('teacher1', 'GET', `marking/block?blockId=${blockB}`)).body.data.trialCount).toBe(2);
    // only the block's leaders: not a marker, not another teacher, not another school
    expect((await call('teacher1', 'POST', 'marking/trial/next', { blockId: blockB })).body.code).toBe(403);
    expect((await call('head1', 'GET', `marking/trial/list?blockId=${blockB}`)).body.code).toBe(403);
    expect((await call('admin2', 'GET', `marking/trial/list?blockId=${blockB}`)).body.code).toBe(403);
    // a block without trial refuses
    expect((await call('t002', 'POST', 'marking/trial/next', { blockId: blockA })).body.code).toBe(403); // t002 does not lead 第2题
    expect((await call('lesson1', 'POST', 'marking/trial/next', { blockId: blockA })).body.msg).toMatch(/未开启试评/);
    const a = (await call('t002', 'POST', 'marking/trial/next', { blockId: blockB })).body.data as { paperId: number };
    expect((await call('t002', 'POST', 'marking/trial/set', { blockId: blockB, paperId: a.paperId, scores: [11] })).body.msg).toMatch(/^分数不合法/);
    expect((await call('t002', 'POST', 'marking/trial/set', { blockId: blockB, paperId: a.paperId, scores: [6] })).body.data).toEqual({ total: 6, count: 1 });
    const b = (await call('t002', 'POST', 'marking/trial/next', { blockId: blockB })).body.data as { paperId: number };
    expect(b.paperId).not.toBe(a.paperId);
    expect((await call('t002', 'POST', 'marking/trial/set', { blockId: blockB, paperId: b.paperId, scores: [3] })).body.data).toEqual({ total: 3, count: 2 });
    const c = (await call('t002', 'POST', 'marking/trial/next', { blockId: blockB })).body.data as { paperId: number };
    const over = await call('t002', 'POST', 'marking/trial/set', { blockId: blockB, paperId: c.paperId, scores: [5] });
    expect([over.body.code, over.body.msg]).toEqual([400, '试评卷已达 2 份，请先移除一份再添加']);
    // a paper of another block is not this block's
    const other = await db().selectFrom('marking_paper').select('id').where('block_id', '=', blockA).executeTakeFirstOrThrow();
    expect((await call('t002', 'POST', 'marking/trial/set', { blockId: blockB, paperId: other.id, scores: [5] })).body.code).toBe(404);
  });

  it('试评: the marker marks the trial papers only (试评 shown), the marks never count; then waits for the 题组长', async () => {
    const before = await progressOf(blockB);
    const list0 = (await call('t002', 'GET', `marking/trial/list?blockId=${blockB}`)).body.data as { papers: { paperId: number; total: number }[] };
    const [pa, pb] = list0.papers.map((p) => p.paperId) as [number, number];
    const first = (await next('teacher1', blockB)).paper!;
    expect(first.trial).toBe(true);
    expect((await checkRow(first.taskId)).paper_id).toBe(pa);
    expect((await submit('teacher1', first.taskId, [7])).data).toEqual({ total: 7, state: 'done', done: 0 }); // a trial mark is not 已阅
    const second = (await next('teacher1', blockB)).paper!;
    expect([second.trial, (await checkRow(second.taskId)).paper_id]).toEqual([true, pb]);
    await submit('teacher1', second.taskId, [1]);
    expect(await next('teacher1', blockB)).toEqual({ paper: null, msg: '试评已完成，等待题组长审核' });
    // no task submitted, no paper decided, progress as before
    expect(await db().selectFrom('marking_task').select('id').where('block_id', '=', blockB).where('submitted_at', 'is not', null).execute()).toEqual([]);
    expect((await db().selectFrom('marking_paper').select('status').where('id', 'in', [pa, pb]).execute()).map((p) => p.status)).toEqual(['marking', 'marking']);
    expect(await progressOf(blockB)).toEqual(before);
    expect(await blockDone('teacher1', blockB)).toBe(0);
    // a trial paper is scored, not reported
    const t001 = (await next('t001', blockB)).paper!;
    expect((await call('t001', 'POST', 'marking/problem', { taskId: t001.taskId, kind: 'blank' })).body.msg).toBe('试评卷不能标记为问题卷，请直接给分');
    // the leader's view: 7 vs 6 within 1, 1 vs 3 beyond → 1 of 2
    const list = (await call('t002', 'GET', `marking/trial/list?blockId=${blockB}`)).body.data as { markers: { userId: number; attempt: number; passed: boolean; done: number; within: number; finished: boolean; marks: unknown[] }[] };
    expect(list.markers.find((m) => m.userId === uid('teacher1'))).toEqual({
      userId: uid('teacher1'), userName: expect.any(String), attempt: 1, passed: false, passedAt: null, done: 2, total: 2, within: 1, finished: true,
      marks: [{ paperId: pa, reference: 6, mark: 7, within: true }, { paperId: pb, reference: 3, mark: 1, within: false }],
    });
    expect(list.markers.find((m) => m.userId === uid('t001'))).toMatchObject({ done: 0, finished: false });
    expect((await call('t002', 'POST', 'marking/trial/pass', { blockId: blockB, userId: uid('t001') })).body.msg).toBe('该老师尚未完成试评，不能通过');
    expect((await call('t002', 'POST', 'marking/trial/remove', { blockId: blockB, paperId: pa })).body.msg).toBe('已有阅卷老师试评过该卷，不能移除');
  });

  it('试评: 重评 starts a new round; 通过 opens formal marking, where the trial marks do not count', async () => {
    // refused to a marker who does not lead, and to another school
    expect((await call('t001', 'POST', 'marking/trial/pass', { blockId: blockB, userId: uid('teacher1') })).body.code).toBe(403);
    expect((await call('admin2', 'POST', 'marking/trial/pass', { blockId: blockB, userId: uid('teacher1') })).body.code).toBe(403);
    expect((await call('t002', 'POST', 'marking/trial/pass', { blockId: blockB, userId: uid('head1') })).body.msg).toBe('该老师不是本题块的阅卷老师');
    const audit0 = await auditOf(blockB);
    const startedAt = Date.now();
    expect((await call('t002', 'POST', 'marking/trial/redo', { blockId: blockB, userId: uid('teacher1') })).body.code).toBe(200);
    const a = (await next('teacher1', blockB)).paper!;
    expect(a.trial).toBe(true);
    await submit('teacher1', a.taskId, [6]);
    const b = (await next('teacher1', blockB)).paper!;
    await submit('teacher1', b.taskId, [3]);
    expect((await next('teacher1', blockB)).msg).toBe('试评已完成，等待题组长审核');
    const list = (await call('lesson1', 'GET', `marking/trial/list?blockId=${blockB}`)).body.data as { markers: { userId: number; attempt: number; within: number; done: number }[] };
    expect(list.markers.find((m) => m.userId === uid('teacher1'))).toMatchObject({ attempt: 2, done: 2, within: 2 });
    // a note longer than 500 characters is refused and changes nothing (not passed, no audit row)
    const long = await call('t002', 'POST', 'marking/trial/pass', { blockId: blockB, userId: uid('teacher1'), reason: '好'.repeat(501) });
    expect(long.body.code).toBe(400);
    expect((await auditOf(blockB)).length).toBe(audit0.length + 1);
    expect((await next('teacher1', blockB)).msg).toBe('试评已完成，等待题组长审核');
    expect((await call('t002', 'POST', 'marking/trial/pass', { blockId: blockB, userId: uid('teacher1'), reason: '两份均在误差内' })).body.code).toBe(200);
    // 改分记录 (the leader's audit list) keeps both: who, when, old, new, why. By hand from the marks above: round 1
    // was 7 vs 6 (within) and 1 vs 3 (beyond) → 1/2; round 2 was 6 and 3 → 2/2; teacher1 held no formal lease.
    const names = Object.fromEntries(((await call('admin', 'GET', `answer/userList?examSubjectId=${subjectId}`)).body.data as { loginId: string; userName: string }[]).map((u) => [u.loginId, u.userName]));
    const rows = (await auditOf(blockB)).slice(audit0.length);
    const who = { userId: uid('teacher1'), marker: names.teacher1 };
    expect(rows.map(({ at: _at, ...r }) => r)).toEqual([
      { paperId: null, userName: names.t002, kind: 'trialRedo', old: { ...who, attempt: 1, passed: false, done: 2, within: 1, trialPapers: 2 },
        new: { ...who, attempt: 2, passed: false, done: 0, within: 0, trialPapers: 2, released: 0 }, reason: `${names.teacher1}第 1 轮试评误差内 1/2 份，要求重新试评` },
      { paperId: null, userName: names.t002, kind: 'trialPass', old: { ...who, attempt: 2, passed: false, done: 2, within: 2, trialPapers: 2 },
        new: { ...who, attempt: 2, passed: true, done: 2, within: 2, trialPapers: 2 }, reason: '两份均在误差内' },
    ]);
    for (const r of rows) expect(Date.parse(r.at)).toBeGreaterThanOrEqual(startedAt - 1000);
    // formal marking: a task of the pool (the first paper is a trial paper, marked 7 and 6 in trial); its score is the formal mark
    const f = (await next('teacher1', blockB)).paper!;
    expect(f.trial).toBeUndefined();
    const paperId = await taskPaper(f.taskId);
    expect((await submit('teacher1', f.taskId, [5])).data).toEqual({ total: 5, state: 'final', done: 1 });
    const p = await db().selectFrom('marking_paper').select(['final_total', 'status']).where('id', '=', paperId).executeTakeFirstOrThrow();
    expect([p.status, Number(p.final_total)]).toEqual(['final', 5]);
    expect((await progressOf(blockB)).marksDone).toBe(1);
    expect(await blockDone('teacher1', blockB)).toBe(1);
    // t001 is still held to the trial
    expect((await next('t001', blockB)).paper!.trial).toBe(true);
  });
});
