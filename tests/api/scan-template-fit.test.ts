import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { ScanAbnormal, ScanBatchDetail } from '@jz/shared/api/scan';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { newScanExam, uploadScans, waitScanBatch } from '../helpers/scan-sheets.js';
import { FIXTURES } from '../helpers/third-party-sets.js';

/**
 * The editor's snap, the template measured on its blank at save, the import of template files, and what a sheet of
 * such a card shows a person. The vendor card is drawn with sharp (1240 × 1754): an L block at the top left (a 60 px
 * square without its bottom-right 30 px quarter at (60, 60): ink centroid (85, 85), box centre (90, 90)), 40 px
 * squares at the other corners, a 4-digit 考号 of ringed digits (centres (200 + 50·c, 250 + 32·d)) and 3 questions
 * A–D (centres (200 + 60·k, 800 + 50·q)), rings of radius 9.
 */
const W = 1240;
const H = 1754;
const digit = (c: number, d: number) => [200 + 50 * c, 250 + 32 * d] as const;
const option = (q: number, k: number) => [200 + 60 * k, 800 + 50 * q] as const;

function card(fill: { examNo?: string[]; answers?: string[]; noCorner?: boolean } = {}): Buffer {
  const parts = ['<path d="M60 60 H120 V90 H90 V120 H60 Z" fill="#000"/>'];
  for (const [x, y] of [[W - 100, 60], [W - 100, H - 100], ...(fill.noCorner ? [] : [[60, H - 100]])]) parts.push(`<rect x="${x}" y="${y}" width="40" height="40" fill="#000"/>`);
  const ring = ([x, y]: readonly [number, number], dark: boolean) => `<circle cx="${x}" cy="${y}" r="9" fill="${dark ? '#111' : 'none'}" stroke="#000" stroke-width="2"/>`;
  for (let c = 0; c < 4; c++) for (let d = 0; d < 10; d++) parts.push(ring(digit(c, d), !!fill.examNo?.[c]?.includes(String(d))));
  for (let q = 0; q < 3; q++) for (let k = 0; k < 4; k++) parts.push(ring(option(q, k), !!fill.answers?.[q]?.includes('ABCD'[k]!)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#fff"/>${parts.join('')}</svg>`;
  return Buffer.from(svg);
}
const jpeg = (svg: Buffer) => sharp(svg).flatten({ background: '#fff' }).greyscale().jpeg({ quality: 92 }).toBuffer();

describe.each(dbKinds)('third-party template fitting on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let subjectId: number;
  let blank: { imageUrl: string; width: number; height: number };
  const api = <T = any>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    t.call<T>({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });
  const multipart = async (url: string, name: string, data: Buffer, token = admin) => {
    const boundary = `jzfit${Date.now()}`;
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token } });
    return res.json() as { code: number; msg: string; data: any };
  };
  const snap = (shape: object, token = admin) => api('POST', 'make_template/snap', { examSubjectId: subjectId, imageUrl: blank.imageUrl, shape }, token);
  const grid = (x: number, y: number, w: number, h: number, rows: number, cols: number, extra: object) => ({ id: 'g', x, y, w, h, rows, cols, inset: 0.3, ...extra });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-scan-fit-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    subjectId = (await newScanExam(t, admin, '第三方答题卡吸附', 100)).subjectId;
    const up = await multipart(`make_template/blank?examSubjectId=${subjectId}`, 'blank.jpg', await jpeg(card()));
    expect(up.code, up.msg).toBe(200);
    blank = up.data;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('snap: an L block boxed loosely is centred on its ink centroid (85, 85), not its box (90, 90); a grid lands on its rings', async () => {
    const a = await snap({ kind: 'anchor', id: 'a1', x: 40, y: 45, w: 100, h: 95 });
    expect(a.body.code, a.body.msg).toBe(200);
    expect(a.body.data.shape).toBe('solid');
    expect(a.body.data.x + a.body.data.w / 2).toBeCloseTo(85, 0);
    expect(a.body.data.y + a.body.data.h / 2).toBeCloseTo(85, 0);
    // questions: pitch 60 × 50 with centres from (200, 800): the outline is (170, 775), 240 × 150; rings 20 px across
    // (radius 9 plus half the 2 px stroke on each side), drawn 14 px right and 12 px high of truth
    const g = await snap({ kind: 'objective', ...grid(184, 763, 236, 160, 3, 4, { firstQuestion: 1, multiple: false }) });
    expect(g.body.code, g.body.msg).toBe(200);
    const d = g.body.data;
    expect([d.x, d.y, d.w, d.h].map((v: number) => Math.round(v))).toEqual([170, 775, 240, 150]);
    expect(d.bubble.w).toBeGreaterThanOrEqual(19);
    expect(d.bubble.w).toBeLessThanOrEqual(22);
    // the subjective area is kept as drawn
    const s = await snap({ kind: 'subjective', id: 's', x: 100, y: 1200, w: 900, h: 300, label: '4' });
    expect(s.body.data).toMatchObject({ x: 100, y: 1200, w: 900, h: 300 });
  });

  it('snap refuses a box with nothing printed in it, a wrong grid and a caller without the duty (Chinese, nothing stored)', async () => {
    const empty = await snap({ kind: 'anchor', id: 'a', x: 600, y: 600, w: 60, h: 60 });
    expect(empty.body).toMatchObject({ code: 400, msg: '框内没有找到定位标记：请把框放在答题卡角上的黑色定位标记上' });
    const wrong = await snap({ kind: 'admission', ...grid(600, 1200, 300, 200, 10, 8, {}) });
    expect(wrong.body).toMatchObject({ code: 400, msg: '框内没有找到 10 行 × 8 列的涂点：请核对行数、列数，框住全部涂点' });
    expect((await snap({ kind: 'anchor', id: 'a', x: 40, y: 45, w: 100, h: 95 }, await t.tokenFor('teacher1'))).body.code).toBe(403);
    expect((await snap({ kind: 'anchor', id: 'a', x: 40, y: 45, w: 100, h: 95 }, await t.tokenFor('admin2'))).body.code).toBe(403);
    const other = await api('POST', 'make_template/snap', { examSubjectId: subjectId, imageUrl: `make_template/image?examSubjectId=${subjectId + 1}&name=blank-x.jpg`, shape: { kind: 'anchor', id: 'a', x: 1, y: 1, w: 9, h: 9 } });
    expect(other.body).toMatchObject({ code: 400, msg: '空白答题卡图片不属于该考试科目，请重新上传' });
  });

  const template = (anchor0 = { x: 60, y: 60, w: 60, h: 60 }) => ({
    version: 1, name: '某公司答题卡', unit: 'px', width: W, height: H,
    anchors: [anchor0, { x: W - 100, y: 60, w: 40, h: 40 }, { x: W - 100, y: H - 100, w: 40, h: 40 }, { x: 60, y: H - 100, w: 40, h: 40 }],
    admission: { digits: [0, 1, 2, 3].map((c) => ({ id: `d${c}`, kind: 'single', bubbles: Array.from({ length: 10 }, (_, v) => { const [x, y] = digit(c, v); return { x: x - 10, y: y - 10, w: 20, h: 20, value: String(v) }; }) })) },
    questions: [0, 1, 2].map((q) => ({ id: String(q + 1), kind: 'single', bubbles: [0, 1, 2, 3].map((k) => { const [x, y] = option(q, k); return { x: x - 10, y: y - 10, w: 20, h: 20, value: 'ABCD'[k] }; }) })),
    blocks: [],
  });

  it('save measures the anchors on the blank as the scans will be (the L box re-centred on its centroid) and names an empty box', async () => {
    const missing = await api('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, drawing: {}, template: { ...template(), anchors: [{ x: 600, y: 600, w: 60, h: 60 }, ...template().anchors.slice(1)] } });
    expect(missing.body).toMatchObject({ code: 400, msg: '模板与空白答题卡不符：定位点 1 的框内没有找到定位标记：请把框放在答题卡角上的定位标记上' });
    // the fields the engine reads are kept (they were dropped before)
    const ok = await api('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, drawing: {}, template: { ...template(), printedLabels: false, alignFrame: true } });
    expect(ok.body.code, ok.body.msg).toBe(200);
    const saved = ok.body.data.template;
    expect(saved).toMatchObject({ printedLabels: false, alignFrame: true });
    expect(saved.anchors[0].x + saved.anchors[0].w / 2).toBeCloseTo(85, 0);
    expect(saved.anchors[0].y + saved.anchors[0].h / 2).toBeCloseTo(85, 0);
  });

  it('a sheet of three corner marks is shown to a person; a 考号 with two marks in a column names the column; answers are seen before the 考号 is settled', async () => {
    const saved = await api('POST', 'make_template/save', { examSubjectId: subjectId, imageUrl: blank.imageUrl, drawing: {}, template: template() });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const files = [
      { name: 'three-corners.jpg', data: await jpeg(card({ examNo: ['1', '2', '3', '4'], answers: ['A', 'B', 'C'], noCorner: true })) },
      { name: 'two-in-column.jpg', data: await jpeg(card({ examNo: ['1', '37', '0', '9'], answers: ['D', 'C', 'B'] })) },
    ];
    const up = await uploadScans(t, admin, `scanned_batch/upload?examSubjectId=${subjectId}`, files);
    expect(up.code, up.msg).toBe(200);
    const detail: ScanBatchDetail = await waitScanBatch(t, admin, up.data.batch.id);
    const list = (await api<ScanAbnormal[]>('GET', `scanned_abnormal/list?examSubjectId=${subjectId}`)).body.data;
    const of = (name: string) => list.find((a) => a.page.id === detail.pages.find((p) => p.fileName === name)!.id)!;
    const three = of('three-corners.jpg');
    expect(three.kind).toBe('examNo');
    expect(three.reason).toBe('考号识别存疑（读到 1234）：只找到 3 个定位点（一个定位点缺失、被遮挡或污损），请核对这一页的识别结果');
    expect(three.answers.map((a) => [a.no, a.marked.join(''), a.doubt])).toEqual([1, 2, 3].map((n) => [String(n), 'ABC'[n - 1], '只找到 3 个定位点（一个定位点缺失、被遮挡或污损），请核对这一页的识别结果']));
    const two = of('two-in-column.jpg');
    expect(two.kind).toBe('examNo');
    expect(two.reason).toBe('考号无法识别：第 2 列填涂了多个数字（3、7）');
    expect(two.answers.map((a) => [a.no, a.marked.join(''), a.doubt])).toEqual([['1', 'D', null], ['2', 'C', null], ['3', 'B', null]]);
    await api('POST', 'scanned/updateObject', { pageIds: detail.pages.map((p) => p.id) });
  }, 120_000);

  it('import: a FormScanner .xtmpl onto its blank is saved with its warnings; a file of neither tool is refused and nothing changes', async () => {
    const fsBlank = await multipart(`make_template/blank?examSubjectId=${subjectId}`, 'T00001.jpg', readFileSync(path.join(FIXTURES, 'formscanner/Test/T00001.jpg')));
    expect(fsBlank.code, fsBlank.msg).toBe(200);
    const url = (u: string) => `make_template/import?examSubjectId=${subjectId}&imageUrl=${encodeURIComponent(u)}`;
    const before = (await api('GET', `make_template/find?examSubjectId=${subjectId}`)).body.data;
    const bad = await multipart(url(fsBlank.data.imageUrl), 'notes.txt', Buffer.from('这不是模板'));
    expect(bad).toMatchObject({ code: 400, msg: '模板文件无法导入：无法识别的模板文件：支持 OMRChecker 的 template.json 和 FormScanner 的 .xtmpl' });
    const badJson = await multipart(url(fsBlank.data.imageUrl), 'template.json', Buffer.from('{"pageDimensions": [1, 2'));
    expect(badJson).toMatchObject({ code: 400, msg: '模板文件无法导入：模板文件不是有效的 JSON：请上传 OMRChecker 的 template.json' });
    expect((await multipart(url(fsBlank.data.imageUrl), 'x.xtmpl', readFileSync(path.join(FIXTURES, 'formscanner/Test/test_template.xtmpl')), await t.tokenFor('admin2'))).code).toBe(403);
    expect((await api('GET', `make_template/find?examSubjectId=${subjectId}`)).body.data).toEqual(before);
    const ok = await multipart(url(fsBlank.data.imageUrl), 'test_template.xtmpl', readFileSync(path.join(FIXTURES, 'formscanner/Test/test_template.xtmpl')));
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data.warnings.length).toBe(2); // its two barcode areas are not 考号
    expect(ok.data.template).toMatchObject({ anchorShape: 'ring', width: fsBlank.data.width, height: fsBlank.data.height });
    expect(ok.data.template.questions.map((q: { id: string }) => q.id)).toEqual(Array.from({ length: 40 }, (_, i) => String(i + 1)));
    expect(ok.data.drawing).toMatchObject({ imported: 'FormScanner', fileName: 'test_template.xtmpl' });
  });
});
