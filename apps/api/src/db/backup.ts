import fs from 'node:fs';
import path from 'node:path';

/**
 * Backups of the embedded database: gzipped tarballs of the PGlite data folder in DATA_DIR/backups,
 * `jz-<UTC time>-<reason>.tar.gz`. Written to a temporary name, fsynced, renamed, then the folder is fsynced,
 * so a backup file that exists is always whole. On PostgreSQL backups are the DBA's job (none here).
 */
export type BackupReason = 'daily' | 'pre-migration' | 'manual';

const NAME = /^jz-(\d{8}T\d{6}(?:\d{3})?Z)-([a-z-]+)\.tar\.gz$/;
const DAY_MS = 24 * 3600 * 1000;

export interface BackupFile { file: string; takenAt: Date; reason: string }

function stamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').replace('.', '');
}

function parseStamp(s: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(s)!;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +(m[7] ?? 0)));
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
}

/** Writes one backup atomically and returns its path. */
export async function writeBackup(dump: () => Promise<Blob>, backupsDir: string, reason: BackupReason, now = new Date()): Promise<string> {
  fs.mkdirSync(backupsDir, { recursive: true });
  const target = path.join(backupsDir, `jz-${stamp(now)}-${reason}.tar.gz`);
  const temp = `${target}.tmp-${process.pid}`;
  const bytes = Buffer.from(await (await dump()).arrayBuffer());
  const fd = fs.openSync(temp, 'w', 0o600);
  try {
    fs.writeSync(fd, bytes);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(temp, target);
  fsyncDir(backupsDir);
  return target;
}

/** Whole backups, oldest first. */
export function listBackups(backupsDir: string): BackupFile[] {
  if (!fs.existsSync(backupsDir)) return [];
  return fs.readdirSync(backupsDir)
    .map((name) => ({ name, m: NAME.exec(name) }))
    .filter((x) => x.m)
    .map(({ name, m }) => ({ file: path.join(backupsDir, name), takenAt: parseStamp(m![1]!), reason: m![2]! }))
    .sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
}

/** Deletes backups older than keepDays (and stale temporary files); the newest backup is always kept. */
export function pruneBackups(backupsDir: string, keepDays: number, now = new Date()): string[] {
  const all = listBackups(backupsDir);
  const removed: string[] = [];
  for (const b of all.slice(0, -1)) {
    if (now.getTime() - b.takenAt.getTime() > keepDays * DAY_MS) {
      fs.rmSync(b.file, { force: true });
      removed.push(b.file);
    }
  }
  for (const name of fs.existsSync(backupsDir) ? fs.readdirSync(backupsDir) : []) {
    const file = path.join(backupsDir, name);
    if (/\.tmp-\d+$/.test(name) && now.getTime() - fs.statSync(file).mtimeMs > DAY_MS) fs.rmSync(file, { force: true });
  }
  return removed;
}

export interface DailyBackups { stop(): Promise<void> }

/**
 * A backup when the newest one is a day old (checked at start and hourly), then pruning. The timer never keeps
 * the process alive; stop() waits for a backup being written.
 */
export function startDailyBackups(opts: {
  dump: () => Promise<Blob>;
  backupsDir: string;
  keepDays: number;
  log: { info(msg: string): void; error(msg: string): void };
  checkEveryMs?: number;
}): DailyBackups {
  let running: Promise<void> | null = null;
  let stopped = false;
  const check = () => {
    if (running || stopped) return;
    const newest = listBackups(opts.backupsDir).at(-1);
    if (newest && Date.now() - newest.takenAt.getTime() < DAY_MS) return;
    running = writeBackup(opts.dump, opts.backupsDir, 'daily')
      .then((file) => {
        opts.log.info(`数据库已备份: ${file}`);
        pruneBackups(opts.backupsDir, opts.keepDays);
      })
      .catch((e: Error) => opts.log.error(`数据库备份失败: ${e.message}`))
      .finally(() => { running = null; });
  };
  const timer = setInterval(check, opts.checkEveryMs ?? 3600_000).unref();
  setImmediate(check);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
