import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam, storeScannedSheets } from '../helpers/marking-exam.js';

/**
 * 回收未阅 (POST marking/reassign; docs/DOMAIN-RULES.md §4.1). Ten scanned students, two single-marked blocks; markers
 * t001, t002, teacher1 (markersOf order: login ids, 't0…' before 'te…').
 * Block 1, 平均分配: 10 papers × 1 mark split in login order (docs/DOMAIN-RULES.md §4.1, 题块计数): t001 4, t002 3,
 * teacher1 3. teacher1 gives 1 mark and holds 1 paper.
 *  - teacher1 back to the block (no one chosen): 1 lease released; unfinished 3 − 1 = 2 split over the others in order,
 *    1 each: t001 4 + 1 = 5, t002 3 + 1 = 4, teacher1 1 (its marks). 1 + 5 + 4 = 10, every paper covered once.
 *  - then t001 (0 marks) to t002: unfinished 5 − 0 = 5 → t002 4 + 5 = 9, t001 0, teacher1 stays 1; 1 + 0 + 9 = 10.
 * Block 2, 自由领取 with caps teacher1 5, t001 3, t002 none. teacher1 gives 2 marks and holds 1 paper; to t001 and t002:
 *   unfinished 5 − 2 = 3 split [2, 1]: t001 3 + 2 = 5, t002 keeps no cap, teacher1 2.
 */
describe.each(dbKinds)('marking reassign on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let blocks: number[];
  const ids: Record<string, number> = {};
  const call = async (login: string, method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url: `/api/v1/${url}`, token: await t.tokenFor(login), payload });
  const quotas = async (blockId: number) => Object.fromEntries((await t.database.db.selectFrom('marking_marker as m').innerJoin('app_user as u', 'u.id', 'm.user_id')
    .select(['u.login_id', 'm.quota']).where('m.block_id', '=', blockId).execute()).map((r) => [r.login_id, r.quota]));
  const mark = async (login: string, blockId: number, n: number) => {
    for (let i = 0; i < n; i++) {
      const p = (await call(login, 'POST', 'marking/next', { blockId })).body.data;
      const r = await call(login, 'POST', 'marking/submit', { taskId: p.taskId, scores: [5], requestId: `${kind}-${login}-${blockId}-${i}` });
      expect(r.body.code, r.body.msg).toBe(200);
    }
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-reassign-api-'));
    t = await createTestApp(kind, { dataDir });
    const exam = await createMarkingExam(t, { name: '回收未阅测试', fullScore: 20, questions: [{ no: '1', type: 'subjective', fullScore: 10, step: 1 }, { no: '2', type: 'subjective', fullScore: 10, step: 1 }] });
    expect(exam.students.length).toBeGreaterThanOrEqual(10);
    await storeScannedSheets(t, dataDir, exam, exam.students.slice(0, 10), ['1', '2']);
    for (const u of await t.database.db.selectFrom('app_user').select(['id', 'login_id']).where('login_id', 'in', ['teacher1', 't001', 't002', 't003']).execute()) ids[u.login_id] = u.id;
    const groups = (await call('admin', 'GET', `task_allocation/find_group_list?examSubjectId=${exam.subjectId}`)).body.data as { blockId: number; name: string; questions: { questionId: number }[] }[];
    blocks = groups.map((g) => g.blockId);
    const m = (login: string, quota: number | null = null) => ({ userId: ids[login]!, quota });
    const saved = await call('admin', 'POST', 'task_allocation/save_task_allocation', { examSubjectId: exam.subjectId, blocks: [
      { blockId: blocks[0], name: groups[0]!.name, questionIds: groups[0]!.questions.map((q) => q.questionId), ratingMode: 1, allocation: 'average', markers: [m('teacher1'), m('t001'), m('t002')] },
      { blockId: blocks[1], name: groups[1]!.name, questionIds: groups[1]!.questions.map((q) => q.questionId), ratingMode: 1, allocation: 'free', markers: [m('teacher1', 5), m('t001', 3), m('t002')] },
    ] });
    expect(saved.body.code, saved.body.msg).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses non-leaders, another school, and markers not on the block, changing nothing', async () => {
    const [b1] = blocks;
    const body = { blockId: b1, userId: ids.teacher1 };
    for (const login of ['teacher1', 'head1', 'admin2']) expect((await call(login, 'POST', 'marking/reassign', body)).body.code, login).toBe(403);
    expect((await call('lesson1', 'POST', 'marking/reassign', { blockId: b1, userId: ids.t003 })).body).toMatchObject({ code: 400, msg: '该老师不是此题块的阅卷老师' });
    expect((await call('lesson1', 'POST', 'marking/reassign', { ...body, toUserIds: [ids.t003] })).body).toMatchObject({ code: 400, msg: '所选老师不是此题块的阅卷老师' });
    expect((await call('lesson1', 'POST', 'marking/reassign', { ...body, toUserIds: [ids.teacher1] })).body).toMatchObject({ code: 400, msg: '不能把未阅任务分给该老师本人' });
    expect(await quotas(b1!)).toEqual({ teacher1: null, t001: null, t002: null });
  });

  it('平均分配: returns a marker\'s unfinished share and leased paper, the others\' quotas grow to cover every paper', async () => {
    const [b1] = blocks;
    await mark('teacher1', b1!, 1);
    const held = (await call('teacher1', 'POST', 'marking/next', { blockId: b1 })).body.data;
    expect(held).toBeTruthy();
    const r = await call('lesson1', 'POST', 'marking/reassign', { blockId: b1, userId: ids.teacher1 });
    expect(r.body.code, r.body.msg).toBe(200);
    // 平均分配 of 10 papers in login order (t001, t002, teacher1): 4, 3, 3 (docs/DOMAIN-RULES.md §4.1, 题块计数); teacher1 marked 1,
    // so 3 − 1 = 2 go back, one each to t001 and t002: the quotas still cover the 10 papers exactly (5 + 4 + 1)
    expect(r.body.data).toMatchObject({ released: 1, returned: 2 });
    expect(await quotas(b1!)).toEqual({ teacher1: 1, t001: 5, t002: 4 });
    // the held paper is back in the pool: its lease is gone and teacher1 can neither submit it nor take more
    const late = await call('teacher1', 'POST', 'marking/submit', { taskId: held.taskId, scores: [5], requestId: `${kind}-late` });
    expect(late.body).toMatchObject({ code: 400, msg: '试卷已超时收回，请阅下一份' });
    expect((await call('teacher1', 'POST', 'marking/next', { blockId: b1 })).body.data).toBeNull();
    const list = (await call('lesson1', 'GET', `monitor/markingList?blockId=${b1}`)).body.data as { userName: string; done: number; assigned: number }[];
    expect(list.map((x) => x.done).reduce((a, b) => a + b, 0)).toBe(1);
    // the submitted mark stays
    expect((await t.database.db.selectFrom('marking_task').select('id').where('block_id', '=', b1!).where('submitted_at', 'is not', null).execute()).length).toBe(1);

    const r2 = await call('lesson1', 'POST', 'marking/reassign', { blockId: b1, userId: ids.t001, toUserIds: [ids.t002] });
    expect(r2.body.data).toMatchObject({ released: 0, returned: 5 });
    expect(await quotas(b1!)).toEqual({ teacher1: 1, t001: 0, t002: 9 });
    const audit = (await call('lesson1', 'GET', `marking/audit?blockId=${b1}`)).body.data as { kind: string; reason: string; old: { done: number } }[];
    expect(audit.filter((a) => a.kind === 'reassign').map((a) => a.reason)).toHaveLength(2);
    expect(audit.find((a) => a.kind === 'reassign')!.old).toMatchObject({ quota: 3, done: 1, released: 1 });
  });

  it('自由领取: the unfinished quota goes to the chosen markers; one without a cap keeps none', async () => {
    const b2 = blocks[1]!;
    await mark('teacher1', b2, 2);
    expect((await call('teacher1', 'POST', 'marking/next', { blockId: b2 })).body.data).toBeTruthy();
    const r = await call('admin', 'POST', 'marking/reassign', { blockId: b2, userId: ids.teacher1, toUserIds: [ids.t001, ids.t002] });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data).toMatchObject({ released: 1, returned: 3 });
    expect(await quotas(b2)).toEqual({ teacher1: 2, t001: 5, t002: null });
  });
});
