import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSlipData } from '@jz/report-templates';
import { createJob, createJobQueue, registerJobKind, TransientJobError, waitForJob, type JobQueue } from '../../apps/api/src/modules/job/job.service.js';
import { jobTiming, STALE_MSG } from '../../apps/api/src/modules/job/job.repository.js';
import { startRenderJob } from '../../apps/api/src/modules/render/render.jobs.js';
import { createPeerApp, createTestApp, type TestApp } from '../helpers/app.js';
import { dropQueues } from '../helpers/queues.js';
import { dbKinds } from '../helpers/db.js';
import { multipart, workbook } from '../fixtures/small-exam.js';
import { pdfInfo } from '../helpers/pdf.js';

/**
 * The one job layer: render jobs and imports are jobs whose state and progress live in the
 * job table, so a second api instance on the same database answers their polls; a worker process killed with
 * kill -9 mid-render leaves a job that is taken over by the next worker or failed with a Chinese message.
 */

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface JobAnswer { state: string; progress: number; message: string; error: string | null; errorCode: number | null; errorData: any; result: any; kind: string }

async function pollJob(t: TestApp, token: string, id: string, timeoutMs = 60_000): Promise<JobAnswer> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.call<JobAnswer>({ url: `/api/v1/jobs/${id}`, token });
    expect(r.body.code, r.body.msg).toBe(200);
    if (r.body.data.state === 'done' || r.body.data.state === 'failed') return r.body.data;
    if (Date.now() > end) throw new Error(`任务超时：${JSON.stringify(r.body.data)}`);
    await sleep(50);
  }
}

describe.each(dbKinds)('job layer on %s', (kind) => {
  let a: TestApp;
  let b: TestApp;
  let admin: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-job-layer-'));
    // two api instances on one database and one DATA_DIR (docker-compose's two replicas); b runs no jobs itself
    a = await createTestApp(kind, { dataDir, importWaitMs: 0 });
    b = await createPeerApp(a, { dataDir, jobConcurrency: 0, renderConcurrency: 0 });
    admin = await a.tokenFor('admin');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a render job runs on one instance, its state is in the job table, the other instance answers its poll and serves the file', async () => {
    const db = a.database.db;
    const subject = await db.selectFrom('exam_subject as s').innerJoin('exam as e', 'e.id', 's.exam_id').innerJoin('school as sc', 'sc.id', 'e.school_id')
      .select(['s.id', 's.exam_id']).where('sc.name', '=', '示例中学').where('s.course_code', '=', 'SX').orderBy('e.id').executeTakeFirstOrThrow();
    const created = await a.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'card', examId: subject.exam_id, examSubjectId: subject.id } });
    expect(created.body.code, created.body.msg).toBe(200);
    const { jobId } = created.body.data;
    const job = await pollJob(b, admin, jobId);
    expect(job).toMatchObject({ kind: 'render.card', state: 'done', progress: 100, error: null });
    const row = await b.database.db.selectFrom('job').select(['kind', 'state', 'progress', 'worker', 'exam_id', 'attempts']).where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: 'render.card', state: 'done', progress: 100, worker: a.app.ctx.jobs.workerId, exam_id: subject.exam_id, attempts: 1 });
    const state = await b.call<{ state: string; fileName: string }>({ url: `/api/v1/render/jobs/${jobId}`, token: admin });
    expect(state.body.data).toMatchObject({ state: 'completed', fileName: expect.stringMatching(/-答题卡\.pdf$/) });
    const file = await b.app.inject({ url: `/api/v1/render/jobs/${jobId}/file`, headers: { authorization: admin } });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // another school's administrator sees neither the job nor its file
    const admin2 = await a.tokenFor('admin2');
    expect((await b.call({ url: `/api/v1/jobs/${jobId}`, token: admin2 })).body.code).toBe(403);
    expect((await b.call({ url: `/api/v1/render/jobs/${jobId}`, token: admin2 })).body.code).toBe(403);
  });

  it('an import runs as a job: code 202 with its id when it outlasts the wait, progress and result in the job table, refusals as before', async () => {
    const db = a.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    const classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').limit(2).execute()).map((c) => c.id);
    const created = await a.call({
      method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin,
      payload: { name: '任务导入测试', examType: 5, gradeId, startDate: '2026-11-02', endDate: '2026-11-02', classIds, subjects: [{ courseCode: 'YW', fullScore: 150 }, { courseCode: 'YY', fullScore: 150 }] },
    });
    expect(created.body.code, created.body.msg).toBe(200);
    const examId = created.body.data.id as number;
    const list = (await a.call({ url: `/api/v1/exam_student/find_page?examId=${examId}&size=1000`, token: admin })).body.data.records as { id: number; examNo: string }[];

    // IMPORT_WAIT_MS 0 on instance a: the route answers at once with the job id; instance b answers the poll
    const good = await workbook({ 总分成绩: [['考号', '姓名', '班级', '语文', '英语'], [list[0]!.examNo, '', '', 120.5, '缺考']] });
    const res = await a.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/grade_import/import_total', token: admin, ...multipart(good, { examId: String(examId) }) });
    expect(res.body.code, res.body.msg).toBe(202);
    const done = await pollJob(b, admin, res.body.data.jobId);
    // one student row written by hand above: 语文 120.5 stored, 英语 缺考 → one absence; nothing is created or updated otherwise
    expect(done).toMatchObject({ kind: 'import.totalScore', state: 'done', progress: 100, message: '导入完成' });
    const row = await db.selectFrom('job').select(['state', 'progress', 'step', 'message', 'result']).where('id', '=', res.body.data.jobId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'done', progress: 100, step: 3, message: '导入完成' });
    expect(row.result).toEqual(done.result);
    const scores = await db.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id')
      .select(['s.course_code', 'qs.score']).where('qs.exam_student_id', '=', list[0]!.id).where('s.exam_id', '=', examId).execute();
    expect(scores.map((s) => [s.course_code, Number(s.score)])).toEqual([['YW', 120.5]]);

    // a refused workbook: the job fails with the route's own code, message and data
    const bad = await workbook({ 总分成绩: [['考号', '姓名', '班级', '语文', '英语'], [list[0]!.examNo, '', '', 151, 1]] });
    const badRes = await a.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/grade_import/import_total', token: admin, ...multipart(bad, { examId: String(examId) }) });
    expect(badRes.body.code).toBe(202);
    const failed = await pollJob(b, admin, badRes.body.data.jobId);
    expect(failed).toMatchObject({ state: 'failed', errorCode: 400 });
    expect(failed.errorData.errors).toEqual([{ sheet: '总分成绩', row: 2, column: 'D', reason: '语文（填写“151”）：超过满分 150' }]);
    // the stored upload is gone once the job ended
    const uploads = path.join(dataDir, 'files', 'uploads');
    expect((await import('node:fs')).readdirSync(uploads).filter((f) => f.startsWith(res.body.data.jobId) || f.startsWith(badRes.body.data.jobId))).toEqual([]);

    // instance b waits the default 20 s: a small import answers as a synchronous one did
    const again = await createPeerApp(a, { dataDir });
    try {
      const sync = await again.call({ method: 'POST', url: '/api/v1/grade_import/import_total', token: admin, ...multipart(bad, { examId: String(examId) }) });
      expect(sync.body.code).toBe(400);
      expect(sync.body.data.errors).toEqual(failed.errorData.errors);
    } finally {
      await again.close();
    }
  });
});

/** A kind failing twice for a passing reason, then succeeding; and one failing every time. */
const calls = new Map<string, number>();
registerJobKind<{ failures: number }>('test.flaky', async (c) => {
  const n = (calls.get(c.job.id) ?? 0) + 1;
  calls.set(c.job.id, n);
  if (n <= c.params.failures) throw new TransientJobError(`暂时失败 ${n}`);
  return { calls: n };
}, { attempts: 3, backoffMs: 100 });

describe('retries with backoff (in-process)', () => {
  let a: TestApp;
  beforeAll(async () => { a = await createTestApp('pglite'); });
  afterAll(async () => { await a?.close(); });

  it('a transient failure runs again after the backoff, up to the kind\'s attempts; then fails with the last message', async () => {
    const db = a.database.db;
    const started = Date.now();
    const ok = await createJob(db, a.app.ctx.jobs, { kind: 'test.flaky', schoolId: null, params: { failures: 2 } });
    const done = await waitForJob(db, ok, 30_000);
    // attempts 1 and 2 fail, 3 succeeds; waits of 100 ms then 200 ms between them
    expect(done).toMatchObject({ state: 'done', attempts: 3, result: { calls: 3 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    const bad = await createJob(db, a.app.ctx.jobs, { kind: 'test.flaky', schoolId: null, params: { failures: 9 } });
    expect(await waitForJob(db, bad, 30_000)).toMatchObject({ state: 'failed', attempts: 3, error: '暂时失败 3' });
    expect(calls.get(bad)).toBe(3);
  });
});

/** The worker process (`npm run worker`) on PostgreSQL + Redis, killed with kill -9 in the middle of a render job. */
// A worker process starts through tsx and prints with Chromium: on a loaded two-core machine that alone can take
// most of the default 60 s.
describe.runIf(!!process.env.DATABASE_URL && !!process.env.REDIS_URL)('standalone worker killed mid-render (PostgreSQL + Redis)', { timeout: 180_000 }, () => {
  const queueName = `jz-jobs-test-${process.pid}-${Date.now()}`;
  const saved = { ...jobTiming };
  let t: TestApp;
  let dataDir: string;
  const children: ChildProcess[] = [];
  const queues: JobQueue[] = [];

  function startWorker(): Promise<ChildProcess> {
    const url = (t.database as { url?: string }).url!;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/worker.ts')], {
      cwd: root,
      env: {
        ...process.env, DATABASE_URL: url, REDIS_URL: process.env.REDIS_URL, DATA_DIR: dataDir, JOB_QUEUE: queueName,
        RENDER_SLIP_CHUNK: '10', RENDER_PARALLEL: '1', JOB_LOCK_MS: '2000', JOB_STALLED_MS: '1000', JOB_HEARTBEAT_MS: '300',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let log = '';
    child.stdout!.on('data', (d) => { log += d; });
    child.stderr!.on('data', (d) => { log += d; });
    return (async () => {
      for (let i = 0; !log.includes('已启动'); i++) {
        if (i > 1200 || child.exitCode !== null) throw new Error(`工作进程未能启动：${log}`);
        await sleep(50);
      }
      return child;
    })();
  }

  /** A 120-student slips job (10 per printed chunk) and the moment the child has printed some of it. */
  async function startedJob(): Promise<string> {
    const admin = await t.database.db.selectFrom('app_user').select(['id', 'school_id']).where('login_id', '=', 'admin').executeTakeFirstOrThrow();
    const owner = { schoolId: admin.school_id!, userId: admin.id };
    const id = await startRenderJob(t.app.ctx, { type: 'slips', owner, fileName: '成绩条.pdf', zip: false, examId: null, createdBy: admin.id },
      [{ name: '成绩条.pdf', params: demoSlipData(120, 40) }]);
    for (let i = 0; ; i++) {
      const r = await t.database.db.selectFrom('job').select(['state', 'progress']).where('id', '=', id).executeTakeFirstOrThrow();
      if (r.state === 'running' && r.progress > 5) return id;
      if (i > 3000) throw new Error(`工作进程未开始任务：${JSON.stringify(r)}`);
      await sleep(20);
    }
  }

  async function kill(child: ChildProcess) {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-job-worker-'));
    // the api instance only enqueues render jobs (REDIS_URL): the workers print
    t = await createTestApp('postgres', { dataDir, redisUrl: process.env.REDIS_URL, jobQueue: queueName, renderConcurrency: 0 });
    Object.assign(jobTiming, { heartbeatMs: 300, takeoverS: 2, runningStaleS: 4 });
  });
  afterAll(async () => {
    Object.assign(jobTiming, saved);
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const q of queues) await q.close();
    await t?.close();
    await dropQueues(queueName);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('no other worker: the next poll answers failed with a Chinese message, not a job stuck in 生成中', async () => {
    const child = await startWorker();
    const id = await startedJob();
    await kill(child);
    const admin = await t.tokenFor('admin');
    let answer: { state: string; error: string | null } | undefined;
    for (let i = 0; i < 200; i++) {
      answer = (await t.call<{ state: string; error: string | null }>({ url: `/api/v1/render/jobs/${id}`, token: admin })).body.data;
      if (answer.state === 'failed') break;
      expect(answer.state).toBe('active');
      await sleep(100);
    }
    expect(answer).toMatchObject({ state: 'failed', error: STALE_MSG });
  });

  it('a second worker takes the job over and completes it', async () => {
    Object.assign(jobTiming, { runningStaleS: 600 }); // only takeover here
    const child = await startWorker();
    const id = await startedJob();
    await kill(child);
    const before = await t.database.db.selectFrom('job').select(['state', 'attempts']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(before).toEqual({ state: 'running', attempts: 1 }); // still held by the dead worker
    const second = createJobQueue(t.database.db, { redisUrl: process.env.REDIS_URL, queueName, concurrency: 0, browserConcurrency: 1, dataDir, lockDuration: 2000, stalledInterval: 1000 });
    queues.push(second);
    let row;
    for (let i = 0; ; i++) {
      row = await t.database.db.selectFrom('job').select(['state', 'attempts', 'worker', 'error', 'result']).where('id', '=', id).executeTakeFirstOrThrow();
      if (row.state === 'done' || row.state === 'failed') break;
      if (i > 1200) throw new Error(`任务未被接管：${JSON.stringify(row)}`);
      await sleep(100);
    }
    expect(row).toMatchObject({ state: 'done', attempts: 2, worker: second.workerId, error: null, result: { file: `${id}.pdf` } });
    expect(pdfInfo(path.join(dataDir, 'files', 'jobs', `${id}.pdf`)).pages).toBe(120);
  });
});
