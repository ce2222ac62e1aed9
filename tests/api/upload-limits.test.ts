/**
 * Hostile uploads and bodies against a real api process, its memory read from outside
 * (/proc/<pid>/status VmHWM, the peak resident set, reset with /proc/<pid>/clear_refs before each case).
 *
 * What is bounded here (300 MB) is the growth of the process's peak over its size before the request, on both
 * databases: on PGlite the database's WASM heap lives in the same process (≈ 0.8 GB). The absolute peak (< 300 MB,
 * the api as deployed on PostgreSQL) is tests/durability/api-memory.test.ts. Before the streaming reader a 14 MB
 * bomb took the api to GBs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { STUDENT_TEMPLATE } from '@jz/shared/excel-templates';
import { startApi, type ApiChild } from '../helpers/api-child.js';
import { dbKinds } from '../helpers/db.js';
import { buildWorkbook } from '../fixtures/excel.js';
import { bombs } from '../fixtures/xlsx-bomb.js';

const MB = 1024 * 1024;
const PEAK_LIMIT = 300 * MB;

describe.each(dbKinds)('upload and body limits of a real api process on %s', (kind) => {
  let api: ApiChild;
  beforeAll(async () => { api = await startApi(kind); }, 120_000);
  afterAll(async () => { await api?.stop(); });
  const peakWhile = (fn: () => Promise<void>) => api.peakWhile(fn);

  const upload = async (route: string, file: Buffer, name = 'import.xlsx') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), name);
    const res = await fetch(`${api.url}${route}`, { method: 'POST', body: form, headers: { authorization: api.token } });
    return { status: res.status, body: await res.json() as { code: number; msg: string; data: unknown } };
  };

  it('refuses zip bombs, millions of rows, a huge cell and lying zip headers with a Chinese 400, memory bounded', async () => {
    const expected: Record<string, RegExp> = {
      'shared strings, 3.5 GB, honest header': /^文件过大：解压后超过 200 MB/,
      'shared strings, 3.5 GB, lying header': /^文件过大：共享字符串超过 500000 个/,
      'sheet padding, 3 GB, lying header': /^文件过大：解压后超过 200 MB/,
      'five million rows': /^行数超过 50000 行上限/,
      'one inline cell of 1 GB': /^单元格内容过长：工作表“学生名单”第 2 行 A 列超过 1000 个字符/,
      'one shared string of 1 GB': /^单元格内容过长：超过 1000 个字符/,
      'an endless tag of 500 MB': /^文件格式不正确/,
    };
    const list = bombs();
    expect(list.map((b) => b.name)).toEqual(Object.keys(expected));
    for (const b of list) {
      expect(b.file.length).toBeLessThan(10 * MB); // a few MB on the wire…
      expect(b.expanded).toBeGreaterThan(400 * MB); // …hundreds of MB to GBs inflated
      const started = performance.now();
      let res!: Awaited<ReturnType<typeof upload>>;
      const { peak, before } = await peakWhile(async () => { res = await upload('/api/v1/pc_excel/import_class_student', b.file); });
      const seconds = (performance.now() - started) / 1000;
      console.log(`${kind} ${b.name}: ${(b.file.length / MB).toFixed(1)} MB → ${(b.expanded / MB).toFixed(0)} MB inflated; `
        + `answered in ${seconds.toFixed(2)} s, peak +${(peak / MB).toFixed(0)} MB over ${(before / MB).toFixed(0)} MB: ${res.body.msg}`);
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(expected[b.name]!);
      expect(peak).toBeLessThan(PEAK_LIMIT);
      expect(seconds).toBeLessThan(30);
    }
  }, 600_000);

  it('refuses a bomb sent to the score imports too', async () => {
    const bomb = bombs()[1]!; // lying header: counted while streaming
    for (const route of ['import_question', 'import_total']) {
      let res!: Awaited<ReturnType<typeof upload>>;
      const { peak } = await peakWhile(async () => { res = await upload(`/api/v1/grade_import/${route}?examId=${api.examId}`, bomb.file); });
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toMatch(/^文件过大：共享字符串超过 500000 个（(小题成绩|科目总分)上限）/);
      expect(peak).toBeLessThan(PEAK_LIMIT);
    }
  }, 120_000);

  it('refuses a file larger than the import kind allows before reading it', async () => {
    const res = await upload('/api/v1/pc_excel/import_teacher', randomBytes(11 * MB));
    expect(res.body).toMatchObject({ code: 413, msg: '上传文件过大：教师名单文件不能超过 10 MB' });
  }, 60_000);

  it('still imports a valid file afterwards (the process survived every refusal)', async () => {
    const file = await buildWorkbook(STUDENT_TEMPLATE.columns.map((c) => c.header), [['限额测试', 'UPLIM0001', '女', '应届', '高一', '1班']]);
    const res = await upload('/api/v1/pc_excel/import_class_student', file);
    expect(res.body).toMatchObject({ code: 200, data: { created: 1 } });
  }, 60_000);

  it('refuses an anonymous 45 MB JSON body at once, without reading or parsing it (ten at once too)', async () => {
    const big = Buffer.alloc(45 * MB, 0x20);
    big.write('{"loginId":"admin","password":"', 0);
    big.write('"}', big.length - 2);
    // A raw socket announcing the 45 MB body: the answer must come from the Content-Length alone, before any
    // of the body is sent (a server that read or parsed it would wait here until the 10 s timeout). Sending the
    // body anyway would race the server's close (a reset can drop the answer on the client side).
    const post = () => new Promise<{ code: number; msg: string }>((resolve, reject) => {
      const { port } = new URL(api.url);
      const socket = net.connect(Number(port), '127.0.0.1');
      const timer = setTimeout(() => { socket.destroy(); reject(new Error('no answer within 10 s')); }, 10_000);
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString();
        const body = text.slice(text.indexOf('\r\n\r\n') + 4);
        try { resolve(JSON.parse(body)); } catch { reject(new Error(`no JSON answer: ${text.slice(0, 300)}`)); }
      });
      socket.write(`POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${big.length}\r\nConnection: close\r\n\r\n`);
      socket.write(big.subarray(0, 64 * 1024)); // the start of the body only
    });
    let one!: { code: number; msg: string };
    const started = performance.now();
    const single = await peakWhile(async () => { one = await post(); });
    const oneSeconds = (performance.now() - started) / 1000;
    expect(one).toMatchObject({ code: 413, msg: '请求内容过大（不能超过 1 MB）' });
    const t10 = performance.now();
    let ten!: { code: number }[];
    const many = await peakWhile(async () => { ten = await Promise.all(Array.from({ length: 10 }, post)); });
    const tenSeconds = (performance.now() - t10) / 1000;
    console.log(`${kind} 45 MB JSON: one in ${oneSeconds.toFixed(2)} s (peak ${(single.peak / MB).toFixed(0)} MB), ten in ${tenSeconds.toFixed(2)} s (peak ${(many.peak / MB).toFixed(0)} MB)`);
    expect(ten.every((r) => r.code === 413)).toBe(true);
    // Before: one body took ≈ 5 s of parsing, ten ≈ 50 s and 4.3 GB.
    expect(oneSeconds).toBeLessThan(2);
    expect(tenSeconds).toBeLessThan(5);
    expect(many.peak).toBeLessThan(100 * MB);
    // A small JSON body is still read (the login answers on its merits).
    const small = await fetch(`${api.url}/api/v1/auth/login`, { method: 'POST', body: JSON.stringify({ loginId: 'admin', password: 'x' }), headers: { 'content-type': 'application/json' } });
    expect(((await small.json()) as { code: number }).code).not.toBe(413);
  }, 120_000);
});
