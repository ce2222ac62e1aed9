/**
 * Starts tests/helpers/api-process.ts (the api as a process of its own) on a private copy of the base database,
 * for tests that measure the api from outside: its memory in /proc/<pid>/status (VmRSS, VmHWM; the peak is reset
 * with /proc/<pid>/clear_refs), and whether it is still up after hostile input.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { inject } from 'vitest';
import type { DbKind } from './db.js';
import { withDatabase } from './global-setup.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Resident bytes of a process: { rss, hwm } from /proc. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

export interface ApiChild {
  child: ChildProcess; pid: number; url: string; token: string; examId: number; examSubjectId: number;
  /** Growth of the process's peak resident size over its size before, while fn runs. */
  peakWhile(fn: () => Promise<void>): Promise<{ peak: number; before: number }>;
  stop(): Promise<void>;
}

/** The api process on `kind`; dataDir: its DATA_DIR (stored scans), the repository's data folder otherwise. */
export async function startApi(kind: DbKind, opts: { dataDir?: string } = {}): Promise<ApiChild> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', ...(opts.dataDir ? { TEST_DATA_DIR: opts.dataDir } : {}) };
  let dropDb: (() => Promise<void>) | undefined;
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL!;
    const name = `jz_up${randomBytes(4).toString('hex')}_${inject('pgTemplate').replace(/^jz_base_/, '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.end();
    env.TEST_DATABASE_URL = withDatabase(url, name);
    dropDb = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    env.TEST_PGLITE_DUMP = inject('pgliteDump');
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/helpers/api-process.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`api process ended (${code})`)));
  });
  const { port, token, examId, examSubjectId } = JSON.parse(line) as { port: number; token: string; examId: number; examSubjectId: number };
  const pid = child.pid!;
  return {
    child, pid, url: `http://127.0.0.1:${port}`, token, examId, examSubjectId,
    async peakWhile(fn) {
      writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the current resident size
      const before = memoryOf(pid).rss;
      await fn();
      return { peak: memoryOf(pid).hwm - before, before };
    },
    async stop() {
      if (child.exitCode === null) {
        const ended = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await ended;
      }
      await dropDb?.();
    },
  };
}
