// A minimal write server for the hard-kill test: the production open path (folder lock, durable PGlite, migrations)
// and one write route, so a kill/restart cycle costs about a second instead of the full app's start.
import http from 'node:http';
import path from 'node:path';
import { sql } from 'kysely';
import { acquireDataDirLock } from '../../apps/api/src/db/data-lock.js';
import { openDatabase } from '../../apps/api/src/db/database.js';

const dbDir = path.join(process.env.DATA_DIR!, 'db');
acquireDataDirLock(dbDir);
const database = await openDatabase({ dataDir: dbDir });
const db = database.db;
await sql`create table if not exists probe (id text primary key, payload text not null)`.execute(db);
await sql`create table if not exists probe_part (probe_id text not null, part int not null, primary key (probe_id, part))`.execute(db);
let writes = 0;

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url!, 'http://x');
  try {
    if (req.method === 'POST' && url.pathname === '/write') {
      const id = url.searchParams.get('id')!;
      // One transaction: a row and its three parts, so a torn write would show as a row without all its parts.
      await db.transaction().execute(async (tx) => {
        await sql`insert into probe (id, payload) values (${id}, ${'x'.repeat(2000)})`.execute(tx);
        for (let part = 0; part < 3; part++) await sql`insert into probe_part (probe_id, part) values (${id}, ${part})`.execute(tx);
      });
      // Checkpoints now and then, so kills also land in the middle of one.
      if (++writes % 15 === 0) await sql`checkpoint`.execute(db);
      res.end(JSON.stringify({ code: 200, msg: 'ok', data: null }));
    } else if (url.pathname === '/state') {
      const ids = await sql<{ id: string; parts: number }>`select p.id, (select count(*) from probe_part pp where pp.probe_id = p.id)::int as parts from probe p`.execute(db);
      const orphans = await sql<{ n: number }>`select count(*)::int as n from probe_part pp where not exists (select 1 from probe p where p.id = pp.probe_id)`.execute(db);
      res.end(JSON.stringify({ code: 200, msg: 'ok', data: { rows: ids.rows, orphans: orphans.rows[0]!.n } }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  } catch (e) {
    res.statusCode = 500;
    res.end(JSON.stringify({ code: 500, msg: (e as Error).message }));
  }
});
// Never outlive the test that started it (a test killed half-way would leave it holding the folder).
const parent = process.ppid;
setInterval(() => { try { process.kill(parent, 0); } catch { process.exit(1); } }, 1000).unref();

server.listen(0, '127.0.0.1', () => {
  const addr = server.address() as { port: number };
  process.stdout.write(`READY ${addr.port}\n`);
});
