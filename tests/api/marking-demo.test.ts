import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorageConfig, openStorage } from '../../apps/api/src/core/storage.js';
import { seedDemoMarking } from '../../apps/api/src/seed/demo-marking.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

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
    const db = t.database.db;
    const admin = await t.tokenFor('admin');
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    const cls = await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).where('name', '=', '1班').executeTakeFirstOrThrow();
    const created = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
      name: '数学周测（扫描演示）', examType: 5, gradeId, startDate: '2026-10-08', endDate: '2026-10-08', classIds: [cls.id], subjects: [{ courseCode: 'SX', fullScore: 20 }] } });
    expect(created.body.code, created.body.msg).toBe(200);
    subjectId = created.body.data.subjects[0].id;
    const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: subjectId, questions: [
      { no: '1', type: 'single', fullScore: 4, answer: 'B' }, { no: '2', type: 'subjective', fullScore: 8, step: 1 }, { no: '3', type: 'subjective', fullScore: 8, step: 0.5 }] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const students = (await db.selectFrom('exam_student').select('id').where('exam_id', '=', created.body.data.id).orderBy('exam_no').limit(12).execute()).map((s) => s.id);
    const storage = openStorage(localStorageConfig(dataDir));
    const batch = await db.insertInto('scan_batch').values({ school_id: school.id, exam_id: created.body.data.id, exam_subject_id: subjectId, no: 1, name: '批次1', status: 'done', created_by: null })
      .returning('id').executeTakeFirstOrThrow();
    const jpeg = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#f5f5f0' } }).jpeg().toBuffer();
    for (const [i, es] of students.entries()) {
      const blocks = [];
      for (const no of ['2', '3']) {
        const key = `scans/${school.id}/${subjectId}/${batch.id}/blocks/${i + 1}-${no}.jpg`;
        await storage.put(key, jpeg);
        blocks.push({ id: no, rect: { x: 0, y: 0, w: 120, h: 60 }, key });
      }
      await db.insertInto('scan_page').values({ school_id: school.id, batch_id: batch.id, exam_subject_id: subjectId, file_seq: i + 1, file_name: `${i + 1}.jpg`,
        status: 'ok', recognized: true, rec: JSON.stringify({ blocks }), page_no: 1, exam_student_id: es }).execute();
    }
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
