/**
 * Recognition under kill -9: a real api process (tests/helpers/api-process.ts on PostgreSQL, which outlives it)
 * receives a 16-page PDF and is killed with SIGKILL at a seeded pseudo-random moment of the upload and its
 * recognition (storing the file, making the page rows, mid-page, closing the batch), 20 cycles. After each restart
 * every batch not closed is retried (scanned_batch/retry) until it closes; then every batch the api had answered
 * holds exactly the file's 16 pages, page indexes 1…16 once each, all recognised, and its counters say 16; a batch
 * whose upload was never answered holds the 16 pages or none. Seeded (DURABILITY_SEED) so a failure can be replayed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ScanBatchDetail } from '@jz/shared/api/scan';
import { withDatabase } from '../helpers/global-setup.js';
import { blankPdf } from '../helpers/hostile-files.js';
import { multipart } from '../helpers/scan-sheets.js';
import { bundleScript, root, seededRandom } from './procs.js';

const CYCLES = Number(process.env.SCAN_KILL_CYCLES ?? 20);
const SEED = Number(process.env.DURABILITY_SEED ?? 20261127);
const PAGES = 16;

interface Api { child: ChildProcess; url: string; token: string; examSubjectId: number }

describe.runIf(!!process.env.DATABASE_URL)('scan recognition under kill -9 (PostgreSQL)', () => {
  let url: string;
  let dbName: string;
  let dataDir: string;
  let examSubjectId = 0;
  // the api process is bundled once (procs.ts): its 21 starts then cost no TypeScript compilation each
  let bundled: Awaited<ReturnType<typeof bundleScript>> | undefined;

  async function start(): Promise<Api> {
    const child = spawn(process.execPath, [bundled!.entry], {
      cwd: root, stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'test', TEST_DATABASE_URL: url, TEST_DATA_DIR: dataDir, JOB_STALE_S: '1', JOB_QUEUED_STALE_S: '2', JOB_HEARTBEAT_MS: '300' },
    });
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`api process ended (${code})`)));
    });
    const r = JSON.parse(line) as { port: number; token: string; examSubjectId: number };
    if (!examSubjectId) examSubjectId = r.examSubjectId; // every start makes a new exam: the first one's subject is used
    return { child, url: `http://127.0.0.1:${r.port}`, token: r.token, examSubjectId };
  }
  const kill = async (a: Api) => {
    if (a.child.exitCode !== null || a.child.signalCode !== null) return;
    const ended = new Promise((r) => a.child.once('exit', r));
    a.child.kill('SIGKILL');
    await ended;
  };
  async function call<T>(a: Api, route: string, body?: object): Promise<{ code: number; msg: string; data: T }> {
    const res = await fetch(`${a.url}/api/v1/${route}`, {
      method: body ? 'POST' : 'GET', headers: { authorization: a.token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });
    return res.json() as Promise<{ code: number; msg: string; data: T }>;
  }

  beforeAll(async () => {
    bundled = await bundleScript('tests/helpers/api-process.ts');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    dbName = `jz_scankill${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${dbName} template ${inject('pgTemplate')}`);
    await admin.end();
    url = withDatabase(process.env.DATABASE_URL!, dbName);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-scan-kill-'));
  });
  afterAll(async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    bundled?.remove();
  });

  it(`ends every batch with exactly its file's ${PAGES} pages after ${CYCLES} kills at random points`, async () => {
    const random = seededRandom(SEED);
    const pdf = blankPdf(PAGES);
    const answered = new Set<number>();
    let midway = 0;
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    probe.on('error', () => { /* the scratch database dropped under a failed run */ });
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const a = await start();
      if (cycle === 0) {
        // the subject's card (a batch is recognised with it)
        expect((await call(a, 'question_template/save', { examSubjectId, questions: [{ no: '1', type: 'single', fullScore: 100, step: 1, answer: 'A' }] })).code).toBe(200);
        expect((await call(a, 'card/save', { examSubjectId, settings: {} })).code).toBe(200);
      }
      const body = multipart([{ name: `cycle-${cycle}.pdf`, data: pdf, type: 'application/pdf' }]);
      const sent = fetch(`${a.url}/api/v1/scanned_batch/upload?examSubjectId=${examSubjectId}`, {
        method: 'POST', headers: { ...body.headers, authorization: a.token }, body: new Uint8Array(body.payload),
      }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { batch: { id: number } } }>).catch(() => null);
      if (random() < 0.2) {
        // one kill in five while the file is still arriving or being stored
        await new Promise((r) => setTimeout(r, Math.floor(random() * 1500)));
        const up = await Promise.race([sent, new Promise<null>((r) => setTimeout(() => r(null), 0))]);
        if (up?.code === 200) answered.add(up.data.batch.id);
      } else {
        // the others anywhere in the recognition: making the rows, mid-page, storing a page, closing the batch
        const up = await sent;
        expect(up, JSON.stringify(up)).toMatchObject({ code: 200 });
        answered.add(up!.data.batch.id);
        // aimed at the recognition's progress, not at a time, so that a fast or a loaded machine both land kills in
        // it: wait until a random number of the file's pages (0 … PAGES − 1) has been recognised
        const target = Math.floor(random() * PAGES);
        for (const until = Date.now() + 30_000; Date.now() < until;) {
          const p = await probe.query<{ status: string; n: number }>(
            `select b.status, (select count(*)::int from scan_page p where p.batch_id = b.id and p.recognized) as n from scan_batch b where b.id = $1`, [up!.data.batch.id]);
          if (!p.rows[0] || p.rows[0].status === 'done' || p.rows[0].n >= target) break;
          await new Promise((r) => setTimeout(r, 10));
        }
        const r = await probe.query<{ status: string }>('select status from scan_batch where id = $1', [up!.data.batch.id]);
        if (r.rows[0]?.status === 'recognizing') midway++;
      }
      await kill(a);
      await sent;
    }
    await probe.end();
    expect(midway, 'kills that landed while a batch was recognising').toBeGreaterThanOrEqual(5);
    // a last start: retry every batch still open until it closes
    const a = await start();
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const started = Date.now(); ;) {
          const open = (await client.query<{ id: number }>(`select id from scan_batch where exam_subject_id = $1 and status <> 'done' order by id`, [examSubjectId])).rows;
          if (!open.length) break;
          expect(Date.now() - started, `batches still open: ${open.map((b) => b.id).join(', ')}`).toBeLessThan(600_000);
          for (const b of open) {
            const r = await call(a, 'scanned_batch/retry', { batchId: b.id });
            if (r.code !== 200) expect(['该批次正在识别中，请稍后', '该批次正在重新识别，请稍后']).toContain(r.msg);
          }
          await new Promise((r) => setTimeout(r, 250));
        }
        const batches = (await client.query<{ id: number; pages: number; distinct_pages: number; recognized: number; lo: number | null; hi: number | null }>(`
          select b.id, count(p.id)::int as pages, count(distinct p.file_index)::int as distinct_pages, count(p.id) filter (where p.recognized)::int as recognized,
            min(p.file_index) as lo, max(p.file_index) as hi
          from scan_batch b left join scan_page p on p.batch_id = b.id where b.exam_subject_id = $1 group by b.id order by b.id`, [examSubjectId])).rows;
        for (const b of batches) {
          const whole = { pages: PAGES, distinct_pages: PAGES, recognized: PAGES, lo: 1, hi: PAGES };
          if (answered.has(b.id) || b.pages > 0) expect(b, `batch ${b.id}`).toMatchObject(whole);
          else expect(b.pages, `batch ${b.id} (upload never answered)`).toBe(0);
          if (answered.has(b.id)) {
            const d = await call<ScanBatchDetail>(a, `scanned_batch/detail?batchId=${b.id}`);
            expect(d.data.batch).toMatchObject({ status: 'done', pageCount: PAGES, recognizedCount: PAGES, progress: 100 });
          }
        }
      } finally {
        await client.end();
      }
    } finally {
      await kill(a);
    }
  }, 900_000);
});
