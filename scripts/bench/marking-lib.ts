/**
 * Shared pieces of the marking benchmarks (marking-load, marking-kill): a scratch PostgreSQL database of their own
 * (migrated, demo school seeded, the marking exam of tests/helpers/marking-scale.ts set up), and api processes as
 * `npm start` runs them (apps/api/src/server.ts) on it, started again on the same port after a kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';
import { setUpMarkingExam, type MarkingExam } from '../../tests/helpers/marking-scale.js';
import { cpuSecondsOf, root, scratchDatabase } from './queue-lib.js';
import { printBench, type BenchLine } from './result.js';

/** A benchmark's result line (through result.ts printBench). */
export const line = (o: BenchLine) => printBench(o);
export const machine = () => ({ load1: +os.loadavg()[0]!.toFixed(2), cores: os.availableParallelism(), cpu: os.cpus()[0]?.model });
export const round1 = (x: number) => Math.round(x * 10) / 10;

/** CPU seconds of the machine's PostgreSQL server processes (all of them: the server is shared). */
export function postgresCpuSeconds(): number {
  let sum = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') sum += cpuSecondsOf(Number(pid));
    } catch { /* the process ended */ }
  }
  return sum;
}

/** CPU seconds of this process (the bench's own simulated clients). */
export const selfCpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

export interface Api { child: ChildProcess; url: string; port: number }

/**
 * The api on `port` (a free one by default) over databaseUrl; resolves once it answers. No Redis, no demo seeding.
 * Its log (pino, one JSON line per request and error) is appended to BENCH_API_LOG when set, else dropped.
 * nodeArgs go to node before the script (e.g. --cpu-prof).
 */
export async function startApi(databaseUrl: string, port?: number, nodeArgs: string[] = []): Promise<Api> {
  const p = port ?? await freePort();
  const { REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root, env: { ...env, DATABASE_URL: databaseUrl, PORT: String(p), HOST: '127.0.0.1', NODE_ENV: 'production', SEED_DEMO: '0', WEB_DIST: '/nonexistent', DATA_DIR: path.join(os.tmpdir(), `jz-marking-bench-${process.pid}`) },
    stdio: ['ignore', process.env.BENCH_API_LOG ? openSync(process.env.BENCH_API_LOG, 'a') : 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${p}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api 进程已退出（${child.exitCode}）`);
    if (Date.now() - started > 180_000) throw new Error('api 未在 180 秒内启动');
    try { await fetch(`${url}/api/v1/auth/publicKey`); return { child, url, port: p }; } catch { await new Promise((r) => setTimeout(r, 200)); }
  }
}

export async function stopApi(api: Api | undefined): Promise<void> {
  if (!api || api.child.exitCode !== null || api.child.signalCode !== null) return;
  const ended = new Promise((r) => api.child.once('exit', r));
  api.child.kill('SIGTERM');
  await ended;
}

/** A scratch database `name` with the marking exam set up; its drop when done. */
export async function markingDatabase(name: string, opts: Parameters<typeof setUpMarkingExam>[1]): Promise<{ url: string; database: Database; exam: MarkingExam; drop: () => Promise<void> }> {
  const scratch = await scratchDatabase(name);
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    await migrateToLatest(database.db);
    await seedDemoIfEmpty(database.db, { exams: false });
    const exam = await setUpMarkingExam(database.db, opts);
    return { url: scratch.url, database, exam, drop: async () => { await database.close(); await scratch.drop(); } };
  } catch (e) {
    await database.close();
    await scratch.drop();
    throw e;
  }
}
