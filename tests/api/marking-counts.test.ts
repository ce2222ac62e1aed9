import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { scanExamWithCard, sheetJpeg, TWO_PAGE_QUESTIONS, uploadScans, waitScanBatch, type SheetFill } from '../helpers/scan-sheets.js';

/**
 * The counts of a marking block mean one thing on every screen (docs/DOMAIN-RULES.md §4.1, 题块计数): the marking page
 * (marking/block), 阅卷任务 (marking/tasks), 阅卷进度 (progress/find_progress), the monitor (monitor/topicList,
 * monitor/markingList). Real sheets drawn from the subject's card, scanned and recognised: s0–s4 clean, s5 缺考, s6 with a
 * faint mark (识别存疑). Two written questions, one block each:
 * - 第4题 双评, 平均分配, markers t001, t002, teacher1 (login order). 试卷 = the 上传成功 sheets s0–s4 = 5 (s5's pages are
 *   there but 缺考, s6 is 异常); 评分任务 5 × 2 = 10; 任务量 10 split 4, 3, 3. teacher1 marks 3 (then marking/next answers
 *   nothing: its share is done), t001 2. 已阅 5. Every mark within a minute: 3 marks → 180 per hour, 2 → 120; the block's
 *   expected finish (10 − 5) ÷ (180 + 120) = 0.0167 h → 0.02.
 * - 第5题 单评, 自由领取, markers t001, teacher1; teacher1 marks 2: 评分任务 5, 任务量 teacher1 2, t001 0, 待领取 3.
 * s6's mark confirmed: a sixth paper in both blocks at once (评分任务 12 → 4, 4, 4; and 6, 待领取 4); s6's pages deleted:
 * its papers (nothing handed out) go again.
 */
describe.each(dbKinds)('marking block counts on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let subjectId: number;
  let blocks: number[];
  let faintPage: number;
  const tokens: Record<string, string> = {};

  const call = async <T = any>(login: string, method: 'GET' | 'POST', url: string, payload?: object): Promise<T> => {
    tokens[login] ??= await t.tokenFor(login);
    const r = await t.call<T>({ method, url: `/api/v1/${url}`, token: tokens[login], ...(payload ? { payload } : {}) });
    expect(r.body.code, `${url}: ${r.body.msg}`).toBe(200);
    return r.body.data;
  };
  const mark = async (login: string, blockId: number, n: number) => {
    for (let i = 0; i < n; i++) {
      const p = await call<{ taskId: number } | null>(login, 'POST', 'marking/next', { blockId });
      expect(p, `${login} paper ${i + 1}`).toBeTruthy();
      await call(login, 'POST', 'marking/submit', { taskId: p!.taskId, scores: [5], requestId: `${kind}-${login}-${blockId}-${i}-${Date.now()}` });
    }
  };
  /** Every screen's view of a block; they must agree. */
  async function block(blockId: number) {
    const progress = (await call<any[]>('lesson1', 'GET', `progress/find_progress?examSubjectId=${subjectId}`)).find((b) => b.blockId === blockId);
    const examId = (await t.database.db.selectFrom('exam_subject').select('exam_id').where('id', '=', subjectId).executeTakeFirstOrThrow()).exam_id;
    const topic = (await call<any[]>('lesson1', 'GET', `monitor/topicList?examId=${examId}`))[0].blocks.find((b: { blockId: number }) => b.blockId === blockId);
    expect(topic).toEqual(progress);
    const markers = await call<any[]>('lesson1', 'GET', `monitor/markingList?blockId=${blockId}`);
    // the 任务量 column and 待领取 add up to 评分任务, the 已阅 column to the block's 已阅
    expect(markers.reduce((a, m) => a + m.assigned, 0) + progress.unclaimed).toBe(progress.marksNeeded);
    expect(markers.reduce((a, m) => a + m.done, 0)).toBe(progress.marksDone);
    for (const m of markers.filter((x) => x.current)) {
      const login = (await t.database.db.selectFrom('app_user').select('login_id').where('id', '=', m.userId).executeTakeFirstOrThrow()).login_id;
      const info = await call(login, 'GET', `marking/block?blockId=${blockId}`);
      const task = (await call<any[]>(login, 'GET', 'marking/tasks')).find((x) => x.blockId === blockId);
      const own = { assigned: m.assigned, done: m.done, remaining: m.remaining, fixed: m.fixed, blockTasks: progress.marksNeeded, blockDone: progress.marksDone, unclaimed: progress.unclaimed };
      expect(info).toMatchObject(own);
      expect(task).toMatchObject(own);
    }
    return { progress, markers: Object.fromEntries(markers.map((m) => [m.userName, m])) as Record<string, any> };
  }
  const names: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-marking-counts-'));
    t = await createTestApp(kind, { dataDir });
    const admin = await t.tokenFor('admin');
    tokens.admin = admin;
    const exam = await scanExamWithCard(t, admin, '阅卷计数考试', 35, [
      ...TWO_PAGE_QUESTIONS.slice(0, 3), { no: '4', type: 'subjective', fullScore: 10, step: 1 }, { no: '5', type: 'subjective', fullScore: 10, step: 1 },
    ]);
    subjectId = exam.subjectId;
    const { layout } = exam;
    const students = exam.students.slice(0, 7);
    const files = [];
    for (const [i, s] of students.entries()) {
      const fill: SheetFill = i === 5 ? { absent: true } : i === 6 ? { answers: { 2: 'AC', 3: '√' }, faint: { 1: 'A' } } : { answers: { 1: 'A', 2: 'AC', 3: '√' } };
      for (let p = 1; p <= layout.pages.length; p++) files.push({ name: `s${i}-${p}.jpg`, data: await sheetJpeg(layout, p, p === 1 ? { ...fill, examNo: s.examNo } : {}) });
    }
    const up = await uploadScans(t, admin, `scanned_batch/upload?examSubjectId=${subjectId}`, files);
    expect(up.code, up.msg).toBe(200);
    const done = await waitScanBatch(t, admin, up.data.batch.id);
    faintPage = done.pages.find((p) => p.fileName === 's6-1.jpg')!.id;
    const users = await t.database.db.selectFrom('app_user').select(['id', 'login_id', 'user_name']).where('login_id', 'in', ['teacher1', 't001', 't002']).execute();
    const id = (login: string) => users.find((u) => u.login_id === login)!.id;
    for (const u of users) names[u.login_id] = u.user_name;
    const groups = await call<{ blockId: number; name: string; questions: { questionId: number }[] }[]>('admin', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`);
    expect(groups.map((g) => g.name)).toEqual(['第4题', '第5题']);
    blocks = groups.map((g) => g.blockId);
    await call('admin', 'POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: [
      { blockId: blocks[0], name: '第4题', questionIds: groups[0]!.questions.map((q) => q.questionId), ratingMode: 2, allocation: 'average', markers: ['t001', 't002', 'teacher1'].map((l) => ({ userId: id(l) })) },
      { blockId: blocks[1], name: '第5题', questionIds: groups[1]!.questions.map((q) => q.questionId), ratingMode: 1, allocation: 'free', markers: ['t001', 'teacher1'].map((l) => ({ userId: id(l) })) },
    ] });
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts papers, 评分任务, 任务量 and 已阅 the same on every screen; the expected finish once a speed exists', async () => {
    await mark('teacher1', blocks[0]!, 3);
    expect(await call('teacher1', 'POST', 'marking/next', { blockId: blocks[0] })).toBeNull(); // its share (3) is done
    await mark('t001', blocks[0]!, 2);
    await mark('teacher1', blocks[1]!, 2);
    const a = await block(blocks[0]!);
    expect(a.progress).toMatchObject({ papers: 5, marksNeeded: 10, marksDone: 5, marksHeld: 0, unclaimed: 0, overAssigned: 0, hoursLeft: 0.02 });
    expect([names.t001, names.t002, names.teacher1].map((n) => [a.markers[n].assigned, a.markers[n].done, a.markers[n].remaining, a.markers[n].papersPerHour]))
      .toEqual([[4, 2, 2, 120], [3, 0, 3, 0], [3, 3, 0, 180]]);
    // a marker's own finish at its speed: t001 2 ÷ 120 = 0.0167 → 0.02 h; t002 has no speed yet
    expect([a.markers[names.t001].hoursLeft, a.markers[names.t002].hoursLeft, a.markers[names.teacher1].hoursLeft]).toEqual([0.02, null, 0]);
    const b = await block(blocks[1]!);
    expect(b.progress).toMatchObject({ papers: 5, marksNeeded: 5, marksDone: 2, unclaimed: 3 });
    expect([names.t001, names.teacher1].map((n) => [b.markers[n].assigned, b.markers[n].fixed])).toEqual([[0, false], [2, false]]);
  }, 120_000);

  it('a fixed 异常卷 is a paper at once; a sheet deleted before any of it was handed out loses its papers', async () => {
    await call('admin', 'POST', 'scanned_abnormal/confirmMarks', { pageId: faintPage, questions: [{ questionNo: '1', marked: ['A'] }] });
    let a = await block(blocks[0]!);
    expect(a.progress).toMatchObject({ papers: 6, marksNeeded: 12, marksDone: 5 });
    expect([names.t001, names.t002, names.teacher1].map((n) => a.markers[n].assigned)).toEqual([4, 4, 4]);
    let b = await block(blocks[1]!);
    expect(b.progress).toMatchObject({ papers: 6, marksNeeded: 6, unclaimed: 4 });

    const s6 = await t.database.db.selectFrom('scan_page').select('id').where('exam_subject_id', '=', subjectId).where('file_name', 'like', 's6-%').execute();
    await call('admin', 'POST', 'scanned/updateObject', { pageIds: s6.map((p) => p.id) });
    a = await block(blocks[0]!);
    expect(a.progress).toMatchObject({ papers: 5, marksNeeded: 10, marksDone: 5 });
    expect([names.t001, names.t002, names.teacher1].map((n) => a.markers[n].assigned)).toEqual([4, 3, 3]);
    b = await block(blocks[1]!);
    expect(b.progress).toMatchObject({ papers: 5, marksNeeded: 5, unclaimed: 3 });
  }, 120_000);

  it('the exam card counts the marking; the release check names each block’s marking before any confirmation', async () => {
    const db = t.database.db;
    const examId = (await db.selectFrom('exam_subject').select('exam_id').where('id', '=', subjectId).executeTakeFirstOrThrow()).exam_id;
    const n = (await db.selectFrom('exam_student').select('id').where('exam_id', '=', examId).execute()).length;
    // present students n − 1 (s5 缺考), 5 scores each; stored: the objective 3 of s0–s4 = 15; decided by marking and not yet
    // written: 第4题 2 final papers (t001's two second marks), 第5题 2 (teacher1's) = 4 → ⌊19 ÷ (5 × (n − 1)) × 100⌋
    const exam = await call<{ status: number; statusName: string; progress: number }>('admin', 'GET', `exam_manage/find_exam?examId=${examId}`);
    expect(exam).toMatchObject({ status: 2, statusName: '成绩录入', progress: Math.floor((19 / (5 * (n - 1))) * 100) });
    const check = await call<any>('admin', 'GET', `publish/check?examId=${examId}`);
    expect(check.ready).toBe(false);
    expect(check.subjects).toEqual([{
      examSubjectId: subjectId, courseName: '数学', need: 5, complete: 0, partial: 5, missing: n - 6, absent: 1,
      marking: [{ blockId: blocks[0], blockName: '第4题', papers: 5, finalPapers: 2 }, { blockId: blocks[1], blockName: '第5题', papers: 5, finalPapers: 2 }],
    }]);
    expect(check.problems[0]).toBe('数学网上阅卷未完成（第4题 已完成 2/5 份，第5题 已完成 2/5 份）');
    expect(check.problems.slice(1).map((p: string) => p.replace(/（.*）/, ''))).toEqual([`数学有 ${n - 6} 名考生没有成绩`, '数学有 5 名考生小题成绩不完整']);
    // the release refuses with the same words (step 1)
    expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token: tokens.admin, payload: { examId } })).body.code).toBe(200);
    let progress: { state: string; error: string | null } = { state: 'running', error: null };
    for (let i = 0; i < 200 && progress.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      progress = await call('admin', 'GET', `publish/progress?examId=${examId}`);
    }
    expect(progress).toMatchObject({ state: 'failed', error: `成绩数据不完整，不能发布：${check.problems.join('；')}` });
  }, 120_000);
});
