import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMarking } from '../../apps/api/src/seed/demo-marking.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam, storeScannedSheets } from '../helpers/marking-exam.js';

/**
 * The online-marking demo (apps/api/src/seed/demo-marking.ts) on a scanned, unreleased exam like the scanning
 * demo's: 12 students of 高一1班 with two written-answer questions cut from their sheets. Expected: two default
 * blocks, the first double-marked (teacher1 10 marks, a second 数学 teacher 6 → 6 final papers, 4 waiting), the
 * second single-marked (teacher1 3 → 3 final); teacher1 can go on marking through the routes.
 */
describe.each(dbKinds)('marking demo on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let subjectId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-marking-demo-'));
    t = await createTestApp(kind, { dataDir });
    const exam = await createMarkingExam(t, { name: '数学周测（扫描演示）', fullScore: 20, questions: [
      { no: '1', type: 'single', fullScore: 4, answer: 'B' }, { no: '2', type: 'subjective', fullScore: 8, step: 1 }, { no: '3', type: 'subjective', fullScore: 8, step: 0.5 }] });
    subjectId = exam.subjectId;
    await storeScannedSheets(t, dataDir, exam, exam.students.slice(0, 12), ['2', '3']);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds blocks, allocations and a partly marked state; teacher1 goes on through the routes', async () => {
    expect(await seedDemoMarking(t.database.db)).toBe(10 + 6 + 3);
    expect(await seedDemoMarking(t.database.db)).toBeNull(); // once only
    const teacher1 = await t.tokenFor('teacher1');
    const tasks = (await t.call({ url: '/api/v1/marking/tasks', token: teacher1 })).body.data as { examSubjectId: number; blockName: string; ratingMode: number; done: number; remaining: number }[];
    const mine = tasks.filter((x) => x.examSubjectId === subjectId);
    expect(mine.map((x) => [x.blockName, x.ratingMode, x.done, x.remaining])).toEqual([['第2题', 2, 10, 2], ['第3题', 1, 3, 9]]);
    const admin = await t.tokenFor('admin');
    const progress = (await t.call({ url: `/api/v1/progress/find_progress?examSubjectId=${subjectId}`, token: admin })).body.data as { papers: number; finalPapers: number; marksDone: number }[];
    expect(progress.map((p) => [p.papers, p.finalPapers, p.marksDone])).toEqual([[12, 6, 16], [12, 3, 3]]);
    const leader = await t.tokenFor('lesson1');
    const block = (await t.call({ url: `/api/v1/marking/block?blockId=${(await t.call({ url: `/api/v1/task_allocation/find_group_list?examSubjectId=${subjectId}`, token: admin })).body.data[0].blockId}`, token: leader })).body.data;
    expect(block.role).toBe('leader');
    const nextPaper = await t.call({ method: 'POST', url: '/api/v1/marking/next', token: teacher1, payload: { blockId: block.blockId } });
    expect(nextPaper.body.data.round).toBe(1);
  });
});
