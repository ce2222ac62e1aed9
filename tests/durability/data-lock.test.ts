import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, lockPathFor, ownLockInfo, procStat, type LockInfo } from '../../apps/api/src/db/data-lock.js';
import { root, spawnShell, type Proc } from './procs.js';

/**
 * The data-folder lock never blocks a start because of a holder that is gone (docs/DECISIONS.md "Startup: the
 * data-folder lock"): a zombie (killed, not reaped: kill(pid, 0) still succeeds on it), a PID reused by an unrelated
 * live process, the starting process's own PID (a container's server has the same PID after every restart), a
 * lock of an earlier boot. A holder that runs is still refused. Last, the real case: a server killed with SIGKILL
 * whose parent has not reaped it, and a new server started on the folder at once.
 */
const sleepers: ChildProcess[] = [];
const waitUntil = async (ok: () => boolean, ms = 10_000) => {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > end) throw new Error('timed out');
};
/** A process whose child exits and is never reaped (sh execs sleep, which never waits): answers the zombie's PID. */
async function zombie(): Promise<number> {
  const sh = spawn('sh', ['-c', 'sleep 0.2 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  sleepers.push(sh);
  const pid = Number(await new Promise<string>((r) => sh.stdout!.once('data', (d: Buffer) => r(d.toString().trim()))));
  await waitUntil(() => procStat(pid)?.state === 'Z');
  return pid;
}

describe('data-folder lock: a holder that is gone never blocks a start', () => {
  let dir = '';
  let folder = '';
  const lockWith = (info: Partial<LockInfo>) => writeFileSync(lockPathFor(folder), JSON.stringify({ hostname: os.hostname(), startedAt: '2026-11-01T00:00:00.000Z', ...info }));
  const takes = () => {
    const release = acquireDataDirLock(folder);
    const lock = JSON.parse(readFileSync(lockPathFor(folder), 'utf8')) as LockInfo;
    release();
    return lock;
  };
  beforeAll(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'edges-lock-')); folder = path.join(dir, 'db'); });
  afterEach(() => rmSync(lockPathFor(folder), { force: true }));
  afterAll(() => {
    for (const p of sleepers) p.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('records the holder\'s start time and boot', () => {
    const mine = ownLockInfo();
    expect(mine.procStart).toMatch(/^\d+$/);
    expect(mine.bootId).toMatch(/^[0-9a-f-]{36}$/);
    expect(takes()).toMatchObject({ pid: process.pid, procStart: mine.procStart, bootId: mine.bootId });
    expect(existsSync(lockPathFor(folder))).toBe(false); // released
  });

  it('a zombie holder (killed, not yet reaped) is gone, though kill(pid, 0) still reaches it', async () => {
    const pid = await zombie();
    expect(() => process.kill(pid, 0)).not.toThrow(); // what the old check trusted
    lockWith({ pid, procStart: procStat(pid)!.start, bootId: ownLockInfo().bootId });
    expect(takes().pid).toBe(process.pid);
  });

  it('a live process with the holder\'s PID but another start time is unrelated (the PID was reused); the holder itself is refused', async () => {
    const sleeper = spawn('sleep', ['60'], { stdio: 'ignore' });
    sleepers.push(sleeper);
    await waitUntil(() => !!procStat(sleeper.pid!));
    const start = procStat(sleeper.pid!)!.start;
    lockWith({ pid: sleeper.pid!, procStart: String(Number(start) - 500), bootId: ownLockInfo().bootId });
    expect(takes().pid).toBe(process.pid);
    lockWith({ pid: sleeper.pid!, procStart: start, bootId: ownLockInfo().bootId });
    expect(() => acquireDataDirLock(folder)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(folder)).toThrow(`进程号 ${sleeper.pid}`);
  });

  it('a lock naming the starting process\'s own PID is an earlier life\'s (as in a container after a restart); this very process holding it is refused', () => {
    const mine = ownLockInfo();
    lockWith({ pid: process.pid, procStart: String(Number(mine.procStart) - 1), bootId: mine.bootId });
    expect(takes().procStart).toBe(mine.procStart);
    lockWith({ pid: process.pid }); // written before start times were recorded
    expect(takes().procStart).toBe(mine.procStart);
    const release = acquireDataDirLock(folder);
    try {
      expect(() => acquireDataDirLock(folder)).toThrow(DataDirLockedError); // a second open in one process would corrupt it too
    } finally {
      release();
    }
  });

  it('a lock of an earlier boot of this host is gone, whatever its PID; another host\'s lock is refused', () => {
    lockWith({ pid: process.pid, procStart: ownLockInfo().procStart, bootId: '00000000-0000-0000-0000-000000000000' });
    expect(takes().bootId).toBe(ownLockInfo().bootId);
    lockWith({ pid: 1, hostname: 'another-host', procStart: '1' });
    expect(() => acquireDataDirLock(folder)).toThrow('主机 another-host');
  });

  it('a server killed with SIGKILL and not yet reaped: a new server starts on the folder at once', async () => {
    const dataDir = path.join(dir, 'server');
    // the writer (production open path: folder lock, durable PGlite) under a shell that execs sleep: nobody reaps it
    const parent: Proc = spawnShell(`node --import tsx ${path.join(root, 'tests/durability/writer.ts')} & echo "PID $!"; exec sleep 300`, { DATA_DIR: dataDir });
    sleepers.push(parent.proc);
    const pid = Number((await parent.waitFor(/PID (\d+)/))[1]);
    await parent.waitFor(/READY \d+/, 180_000);
    expect((JSON.parse(readFileSync(lockPathFor(path.join(dataDir, 'db')), 'utf8')) as LockInfo).pid).toBe(pid);
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => procStat(pid)?.state === 'Z');
    const next = spawnShell(`exec node --import tsx ${path.join(root, 'tests/durability/writer.ts')}`, { DATA_DIR: dataDir });
    try {
      await next.waitFor(/READY \d+/, 180_000);
      expect(procStat(pid)?.state).toBe('Z'); // still unreaped while the new server took the folder
      expect((JSON.parse(readFileSync(lockPathFor(path.join(dataDir, 'db')), 'utf8')) as LockInfo).pid).toBe(next.proc.pid);
    } finally {
      next.proc.kill('SIGKILL');
      await next.exited;
    }
  });
});
