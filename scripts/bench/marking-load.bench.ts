/**
 * Benchmark: online marking under load. 300 simulated markers (tests/helpers/marking-clients.ts), each
 * with its own session, loop `marking/next` → `marking/submit` (a unique requestId each) over loopback HTTP against
 * one api process (`npm start`'s server.ts) on PostgreSQL, in a scratch database of its own (jz_h11_mload_<pid>,
 * dropped after) holding the marking exam of tests/helpers/marking-scale.ts: 2,000 students, four blocks (two
 * double-marked 双评, two single-marked), the markers spread over them. A marker reads each paper for
 * MARKING_LOAD_THINK_MS (±50 %, seeded; 10 s: brisk marking of a short-answer block) before submitting it, and starts
 * at a random moment of the first such pause; the run lasts MARKING_LOAD_SECONDS after a warm-up of
 * MARKING_LOAD_WARMUP_S (first leases, connections opening), whose calls are not counted.
 * One JSON line per figure: `marking-load-<markers>-next-p99` and `…-submit-p99` (limit 50 ms each; p50, max and
 * count beside), and `…-faults` (limit 0): acknowledged submits lost or stored under another total, marks stored
 * twice or unacknowledged, papers marked twice by one marker or beyond their rating mode (checkMarks), and calls
 * that failed. Needs DATABASE_URL; without it, or when the run fails, every line says ok: false with the reason.
 * Env: MARKING_LOAD_MARKERS (300), MARKING_LOAD_STUDENTS (2000), MARKING_LOAD_SECONDS (60), MARKING_LOAD_WARMUP_S (15),
 * MARKING_LOAD_THINK_MS (10000).
 */
import { mulberry32 } from '@jz/shared/random';
import { checkMarks } from '../../tests/helpers/marking-scale.js';
import { loginAll, newStats, percentile, runMarker } from '../../tests/helpers/marking-clients.js';
import { cpuSecondsOf } from './queue-lib.js';
import { line, machine, markingDatabase, round1, startApi, stopApi, type Api } from './marking-lib.js';

const MARKERS = Number(process.env.MARKING_LOAD_MARKERS ?? 300);
const STUDENTS = Number(process.env.MARKING_LOAD_STUDENTS ?? 2000);
const SECONDS = Number(process.env.MARKING_LOAD_SECONDS ?? 60);
const WARMUP_S = Number(process.env.MARKING_LOAD_WARMUP_S ?? 15);
const THINK_MS = Number(process.env.MARKING_LOAD_THINK_MS ?? 10000);
const LIMIT_MS = 50;
const NAME = `marking-load-${MARKERS}`;
const FIGURES = [{ name: `${NAME}-next-p99`, unit: 'ms', limit: LIMIT_MS }, { name: `${NAME}-submit-p99`, unit: 'ms', limit: LIMIT_MS }, { name: `${NAME}-faults`, unit: 'count', limit: 0 }];
type Figure = typeof FIGURES[number];
/** A figure's JSON line, keys in the order of the README's benchmark rules. */
const figure = (f: Figure, value: number | null, ok: boolean, extra: Record<string, unknown>) => line({ name: f.name, value, unit: f.unit, limit: f.limit, ok, ...extra });
/** Every figure's line, ok: false, when the run could not measure. */
const failed = (reason: string) => { for (const f of FIGURES) figure(f, null, false, { reason }); };

async function main() {
  if (!process.env.DATABASE_URL) return failed('未设置 DATABASE_URL，无法运行（需要 PostgreSQL）');
  const scratch = await markingDatabase(`jz_h11_mload_${process.pid}`, { students: STUDENTS, markers: MARKERS, ratingModes: [2, 2, 1, 1] });
  let api: Api | undefined;
  try {
    api = await startApi(scratch.url);
    const { exam } = scratch;
    const tokens = await loginAll(api.url, exam.markers.map((m) => m.loginId));
    const stats = exam.markers.map(newStats);
    const rand = mulberry32(20261123);
    let stopping = false;
    const runs = exam.markers.map((m, i) => runMarker({
      urls: [api!.url], token: tokens[i]!, markerId: m.userId, blockId: m.blockId, seed: i + 1, stats: stats[i]!, stop: () => stopping,
      thinkMs: () => THINK_MS * (0.5 + rand()), startMs: rand() * THINK_MS,
    }).catch((e: Error) => { stats[i]!.errors.push(e.message); }));
    await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
    const counted = stats.map((s) => ({ next: s.next.length, submit: s.submit.length }));
    const t0 = performance.now();
    const cpu0 = cpuSecondsOf(api.child.pid!);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const seconds = (performance.now() - t0) / 1000;
    const apiCpu = cpuSecondsOf(api.child.pid!) - cpu0;
    const window = stats.map((s, i) => ({ next: s.next.slice(counted[i]!.next), submit: s.submit.slice(counted[i]!.submit) }));
    const load = machine();
    stopping = true;
    await Promise.all(runs);
    const next = window.flatMap((w) => w.next);
    const submit = window.flatMap((w) => w.submit);
    const errors = stats.flatMap((s) => s.errors);
    const check = await checkMarks(scratch.database.db, exam, stats.flatMap((s) => s.acks));
    const p = (v: number[]) => ({ p50: round1(percentile(v, 50)), p99: round1(percentile(v, 99)), max: round1(percentile(v, 100)), n: v.length });
    const nextP = p(next);
    const submitP = p(submit);
    const faults = check.lost + check.doubled + check.samePaperTwice + check.overMarked + check.unacknowledged + errors.length;
    const run = { submits_per_s: round1(submit.length / seconds), api_cpu_ms_per_submit: round1((apiCpu * 1000) / Math.max(1, submit.length)), seconds: round1(seconds), think_ms: THINK_MS, markers: MARKERS, ...load };
    const [nextF, submitF, faultF] = FIGURES as [Figure, Figure, Figure];
    figure(nextF, nextP.p99, nextP.n > 0 && nextP.p99 <= LIMIT_MS, { p50: nextP.p50, max: nextP.max, n: nextP.n, ...run });
    figure(submitF, submitP.p99, submitP.n > 0 && submitP.p99 <= LIMIT_MS, { p50: submitP.p50, max: submitP.max, n: submitP.n, ...run });
    figure(faultF, faults, faults === 0 && submit.length > 0, { ...check, errors: errors.length, first_error: errors[0], papers: exam.blocks.map((b) => ({ mode: b.ratingMode, papers: b.papers })) });
  } finally {
    await stopApi(api);
    await scratch.drop().catch((e) => process.stderr.write(`${String(e)}\n`));
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  failed(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
