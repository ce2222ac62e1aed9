import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { withDatabase } from '../helpers/global-setup.js';
import { loginAll } from '../helpers/marking-clients.js';
import { setUpMarkingExam, type MarkingExam } from '../helpers/marking-scale.js';
import { killRunClean, markThroughKill } from '../helpers/marking-kill.js';
import { root, spawnJs, type Proc } from './procs.js';

// Online marking loses and doubles no mark when an api process dies. The small version of
// `npm run bench -- marking-kill`: 2,400 submissions (400 students × four blocks, two double-marked and two
// single-marked) by 30 concurrent markers over HTTP against two real api processes (server.ts) on one private
// PostgreSQL database; when half are acknowledged one process is killed with SIGKILL and started again, and the
// markers send their unanswered calls again with the same requestId. Every acknowledged mark must be stored once,
// none unacknowledged, none doubled, and the completed subject written as question scores. PostgreSQL only (two
// processes on one database): skipped without DATABASE_URL.
const STUDENTS = Number(process.env.MARKING_KILL_STUDENTS ?? 400);
const MARKERS = 30;
const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
const url = process.env.DATABASE_URL;

const freePort = () => new Promise<number>((resolve, reject) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as net.AddressInfo;
    s.close(() => resolve(port));
  }).on('error', reject);
});

async function admin(query: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { await c.query(query); } finally { await c.end(); }
}

// The server bundled once (node_modules external): a start then costs about a second of CPU instead of three.
const bundle = path.join(root, 'tmp', `marking-kill-server-${process.pid}.mjs`);
const entry = path.join(root, 'tmp', `marking-kill-server-${process.pid}-entry.mjs`);

describe.skipIf(!url)('kill -9 of an api process while 30 markers submit (PostgreSQL)', () => {
  const name = `jz_mkill${process.pid}_${(inject('pgTemplate') || 'none').replace(/^jz_base_/, '')}`;
  let dbUrl = '';
  let dataDir = '';
  let database: Database | undefined;
  let exam: MarkingExam;

  beforeAll(async () => {
    mkdirSync(path.dirname(bundle), { recursive: true });
    writeFileSync(entry, `await import(${JSON.stringify(pathToFileURL(bundle).href)});\n`);
    await build({
      entryPoints: [path.join(root, 'apps/api/src/server.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning',
      plugins: [{ name: 'external-node-modules', setup(b) { b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@jz/') ? undefined : { path: a.path, external: true })); } }],
    });
    await admin(`create database ${name} template ${inject('pgTemplate')}`);
    dbUrl = withDatabase(url!, name);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-marking-kill-'));
    database = await openDatabase({ databaseUrl: dbUrl });
    exam = await setUpMarkingExam(database.db, { students: STUDENTS, markers: MARKERS, ratingModes: [2, 2, 1, 1] });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    if (dbUrl) await admin(`drop database if exists ${name} with (force)`);
    rmSync(bundle, { force: true });
    rmSync(entry, { force: true });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`stores each of ${STUDENTS * 6} acknowledged marks exactly once across a kill -9`, async () => {
    const servers: Proc[] = [];
    const start = async (port: number) => {
      const p = spawnJs([entry], { DATABASE_URL: dbUrl, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0' });
      await p.waitFor(LISTENING, 120_000);
      return p;
    };
    try {
      const ports = [await freePort(), await freePort()];
      for (const p of ports) servers.push(await start(p));
      const urls = ports.map((p) => `http://127.0.0.1:${p}`);
      const tokens = await loginAll(urls[0]!, exam.markers.map((m) => m.loginId));
      let signal: string | null = null;
      const r = await markThroughKill(database!.db, exam, {
        urls, tokens, killAt: STUDENTS * 3,
        kill: async () => {
          servers[0]!.proc.kill('SIGKILL');
          signal = (await servers[0]!.exited).signal;
          servers[0] = await start(ports[0]!);
        },
      });
      console.log(`marking kill -9: ${r.acknowledged} marks in ${r.seconds.toFixed(1)} s, killed after ${r.killedAfter}, ${r.retried} calls sent again`);
      expect(signal).toBe('SIGKILL');
      expect(r.errors).toEqual([]);
      expect({ lost: r.lost, doubled: r.doubled, unacknowledged: r.unacknowledged, samePaperTwice: r.samePaperTwice, overMarked: r.overMarked, openPapers: r.openPapers })
        .toEqual({ lost: 0, doubled: 0, unacknowledged: 0, samePaperTwice: 0, overMarked: 0, openPapers: 0 });
      expect(r.acknowledged).toBe(STUDENTS * 6);
      expect(r.stored).toBe(STUDENTS * 6);
      expect(r.questionScores).toBe(STUDENTS * 4);
      expect(killRunClean(r, exam)).toBe(true);
    } finally {
      for (const s of servers) s.proc.kill('SIGKILL');
      await Promise.all(servers.map((s) => s.exited));
    }
  }, 300_000);
});
