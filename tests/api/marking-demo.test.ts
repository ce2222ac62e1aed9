import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarking } from '../../apps/api/src/seed/demo-marking.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { demoMarkingExam } from '../helpers/marking-demo-exam.js';

/**
 * The online-marking demo (apps/api/src/seed/demo-marking.ts) on a scanned, unreleased exam like the scanning
 * demo's: 12 students of 高一1班 with two written-answer questions cut from their sheets. Expected: two default
 * blocks, the first 双评+仲裁 (teacher1 10 marks, a second 数学 teacher 6: five agree → 5 final, one at the other end
 * of the scale → 1 waiting for arbitration, 4 waiting for a second mark), the second single-marked (teacher1 3 → 3
 * final); teacher1 can go on marking, lesson1 can arbitrate the waiting paper, through the routes.
 * Counts by hand (自由领取: 任务量 = what each took): block 1 评分任务 12 × 2 = 24, 已阅 16, 待领取 24 − 10 − 6 = 8;
 * block 2 评分任务 12, 已阅 3, 待领取 9.
 */
describe.each(dbKinds)('marking demo on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let subjectId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-marking-demo-'));
    t = await createTestApp(kind, { dataDir });
    subjectId = (await demoMarkingExam(t, dataDir)).subjectId; // seedDemoMarking answered 10 + 6 + 3 marks there
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds blocks, allocations and a partly marked state; teacher1 goes on through the routes', async () => {
    expect(await seedDemoMarking(t.database.db)).toBeNull(); // once only
    const teacher1 = await t.tokenFor('teacher1');
    const tasks = (await t.call({ url: '/api/v1/marking/tasks', token: teacher1 })).body.data as { examSubjectId: number; blockName: string; ratingMode: number; done: number; remaining: number; blockTasks: number; blockDone: number; unclaimed: number }[];
    const mine = tasks.filter((x) => x.examSubjectId === subjectId);
    expect(mine.map((x) => [x.blockName, x.ratingMode, x.done, x.remaining, x.blockTasks, x.blockDone, x.unclaimed])).toEqual([['第2题', 4, 10, 0, 24, 16, 8], ['第3题', 1, 3, 0, 12, 3, 9]]);
    const admin = await t.tokenFor('admin');
    const progress = (await t.call({ url: `/api/v1/progress/find_progress?examSubjectId=${subjectId}`, token: admin })).body.data as { papers: number; finalPapers: number; marksDone: number; arbitrations: number }[];
    expect(progress.map((p) => [p.papers, p.finalPapers, p.marksDone, p.arbitrations])).toEqual([[12, 5, 16, 1], [12, 3, 3, 0]]);
    const leader = await t.tokenFor('lesson1');
    const block = (await t.call({ url: `/api/v1/marking/block?blockId=${(await t.call({ url: `/api/v1/task_allocation/find_group_list?examSubjectId=${subjectId}`, token: admin })).body.data[0].blockId}`, token: leader })).body.data;
    expect(block.role).toBe('leader');
    const nextPaper = await t.call({ method: 'POST', url: '/api/v1/marking/next', token: teacher1, payload: { blockId: block.blockId } });
    expect(nextPaper.body.data.round).toBe(1);
    // the paper waiting for arbitration: lesson1 (题组长) gives the final score
    const waiting = (await t.call({ url: `/api/v1/marking/arbitrations?blockId=${block.blockId}`, token: leader })).body.data as { paperId: number }[];
    expect(waiting).toHaveLength(1);
    const arbitrated = await t.call({ method: 'POST', url: '/api/v1/marking/arbitrate', token: leader, payload: { paperId: waiting[0]!.paperId, scores: block.questions.map(() => 0), requestId: 'demo-arbitrate' } });
    expect(arbitrated.body.code, arbitrated.body.msg).toBe(200);
  });
});
