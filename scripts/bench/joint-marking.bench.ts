/**
 * Benchmark: 混合阅卷 of a joint exam at scale. The marking exam of tests/helpers/marking-scale.ts (four blocks: two
 * 双评, two single-marked) is made a joint exam of 20 schools: 示例中学 organises, 19 more schools are confirmed
 * participants, the candidates are spread over the 20 schools and the markers too (1,000 markers: 50 per school),
 * so 95 % of the markers reach the organiser's blocks through the joint path (marking.access: confirmed school,
 * assigned marker). They loop `marking/next` → `marking/submit` over loopback HTTP against TWO api processes
 * (`npm start`'s server.ts) on one PostgreSQL, each marker alternating between them, with the think time of
 * marking-load.bench.ts (JOINT_MARKING_THINK_MS, ±50 %, seeded).
 * Lines: `joint-marking-<markers>-next-p99`, `…-submit-p99` (limit 50 ms each) and `…-faults` (limit 0: marks lost,
 * doubled, unacknowledged, papers marked twice by one marker or beyond their mode, failed calls: checkMarks; an answer
 * 服务器繁忙 (code 503) is sent again as the page's user does, counted as busy_answers, not a fault).
 * BENCH_API_LOG=<file>: the api processes' log (errors included) appended there. BENCH_API_PROF=<dir>: the first api
 * process runs with node --cpu-prof and writes its profile there. The line also gives the CPU per submit of the
 * PostgreSQL server processes (the whole server) and of the bench's own client process.
 * Needs DATABASE_URL; without it every line is ok: false with the reason.
 * Env: JOINT_MARKING_MARKERS (1000), JOINT_MARKING_SCHOOLS (20), JOINT_MARKING_STUDENTS (4000), JOINT_MARKING_SECONDS (60),
 * JOINT_MARKING_WARMUP_S (20), JOINT_MARKING_THINK_MS (10000).
 */
import { sql } from 'kysely';
import { mulberry32 } from '@jz/shared/random';
import { checkMarks, makeJointMarking } from '../../tests/helpers/marking-scale.js';
import { loginAll, newStats, percentile, runMarker } from '../../tests/helpers/marking-clients.js';
import { cpuSecondsOf } from './queue-lib.js';
import { line, machine, markingDatabase, postgresCpuSeconds, round1, selfCpuSeconds, startApi, stopApi, type Api } from './marking-lib.js';

const env = (k: string, d: number) => Number(process.env[k] ?? d);
const MARKERS = env('JOINT_MARKING_MARKERS', 1000);
const SCHOOLS = env('JOINT_MARKING_SCHOOLS', 20);
const STUDENTS = env('JOINT_MARKING_STUDENTS', 4000);
const SECONDS = env('JOINT_MARKING_SECONDS', 60);
const WARMUP_S = env('JOINT_MARKING_WARMUP_S', 20);
const THINK_MS = env('JOINT_MARKING_THINK_MS', 10000);
const LIMIT_MS = 50;
const NAME = `joint-marking-${MARKERS}`;
const FIGURES = [{ name: `${NAME}-next-p99`, unit: 'ms', limit: LIMIT_MS }, { name: `${NAME}-submit-p99`, unit: 'ms', limit: LIMIT_MS }, { name: `${NAME}-faults`, unit: 'count', limit: 0 }];
type Figure = typeof FIGURES[number];
const figure = (f: Figure, value: number | null, ok: boolean, extra: Record<string, unknown>) => line({ name: f.name, value, unit: f.unit, limit: f.limit, ok, ...extra });
const failed = (reason: string) => { for (const f of FIGURES) figure(f, null, false, { reason }); };

async function main() {
  if (!process.env.DATABASE_URL) return failed('未设置 DATABASE_URL，无法运行（需要 PostgreSQL）');
  const scratch = await markingDatabase(`jz_jmark_bench_${process.pid}`, { students: STUDENTS, markers: MARKERS, ratingModes: [2, 2, 1, 1], tag: 'jm' });
  const apis: Api[] = [];
  try {
    const { exam } = scratch;
    const schools = await makeJointMarking(scratch.database.db, exam.examId, exam.markers.map((m) => m.userId), SCHOOLS);
    const prof = process.env.BENCH_API_PROF;
    apis.push(await startApi(scratch.url, undefined, prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), await startApi(scratch.url));
    const urls = apis.map((a) => a.url);
    const tokens = await loginAll(urls[0]!, exam.markers.map((m) => m.loginId), 8);
    const stats = exam.markers.map(newStats);
    const rand = mulberry32(20261127);
    let stopping = false;
    const runs = exam.markers.map((m, i) => runMarker({
      urls, token: tokens[i]!, markerId: m.userId, blockId: m.blockId, seed: i + 1, stats: stats[i]!, stop: () => stopping,
      thinkMs: () => THINK_MS * (0.5 + rand()), startMs: rand() * THINK_MS,
    }).catch((e: Error) => { stats[i]!.errors.push(e.message); }));
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    const counted = stats.map((s) => ({ next: s.next.length, submit: s.submit.length }));
    const t0 = performance.now();
    const cpu0 = apis.map((a) => cpuSecondsOf(a.child.pid!));
    const pg0 = postgresCpuSeconds();
    const self0 = selfCpuSeconds();
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const seconds = (performance.now() - t0) / 1000;
    const apiCpu = apis.reduce((a, api, k) => a + cpuSecondsOf(api.child.pid!) - cpu0[k]!, 0);
    const pgCpu = postgresCpuSeconds() - pg0;
    const clientCpu = selfCpuSeconds() - self0;
    const window = stats.map((s, i) => ({ next: s.next.slice(counted[i]!.next), submit: s.submit.slice(counted[i]!.submit) }));
    const load = machine();
    stopping = true;
    await Promise.all(runs);
    const next = window.flatMap((w) => w.next);
    const submit = window.flatMap((w) => w.submit);
    const errors = stats.flatMap((s) => s.errors);
    const check = await checkMarks(scratch.database.db, exam, stats.flatMap((s) => s.acks));
    // marks given by markers of the participating schools (the joint path), of all marks stored
    const foreign = (await sql<{ n: number; all: number }>`select count(*) filter (where u.school_id <> ${schools[0]!})::int as n, count(*)::int as "all"
      from marking_task t join app_user u on u.id = t.marker_id where t.block_id = any(${exam.blocks.map((b) => b.id)}::int[]) and t.submitted_at is not null`.execute(scratch.database.db)).rows[0]!;
    const p = (v: number[]) => ({ p50: round1(percentile(v, 50)), p99: round1(percentile(v, 99)), max: round1(percentile(v, 100)), n: v.length });
    const perSubmit = (cpuS: number) => round1((cpuS * 1000) / Math.max(1, submit.length));
    const nextP = p(next);
    const submitP = p(submit);
    const faults = check.lost + check.doubled + check.samePaperTwice + check.overMarked + check.unacknowledged + errors.length;
    const run = {
      api_processes: apis.length, schools: SCHOOLS, markers: MARKERS, students: exam.students, submits_per_s: round1(submit.length / seconds),
      api_cpu_ms_per_submit: perSubmit(apiCpu), postgres_cpu_ms_per_submit: perSubmit(pgCpu), client_cpu_ms_per_submit: perSubmit(clientCpu), seconds: round1(seconds), think_ms: THINK_MS,
      marks_by_participants: foreign.n, marks_stored: foreign.all, ...load,
    };
    const [nextF, submitF, faultF] = FIGURES as [Figure, Figure, Figure];
    figure(nextF, nextP.p99, nextP.n > 0 && nextP.p99 <= LIMIT_MS, { p50: nextP.p50, max: nextP.max, n: nextP.n, ...run });
    figure(submitF, submitP.p99, submitP.n > 0 && submitP.p99 <= LIMIT_MS, { p50: submitP.p50, max: submitP.max, n: submitP.n, ...run });
    figure(faultF, faults, faults === 0 && submit.length > 0 && foreign.n > 0, { ...check, errors: errors.length, first_error: errors[0], busy_answers: stats.reduce((a, s) => a + s.busy, 0), papers: exam.blocks.map((b) => ({ mode: b.ratingMode, papers: b.papers })) });
  } finally {
    for (const a of apis) await stopApi(a);
    await scratch.drop().catch((e) => process.stderr.write(`${String(e)}\n`));
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  failed(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
