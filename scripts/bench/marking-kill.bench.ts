/**
 * Benchmark: no mark lost or doubled when an api process dies. 100,000 submissions (16,667 students ×
 * four blocks: two double-marked 双评, two single-marked = 6 marks a student) by 100 concurrent markers
 * (tests/helpers/marking-clients.ts, no pause) against two api processes (`npm start`'s server.ts) on one
 * PostgreSQL database of their own (jz_h11_mkill_<pid>, dropped after), each call to the other process in turn.
 * When half the submissions are acknowledged, one process is killed with SIGKILL and started again on its port;
 * calls that got no answer are sent again, same body and requestId, to the next process (as a browser would).
 * At the end (tests/helpers/marking-kill.ts) every acknowledged submit must be stored exactly once with its total,
 * no stored mark unacknowledged, no paper marked twice by one marker or beyond its rating mode, every paper final
 * and the subject's question scores written (one per student and question). value = wall time of the marking (s);
 * ok only when all of that holds and the run ends within the limit (an hour: a hang fails).
 * Needs DATABASE_URL. Env: MARKING_KILL_SUBMITS (100000), MARKING_KILL_CLIENTS (100).
 */
import { loginAll } from '../../tests/helpers/marking-clients.js';
import { killRunClean, markThroughKill } from '../../tests/helpers/marking-kill.js';
import { line, machine, markingDatabase, round1, startApi, stopApi, type Api } from './marking-lib.js';

const SUBMITS = Number(process.env.MARKING_KILL_SUBMITS ?? 100_000);
const CLIENTS = Number(process.env.MARKING_KILL_CLIENTS ?? 100);
const LIMIT_S = 3600;
const NAME = `marking-kill-${SUBMITS}`;

async function main() {
  if (!process.env.DATABASE_URL) return line({ name: NAME, value: null, unit: 's', limit: LIMIT_S, ok: false, reason: '未设置 DATABASE_URL，无法运行（需要 PostgreSQL）' });
  const scratch = await markingDatabase(`jz_h11_mkill_${process.pid}`, { students: Math.ceil(SUBMITS / 6), markers: CLIENTS, ratingModes: [2, 2, 1, 1] });
  const apis: (Api | undefined)[] = [];
  try {
    apis.push(await startApi(scratch.url), await startApi(scratch.url));
    const { exam } = scratch;
    const tokens = await loginAll(apis[0]!.url, exam.markers.map((m) => m.loginId));
    let restartS = 0;
    const kill = async () => {
      const victim = apis[0]!;
      const dead = new Promise((r) => victim.child.once('exit', r));
      victim.child.kill('SIGKILL');
      await dead;
      const t = performance.now();
      apis[0] = await startApi(scratch.url, victim.port);
      restartS = (performance.now() - t) / 1000;
    };
    const r = await markThroughKill(scratch.database.db, exam, { urls: apis.map((a) => a!.url), tokens, killAt: Math.floor(SUBMITS / 2), kill });
    const ok = killRunClean(r, exam) && r.killedAfter > 0 && r.seconds <= LIMIT_S;
    line({
      name: NAME, value: round1(r.seconds), unit: 's', limit: LIMIT_S, ok, submits: r.acknowledged, stored: r.stored, retried: r.retried, killed_after: r.killedAfter,
      restart_s: round1(restartS), submits_per_s: round1(r.acknowledged / r.seconds), lost: r.lost, doubled: r.doubled, unacknowledged: r.unacknowledged,
      same_paper_twice: r.samePaperTwice, over_marked: r.overMarked, open_papers: r.openPapers, question_scores: r.questionScores, students: exam.students,
      clients: CLIENTS, errors: r.errors.length, first_error: r.errors[0], ...machine(),
    });
  } finally {
    for (const a of apis) await stopApi(a);
    await scratch.drop().catch((e) => process.stderr.write(`${String(e)}\n`));
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  line({ name: NAME, value: null, unit: 's', limit: LIMIT_S, ok: false, reason: err instanceof Error ? err.message : String(err) });
  process.exitCode = 1;
});
