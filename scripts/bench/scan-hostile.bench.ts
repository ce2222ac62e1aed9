/**
 * Benchmark: hostile scan files against one api process (`npm start`'s server.ts, in-process job queue) on
 * PostgreSQL, in a scratch database of its own (jz_scan_hostile_<pid>, dropped after). An administrator uploads a
 * 117 KB PDF of 1,000 blank A4 pages and a TIFF of 30 pages of 10,000 × 10,000 pixels (tests/helpers/hostile-files.ts);
 * until both batches are recognised, another user (teacher1, a marker) asks `marking/tasks` every 50 ms and the
 * api's resident size is sampled every 200 ms from /proc. Figures: `scan-hostile-other-p99` (the marker's p99, limit
 * 200 ms; p50, max, count beside) and `scan-hostile-rss-growth` (peak resident size less the size before the
 * uploads, limit 300 MB). Needs DATABASE_URL; without it, or when the run fails, both lines say ok: false.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';
import { blankPdf, tiffBomb } from '../../tests/helpers/hostile-files.js';
import { multipart } from '../../tests/helpers/scan-sheets.js';
import { freePort, line, machine, round1 } from './marking-lib.js';
import { memoryOf, root, scratchDatabase } from './queue-lib.js';

const P99_LIMIT = 200;
const RSS_LIMIT = 300;
const failed = (reason: string) => {
  line({ name: 'scan-hostile-other-p99', value: null, unit: 'ms', limit: P99_LIMIT, ok: false, reason });
  line({ name: 'scan-hostile-rss-growth', value: null, unit: 'MB', limit: RSS_LIMIT, ok: false, reason });
};

async function startServer(databaseUrl: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const { REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, ['--max-old-space-size=1536', '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root, stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', SEED_DEMO: '0', WEB_DIST: '/nonexistent', DATA_DIR: path.join(os.tmpdir(), `jz-scan-hostile-${process.pid}`) },
  });
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`api 进程已退出（${child.exitCode}）`);
    if (Date.now() - started > 180_000) throw new Error('api 未在 180 秒内启动');
    try { await fetch(`${url}/api/v1/auth/publicKey`); return { child, url }; } catch { /* not listening yet */ }
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

async function upload(url: string, token: string, subjectId: number, name: string, data: Buffer): Promise<number> {
  const body = multipart([{ name, data }]);
  const res = await fetch(`${url}/api/v1/scanned_batch/upload?examSubjectId=${subjectId}`, { method: 'POST', headers: { ...body.headers, authorization: token }, body: new Uint8Array(body.payload) });
  const json = await res.json() as { code: number; msg: string; data: { batch: { id: number } } };
  if (json.code !== 200) throw new Error(`upload: ${json.msg}`);
  return json.data.batch.id;
}

async function main() {
  if (!process.env.DATABASE_URL) return failed('未设置 DATABASE_URL，无法运行（需要 PostgreSQL）');
  const scratch = await scratchDatabase(`jz_scan_hostile_${process.pid}`);
  const database = await openDatabase({ databaseUrl: scratch.url });
  let api: { child: ChildProcess; url: string } | undefined;
  try {
    await migrateToLatest(database.db);
    await seedDemoIfEmpty(database.db, { exams: false });
    const { db } = database;
    const tokenOf = async (login: string) => createSession(db, (await db.selectFrom('app_user').select('id').where('login_id', '=', login).executeTakeFirstOrThrow()).id, 'user', 3600_000);
    const admin = await tokenOf('admin');
    const marker = await tokenOf('teacher1');
    api = await startServer(scratch.url);
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
    const classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).orderBy('sort').limit(1).execute()).map((c) => c.id);
    const exam = await call<{ id: number }>(api.url, admin, 'exam_manage/add_multipart_exam', {
      name: '扫描防护压测', examType: 4, gradeId: grade.id, startDate: '2026-11-20', endDate: '2026-11-21', classIds, subjects: [{ courseCode: 'SX', fullScore: 100 }] });
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
    await call(api.url, admin, 'question_template/save', { examSubjectId: subject.id, questions: [{ no: '1', type: 'single', fullScore: 100, step: 1, answer: 'A' }] });
    await call(api.url, admin, 'card/save', { examSubjectId: subject.id, settings: {} });
    // warm: the marker's route and one scan page (the page thread and the engine loaded), then the size before
    await call(api.url, marker, 'marking/tasks');
    const warm = await upload(api.url, admin, subject.id, 'warm.pdf', blankPdf(1));
    while ((await call<{ batch: { status: string } }>(api.url, admin, `scanned_batch/detail?batchId=${warm}`)).batch.status !== 'done') await new Promise((r) => setTimeout(r, 200));
    const pid = api.child.pid!;
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // the peak (VmHWM) starts again from the current size
    const before = memoryOf(pid).rss;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, memoryOf(pid).rss); }, 200);
    const t0 = performance.now();
    const batches = [await upload(api.url, admin, subject.id, 'thousand.pdf', blankPdf(1000)), await upload(api.url, admin, subject.id, 'bomb.tif', tiffBomb(30, 10_000, 10_000))];
    const times: number[] = [];
    let done = false;
    const watcher = (async () => {
      for (let open = batches; open.length; await new Promise((r) => setTimeout(r, 1000))) {
        const states = await Promise.all(open.map((b) => call<{ batch: { status: string } }>(api!.url, admin, `scanned_batch/detail?batchId=${b}`)));
        open = open.filter((_, i) => states[i]!.batch.status !== 'done');
        if (performance.now() - t0 > 1_800_000) throw new Error('两个批次未在 30 分钟内识别完成');
      }
      done = true;
    })();
    while (!done) {
      const s = performance.now();
      await call(api.url, marker, 'marking/tasks');
      times.push(performance.now() - s);
      await Promise.race([watcher, new Promise((r) => setTimeout(r, 50))]);
    }
    await watcher;
    clearInterval(sampler);
    peak = Math.max(peak, memoryOf(pid).hwm);
    const seconds = (performance.now() - t0) / 1000;
    times.sort((a, b) => a - b);
    const at = (q: number) => round1(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
    const p99 = at(0.99);
    const MB = 1024 * 1024;
    const growth = Math.round((peak - before) / MB);
    const extra = { requests: times.length, p50: at(0.5), max: round1(times[times.length - 1]!), recognised_s: round1(seconds), ...machine() };
    line({ name: 'scan-hostile-other-p99', value: p99, unit: 'ms', limit: P99_LIMIT, ok: p99 <= P99_LIMIT, ...extra });
    line({ name: 'scan-hostile-rss-growth', value: growth, unit: 'MB', limit: RSS_LIMIT, ok: growth <= RSS_LIMIT, before_mb: Math.round(before / MB), peak_mb: Math.round(peak / MB), ...machine() });
  } finally {
    if (api && api.child.exitCode === null) { const ended = new Promise((r) => api!.child.once('exit', r)); api.child.kill('SIGTERM'); await ended; }
    await database.close();
    await scratch.drop();
  }
}

main().catch((e: unknown) => { failed(e instanceof Error ? e.message : String(e)); process.exitCode = 1; });
