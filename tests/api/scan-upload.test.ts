import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage, type Storage } from '../../apps/api/src/core/storage.js';
import { readScanUpload, type ScanLimits } from '../../apps/api/src/modules/scan/scan.upload.js';
import { multipart as body } from '../helpers/scan-sheets.js';

/**
 * The scan upload reader on its own (no database), with small limits so that the “200 MB file”, the zip bomb
 * and the too-many-files cases run in milliseconds: the same code paths as the real limits
 * (SCAN_LIMITS), which only change the numbers. Every refused file is answered with its reason and the others
 * are stored; nothing refused stays in storage.
 */
const LIMITS: ScanLimits = { fileBytes: 4096, batchBytes: 10_000, files: 6, zipEntries: 3, zipEntryBytes: 4096, zipInflatedBytes: 1_000_000 };
const jpeg = (n: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(n - 4, 1)]);

describe('scan upload limits', () => {
  let app: FastifyInstance;
  let dir: string;
  let storage: Storage;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-scan-upload-'));
    storage = localStorage(dir);
    app = Fastify();
    await app.register(multipart, { limits: { fileSize: 30 * 1024 * 1024, files: 1 } });
    let run = 0;
    app.post('/up', async (req) => {
      run++;
      return readScanUpload(req, storage, (n) => `run${run}/src/${n}`, LIMITS);
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = async (files: { name: string; data: Buffer }[]) => {
    const b = body(files);
    const res = await app.inject({ method: 'POST', url: '/up', payload: b.payload, headers: b.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { name: string; key: string | null; reason: string | null; bytes: number }[];
  };

  it('refuses an oversized file and goes on with the next ones', async () => {
    const out = await send([{ name: 'big.jpg', data: jpeg(5000) }, { name: 'ok.jpg', data: jpeg(1000) }, { name: 'x.txt', data: Buffer.from('hello') }]);
    expect(out.map((f) => [f.name, f.key !== null, f.reason])).toEqual([
      ['big.jpg', false, '文件过大：单个文件不能超过 4 KB'], ['ok.jpg', true, null], ['x.txt', false, '不是图片文件（支持 JPG、PNG、TIFF、WebP、PDF 或 zip 压缩包）']]);
    expect(await storage.list('run1/')).toEqual(['run1/src/2']);
    expect((await storage.getBytes('run1/src/2')).equals(jpeg(1000))).toBe(true);
  });

  it('counts the bytes a zip entry inflates to (a bomb), the entries, and nested zips', async () => {
    const inner = new JSZip();
    inner.file('a.jpg', jpeg(100));
    const zip = new JSZip();
    zip.file('bomb.jpg', jpeg(100_000)); // compresses to a few hundred bytes, inflates past the 4 KB limit
    zip.file('good.jpg', jpeg(500));
    zip.file('inner.zip', await inner.generateAsync({ type: 'nodebuffer' }));
    zip.file('more1.jpg', jpeg(100));
    zip.file('__MACOSX/._good.jpg', Buffer.from('x'));
    const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(data.length).toBeLessThan(4096);
    const out = await send([{ name: 's.zip', data }]);
    expect(out.map((f) => [f.name, f.key !== null, f.reason])).toEqual([
      ['s.zip/bomb.jpg', false, '文件过大：单个文件不能超过 4 KB'],
      ['s.zip/good.jpg', true, null],
      ['s.zip/inner.zip', false, '压缩包内不能再含压缩包'],
      ['s.zip/more1.jpg', false, '压缩包内文件过多（最多 3 个），其余文件未上传'],
    ]);
    expect(await storage.list('run2/')).toHaveLength(1);
  });

  it('stops at the batch size and the file count, answering every file', async () => {
    const files = Array.from({ length: 8 }, (_, i) => ({ name: `p${i}.jpg`, data: jpeg(3000) }));
    const out = await send(files);
    // 3 files of 3,000 bytes fit in 10,000; the 4th would pass the batch limit; from the 7th the count limit (6) applies
    expect(out.filter((f) => f.key).map((f) => f.name)).toEqual(['p0.jpg', 'p1.jpg', 'p2.jpg']);
    expect(out.slice(3, 6).map((f) => f.reason)).toEqual(Array(3).fill('本批文件总大小超过 10 KB，此文件未上传'));
    expect(out.slice(6).map((f) => f.reason)).toEqual(Array(2).fill('一次最多上传 6 个文件，此文件未上传'));
    expect(await storage.list('run3/')).toHaveLength(3);
  });
});
