import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam, type MarkingExam } from '../helpers/marking-exam.js';
import { multipart } from '../helpers/scan-sheets.js';

/**
 * 标答 images leave storage with their block (docs/DOMAIN-RULES.md §4.1 "标答"), on PGlite and PostgreSQL: a 数学
 * exam of three written-answer questions (one default block each, nothing marked). Images are uploaded through
 * the route and looked for in the app's store under answers/<school>/<block>/. A block left out of
 * save_task_allocation, every block of clean_painting_task, and every block of a deleted exam lose their files once
 * the command committed; a refused command keeps them; deleting one image removes its file only.
 */
describe.each(dbKinds)('标答 image files on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let png: Buffer;
  type Group = { blockId: number; name: string; questions: { questionId: number }[] };

  /** The block's stored images, as the app's store lists them (DATA_DIR/files, or its S3 bucket). */
  const filesOf = async (schoolId: number, blockId: number) => (await t.storage.list(`answers/${schoolId}/${blockId}/`)).map((k) => k.split('/').pop()!).sort();
  const upload = async (blockId: number, n: number) => {
    for (let i = 0; i < n; i++) {
      const file = multipart([{ name: `a${i}.png`, data: png, type: 'image/png' }]);
      const r = await t.app.inject({ method: 'POST', url: `/api/v1/standard_answer/upload_image?blockId=${blockId}`, payload: file.payload, headers: { ...file.headers, authorization: admin } });
      expect(r.json().code, r.json().msg).toBe(200);
    }
  };
  const groupsOf = async (subjectId: number) => (await t.call({ url: `/api/v1/task_allocation/find_group_list?examSubjectId=${subjectId}`, token: admin })).body.data as Group[];
  const save = (subjectId: number, groups: Group[], extra: object[] = []) => t.call({ method: 'POST', url: '/api/v1/task_allocation/save_task_allocation', token: admin, payload: {
    examSubjectId: subjectId, blocks: [...groups.map((g) => ({ blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: 1 })), ...extra],
  } });
  const newExam = (name: string) => createMarkingExam(t, { name, fullScore: 30, questions: [
    { no: '1', type: 'subjective', fullScore: 10, step: 1 }, { no: '2', type: 'subjective', fullScore: 10, step: 1 }, { no: '3', type: 'subjective', fullScore: 10, step: 1 },
  ] });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-answer-files-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#3366ff' } }).png().toBuffer();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a block left out of the allocation and every block of clean_painting_task lose their files; a refused save keeps them', async () => {
    const exam: MarkingExam = await newExam('标答文件测试');
    const groups = await groupsOf(exam.subjectId);
    expect(groups).toHaveLength(3);
    const [a, b, c] = groups as [Group, Group, Group];
    await upload(a.blockId, 1);
    await upload(b.blockId, 2);
    await upload(c.blockId, 1);
    expect([(await filesOf(exam.schoolId, a.blockId)).length, (await filesOf(exam.schoolId, b.blockId)).length, (await filesOf(exam.schoolId, c.blockId)).length]).toEqual([1, 2, 1]);

    // deleting one image removes that file only
    const name = (await filesOf(exam.schoolId, b.blockId))[0]!;
    expect((await t.call({ method: 'POST', url: '/api/v1/standard_answer/delete_image', token: admin, payload: { blockId: b.blockId, name } })).body.code).toBe(200);
    expect(await filesOf(exam.schoolId, b.blockId)).toHaveLength(1);
    expect(await filesOf(exam.schoolId, b.blockId)).not.toContain(name);

    // refused inside the transaction (an unknown block id beside B left out): nothing deleted, the files stay
    const refused = await save(exam.subjectId, [a, c], [{ blockId: 99_999_999, name: 'x', questionIds: [b.questions[0]!.questionId], ratingMode: 1 }]);
    expect([refused.body.code, refused.body.msg]).toEqual([400, '题块不存在']);
    expect(await filesOf(exam.schoolId, b.blockId)).toHaveLength(1);

    // B left out (its question goes to a new block): B's file is gone, A's and C's stay
    const saved = await save(exam.subjectId, [a, c], [{ name: '第2题', questionIds: [b.questions[0]!.questionId], ratingMode: 1 }]);
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(await filesOf(exam.schoolId, b.blockId)).toEqual([]);
    expect([(await filesOf(exam.schoolId, a.blockId)).length, (await filesOf(exam.schoolId, c.blockId)).length]).toEqual([1, 1]);

    // clean_painting_task: every block of the subject goes, with its files
    const cleaned = await t.call({ method: 'POST', url: '/api/v1/task_allocation/clean_painting_task', token: admin, payload: { examSubjectId: exam.subjectId } });
    expect(cleaned.body.code, cleaned.body.msg).toBe(200);
    expect([await filesOf(exam.schoolId, a.blockId), await filesOf(exam.schoolId, c.blockId)]).toEqual([[], []]);
  });

  it('deleting the exam deletes the files of its blocks, not those of another exam', async () => {
    const gone = await newExam('标答文件测试（删除考试）');
    const kept = await newExam('标答文件测试（保留）');
    const [g] = await groupsOf(gone.subjectId);
    const [k] = await groupsOf(kept.subjectId);
    await upload(g!.blockId, 2);
    await upload(k!.blockId, 1);
    const del = await t.call({ method: 'POST', url: '/api/v1/exam_manage/delete_exam_paper', token: admin, payload: { id: gone.examId } });
    expect(del.body.code, del.body.msg).toBe(200);
    expect(await filesOf(gone.schoolId, g!.blockId)).toEqual([]);
    expect(await filesOf(kept.schoolId, k!.blockId)).toHaveLength(1);
  });
});
