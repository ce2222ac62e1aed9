/**
 * The api's ABSOLUTE peak memory while refusing hostile xlsx files stays under 300 MB.
 *
 * The real server is its own child process, started with the command of the api image (docker/api.Dockerfile's
 * CMD: its V8 flags, tsx, apps/api/src/server.ts; NODE_ENV=production) on PostgreSQL — the scale mode schools
 * with big uploads run — with a fresh database cloned from the test run's seeded template. A logged-in school administrator sends every bomb of tests/fixtures/xlsx-bomb.ts
 * (shared-string bombs, 3 GB of padding, five million rows, 1 GB cells, an endless tag) to the student import
 * and some to the score imports. The child's resident size is sampled from /proc/<pid>/status (VmRSS) every
 * 20 ms throughout, and its VmHWM (the kernel's high-water mark since the process started, startup included)
 * is read at the end. On the embedded PGlite the database's WASM heap lives in the same process (≈ 0.8 GB);
 * that figure is outside this bound (docs/DECISIONS.md) and the growth test in tests/api/upload-limits.test.ts
 * covers PGlite.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STUDENT_TEMPLATE } from '@jz/shared/excel-templates';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { withDatabase } from '../helpers/global-setup.js';
import { buildWorkbook } from '../fixtures/excel.js';
import { bombs } from '../fixtures/xlsx-bomb.js';
import { root, spawnJs, type Proc } from './procs.js';

const MB = 1024 * 1024;
/** The bound on the api process's peak resident size (MEMORY_PEAK_LIMIT_MB only to prove the test fails). */
const PEAK_LIMIT = Number(process.env.MEMORY_PEAK_LIMIT_MB ?? 300) * MB;
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const url = process.env.DATABASE_URL;

/** The api image's command line after `node` (flags included), so that the test measures what is deployed. */
function apiCommand(): string[] {
  const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(readFileSync(path.join(root, 'docker/api.Dockerfile'), 'utf8'))?.[1];
  const argv = JSON.parse(cmd ?? '[]') as string[];
  if (argv[0] !== 'node' || !argv.includes('apps/api/src/server.ts')) throw new Error(`unexpected CMD in docker/api.Dockerfile: ${cmd}`);
  return argv.slice(1).map((a) => (a.startsWith('apps/') ? path.join(root, a) : a));
}

describe.skipIf(!url)('api process on PostgreSQL: absolute peak memory while refusing xlsx bombs', () => {
  let server: Proc;
  let base = '';
  let token = '';
  let examId = 0;
  let gradeId = 0;
  let classIds: number[] = [];
  let dataDir = '';
  const dbName = `jz_mem${randomBytes(4).toString('hex')}_${inject('pgTemplate').replace(/^jz_base_/, '')}`;

  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try { await c.query(query); } finally { await c.end(); }
  };

  beforeAll(async () => {
    await admin(`create database ${dbName} template ${inject('pgTemplate')}`);
    const dbUrl = withDatabase(url!, dbName);
    const database = await openDatabase({ databaseUrl: dbUrl });
    try {
      const user = await database.db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
      token = await createSession(database.db, user.id, 'user', 3600_000);
      const school = await database.db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
      gradeId = (await database.db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
      classIds = (await database.db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').limit(1).execute()).map((c) => c.id);
    } finally {
      await database.close();
    }
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-mem-'));
    const args = apiCommand();
    console.log(`api: node ${args.join(' ')}`);
    server = spawnJs(args, { DATABASE_URL: dbUrl, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0', HOST: '127.0.0.1' });
    base = `http://127.0.0.1:${(await server.waitFor(LISTENING))[1]}`;
    // a 高一 exam with 数学 for the score imports
    const exam = await fetch(`${base}/api/v1/exam_manage/add_multipart_exam`, {
      method: 'POST', headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '内存上限测试', examType: 4, gradeId, startDate: '2026-10-08', endDate: '2026-10-09', classIds, subjects: [{ courseCode: 'SX', fullScore: 100 }] }),
    });
    examId = ((await exam.json()) as { data: { id: number } }).data.id;
    expect(examId).toBeGreaterThan(0);
  }, 300_000);

  afterAll(async () => {
    if (server && server.proc.exitCode === null && server.proc.signalCode === null) {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
    await admin(`drop database if exists ${dbName} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (route: string, file: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'import.xlsx');
    const res = await fetch(`${base}${route}`, { method: 'POST', body: form, headers: { authorization: token } });
    return (await res.json()) as { code: number; msg: string; data: unknown };
  };

  it('answers every bomb with a Chinese 400 and stays under 300 MB resident (sampled VmRSS and VmHWM), still alive', async () => {
    const pid = server.proc.pid!;
    const idle = memoryOf(pid);
    const list = bombs();
    const student = '/api/v1/pc_excel/import_class_student';
    const sends: { name: string; route: string; file: Buffer }[] = [
      ...list.map((b) => ({ name: b.name, route: student, file: b.file })),
      // the score imports read the same way (their own limits)
      ...['import_question', 'import_total'].flatMap((r) => [list[1]!, list[3]!].map((b) => ({ name: `${r}: ${b.name}`, route: `/api/v1/grade_import/${r}?examId=${examId}`, file: b.file }))),
    ];
    let sampled = idle.rss;
    const sampler = setInterval(() => { sampled = Math.max(sampled, memoryOf(pid).rss); }, 20);
    const answers: { name: string; code: number; msg: string; peakSoFar: number }[] = [];
    try {
      for (const s of sends) {
        const res = await upload(s.route, s.file);
        answers.push({ name: s.name, code: res.code, msg: res.msg, peakSoFar: Math.max(sampled, memoryOf(pid).hwm) });
      }
    } finally {
      clearInterval(sampler);
    }
    const end = memoryOf(pid);
    for (const a of answers) console.log(`${a.name}: ${a.code} ${a.msg} (peak so far ${(a.peakSoFar / MB).toFixed(0)} MB)`);
    console.log(JSON.stringify({
      name: 'api peak RSS refusing xlsx bombs (PostgreSQL)', value: Math.round(end.hwm / MB), unit: 'MB', limit: PEAK_LIMIT / MB, ok: end.hwm < PEAK_LIMIT,
      idle: Math.round(idle.rss / MB), sampledPeak: Math.round(sampled / MB), rssAfter: Math.round(end.rss / MB),
    }));
    for (const a of answers) {
      expect(a.code, a.name).toBe(400);
      expect(a.msg, a.name).toMatch(/^(文件过大|行数超过|单元格内容过长|文件格式不正确)/);
      expect(a.msg, a.name).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(sampled).toBeLessThan(PEAK_LIMIT);
    expect(end.hwm).toBeLessThan(PEAK_LIMIT); // the kernel's own peak, between samples too

    // still alive and still importing
    expect(server.proc.exitCode).toBeNull();
    const file = await buildWorkbook(STUDENT_TEMPLATE.columns.map((c) => c.header), [['内存测试', 'MEMLIM0001', '女', '应届', '高一', '1班']]);
    expect(await upload(student, file)).toMatchObject({ code: 200, data: { created: 1 } });
  }, 900_000);
});
