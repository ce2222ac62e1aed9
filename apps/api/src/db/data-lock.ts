import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per PGlite data folder: PGlite has no cross-process protection, and a second process writing the
 * same files corrupts them. The lock is `<folder>.lock` beside the folder (the restore command moves the folder
 * itself aside), created atomically with O_EXCL and holding PID, host name and start time.
 */
export interface LockInfo { pid: number; hostname: string; startedAt: string }

export class DataDirLockedError extends Error {
  constructor(readonly lockPath: string, readonly holder: LockInfo) {
    super(`数据目录正被另一个进程使用（进程号 ${holder.pid}，主机 ${holder.hostname}，启动于 ${holder.startedAt}）。`
      + `同一个数据目录只能由一个服务进程打开，否则会损坏数据库。请先停止那个进程，或用 DATA_DIR 指定另一个数据目录。锁文件：${lockPath}`);
  }
}

export function lockPathFor(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function isAlive(pid: number): boolean {
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
  const mine: LockInfo = { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString() };
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
        if (readLock(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = readLock(file);
    // A lock being written this very moment (empty file): give its writer a moment.
    if (!holder) {
      const age = Date.now() - fs.statSync(file, { throwIfNoEntry: false })!.mtimeMs;
      if (age < 2000) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
        continue;
      }
    }
    // Another host's lock cannot be checked from here: only a dead process of this host is taken over.
    if (holder && (holder.hostname !== mine.hostname || isAlive(holder.pid))) throw new DataDirLockedError(file, holder);
    // Stale: rename it away first so two starting processes cannot both take it over.
    const stale = `${file}.stale-${process.pid}`;
    try {
      fs.renameSync(file, stale);
    } catch {
      continue; // someone else took it over first: try again
    }
    const moved = readLock(stale);
    if (moved && holder && moved.pid !== holder.pid && isAlive(moved.pid)) {
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
