import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createSession } from '../../apps/api/src/core/auth.js';
import { writeBackup } from '../../apps/api/src/db/backup.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { lockPathFor } from '../../apps/api/src/db/data-lock.js';
import { buildDataDir } from '../../apps/api/src/db/pglite-durable.js';
import { openPostgresChecked } from '../../apps/api/src/db/startup.js';
import { spawnNode, spawnShell } from './procs.js';

const LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
const server = (dataDir: string) => spawnNode('apps/api/src/server.ts', { DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0' });

async function whoAmI(port: number, token: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/teach/user/getCurrentUserInfo`, { headers: { authorization: token } });
  return ((await res.json()) as { code: number }).code;
}

// Folder lock, clean shutdown, an unopenable folder explained with the restore command.
describe('embedded database: lock, shutdown, restore (real server processes)', () => {
  let dataDir = '';
  let dbDir = '';
  let backupFile = '';
  let inBackup = ''; // a session made before the backup
  let afterBackup = ''; // a session made after it: gone once the backup is restored

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-startup-'));
    dbDir = path.join(dataDir, 'db');
    await buildDataDir(dbDir, { loadDataDir: new Blob([readFileSync(inject('pgliteDump'))]) });
    const database = await openDatabase({ dataDir: dbDir });
    const admin = await database.db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
    inBackup = await createSession(database.db, admin.id, 'user', 3600_000);
    backupFile = await writeBackup(database.dump!, path.join(dataDir, 'backups'), 'manual');
    afterBackup = await createSession(database.db, admin.id, 'user', 3600_000);
    await database.close();
  });
  afterAll(() => { if (dataDir) rmSync(dataDir, { recursive: true, force: true }); });

  it('refuses a second server on the same folder while the first keeps working; SIGTERM closes cleanly (exit 0)', async () => {
    const first = server(dataDir);
    try {
      const port = Number((await first.waitFor(LISTENING))[1]);
      expect(await whoAmI(port, afterBackup)).toBe(200);
      const lock = JSON.parse(readFileSync(lockPathFor(dbDir), 'utf8'));
      expect(lock.pid).toBe(first.proc.pid);

      const second = server(dataDir);
      const exit = await second.exited;
      expect(exit.code).toBe(1);
      expect(second.output()).toContain('数据目录正被另一个进程使用');
      expect(second.output()).toContain(`进程号 ${first.proc.pid}`);
      expect(second.output()).not.toMatch(/\n\s+at /); // no stack trace

      expect(await whoAmI(port, afterBackup)).toBe(200);
      first.proc.kill('SIGTERM');
      first.proc.kill('SIGTERM'); // a second signal while closing must not cut the close short
      expect((await first.exited).code).toBe(0);
      expect(existsSync(lockPathFor(dbDir))).toBe(false);
    } finally {
      first.proc.kill('SIGKILL');
    }
  });

  it('a corrupted folder: the start names the restore command and exits 1; the command restores the backup', async () => {
    truncateSync(path.join(dbDir, 'global/pg_control'), 0);
    const broken = server(dataDir);
    const exit = await broken.exited;
    expect(exit.code).toBe(1);
    const out = broken.output();
    expect(out).toContain('无法打开内置数据库');
    expect(out).not.toMatch(/\n\s+at /);
    const command = out.match(/npm run db:restore -- --from \S+/)?.[0];
    expect(command).toBeDefined();
    expect(command).toContain(path.basename(backupFile));

    const restore = spawnShell(command!, { DATA_DIR: dataDir });
    expect((await restore.exited).code, restore.output()).toBe(0);
    const aside = readdirSync(dataDir).filter((n) => n.startsWith('db.broken-'));
    expect(aside).toHaveLength(1); // the broken folder is kept, never deleted
    expect(existsSync(path.join(dataDir, aside[0]!, 'base'))).toBe(true);

    const restored = server(dataDir);
    try {
      const port = Number((await restored.waitFor(LISTENING))[1]);
      expect(await whoAmI(port, inBackup)).toBe(200); // the backup's data
      expect(await whoAmI(port, afterBackup)).toBe(401); // made after the backup: not there
      restored.proc.kill('SIGTERM');
      expect((await restored.exited).code).toBe(0);
    } finally {
      restored.proc.kill('SIGKILL');
    }
  });

  it('kill -9 during a release leaves the exam fully before or fully after it, and the folder opens', async () => {
    const snapshot = async () => {
      const database = await openDatabase({ dataDir: dbDir });
      try {
        const exam = await database.db.selectFrom('exam').select(['id', 'released_at']).where('name', '=', '2026学年高一期中考试').executeTakeFirstOrThrow();
        const report = await database.db.selectFrom('exam_report').select('version').where('exam_id', '=', exam.id).executeTakeFirstOrThrow();
        const scores = await sql<{ n: number; ranks: number }>`select count(*)::int as n, coalesce(sum(grade_rank), 0)::int as ranks from student_score where exam_id = ${exam.id}`.execute(database.db);
        return { id: exam.id, releasedAt: String(exam.released_at), version: report.version, scores: scores.rows[0] };
      } finally {
        await database.close();
      }
    };
    const before = await snapshot();
    const p = server(dataDir);
    try {
      const port = Number((await p.waitFor(LISTENING))[1]);
      const call = (method: string, url: string, body?: unknown) => fetch(`http://127.0.0.1:${port}${url}`, {
        method, headers: { authorization: inBackup, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json() as Promise<{ code: number; data: { state: string; percent: number } }>);
      expect((await call('POST', '/api/v1/publish/release', { examId: before.id })).code).toBe(200);
      // Kill while it runs, once it is past its first step (or as soon as it is over on a fast machine).
      for (let i = 0; i < 500; i++) {
        const progress = await call('GET', `/api/v1/publish/progress?examId=${before.id}`);
        if (progress.data.state !== 'running' || progress.data.percent > 20) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      p.proc.kill('SIGKILL');
      await p.exited;
    } finally {
      p.proc.kill('SIGKILL');
    }
    const after = await snapshot();
    console.log(`kill -9 during the release: the exam is ${after.version === before.version ? 'as before it' : 'as after it'} (report version ${after.version})`);
    if (after.version === before.version) expect(after).toEqual(before); // fully before
    else {
      expect(after.version).toBe(before.version + 1); // fully after
      expect(after.releasedAt).not.toBe(before.releasedAt);
      expect(after.scores).toEqual(before.scores); // the same numbers, recomputed
    }
  });
});

// A database that accepts the connection and never answers must not hang the start.
describe('PostgreSQL that accepts a connection and never answers', () => {
  let silent: net.Server;
  let port = 0;
  const sockets: net.Socket[] = [];
  beforeAll(async () => {
    silent = net.createServer((s) => { sockets.push(s); });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    port = (silent.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });

  it('gives up after the connect timeout with a message naming the address', async () => {
    const url = `postgres://jz:secret@127.0.0.1:${port}/jz`;
    const started = Date.now();
    const err = await openPostgresChecked(url, 1500, 60_000).then(() => null, (e: Error) => e);
    const elapsed = Date.now() - started;
    expect(err?.message).toContain(`无法连接数据库 127.0.0.1:${port}/jz：2 秒内没有应答`);
    expect(err?.message).toContain('请检查');
    expect(err?.message).not.toContain('secret');
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(10_000);
  });

  it('npm start exits 1 with that message instead of hanging', async () => {
    const p = spawnNode('apps/api/src/server.ts', { DATABASE_URL: `postgres://jz@127.0.0.1:${port}/jz`, DB_CONNECT_TIMEOUT_MS: '2000', PORT: '0' });
    try {
      const exit = await p.exited;
      expect(exit.code).toBe(1);
      expect(p.output()).toContain(`无法连接数据库 127.0.0.1:${port}/jz：2 秒内没有应答`);
      expect(p.output()).not.toMatch(/\n\s+at /);
    } finally {
      p.proc.kill('SIGKILL');
    }
  });
});
