/**
 * Reads the files of a scan upload (multipart, any number of parts) straight into storage, one at a time: the
 * api never holds a whole file. Each file is sniffed by its first bytes (JPEG, PNG, TIFF, WebP, PDF, zip); a zip is
 * spooled to a temporary file and its entries streamed out with yauzl, counted and size-checked by the bytes
 * actually inflated (declared sizes are not trusted). A file that is too large, not an image or unreadable is
 * answered as a rejected file (it becomes a 文件无法读取 abnormal page) and the upload goes on.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import yauzl from 'yauzl';
import { SCAN_LIMITS } from '@jz/shared/api/scan';
import { BizError } from '../../core/http.js';
import { NUL_MESSAGE } from '../../core/input-guard.js';
import { StorageLimitError, type Storage } from '../../core/storage.js';

export type FileKind = 'jpeg' | 'png' | 'tiff' | 'webp' | 'pdf' | 'zip';

/** One uploaded file (or zip entry): stored at key, or rejected with a Chinese reason. */
export interface UploadedFile { name: string; key: string | null; kind: FileKind | null; bytes: number; reason: string | null }

export interface ScanLimits { fileBytes: number; batchBytes: number; files: number; zipEntries: number; zipEntryBytes: number; zipInflatedBytes: number }

const MB = 1024 * 1024;
const mb = (n: number) => (n >= MB ? `${Math.round(n / MB)} MB` : `${Math.ceil(n / 1024)} KB`);

/** The file's kind from its first bytes; null = not a supported file. */
export function sniff(head: Buffer): FileKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 4 && (head.subarray(0, 4).equals(Buffer.from('II*\0', 'latin1')) || head.subarray(0, 4).equals(Buffer.from('MM\0*', 'latin1')))) return 'tiff';
  // RIFF container whose form is WEBP (a phone or web picture, often named .jpg)
  if (head.length >= 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  return null;
}

const NOT_IMAGE = '不是图片文件（支持 JPG、PNG、TIFF、WebP、PDF 或 zip 压缩包）';

/** Answers the stream's first bytes and a stream of all its bytes. */
async function peek(stream: Readable, want = 16): Promise<{ head: Buffer; all: Readable }> {
  const it = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < want) {
    const n = await it.next();
    if (n.done) { done = true; break; }
    first.push(n.value);
    size += n.value.length;
  }
  const head = Buffer.concat(first);
  const all = Readable.from((async function* () {
    if (head.length) yield head;
    if (done) return;
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  })());
  return { head, all };
}

/** The school's room for stored upload files (its budget less what it keeps), and the budget for the message. */
export interface DiskRoom { room: number; quota: number }

class Budget {
  bytes = 0;
  files = 0;
  /** Bytes inflated out of this upload's zips. */
  inflated = 0;
  constructor(readonly limits: ScanLimits, readonly disk: DiskRoom) {}
}

/** Stores one stream (a part or a zip entry) under keyOf(n); answers what became of it. */
async function storeOne(storage: Storage, budget: Budget, keyOf: (n: number) => string, name: string, stream: Readable, maxBytes: number,
  truncated: () => boolean, tmpDir: string, inZip: boolean): Promise<UploadedFile[]> {
  const drain = async () => { for await (const _ of stream) { /* discard */ } };
  if (budget.files >= budget.limits.files) {
    await drain();
    return [{ name, key: null, kind: null, bytes: 0, reason: `一次最多上传 ${budget.limits.files} 个文件，此文件未上传` }];
  }
  budget.files++;
  const { head, all } = await peek(stream);
  const kind = sniff(head);
  if (!kind) {
    for await (const _ of all) { /* discard */ }
    return [{ name, key: null, kind: null, bytes: 0, reason: head.length ? NOT_IMAGE : '文件为空' }];
  }
  // the tightest of: the file's own limit, the upload's, the zips' inflated total, the school's disk
  const limits: [number, string][] = [
    [maxBytes, `文件过大：单个文件不能超过 ${mb(maxBytes)}`],
    [budget.limits.batchBytes - budget.bytes, `本批文件总大小超过 ${mb(budget.limits.batchBytes)}，此文件未上传`],
    [budget.disk.room - budget.bytes, `本校答题卡文件存储空间已满（上限 ${mb(budget.disk.quota)}），此文件未上传：请删除不需要的批次或联系管理员`],
    ...(inZip ? [[budget.limits.zipInflatedBytes - budget.inflated, `压缩包解压后的总大小超过 ${mb(budget.limits.zipInflatedBytes)}，此文件未上传`] as [number, string]] : []),
  ];
  const [limit, why] = limits.reduce((a, b) => (b[0] < a[0] ? b : a));
  const room = Math.max(0, limit);
  const tooLarge = () => why;
  if (kind === 'zip') {
    if (inZip) {
      for await (const _ of all) { /* discard */ }
      return [{ name, key: null, kind: null, bytes: 0, reason: '压缩包内不能再含压缩包' }];
    }
    const tmp = path.join(tmpDir, `jz-scan-${randomUUID()}.zip`);
    try {
      let bytes = 0;
      let over = false;
      const counter = new Transform({ transform(c: Buffer, _e, cb) { bytes += c.length; if (bytes > room) { over = true; cb(null); } else cb(null, c); } });
      await pipeline(all, counter, createWriteStream(tmp));
      if (over || truncated()) return [{ name, key: null, kind: null, bytes: 0, reason: tooLarge() }];
      return await readZip(storage, budget, keyOf, name, tmp, tmpDir);
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }
  const key = keyOf(budget.files);
  try {
    // a request's part is read through (the next part follows it); a zip entry is simply abandoned
    const bytes = await storage.put(key, all, { maxBytes: room, drain: !inZip });
    if (truncated()) {
      await storage.delete(key);
      return [{ name, key: null, kind: null, bytes: 0, reason: tooLarge() }];
    }
    budget.bytes += bytes;
    if (inZip) budget.inflated += bytes;
    return [{ name, key, kind, bytes, reason: null }];
  } catch (e) {
    if (!(e instanceof StorageLimitError)) throw e;
    return [{ name, key: null, kind: null, bytes: 0, reason: tooLarge() }];
  }
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => yauzl.open(file, { lazyEntries: true, autoClose: true, strictFileNames: false, decodeStrings: true },
    (err, zip) => (err || !zip ? reject(err ?? new Error('zip')) : resolve(zip))));
}

/** Every file entry of the zip through storeOne (directories, __MACOSX and dot files skipped). */
async function readZip(storage: Storage, budget: Budget, keyOf: (n: number) => string, zipName: string, file: string, tmpDir: string): Promise<UploadedFile[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch {
    return [{ name: zipName, key: null, kind: null, bytes: 0, reason: '压缩包已损坏，无法读取' }];
  }
  const out: UploadedFile[] = [];
  let entries = 0;
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(null));
        zip.once('error', reject);
        zip.readEntry();
      });
      zip.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
      if (!entry) break;
      const entryName = entry.fileName;
      const base = entryName.split('/').pop() ?? '';
      if (entryName.endsWith('/') || entryName.startsWith('__MACOSX/') || base.startsWith('.')) continue;
      if (++entries > budget.limits.zipEntries) {
        out.push({ name: `${zipName}/${entryName}`, key: null, kind: null, bytes: 0, reason: `压缩包内文件过多（最多 ${budget.limits.zipEntries} 个），其余文件未上传` });
        break;
      }
      const name = `${zipName}/${entryName}`.slice(0, 300);
      if (entryName.includes('\u0000')) { out.push({ name: zipName, key: null, kind: null, bytes: 0, reason: NUL_MESSAGE }); continue; }
      let stream: Readable;
      try {
        stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err || !s ? reject(err) : resolve(s))));
      } catch {
        out.push({ name, key: null, kind: null, bytes: 0, reason: '压缩包内的文件已损坏，无法读取' });
        continue;
      }
      try {
        out.push(...await storeOne(storage, budget, keyOf, name, stream, budget.limits.zipEntryBytes, () => false, tmpDir, true));
      } catch (e) {
        if (e instanceof BizError) throw e;
        out.push({ name, key: null, kind: null, bytes: 0, reason: '压缩包内的文件已损坏，无法读取' });
      }
    }
  } catch {
    out.push({ name: zipName, key: null, kind: null, bytes: 0, reason: '压缩包已损坏，部分文件无法读取' });
  } finally {
    zip.close();
  }
  return out;
}

/**
 * Reads every file part of the request into storage (keyOf(n) for the n-th stored file). Form fields are
 * ignored (the batch's settings come in the query string). No file at all is refused (400).
 */
export async function readScanUpload(req: FastifyRequest, storage: Storage, keyOf: (n: number) => string, limits: ScanLimits = SCAN_LIMITS,
  disk: DiskRoom = { room: SCAN_LIMITS.schoolDiskBytes, quota: SCAN_LIMITS.schoolDiskBytes }): Promise<UploadedFile[]> {
  if (!req.isMultipart()) throw new BizError('请以 multipart/form-data 上传答题卡图片');
  const budget = new Budget(limits, disk);
  const out: UploadedFile[] = [];
  const tmpDir = os.tmpdir();
  // throwFileSizeLimit false: an oversized file is cut off (truncated) instead of failing the whole request
  const options = { throwFileSizeLimit: false, limits: { fileSize: limits.fileBytes, files: limits.files + 100, fields: 20, fieldSize: 1024, parts: limits.files + 120 } };
  const parts = req.parts(options as Parameters<typeof req.parts>[0]);
  for await (const part of parts) {
    if (part.type !== 'file') continue;
    if (part.filename?.includes('\u0000')) throw new BizError(NUL_MESSAGE);
    const name = (part.filename || part.fieldname || '未命名文件').slice(0, 300);
    out.push(...await storeOne(storage, budget, keyOf, name, part.file, limits.fileBytes, () => part.file.truncated, tmpDir, false));
  }
  if (!out.length) throw new BizError('请选择要上传的答题卡图片');
  return out;
}
