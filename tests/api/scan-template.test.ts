import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ObjectiveRecognizeResult, ScanBatchDetail, ScanOverview, ScanStudentPage, ScanUploadResult } from '@jz/shared/api/scan';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { multipart } from '../helpers/scan-sheets.js';

/**
 * Cards made elsewhere (templateConfirm) end to end: a blank "vendor" card is drawn with sharp (white
 * A4 at 150 dpi, 4 black corner squares, a 考号 grid and three questions of bubble outlines), uploaded as the
 * blank, a template drawn over it in its pixels is saved, sheets made from the same drawing with some bubbles
 * filled are scanned as a batch, and the recognised answers and objective scores are checked.
 * Keys (set below): 1 single A 5 分; 2 multiple AC 5 分 (a correct subset earns half, 2.5, as in scan.test.ts);
 * 3 single D 5 分. Worked by hand: “A / AC / D” 15, “B / A / D” 0 + 2.5 + 5 = 7.5, “A / – / C” 5.
 */

const W = 1240;
const H = 1754;
const ANCHORS = [{ x: 60, y: 60 }, { x: W - 100, y: 60 }, { x: W - 100, y: H - 100 }, { x: 60, y: H - 100 }].map((p) => ({ ...p, w: 40, h: 40 }));
const BUBBLE = { w: 28, h: 16 };
const LETTERS = ['A', 'B', 'C', 'D'];

/** Bubble rectangles: 考号 column c digit d, and question q (0-based row) option k. */
const digitRect = (c: number, d: number) => ({ x: 200 + c * 50, y: 250 + d * 32, ...BUBBLE });
const optionRect = (q: number, k: number) => ({ x: 200 + k * 60, y: 800 + q * 50, ...BUBBLE });

function drawing(digits: number, fill: { examNo?: string; answers?: string[] } = {}): Buffer {
  const parts = ANCHORS.map((a) => `<rect x="${a.x}" y="${a.y}" width="${a.w}" height="${a.h}" fill="#000"/>`);
  const bubble = (r: { x: number; y: number; w: number; h: number }, dark: boolean) =>
    `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" rx="3" fill="${dark ? '#111' : 'none'}" stroke="#222" stroke-width="2"/>`;
  for (let c = 0; c < digits; c++) for (let d = 0; d < 10; d++) parts.push(bubble(digitRect(c, d), fill.examNo?.[c] === String(d)));
  for (let q = 0; q < 3; q++) LETTERS.forEach((l, k) => parts.push(bubble(optionRect(q, k), !!fill.answers?.[q]?.includes(l))));
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#fff"/>${parts.join('')}</svg>`);
}

const png = (svg: Buffer) => sharp(svg, { density: 72 }).flatten({ background: '#fff' }).greyscale().png().toBuffer();
const jpeg = (svg: Buffer) => sharp(svg, { density: 72 }).flatten({ background: '#fff' }).greyscale().jpeg({ quality: 90 }).toBuffer();

function template(digits: number) {
  return {
    version: 1, name: '第三方答题卡', unit: 'px', width: W, height: H, anchors: ANCHORS,
    admission: { digits: Array.from({ length: digits }, (_, c) => ({ id: `考号${c + 1}`, kind: 'single', bubbles: Array.from({ length: 10 }, (_, d) => ({ ...digitRect(c, d), value: String(d) })) })) },
    questions: [['1', 'single'], ['2', 'multiple'], ['3', 'single']].map(([id, kind], q) => ({ id, kind, bubbles: LETTERS.map((value, k) => ({ ...optionRect(q, k), value })) })),
    blocks: [],
  };
}

/** A multipart body: form fields first, then one file named `file` (as the web page sends it). */
function form(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = `jztpl${Date.now()}`;
  const chunks: Buffer[] = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dbKinds)('third-party card templates on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let subjectId: number;
  let students: { id: number; examNo: string }[];
  let blank: { imageUrl: string; width: number; height: number };

  const api = <T = any>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    t.call<T>({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });
  const uploadBlank = async (data: Buffer, token = admin, name = 'blank.png') => {
    const body = form({ examSubjectId: String(subjectId) }, { name, data });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/make_template/blank', payload: body.payload, headers: { ...body.headers, authorization: token } });
    return res.json() as { code: number; msg: string; data: typeof blank };
  };
  const stored = () => { const dir = path.join(dataDir, 'files', 'templates'); return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.jpg')).length : 0; };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-scan-tpl-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const cls = await db.selectFrom('school_class as c').innerJoin('student as s', 's.class_id', 'c.id')
      .select(['c.id', 'c.grade_id']).where('c.school_id', '=', school.id).groupBy(['c.id', 'c.grade_id']).orderBy('c.id').executeTakeFirstOrThrow();
    const created = await api('POST', 'exam_manage/add_multipart_exam', {
      name: '第三方答题卡考试', examType: 4, gradeId: cls.grade_id, startDate: '2026-11-20', endDate: '2026-11-21',
      subjects: [{ courseCode: 'SX', fullScore: 100, examDate: '2026-11-20' }], classIds: [cls.id] });
    expect(created.body.code, created.body.msg).toBe(200);
    const exam = await db.selectFrom('exam').select('id').where('name', '=', '第三方答题卡考试').where('school_id', '=', school.id).executeTakeFirstOrThrow();
    subjectId = (await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).executeTakeFirstOrThrow()).id;
    const saved = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions: [
      { no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' },
      { no: '2', type: 'multiple', fullScore: 5, step: 0.5, answer: 'AC' },
      { no: '3', type: 'single', fullScore: 5, step: 1, answer: 'D' },
      { no: '4', type: 'subjective', fullScore: 85, step: 1 },
    ] });
    expect(saved.body.code, saved.body.msg).toBe(200);
    students = await db.selectFrom('exam_student').select(['id', 'exam_no as examNo']).where('exam_id', '=', exam.id).orderBy('exam_no').execute();
    expect(students.length).toBeGreaterThanOrEqual(3);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses another school, a teacher without the duty and a bad file (Chinese message, nothing stored)', async () => {
    const blankPng = await png(drawing(students[0]!.examNo.length));
    for (const login of ['admin2', 'teacher1']) {
      const token = await t.tokenFor(login);
      expect((await api('GET', `make_template/find?examSubjectId=${subjectId}`, undefined, token)).body.code).toBe(403);
      expect((await uploadBlank(blankPng, token)).code).toBe(403);
    }
    const bad = await uploadBlank(Buffer.from('这不是图片，只是一段文字'), admin, 'card.png');
    expect(bad).toMatchObject({ code: 400, msg: '不是可识别的图片文件（支持 JPEG、PNG、TIFF、WebP 和 PDF）' });
    expect(stored()).toBe(0);
    expect((await api('GET', `make_template/find?examSubjectId=${subjectId}`)).body).toMatchObject({ code: 200, data: null });
  });

  it('uploads the blank, refuses a bad template, saves a good one and marks the card saved', async () => {
    const digits = students[0]!.examNo.length;
    const res = await uploadBlank(await png(drawing(digits)));
    expect(res.code, res.msg).toBe(200);
    blank = res.data;
    expect(blank).toMatchObject({ width: W, height: H });
    expect(blank.imageUrl).toMatch(/^make_template\/image\?/);
    expect(stored()).toBe(1);
    const img = await t.app.inject({ url: `/api/v1/${blank.imageUrl}`, headers: { authorization: admin } });
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ width: W, height: H, channels: 1 });

    const tpl = template(digits);
    const two = await api('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, drawing: {}, template: { ...tpl, anchors: tpl.anchors.slice(0, 2) } });
    expect(two.body.code).toBe(400);
    expect(two.body.msg).toContain('至少需要标出 3 个定位点');
    const mm = await api('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, drawing: {}, template: { ...tpl, unit: 'mm' } });
    expect(mm.body.code).toBe(400);
    expect(mm.body.msg).toMatch(/^模板有误（unit）/);
    const outside = await api('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, drawing: {},
      template: { ...tpl, questions: [...tpl.questions, { id: '1', kind: 'single', bubbles: [{ x: W - 10, y: 10, w: 30, h: 16, value: 'A' }] }] } });
    expect(outside.body.code).toBe(400);
    expect(outside.body.msg).toContain('超出图片范围');
    expect(outside.body.msg).toContain('题号 1 重复');
    expect((await api('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, drawing: {}, template: tpl }, await t.tokenFor('admin2'))).body.code).toBe(403);

    const before = await api<ScanOverview>('GET', `scanned_batch/list?examSubjectId=${subjectId}`);
    expect(before.body.data.cardSaved).toBe(false);
    const ok = await api('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, drawing: { shapes: [] }, template: tpl });
    expect(ok.body.code, ok.body.msg).toBe(200);
    const found = await api('GET', `make_template/find?examSubjectId=${subjectId}`);
    expect(found.body.data).toMatchObject({ imageUrl: blank.imageUrl, width: W, height: H, drawing: { shapes: [] }, template: { anchors: ANCHORS } });
    expect(found.body.data.updatedBy).not.toBe('');
    const after = await api<ScanOverview>('GET', `scanned_batch/list?examSubjectId=${subjectId}`);
    expect(after.body.data).toMatchObject({ cardSaved: true, cardPageCount: 1 });
  });

  it('recognises scans of the vendor card with the saved template and scores the objective questions', async () => {
    const digits = students[0]!.examNo.length;
    const fills = [['A', 'AC', 'D'], ['B', 'A', 'D'], ['A', '', 'C']];
    const files = await Promise.all(fills.map(async (answers, i) => ({ name: `s${i}.jpg`, data: await jpeg(drawing(digits, { examNo: students[i]!.examNo, answers })) })));
    const body = multipart(files);
    const up = (await t.app.inject({ method: 'POST', url: `/api/v1/scanned_batch/upload?examSubjectId=${subjectId}`, payload: body.payload, headers: { ...body.headers, authorization: admin } }))
      .json() as { code: number; msg: string; data: ScanUploadResult };
    expect(up.code, up.msg).toBe(200);
    const started = Date.now();
    let detail: ScanBatchDetail;
    for (;;) {
      detail = (await api<ScanBatchDetail>('GET', `scanned_batch/detail?batchId=${up.data.batch.id}`)).body.data;
      if (detail.batch.status === 'done') break;
      if (Date.now() - started > 120_000) throw new Error('batch not recognised in time');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(detail.pages.map((p) => [p.fileName, p.status, p.pageNo, p.examStudentId, p.reason])).toEqual(
      students.slice(0, 3).map((s, i) => [`s${i}.jpg`, 'ok', 1, s.id, null]));
    const expected: [string, string, number][][] = [
      [['1', 'A', 5], ['2', 'AC', 5], ['3', 'D', 5]],
      [['1', 'B', 0], ['2', 'A', 2.5], ['3', 'D', 5]],
      [['1', 'A', 5], ['2', '', 0], ['3', 'C', 0]],
    ];
    for (const [i, want] of expected.entries()) {
      const r = await api<ObjectiveRecognizeResult>('GET', `standard_answer/objective_recognize_result?examSubjectId=${subjectId}&examStudentId=${students[i]!.id}`);
      expect(r.body.code, r.body.msg).toBe(200);
      expect(r.body.data.questions.map((q) => [q.no, q.choice, q.score])).toEqual(want);
    }
    const list = await api<ScanStudentPage>('GET', `scanned_student/list?examSubjectId=${subjectId}&size=500`);
    const score = (i: number) => list.body.data.records.find((x) => x.examStudentId === students[i]!.id)!;
    expect([0, 1, 2].map((i) => [score(i).stateName, score(i).objectiveScore])).toEqual([['上传成功', 15], ['上传成功', 7.5], ['上传成功', 5]]);
  }, 240_000);
});
