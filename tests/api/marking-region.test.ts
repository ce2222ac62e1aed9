import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam } from '../helpers/marking-exam.js';

/**
 * 题块 regions (task_allocation/block_regions, save_block_region; docs/DOMAIN-RULES.md §4.1 "Block regions").
 * The card the sheets were read against: A4 (210 × 297 mm), written box 1 at (21, 29.7) 105 × 59.4 mm = normalised
 * (0.1, 0.1, 0.5, 0.2). Each scanned page is 420 × 600 px with the page 10 px right and 6 px down, so by hand:
 * sx = 420, tx = 10, sy = 600, ty = 6, and box 1 was cut at (0.1·420 + 10, 0.1·600 + 6, 0.5·420, 0.2·600) =
 * (52, 66, 210, 120). The new region (0.2, 0.15, 0.25, 0.1) is then cut at (0.2·420 + 10, 0.15·600 + 6, 0.25·420,
 * 0.1·600) = (94, 96, 105, 60): the pages are white with a black rectangle exactly there.
 */
const LAYOUT = { paper: 'A4', examName: 't', subjectName: 't', pages: [{ index: 1, elements: [{ kind: 'subjective', no: 1, fullScore: 10, x: 21, y: 29.7, w: 105, h: 59.4 }] }] };

describe.each(dbKinds)('block regions on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let subjectId: number;
  let blockId: number;
  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url: `/api/v1/${url}`, token, payload });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-region-api-'));
    t = await createTestApp(kind, { dataDir });
    const exam = await createMarkingExam(t, { name: '题块区域测试', fullScore: 10, questions: [{ no: '1', type: 'subjective', fullScore: 10, step: 1 }] });
    ({ subjectId } = exam);
    const db = t.database.db;
    const storage = t.storage;
    const batch = await db.insertInto('scan_batch').values({ school_id: exam.schoolId, exam_id: exam.examId, exam_subject_id: subjectId, no: 1, name: '批次1', status: 'done', created_by: null, card_layout: JSON.stringify(LAYOUT) })
      .returning('id').executeTakeFirstOrThrow();
    const black = await sharp({ create: { width: 105, height: 60, channels: 3, background: '#000000' } }).png().toBuffer();
    const page = await sharp({ create: { width: 420, height: 600, channels: 3, background: '#ffffff' } }).composite([{ input: black, left: 94, top: 96 }]).jpeg({ quality: 95 }).toBuffer();
    const crop = await sharp({ create: { width: 210, height: 120, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    for (const [i, es] of exam.students.slice(0, 2).entries()) {
      const key = `scans/${exam.schoolId}/${subjectId}/${batch.id}/pages/${i + 1}.jpg`;
      const cropKey = `scans/${exam.schoolId}/${subjectId}/${batch.id}/blocks/${i + 1}-1.jpg`;
      await storage.put(key, page);
      await storage.put(cropKey, crop);
      await db.insertInto('scan_page').values({
        school_id: exam.schoolId, batch_id: batch.id, exam_subject_id: subjectId, file_seq: i + 1, file_name: `${i + 1}.jpg`, status: 'ok', recognized: true,
        image_key: key, rec: JSON.stringify({ blocks: [{ id: '1', rect: { x: 52, y: 66, w: 210, h: 120 }, key: cropKey }] }), page_no: 1, exam_student_id: es,
      }).execute();
    }
    const admin = await t.tokenFor('admin');
    blockId = (await call(admin, 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data[0].blockId;
    const added = await call(admin, 'POST', 'answer/addReader', { blockId, userIds: [(await db.selectFrom('app_user').select('id').where('login_id', '=', 'teacher1').executeTakeFirstOrThrow()).id] });
    expect(added.body.code, added.body.msg).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const round6 = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 1e6) / 1e6]));

  it('answers the card page, the scanned sheet with its pixel map, and the block on the card area of its question', async () => {
    const r = await call(await t.tokenFor('lesson1'), 'GET', `task_allocation/block_regions?examSubjectId=${subjectId}`);
    expect(r.body.code, r.body.msg).toBe(200);
    const [p] = r.body.data.pages;
    expect([p.page, p.width, p.height, p.unit]).toEqual([1, 210, 297, 'mm']);
    expect(round6(p.scan.map)).toEqual({ sx: 420, tx: 10, sy: 600, ty: 6 });
    expect(r.body.data.blocks).toEqual([expect.objectContaining({ blockId, custom: false, started: false })]);
    expect(round6(r.body.data.blocks[0].region)).toEqual({ page: 1, x: 0.1, y: 0.1, w: 0.5, h: 0.2 });
    const img = await t.app.inject({ url: `/api/v1/${p.scan.imageUrl}`, headers: { authorization: await t.tokenFor('admin') } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(420);
  });

  it('refuses a region off the page, empty, too small or on a missing page, and callers who may not set up the subject', async () => {
    const admin = await t.tokenFor('admin');
    const save = (token: string, region: unknown) => call(token, 'POST', 'task_allocation/save_block_region', { blockId, region });
    const cases: [unknown, string][] = [
      [{ page: 1, x: 0.9, y: 0.1, w: 0.2, h: 0.2 }, '题块区域超出答题卡页面'],
      [{ page: 1, x: 0.1, y: 0.1, w: 0, h: 0.2 }, '题块区域不能为空'],
      [{ page: 1, x: 0.1, y: 0.1, w: 0.5, h: 0.004 }, '题块区域太小：宽和高至少为页面的 1%'],
      [{ page: 2, x: 0.1, y: 0.1, w: 0.5, h: 0.2 }, '答题卡没有第 2 页'],
    ];
    for (const [region, msg] of cases) expect((await save(admin, region)).body).toMatchObject({ code: 400, msg });
    expect((await save(await t.tokenFor('head1'), { page: 1, x: 0.2, y: 0.15, w: 0.25, h: 0.1 })).body.code).toBe(403);
    expect((await save(await t.tokenFor('admin2'), { page: 1, x: 0.2, y: 0.15, w: 0.25, h: 0.1 })).body.code).toBe(403);
    expect((await call(await t.tokenFor('admin2'), 'GET', `task_allocation/block_regions?examSubjectId=${subjectId}`)).body.code).toBe(403);
    const row = await t.database.db.selectFrom('marking_block').select('region').where('id', '=', blockId).executeTakeFirstOrThrow();
    expect(row.region).toBeNull();
  });

  it('cuts the papers along a saved region (papers already made too), and refuses a change once a mark is in', async () => {
    const admin = await t.tokenFor('admin');
    const marker = await t.tokenFor('teacher1');
    // the first paper is made before the region: cut by the card's crop (210 × 120)
    const first = (await call(marker, 'POST', 'marking/next', { blockId })).body.data;
    const before = await t.app.inject({ url: `/api/v1/${first.imageUrl}`, headers: { authorization: marker } });
    expect((await sharp(before.rawPayload).metadata()).width).toBe(210);

    const saved = await call(admin, 'POST', 'task_allocation/save_block_region', { blockId, region: { page: 1, x: 0.2, y: 0.15, w: 0.25, h: 0.1 } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const listed = (await call(admin, 'GET', `task_allocation/block_regions?examSubjectId=${subjectId}`)).body.data.blocks[0];
    expect(listed).toMatchObject({ custom: true, region: { page: 1, x: 0.2, y: 0.15, w: 0.25, h: 0.1 } });
    // the same task now shows the region: (94, 96) 105 × 60 px of the page, all black
    const after = await t.app.inject({ url: `/api/v1/${first.imageUrl}`, headers: { authorization: marker } });
    const cut = sharp(after.rawPayload);
    expect(await cut.metadata()).toMatchObject({ width: 105, height: 60 });
    expect((await cut.stats()).channels[0]!.mean).toBeLessThan(20);

    const done = await call(marker, 'POST', 'marking/submit', { taskId: first.taskId, scores: [7], requestId: `region-${kind}-1` });
    expect(done.body.code, done.body.msg).toBe(200);
    const refused = await call(admin, 'POST', 'task_allocation/save_block_region', { blockId, region: null });
    expect(refused.body).toMatchObject({ code: 400, msg: '该题块已开始阅卷，不能修改区域' });
    const row = await t.database.db.selectFrom('marking_block').select('region').where('id', '=', blockId).executeTakeFirstOrThrow();
    expect(row.region).toEqual({ page: 1, x: 0.2, y: 0.15, w: 0.25, h: 0.1 });
    // the second student's paper, made after the region, is cut the same way
    const second = (await call(marker, 'POST', 'marking/next', { blockId })).body.data;
    const img2 = await t.app.inject({ url: `/api/v1/${second.imageUrl}`, headers: { authorization: marker } });
    expect(await sharp(img2.rawPayload).metadata()).toMatchObject({ width: 105, height: 60 });
  });
});
