/**
 * Shared pieces of the benchmarks that run `npm run worker` processes on Redis and PostgreSQL: a scratch database
 * of their own (created and dropped), the workers started as separate processes, and the BullMQ queues removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');

/** Why a queue benchmark cannot run here, or null. */
export function missingQueueEnv(): string | null {
  return process.env.REDIS_URL && process.env.DATABASE_URL ? null : '未设置 REDIS_URL 或 DATABASE_URL，无法运行（工作进程需要 Redis 与 PostgreSQL）';
}

async function admin(query: string) {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try { await c.query(query); } finally { await c.end(); }
}

/** A new empty database `name` on DATABASE_URL's server: its url and a drop. */
export async function scratchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  await admin(`create database ${name}`);
  const u = new URL(process.env.DATABASE_URL!);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** `n` job worker processes (apps/api/src/worker.ts, as `npm run worker`) on the given queue, database and DATA_DIR. */
export function startWorkers(n: number, opts: { queueName: string; dataDir: string; databaseUrl: string; env?: NodeJS.ProcessEnv; stdio?: 'ignore' | 'inherit' }): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/worker.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: opts.databaseUrl, JOB_QUEUE: opts.queueName, DATA_DIR: opts.dataDir, ...opts.env },
    stdio: opts.stdio ?? 'ignore',
  }));
}

/** The bench's BullMQ queues (both lanes) leave nothing in Redis. */
export async function removeQueues(name: string) {
  const connection = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  for (const n of [name, `${name}-browser`]) {
    const q = new Queue(n, { connection });
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
  }
  await connection.quit();
}

/** Resident memory of a process from /proc: current (VmRSS) and peak (VmHWM), bytes. */
export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readStatus(pid);
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

const readStatus = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8');

/** Resets a process's VmHWM to its current resident size (Linux clear_refs 5). */
export function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** CPU seconds a process has used so far (user + system, /proc/<pid>/stat; clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
