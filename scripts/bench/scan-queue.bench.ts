/**
 * Benchmark: 4,000 scanned pages (2,000 students × a 2-page card) uploaded through the real upload
 * route (multipart over HTTP, as the browser sends them, one batch per 考场 of SCAN_BENCH_BATCH students) to an api
 * process on PostgreSQL + Redis, recognised by two `npm run worker` processes (scan-recognize jobs), until every
 * page is recognised and every batch closed. Target ≤ 240 s. A second line is the api's peak resident memory
 * (VmHWM, reset just before the first upload) while it streams the files into storage.
 * Setup (not timed): a scratch database jz_h11_scan_<pid> (dropped after), the api migrates and seeds the demo
 * school; a grade of 40 classes × 50 students is added, an exam with one subject and its 2-page card is made
 * through the api; the card is printed by the render service (Chromium → PDF → 200 dpi raster) and the sheets are
 * drawn by the seeded generator (packages/omr/src/synth) into a cache folder (reused by the next run when the
 * card and 考号 are the same). No page may land on a wrong student (0 wrong); a page the engine doubts goes to a
 * person as an abnormal (its 考号 unsure, or its other page then unmatched), as in the product: at most 0.1 % of the
 * pages may end so, and they are printed by kind.
 * Needs REDIS_URL and DATABASE_URL; without them both lines say ok: false with the reason.
 * Env: SCAN_BENCH_STUDENTS (2000), SCAN_BENCH_BATCH (200 students per upload), SCAN_BENCH_WORKERS (2),
 * SCAN_BENCH_CONCURRENCY (jobs at once per worker, default one per core), SCAN_BENCH_CACHE (cache folder),
 * SCAN_BENCH_PREPARE_ONLY=1 (draw the sheets into the cache and stop).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import '../../apps/render-service/src/production-env.js';
import type { CardLayout } from '@jz/report-templates/card/layout';
import { createPrinter } from '../../apps/render-service/src/printer.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { printBlanks } from '../../tests/helpers/card-blanks.js';
import { cpuSecondsOf, memoryOf, missingQueueEnv, removeQueues, resetPeak, root, scratchDatabase, startWorkers } from './queue-lib.js';
import { printBench, type BenchLine } from './result.js';

const STUDENTS = Number(process.env.SCAN_BENCH_STUDENTS ?? 2000);
const PER_BATCH = Number(process.env.SCAN_BENCH_BATCH ?? 200);
const WORKERS = Number(process.env.SCAN_BENCH_WORKERS ?? 2);
const CONCURRENCY = Number(process.env.SCAN_BENCH_CONCURRENCY ?? os.availableParallelism());
// 240 s for 4,000 pages; a smaller run is held to the same rate
const LIMIT_S = Math.round((240 * STUDENTS) / 2000);
// the api's peak while it streams the batches into storage: idle ≈ 0.27–0.38 GB (modules loaded by the setup's
// card printing included), so 512 MB leaves room for the upload's buffers but not for files kept in memory
const MEMORY_LIMIT_MB = 512;
const DPI = 200;
const GENERATOR = 'v3-libvips'; // bump when the generator's output changes, so the cache is drawn again
const NAME = `scan-queue-${STUDENTS * 2}`;
const MB = 1024 * 1024;

const line = (o: BenchLine) => printBench(o);
function failed(reason: string) {
  line({ name: NAME, value: null, unit: 's', limit: LIMIT_S, ok: false, reason });
  line({ name: `${NAME}-api-peak-rss`, value: null, unit: 'MB', limit: MEMORY_LIMIT_MB, ok: false, reason });
}

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  }).on('error', reject);
});

/** The api as `npm start` runs it (apps/api/src/server.ts) with REDIS_URL: it only enqueues (JOB_CONCURRENCY=0). */
async function startApi(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api 进程已退出（${child.exitCode}）`);
    if (Date.now() - started > 180_000) throw new Error('api 未在 180 秒内启动');
    try { await fetch(`${url}/api/v1/auth/captcha`); return { child, url }; } catch { await new Promise((r) => setTimeout(r, 300)); }
  }
}

async function call<T>(url: string, token: string, route: string, body?: object): Promise<T> {
  const res = await fetch(`${url}/api/v1/${route}`, {
    method: body ? 'POST' : 'GET', headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json() as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${route}: ${json.code} ${json.msg}`);
  return json.data;
}

/** A grade of its own (40 classes × 50 students, 8-digit 学号 = 考号), an exam of one subject and its saved 2-page card. */
async function setUp(database: Database, url: string) {
  const { db } = database;
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const adminUser = await db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  const token = await createSession(db, adminUser.id, 'user', 24 * 3600_000);
  const model = await db.selectFrom('school_grade').selectAll().where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
  const grade = await db.insertInto('school_grade').values({ school_id: school.id, grade_dict_id: null, name: '压测年级', sort: 99 }).returning('id').executeTakeFirstOrThrow();
  await sql`insert into school_grade_course (school_id, grade_id, course_code, course_name)
    select school_id, ${grade.id}, course_code, course_name from school_grade_course where grade_id = ${model.id}`.execute(db);
  const perClass = 50;
  const classCount = Math.ceil(STUDENTS / perClass);
  const classes = await db.insertInto('school_class').values(Array.from({ length: classCount }, (_, k) => ({ school_id: school.id, grade_id: grade.id, name: `${k + 1}班`, sort: k + 1 })))
    .returning('id').execute();
  for (let k = 0; k < classCount; k++) {
    const n = Math.min(perClass, STUDENTS - k * perClass);
    await db.insertInto('student').values(Array.from({ length: n }, (_, s) => ({
      school_id: school.id, class_id: classes[k]!.id, user_id: null, name: `压测${k + 1}班${s + 1}号`, admission_no: `9${String(k + 1).padStart(3, '0')}${String(s + 1).padStart(4, '0')}`, created_at: new Date(),
    }))).execute();
  }
  const questions = [
    ...Array.from({ length: 15 }, (_, i) => ({ no: String(i + 1), type: 'single', fullScore: 3, step: 1, answer: 'ABCD'[i % 4] })),
    ...Array.from({ length: 5 }, (_, i) => ({ no: String(16 + i), type: 'multiple', fullScore: 3, step: 0.5, answer: 'AC' })),
    ...Array.from({ length: 4 }, (_, i) => ({ no: String(21 + i), type: 'subjective', fullScore: 10, step: 1 })),
  ];
  await call(url, token, 'exam_manage/add_multipart_exam', {
    name: '扫描压测考试', examType: 4, gradeId: grade.id, startDate: '2026-11-20', endDate: '2026-11-21',
    subjects: [{ courseCode: 'SX', fullScore: 100, examDate: '2026-11-20' }], classIds: classes.map((c) => c.id),
  });
  const exam = await db.selectFrom('exam').select('id').where('name', '=', '扫描压测考试').where('school_id', '=', school.id).executeTakeFirstOrThrow();
  const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
  await call(url, token, 'question_template/save', { examSubjectId: subject.id, questions });
  const card = await call<{ layout: CardLayout }>(url, token, 'card/save', { examSubjectId: subject.id, settings: {} });
  if (card.layout.pages.length !== 2) throw new Error(`答题卡应为 2 页，实际 ${card.layout.pages.length} 页`);
  const students = await db.selectFrom('exam_student').select(['id', 'exam_no']).where('exam_id', '=', exam.id).orderBy('exam_no').execute();
  if (students.length !== STUDENTS) throw new Error(`考生 ${students.length} 名，应为 ${STUDENTS} 名`);
  return { token, subjectId: subject.id, layout: card.layout, students };
}

/**
 * The sheets in the cache folder, one folder per card (student i's sheets depend only on the card, i and the
 * 考号, which the setup makes the same on every run): drawn where missing, by generator threads, one per core.
 */
async function drawSheets(layout: CardLayout, students: { index: number; examNo: string; files: string[] }[]): Promise<{ dir: string; drawnS: number }> {
  const key = createHash('sha1').update(JSON.stringify({ GENERATOR, DPI, layout })).digest('hex').slice(0, 16);
  const dir = path.join(process.env.SCAN_BENCH_CACHE ?? path.join(os.tmpdir(), 'jz-scan-queue-cache'), key);
  const missing = students.filter((s) => s.files.some((f) => !existsSync(path.join(dir, f))));
  if (!missing.length) return { dir, drawnS: 0 };
  const t0 = performance.now();
  const blanksDir = path.join(dir, 'blanks');
  if (!existsSync(path.join(blanksDir, 'index.json'))) {
    mkdirSync(blanksDir, { recursive: true });
    const printer = createPrinter();
    try { await printBlanks(printer, { bench: layout }, [DPI], blanksDir); } finally { await printer.close(); }
  }
  const threads = os.availableParallelism();
  await Promise.all(Array.from({ length: threads }, (_, t) => new Promise<void>((resolve, reject) => {
    // the TypeScript loader's entry of the synthetic set's threads, pointed at this benchmark's generator
    const w = new Worker(new URL('./omr-synthetic.worker.mjs', import.meta.url), {
      workerData: { entry: new URL('./scan-queue.worker.ts', import.meta.url).href, layout, blanksDir, cacheDir: dir, dpi: DPI, students: missing.filter((_, i) => i % threads === t) },
    });
    w.on('error', reject);
    w.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`生成线程退出（${code}）`))));
  })));
  return { dir, drawnS: (performance.now() - t0) / 1000 };
}

/** One batch: the files as the browser sends them (multipart, field `files`, streamed from disk). */
async function upload(url: string, token: string, subjectId: number, dir: string, files: string[]): Promise<{ batchId: number; rejected: number }> {
  const form = new FormData();
  for (const f of files) form.append('files', await openAsBlob(path.join(dir, f), { type: 'image/jpeg' }), f);
  const res = await fetch(`${url}/api/v1/scanned_batch/upload?examSubjectId=${subjectId}`, { method: 'POST', body: form, headers: { authorization: token } });
  const json = await res.json() as { code: number; msg: string; data: { batch: { id: number }; rejectedFiles: unknown[] } };
  if (json.code !== 200) throw new Error(`上传失败：${json.code} ${json.msg}`);
  return { batchId: json.data.batch.id, rejected: json.data.rejectedFiles.length };
}

async function main() {
  const missing = missingQueueEnv();
  if (missing) return failed(missing);
  const scratch = await scratchDatabase(`jz_h11_scan_${process.pid}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-scan-queue-data-'));
  const queueName = `jz-scan-bench-${process.pid}`;
  const procs: ChildProcess[] = [];
  let database: Database | undefined;
  try {
    const env = { DATABASE_URL: scratch.url, REDIS_URL: process.env.REDIS_URL, JOB_QUEUE: queueName, DATA_DIR: dataDir };
    const api = await startApi({ ...env, JOB_CONCURRENCY: '0', RENDER_CONCURRENCY: '0', SEED_DEMO: '1', WEB_DIST: path.join(dataDir, 'no-web') });
    procs.push(api.child);
    database = await openDatabase({ databaseUrl: scratch.url });
    const { token, subjectId, layout, students } = await setUp(database, api.url);
    const sheets = students.map((s, index) => ({ index, examNo: s.exam_no, id: s.id, files: [1, 2].map((p) => `s${String(index).padStart(5, '0')}-${p}.jpg`) }));
    const { dir, drawnS } = await drawSheets(layout, sheets.map(({ index, examNo, files }) => ({ index, examNo, files })));
    process.stderr.write(`sheets in ${dir}${drawnS ? ` (drawn in ${drawnS.toFixed(0)} s)` : ' (cached)'}\n`);
    if (process.env.SCAN_BENCH_PREPARE_ONLY === '1') return; // draws the cache only (no result line)
    const workers = startWorkers(WORKERS, { ...env, queueName, dataDir, databaseUrl: scratch.url, env: { JOB_CONCURRENCY: String(CONCURRENCY), RENDER_CONCURRENCY: '1' }, stdio: 'inherit' });
    procs.push(...workers);
    await new Promise((r) => setTimeout(r, 5000)); // the workers connect and load their modules before the clock starts

    const uploadedBytes = sheets.reduce((a, s) => a + s.files.reduce((b, f) => b + statSync(path.join(dir, f)).size, 0), 0);
    const pid = api.child.pid!;
    const cpuBefore = [pid, ...workers.map((w) => w.pid!)].map(cpuSecondsOf);
    const idle = memoryOf(pid).rss;
    resetPeak(pid);
    let sampledPeak = 0;
    const sampler = setInterval(() => { sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss); }, 200);
    const started = performance.now();
    const batchIds: number[] = [];
    const rssAfterBatch: number[] = [];
    let rejected = 0;
    for (let i = 0; i < sheets.length; i += PER_BATCH) {
      const r = await upload(api.url, token, subjectId, dir, sheets.slice(i, i + PER_BATCH).flatMap((s) => s.files));
      batchIds.push(r.batchId);
      rejected += r.rejected;
      rssAfterBatch.push(Math.round(memoryOf(pid).rss / MB));
    }
    const uploadS = (performance.now() - started) / 1000;
    const uploadPeak = memoryOf(pid).hwm;
    for (;;) {
      const open = await database.db.selectFrom('scan_batch').select(({ fn }) => fn.countAll<number>().as('n')).where('id', 'in', batchIds).where('status', '!=', 'done').executeTakeFirstOrThrow();
      if (Number(open.n) === 0) break;
      if (workers.some((w) => w.exitCode !== null)) throw new Error('工作进程意外退出');
      if ((performance.now() - started) / 1000 > 10 * LIMIT_S) throw new Error(`超过 ${10 * LIMIT_S} 秒仍未识别完`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = [pid, ...workers.map((w) => w.pid!)].map((p, i) => cpuSecondsOf(p) - cpuBefore[i]!);
    clearInterval(sampler);
    const peak = memoryOf(pid).hwm;

    // where every page landed
    const expected = new Map(sheets.flatMap((s) => s.files.map((f, p) => [f, { student: s.id, page: p + 1 }] as const)));
    const pages = await database.db.selectFrom('scan_page').select(['file_name', 'exam_student_id', 'page_no', 'status', 'abnormal_kind', 'intrinsic_kind'])
      .where('exam_subject_id', '=', subjectId).execute();
    let right = 0;
    let wrong = 0;
    let unassigned = 0;
    const abnormal: Record<string, number> = {};
    for (const p of pages) {
      const e = expected.get(p.file_name);
      if (p.status === 'abnormal') abnormal[p.abnormal_kind ?? p.intrinsic_kind ?? '?'] = (abnormal[p.abnormal_kind ?? p.intrinsic_kind ?? '?'] ?? 0) + 1;
      if (!e || p.exam_student_id === null) unassigned++;
      else if (p.exam_student_id === e.student && p.page_no === e.page) right++;
      else wrong++;
    }
    const total = sheets.length * 2;
    // flagged (unassigned, abnormal) pages are doubts handed to a person, never a silent error: allowed up to 0.1 %
    const correct = right + unassigned === total && unassigned <= total * 0.001 && pages.length === total && wrong === 0 && rejected === 0;
    const value = Math.round(seconds * 10) / 10;
    line({
      name: NAME, value, unit: 's', limit: LIMIT_S, ok: correct && seconds <= LIMIT_S, pages: pages.length, right, wrong, unassigned, abnormal,
      sheets_per_s: Math.round((total / seconds) * 10) / 10, upload_s: Math.round(uploadS * 10) / 10, workers: WORKERS, concurrency: CONCURRENCY,
      batches: batchIds.length, cpu_s: { api: +cpu[0]!.toFixed(1), workers: cpu.slice(1).map((c) => +c.toFixed(1)) },
      load1: os.loadavg()[0], cores: os.availableParallelism(), cpu: os.cpus()[0]?.model,
    });
    const peakMb = Math.round((peak / MB) * 10) / 10;
    line({
      name: `${NAME}-api-peak-rss`, value: peakMb, unit: 'MB', limit: MEMORY_LIMIT_MB, ok: peakMb <= MEMORY_LIMIT_MB,
      idle_mb: Math.round(idle / MB), growth_mb: Math.round((peak - idle) / MB), upload_peak_mb: Math.round(uploadPeak / MB), rss_after_each_batch_mb: rssAfterBatch, sampled_peak_mb: Math.round(sampledPeak / MB), uploaded_mb: Math.round(uploadedBytes / MB),
    });
  } finally {
    for (const p of procs) if (p.exitCode === null) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)));
    await database?.close();
    await removeQueues(queueName).catch(() => undefined);
    await scratch.drop().catch((e) => process.stderr.write(`${String(e)}\n`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  failed(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
