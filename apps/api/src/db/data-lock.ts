import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per PGlite data folder: PGlite has no cross-process protection, and a second process writing the
 * same files corrupts them. The lock is `<folder>.lock` beside the folder (the restore command moves the folder
 * itself aside), created atomically with O_EXCL and holding PID, host name, start time, and — on Linux — the
 * process's start time in clock ticks since boot and the boot's id (docs/DECISIONS.md "Startup: the data-folder
 * lock"). A PID alone proves nothing: a process killed with SIGKILL stays a zombie until its parent reaps it, and
 * `kill(pid, 0)` succeeds on a zombie; and PIDs repeat — in a container the server has the same PID after every
 * restart, so a lock naming it would name the starting process itself.
 */
export interface LockInfo {
  pid: number; hostname: string; startedAt: string;
  /** /proc/<pid>/stat field 22: when the holder started, in clock ticks since boot (Linux). */
  procStart?: string;
  /** /proc/sys/kernel/random/boot_id of the holder's boot (Linux). */
  bootId?: string;
}

export class DataDirLockedError extends Error {
  constructor(readonly lockPath: string, readonly holder: LockInfo) {
    super(`数据目录正被另一个进程使用（进程号 ${holder.pid}，主机 ${holder.hostname}，启动于 ${holder.startedAt}）。`
      + `同一个数据目录只能由一个服务进程打开，否则会损坏数据库。请先停止那个进程，或用 DATA_DIR 指定另一个数据目录。锁文件：${lockPath}`);
  }
}

export function lockPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** A process as /proc shows it: its state letter (R, S, Z…) and start time; undefined when there is none; null without /proc. */
export function procStat(pid: number): { state: string; start: string } | undefined | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return fs.existsSync('/proc/self/stat') ? undefined : null;
    return null;
  }
  // "pid (comm) state …": comm may hold spaces and parentheses, so the fields are counted after the last ')'
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start: fields[19] ?? '' };
}

function bootId(): string | undefined {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** This process's lock record. */
export function ownLockInfo(): LockInfo {
  const stat = procStat(process.pid);
  return { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), ...(stat ? { procStart: stat.start } : {}), ...(bootId() ? { bootId: bootId() } : {}) };
}

/**
 * Whether the lock's holder still runs. Another host's lock cannot be checked from here: it counts as held. On this
 * host the holder is gone when the boot changed, when no process has its PID, when that process is a zombie (killed,
 * not yet reaped) or dead, or when it started at another time than the holder did (the PID was reused — by the
 * starting process itself, in a container). Without /proc (not Linux) only `kill(pid, 0)` is left, and a lock
 * naming this process is a previous life's.
 */
export function holderRuns(holder: LockInfo, mine: LockInfo = ownLockInfo()): boolean {
  if (holder.hostname !== mine.hostname) return true;
  if (holder.bootId && mine.bootId && holder.bootId !== mine.bootId) return false;
  const stat = procStat(holder.pid);
  if (stat === null) return holder.pid !== mine.pid && signalReaches(holder.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
  // an old lock without a start time: its PID is alive, but only another process can be its holder
  return holder.procStart ? holder.procStart === stat.start : holder.pid !== mine.pid;
}

function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as LockInfo;
    return Number.isInteger(info.pid) ? info : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws DataDirLockedError; returns the release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  const file = lockPathFor(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mine = ownLockInfo();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY, 0o644);
      fs.writeSync(fd, JSON.stringify(mine));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const now = readLock(file);
        if (now?.pid === process.pid && now.procStart === mine.procStart) fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = readLock(file);
    // A lock being written this very moment (empty file): give its writer a moment.
    if (!holder) {
      const age = Date.now() - (fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age < 2000) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
        continue;
      }
    }
    // Only a holder that no longer runs is taken over (holderRuns: another host's counts as running).
    if (holder && holderRuns(holder, mine)) throw new DataDirLockedError(file, holder);
    // Stale: rename it away first so two starting processes cannot both take it over.
    const stale = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, stale);
    } catch {
      continue; // someone else took it over first: try again
    }
    const moved = readLock(stale);
    if (moved && holder && (moved.pid !== holder.pid || moved.procStart !== holder.procStart) && holderRuns(moved, mine)) {
      // We moved a lock another starting process had just taken: put it back (link fails if one exists).
      try { fs.linkSync(stale, file); } catch { /* a newer lock is there */ }
      fs.rmSync(stale, { force: true });
      throw new DataDirLockedError(file, moved);
    }
    fs.rmSync(stale, { force: true });
  }
  const holder = readLock(file);
  throw new DataDirLockedError(file, holder ?? { pid: 0, hostname: '?', startedAt: '?' });
}
