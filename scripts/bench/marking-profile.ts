/**
 * Profile of marking/next and marking/submit (not a benchmark: `node --import tsx scripts/bench/marking-profile.ts`).
 * On a scratch PostgreSQL database with the marking-load exam (tests/helpers/marking-scale.ts), the api is built in
 * this process and called one request at a time (app.inject), after PROFILE_WARM_ROUNDS rounds of next → submit by
 * every marker so the tables look like a bench run's. Every round trip of the pg driver is counted per request
 * (the measured requests run one at a time, so the current one owns every query). Prints one JSON line per call kind (round trips, DB time, wall time per call) and, with
 * PROFILE_EXPLAIN=1, each statement of one sample call with EXPLAIN (ANALYZE, BUFFERS) run in a rolled-back
 * transaction. Also the CPU of the api (this process) and of the database's server processes per next + submit
 * pair (/proc, PostgreSQL on this machine). Needs DATABASE_URL.
 * Env: MARKING_LOAD_MARKERS (300), MARKING_LOAD_STUDENTS (2000), PROFILE_WARM_ROUNDS (4), PROFILE_CALLS (200),
 * PROFILE_PREPARE (0: no prepared statements), PROFILE_JOINT_SCHOOLS (1; more: the exam made a joint exam of that many
 * schools as joint-marking.bench.ts does, so 95 % of the markers take the joint path).
 */
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { makeJointMarking } from '../../tests/helpers/marking-scale.js';
import { markingDatabase, round1 } from './marking-lib.js';

/** Profile lines (a measurement to read, not a benchmark result with a limit). */
const line = (o: Record<string, unknown>) => console.log(JSON.stringify(o));
import { cpuSecondsOf } from './queue-lib.js';

const MARKERS = Number(process.env.MARKING_LOAD_MARKERS ?? 300);
const STUDENTS = Number(process.env.MARKING_LOAD_STUDENTS ?? 2000);
const WARM = Number(process.env.PROFILE_WARM_ROUNDS ?? 4);
const CALLS = Number(process.env.PROFILE_CALLS ?? 200);

interface Rec { n: number; ms: number; statements: { sql: string; params: unknown[]; ms: number }[] }
let current: Rec | null = null;
type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const query = pg.Client.prototype.query as unknown as QueryFn;
(pg.Client.prototype as unknown as { query: QueryFn }).query = function (this: pg.Client, ...args: unknown[]) {
  const rec = current;
  const t0 = performance.now();
  const r = query.apply(this, args);
  if (rec && r instanceof Promise) {
    rec.n++;
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
    const s = { sql: text, params: (args[1] as unknown[]) ?? (args[0] as { values?: unknown[] }).values ?? [], ms: 0 };
    rec.statements.push(s);
    r.then(() => { s.ms = performance.now() - t0; rec.ms += s.ms; }, () => undefined);
  }
  return r;
};

async function main() {
  if (!process.env.DATABASE_URL) return line({ name: 'marking-profile', value: null, ok: false, reason: '未设置 DATABASE_URL，无法运行（需要 PostgreSQL）' });
  const scratch = await markingDatabase(`jz_h11_mprof_${process.pid}`, { students: STUDENTS, markers: MARKERS, ratingModes: [2, 2, 1, 1] });
  const database = await openDatabase({ databaseUrl: scratch.url, prepare: process.env.PROFILE_PREPARE !== '0' });
  const app = await buildApp({ db: database.db, config: { ...loadConfig({}), webDist: undefined } });
  try {
    const { exam } = scratch;
    const jointSchools = Number(process.env.PROFILE_JOINT_SCHOOLS ?? 1);
    if (jointSchools > 1) await makeJointMarking(database.db, exam.examId, exam.markers.map((m) => m.userId), jointSchools);
    const tokens = await Promise.all(exam.markers.map((m) => createSession(database.db, m.userId, 'user', 3600_000)));
    let seq = 0;
    let measure = false;
    const call = async (i: number, route: string, body: object) => {
      const rec: Rec = { n: 0, ms: 0, statements: [] };
      const t0 = performance.now();
      current = measure ? rec : null;
      const res = await (app.inject({ method: 'POST', url: `/api/v1/marking/${route}`, headers: { authorization: tokens[i]! }, payload: body }));
      current = null;
      const json = res.json() as { code: number; msg: string; data: { taskId: number } | null };
      if (json.code !== 200) throw new Error(`${route}: ${json.code} ${json.msg}`);
      return { data: json.data, rec, wall: performance.now() - t0 };
    };
    const round = async (i: number) => {
      const m = exam.markers[i]!;
      const n = await call(i, 'next', { blockId: m.blockId });
      if (!n.data) return undefined;
      const s = await call(i, 'submit', { taskId: n.data.taskId, scores: [(seq * 7) % 26], requestId: `p-${m.userId}-${++seq}` });
      return { next: n, submit: s };
    };
    for (let r = 0; r < WARM; r++) await Promise.all(exam.markers.map((_, i) => round(i)));
    // the CPU of each server process of the scratch database (pid → seconds); a process gone meanwhile is lost
    const backendCpu = async () => {
      const pids = (await database.db.selectFrom('pg_stat_activity' as never).select('pid' as never).where('datname' as never, '=', scratch.url.split('/').pop() as never).execute()) as { pid: number }[];
      return new Map(pids.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
    };
    const pg0 = await backendCpu();
    const node0 = process.cpuUsage();
    measure = true;
    const got: { next: Awaited<ReturnType<typeof call>>; submit: Awaited<ReturnType<typeof call>> }[] = [];
    for (let k = 0; k < CALLS; k++) { const x = await round(k % exam.markers.length); if (x) got.push(x); }
    measure = false;
    const nodeCpu = process.cpuUsage(node0);
    const pgCpuMs = [...(await backendCpu())].reduce((a, [pid, sec]) => a + sec - (pg0.get(pid) ?? 0), 0) * 1000;
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    for (const kind of ['next', 'submit'] as const) {
      const xs = got.map((g) => g[kind]);
      const trips = xs.map((x) => x.rec.n);
      line({
        name: `marking-profile-${kind}`, calls: xs.length, round_trips_mean: round1(sum(trips) / xs.length), round_trips_max: Math.max(...trips),
        db_ms_mean: round1(sum(xs.map((x) => x.rec.ms)) / xs.length), wall_ms_mean: round1(sum(xs.map((x) => x.wall)) / xs.length),
      });
    }
    line({ name: 'marking-profile-cpu', pairs: got.length, pg_backend_cpu_ms_per_pair: round1(pgCpuMs / got.length), api_cpu_ms_per_pair: round1((nodeCpu.user + nodeCpu.system) / 1000 / got.length) });
    const sample = got[Math.floor(got.length / 2)]!;
    for (const kind of ['next', 'submit'] as const) {
      for (const s of sample[kind].rec.statements) {
        const out: Record<string, unknown> = { call: kind, ms: round1(s.ms), sql: s.sql.replace(/\s+/g, ' ').slice(0, 400) };
        if (process.env.PROFILE_EXPLAIN === '1' && /^\s*(select|update|insert|with|delete)/i.test(s.sql)) {
          const c = new pg.Client({ connectionString: scratch.url });
          await c.connect();
          try {
            await c.query('begin');
            const plan = await query.call(c, `explain (analyze, buffers, costs off) ${s.sql}`, s.params) as pg.QueryResult<{ 'QUERY PLAN': string }>;
            out.plan = plan.rows.map((r) => r['QUERY PLAN']);
          } catch (e) { out.plan = String(e); } finally { await c.query('rollback').catch(() => undefined); await c.end(); }
        }
        console.log(JSON.stringify(out));
      }
    }
  } finally {
    await app.close();
    await database.close();
    await scratch.drop().catch((e) => process.stderr.write(`${String(e)}\n`));
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  line({ name: 'marking-profile', value: null, ok: false, reason: err instanceof Error ? err.message : String(err) });
  process.exitCode = 1;
});
