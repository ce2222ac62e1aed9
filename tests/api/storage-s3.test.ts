import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageLimitError, StorageNotFound, type S3StorageConfig } from '../../apps/api/src/core/storage.js';
import { ensureBucket, s3Storage } from '../../apps/api/src/core/storage-s3.js';
import { sweepJobFiles } from '../../apps/api/src/modules/render/render.jobs.js';
import { createTestApp, testS3, type TestApp } from '../helpers/app.js';
import { dropQueues } from '../helpers/queues.js';

/**
 * Files on an S3-compatible object store (STORAGE=s3; docs/DECISIONS.md "Storage: S3-compatible object store"),
 * against s3rver, a local server that speaks the S3 protocol (REST, XML, multipart uploads), started here:
 * 1. the store itself: whole or absent writes, streams both ways, size limits, stat, list, the sweep;
 * 2. the api suites of scanning, 标答 files and rendering, run again with every file on S3 (each test app on its
 *    own bucket: tests/helpers/app.ts testS3);
 * 3. with PostgreSQL and Redis: a separate worker process with another DATA_DIR prints a job and runs an import
 *    whose files the api wrote to the bucket, and the api hands out what the worker stored.
 */
const s3Dir = mkdtempSync(path.join(os.tmpdir(), 'edges-s3rver-'));
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
const { port } = await server.run();
const env = { STORAGE: 's3', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: '1' };
const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
Object.assign(process.env, env);
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
  await server.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const read = async (s: Readable) => { const c: Buffer[] = []; for await (const x of s) c.push(x as Buffer); return Buffer.concat(c); };

describe('S3 store against a local S3 server', () => {
  let config: S3StorageConfig;
  beforeAll(async () => { config = testS3()!; await ensureBucket(config); });

  it('puts bytes and streams, reads them back whole and as a stream, stats, lists and deletes', async () => {
    const store = s3Storage(config);
    expect(await store.put('scans/1/2/a.jpg', Buffer.from('abc'))).toBe(3);
    // 12 MB in two chunks: a multipart upload of 8 MB parts
    const big = Buffer.alloc(12 * 1024 * 1024, 0x5a);
    big.write('end', big.length - 3);
    expect(await store.put('scans/1/2/big.pdf', Readable.from([big.subarray(0, 5e6), big.subarray(5e6)]))).toBe(big.length);
    expect((await read(await store.getStream('scans/1/2/big.pdf'))).equals(big)).toBe(true);
    expect((await store.getBytes('scans/1/2/a.jpg')).toString()).toBe('abc');
    expect(await store.stat('scans/1/2/a.jpg')).toMatchObject({ size: 3 });
    expect(await store.stat('scans/1/2/none.jpg')).toBeNull();
    expect(await store.list('scans/1/2/')).toEqual(['scans/1/2/a.jpg', 'scans/1/2/big.pdf']);
    expect(await store.list('scans/1/3/')).toEqual([]);
    await store.delete('scans/1/2/a.jpg');
    await store.delete('scans/1/2/a.jpg'); // a missing key is no error
    await expect(store.getBytes('scans/1/2/a.jpg')).rejects.toBeInstanceOf(StorageNotFound);
    await expect(store.getStream('scans/1/2/a.jpg')).rejects.toBeInstanceOf(StorageNotFound);
    await expect(store.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('非法的存储键');
  });

  it('a stream over its limit leaves nothing: at once, or after draining the source', async () => {
    const store = s3Storage(config);
    const chunks = () => Readable.from(Array.from({ length: 5 }, () => Buffer.alloc(1000, 1)));
    await expect(store.put('up/over.bin', chunks(), { maxBytes: 2500 })).rejects.toBeInstanceOf(StorageLimitError);
    await expect(store.put('up/drained.bin', chunks(), { maxBytes: 2500, drain: true })).rejects.toBeInstanceOf(StorageLimitError);
    await expect(store.put('up/bytes.bin', Buffer.alloc(3000), { maxBytes: 2500 })).rejects.toBeInstanceOf(StorageLimitError);
    // a source that fails half-way: no object
    const broken = new Readable({ read() { this.push(Buffer.alloc(100)); this.destroy(new Error('连接中断')); } });
    await expect(store.put('up/broken.bin', broken)).rejects.toThrow('连接中断');
    expect(await store.list('up/')).toEqual([]);
  });

  it('the render-file sweep deletes what is older than the retention on S3', async () => {
    const store = s3Storage(config);
    await store.put('jobs/old.pdf', Buffer.from('%PDF-old'));
    await store.put('jobs/old.in.json', Buffer.from('[]'));
    await store.put('scans/keep.jpg', Buffer.from('x'));
    // objects are a moment old; a retention of 0 ms makes them all due, a day keeps them
    await sleep(1100);
    const work = mkdtempSync(path.join(os.tmpdir(), 'edges-sweep-'));
    try {
      expect(await sweepJobFiles(store, work, 24 * 3600_000)).toBe(0);
      expect(await sweepJobFiles(store, work, 0)).toBe(2);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    expect(await store.list('jobs/')).toEqual([]);
    expect(await store.list('scans/')).toContain('scans/keep.jpg'); // only the jobs' files
  });

  it('a bucket that is not there is made at start; a store that does not answer stops the start with its address', async () => {
    const fresh = { ...config, bucket: `${config.bucket}-new` };
    await ensureBucket(fresh);
    await s3Storage(fresh).put('a/b', Buffer.from('1'));
    expect(await s3Storage(fresh).list('a/')).toEqual(['a/b']);
    await expect(ensureBucket({ ...config, endpoint: 'http://127.0.0.1:9' })).rejects.toThrow('对象存储不可用（http://127.0.0.1:9，存储桶');
  });
});

// The api suites of scanning, 标答 files and rendering, with every file on S3 (their own describe blocks, on PGlite
// and PostgreSQL as they run by themselves).
await import('./scan.test.js');
await import('./marking-answer-files.test.js');
await import('./render.test.js');

const root = path.resolve(import.meta.dirname, '../..');

/** The worker process (`npm run worker`) with its own DATA_DIR: every file it reads or writes goes through the bucket. */
describe.runIf(!!process.env.DATABASE_URL && !!process.env.REDIS_URL)('a separate worker reads and writes the api\'s files on S3', () => {
  const queueName = `jz-jobs-s3-${process.pid}-${Date.now()}`;
  let t: TestApp;
  let apiDir: string;
  let workerDir: string;
  let worker: ChildProcess;
  let log = '';

  beforeAll(async () => {
    apiDir = mkdtempSync(path.join(os.tmpdir(), 's3-api-'));
    workerDir = mkdtempSync(path.join(os.tmpdir(), 's3-worker-'));
    // the api only enqueues (REDIS_URL, no job runs here): the worker runs both lanes
    t = await createTestApp('postgres', { dataDir: apiDir, redisUrl: process.env.REDIS_URL, jobQueue: queueName, jobConcurrency: 0, renderConcurrency: 0, importWaitMs: 0 });
    const s3 = t.s3!;
    worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/worker.ts')], {
      cwd: root,
      env: {
        ...process.env, DATABASE_URL: (t.database as { url?: string }).url, DATA_DIR: workerDir, JOB_QUEUE: queueName, RENDER_PARALLEL: '1',
        STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_BUCKET: s3.bucket, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, S3_FORCE_PATH_STYLE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => { log += d; });
    worker.stderr!.on('data', (d) => { log += d; });
    for (let i = 0; !log.includes('已启动'); i++) {
      if (i > 1200 || worker.exitCode !== null) throw new Error(`工作进程未能启动：${log}`);
      await sleep(50);
    }
    expect(log).toContain(`storage=s3://${s3.bucket}`);
  }, 120_000);
  afterAll(async () => {
    if (worker && worker.exitCode === null) { worker.kill('SIGTERM'); await new Promise((r) => worker.once('exit', r)); }
    await t?.close();
    await dropQueues(queueName);
    rmSync(apiDir, { recursive: true, force: true });
    rmSync(workerDir, { recursive: true, force: true });
  });

  const poll = async (url: string, token: string, done: (d: any) => boolean) => {
    for (let i = 0; ; i++) {
      const r = await t.call({ url, token });
      if (done(r.body.data) || r.body.code !== 200) return r.body;
      if (i > 1800) throw new Error(`超时：${JSON.stringify(r.body)}；工作进程：${log}`);
      await sleep(100);
    }
  };

  it('prints a card the api asked for: the worker reads the input from the bucket and stores the PDF there; the api hands it out', async () => {
    const admin = await t.tokenFor('admin');
    const db = t.database.db;
    const exam = await db.selectFrom('exam as e').innerJoin('school as s', 's.id', 'e.school_id').select('e.id').where('s.name', '=', '示例中学').orderBy('e.id').executeTakeFirstOrThrow();
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).where('course_code', '=', 'SX').executeTakeFirstOrThrow();
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'card', examId: exam.id, examSubjectId: subject.id } });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.jobId;
    expect(await t.storage.list(`jobs/${id}`)).toEqual([`jobs/${id}.in.json`]); // the api wrote the input to the bucket
    const state = await poll(`/api/v1/render/jobs/${id}`, admin, (d) => d.state === 'completed' || d.state === 'failed');
    expect(state.data, JSON.stringify(state)).toMatchObject({ state: 'completed' });
    expect(await t.storage.list(`jobs/${id}`)).toEqual([`jobs/${id}.pdf`]); // the worker stored the result, and removed the input
    const file = await t.app.inject({ url: `/api/v1/render/jobs/${id}/file`, headers: { authorization: admin } });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.equals(await t.storage.getBytes(`jobs/${id}.pdf`))).toBe(true);
  }, 240_000);

  it('imports a workbook the api stored: the worker reads the upload from the bucket, and it is gone after', async () => {
    const admin = await t.tokenFor('admin');
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    const cls = await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').executeTakeFirstOrThrow();
    const created = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
      name: 'S3 导入测试', examType: 5, gradeId, startDate: '2026-11-02', endDate: '2026-11-02', classIds: [cls.id], subjects: [{ courseCode: 'YW', fullScore: 150 }] } });
    expect(created.body.code, created.body.msg).toBe(200);
    const examId = created.body.data.id as number;
    const student = (await t.call({ url: `/api/v1/exam_student/find_page?examId=${examId}&size=1`, token: admin })).body.data.records[0] as { id: number; examNo: string };
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('总分成绩');
    ws.addRow(['考号', '姓名', '班级', '语文']);
    ws.addRow([student.examNo, '', '', 118.5]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----jzS3Boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="examId"\r\n\r\n${examId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      xlsx, Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/grade_import/import_total', token: admin, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.body.code, res.body.msg).toBe(202);
    const id = res.body.data.jobId;
    const done = await poll(`/api/v1/jobs/${id}`, admin, (d) => d.state === 'done' || d.state === 'failed');
    expect(done.data, JSON.stringify(done)).toMatchObject({ state: 'done', kind: 'import.totalScore' });
    const scores = await db.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id')
      .select('qs.score').where('qs.exam_student_id', '=', student.id).where('s.exam_id', '=', examId).execute();
    expect(scores.map((s) => Number(s.score))).toEqual([118.5]);
    expect(await t.storage.list('uploads/')).toEqual([]);
  }, 240_000);
});
