/**
 * Benchmark: the release of a joint exam at full scale, on PostgreSQL. In a scratch database of its own
 * (jz_jrel_<pid>, migrated and demo-seeded, dropped after) 示例中学 organises a joint 高一 exam of 100 schools —
 * itself and 99 confirmed participants (exam_school codes run 01–99) — each with 20 classes of 50 students
 * (100,000 candidates), 9 subjects × 25 questions (12 single choice, 3 multiple, 10 written; the shape of
 * report-api.bench.ts): 22.5 million score cells, written by SQL on the server (seeded random()).
 * Lines:
 * - joint_release_100000: releaseExam (the organiser's release job, in this process), limit 60 s;
 * - joint_release_rss_100000: the peak RSS of this process during the release (sampled every 50 ms), limit 1,536 MB;
 * - joint_report_p95_organiser: p95 of GET requests over the report routes (every family, several filters) and
 *   the joint report routes (联考报告: joint_analysis/*, 校际对比 included) as the organiser's administrator, limit 200 ms;
 *   as its report pages ask them: class rows of the filter's default school (2,000 classes open on one school,
 *   report.school.ts), one class of that school, the grade figures over all 100,000 candidates;
 * - joint_report_p95_school: the same over the joint report routes as the administrator of a participating school
 *   (联考学校1: its own candidates, the others anonymous), limit 200 ms.
 * Needs DATABASE_URL; without it every line is ok: false with the reason.
 * Env: JOINT_RELEASE_SCHOOLS (100), JOINT_RELEASE_PER_SCHOOL (1000), JOINT_RELEASE_REQUESTS (200).
 */
import os from 'node:os';
import { sql } from 'kysely';
import { REPORT_ROUTES } from '@jz/shared/api/report';
import { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS } from '@jz/shared/api/joint-report';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { scratchDatabase } from './queue-lib.js';
import { buildJointExam, participantAdmin } from './joint-exam.js';
import { printBench } from './result.js';

const SCHOOLS = Number(process.env.JOINT_RELEASE_SCHOOLS ?? 100);
const PER_SCHOOL = Number(process.env.JOINT_RELEASE_PER_SCHOOL ?? 1000);
const REQUESTS = Number(process.env.JOINT_RELEASE_REQUESTS ?? 200);
const STUDENTS = SCHOOLS * PER_SCHOOL;
const LINES = {
  release: { name: `joint_release_${STUDENTS}`, unit: 's', limit: 60 },
  rss: { name: `joint_release_rss_${STUDENTS}`, unit: 'MB', limit: 1536 },
  organiser: { name: 'joint_report_p95_organiser', unit: 'ms', limit: 200 },
  school: { name: 'joint_report_p95_school', unit: 'ms', limit: 200 },
};
const machine = () => ({ load1: +os.loadavg()[0]!.toFixed(2), cores: os.availableParallelism(), cpu: os.cpus()[0]?.model });
const failAll = (reason: string) => { for (const l of Object.values(LINES)) printBench({ ...l, value: null, ok: false, reason }); };
const log = (s: string) => process.stderr.write(`[joint-release] ${new Date().toISOString().slice(11, 19)} ${s}\n`);

/** REQUESTS GETs over the paths × variants as one caller: p95 (ms), failures and the slowest. */
async function requests(app: Awaited<ReturnType<typeof buildApp>>, token: string, examId: number, paths: string[], variants: string[]) {
  const times: [number, string][] = [];
  let failures = 0;
  let firstFailure = '';
  for (let k = 0; k < REQUESTS; k++) {
    const path = paths[k % paths.length]!;
    const v = variants[Math.floor(k / paths.length) % variants.length]!;
    const p = `${path}${v}`;
    const s = performance.now();
    const res = await app.inject({ url: `/api/v1/${path}?examId=${examId}${v}`, headers: { authorization: token } });
    times.push([performance.now() - s, p]);
    const body = res.json() as { code: number; msg: string };
    if (body.code !== 200) { failures++; firstFailure ||= `${p}: ${body.code} ${body.msg}`; }
  }
  const sorted = times.map((x) => x[0]).sort((a, b) => a - b);
  const value = Math.round(sorted[Math.ceil(0.95 * sorted.length) - 1]! * 10) / 10;
  const byTime = [...times].sort((a, b) => b[0] - a[0]);
  const slowest = byTime.slice(0, 12).map(([ms, p]) => `${Math.round(ms)}ms ${p}`);
  // how many answers took longer than the limit: p95 passes while at most 5 % do
  const over = byTime.filter(([ms]) => ms > LINES.organiser.limit).length;
  return { value, requests: REQUESTS, failures, first_failure: firstFailure || undefined, over_limit: over, slowest };
}

async function main() {
  if (!process.env.DATABASE_URL) return failAll('未设置 DATABASE_URL，无法运行（需要 PostgreSQL）');
  const scratch = await scratchDatabase(`jz_jrel_${process.pid}`);
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    const db = database.db;
    await migrateToLatest(db);
    await seedDemoIfEmpty(db, { exams: false });
    const t0 = performance.now();
    const { examId } = await buildJointExam(db, SCHOOLS, PER_SCHOOL);
    log(`built in ${Math.round((performance.now() - t0) / 1000)} s; releasing`);
    await sql`analyze`.execute(db);
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
    const r0 = performance.now();
    // a release that fails still reports how long it ran and the memory it took (ok: false with the reason)
    const failure = await releaseExam(db, examId).then(() => null, (e: Error) => e);
    const releaseS = Math.round((performance.now() - r0) / 100) / 10;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const load = machine();
    const mb = Math.round(peak / 2 ** 20);
    log(`${failure ? `release failed (${failure.message})` : 'released'} after ${releaseS} s, peak RSS ${mb} MB`);
    const sizes = { students: STUDENTS, schools: SCHOOLS, cells: STUDENTS * 225 };
    const why = failure ? { reason: `发布失败（${releaseS} 秒后）：${failure.message}` } : {};
    printBench({ ...LINES.release, value: failure ? null : releaseS, ok: !failure && releaseS <= LINES.release.limit, ...why, ...sizes, ...load });
    printBench({ ...LINES.rss, value: mb, ok: !failure && mb <= LINES.rss.limit, ...why, note: 'this process (the api doing the release); PostgreSQL not counted', ...load });
    if (failure) {
      for (const l of [LINES.organiser, LINES.school]) printBench({ ...l, value: null, ok: false, reason: '发布失败，没有报告可测' });
      return;
    }

    const app = await buildApp({ db, config: { ...loadConfig({}), webDist: undefined } });
    try {
      const admin = await db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
      const organiser = await createSession(db, admin.id, 'user', 3600_000);
      const school = await createSession(db, await participantAdmin(db), 'user', 3600_000);
      const jointPaths = [...Object.values(JOINT_REPORT_PATHS), JOINT_OTHER_PATHS.filter, JOINT_OTHER_PATHS.schoolContrast];
      const variants = ['', '&courseCode=SX', '&courseCode=WL', '&registrationType=%E5%BA%94%E5%B1%8A'];
      const organiserPaths = [...Object.values(REPORT_ROUTES).map((r) => r.path), 'examReportComm/filter', ...jointPaths];
      // the class a page of the organiser's default school may choose (its first)
      const filter = (await app.inject({ url: `/api/v1/${JOINT_OTHER_PATHS.filter}?examId=${examId}`, headers: { authorization: organiser } })).json() as {
        data: { defaults: { schoolId?: number }; classes: { value: number; schoolId?: number }[] } };
      const classId = filter.data.classes.find((c) => c.value && c.schoolId === filter.data.defaults.schoolId)?.value ?? 0;
      const orgRun = await requests(app, organiser, examId, organiserPaths, [...variants, `&classId=${classId}`]);
      printBench({ ...LINES.organiser, ...orgRun, ok: orgRun.failures === 0 && orgRun.value <= LINES.organiser.limit, note: '报告路由与联考报告路由，以组织方（示例中学管理员）身份', ...machine() });
      const schoolRun = await requests(app, school, examId, jointPaths, variants);
      printBench({ ...LINES.school, ...schoolRun, ok: schoolRun.failures === 0 && schoolRun.value <= LINES.school.limit, note: '联考报告路由，以参考学校（联考学校1）管理员身份', ...machine() });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await scratch.drop().catch((e) => process.stderr.write(`${String(e)}\n`));
  }
}

// a failed release job may leave its timers behind: the benchmark ends when its lines are printed
main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  failAll(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}).finally(() => process.exit());
