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
 * - joint_report_p95_school: the same over the joint report routes as the administrator of a participating school
 *   (联考学校1: its own candidates, the others anonymous), limit 200 ms.
 * Needs DATABASE_URL; without it every line is ok: false with the reason.
 * Env: JOINT_RELEASE_SCHOOLS (100), JOINT_RELEASE_PER_SCHOOL (1000), JOINT_RELEASE_REQUESTS (200).
 */
import os from 'node:os';
import { sql } from 'kysely';
import { COURSES } from '@jz/shared/school';
import { REPORT_ROUTES } from '@jz/shared/api/report';
import { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS } from '@jz/shared/api/joint-report';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase, type Db } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { scratchDatabase } from './queue-lib.js';
import { printBench } from './result.js';

const SCHOOLS = Number(process.env.JOINT_RELEASE_SCHOOLS ?? 100);
const PER_SCHOOL = Number(process.env.JOINT_RELEASE_PER_SCHOOL ?? 1000);
const REQUESTS = Number(process.env.JOINT_RELEASE_REQUESTS ?? 200);
const CLASSES = 20;
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

/** The joint exam: schools, classes, students, candidates, subjects, questions and score cells, all by SQL. Answers the exam id. */
async function build(db: Db): Promise<{ examId: number; classId: number }> {
  const org = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const dict = await db.selectFrom('grade_dict').select('id').where('name', '=', '高一').executeTakeFirstOrThrow();
  const orgGrade = await db.selectFrom('school_grade').select('id').where('school_id', '=', org.id).where('name', '=', '高一').executeTakeFirstOrThrow();
  const made = await sql<{ id: number }>`insert into school (name, code, province, area, kind)
    select '联考学校' || g, 'LKXX' || g, '广东省', '广州市', 'school' from generate_series(1, ${SCHOOLS - 1}::int) g order by g returning id`.execute(db);
  const schools = [org.id, ...made.rows.map((r) => r.id)];
  await sql`insert into school_grade (school_id, grade_dict_id, name, sort) select s, ${dict.id}, '高一', 1 from unnest(${schools.slice(1)}::int[]) s`.execute(db);
  await sql`insert into school_class (school_id, grade_id, name, sort)
    select g.school_id, g.id, '联考' || c || '班', 100 + c from school_grade g cross join generate_series(1, ${CLASSES}::int) c
    where g.school_id = any(${schools}::int[]) and g.name = '高一'`.execute(db);
  await sql`insert into student (school_id, class_id, name, admission_no, registration_type)
    select c.school_id, c.id, '联考学生' || c.id || '-' || n, 'J' || c.id || '-' || n, case when n % 17 = 0 then '往届' else '应届' end
    from school_class c cross join generate_series(1, ${PER_SCHOOL / CLASSES}::int) n where c.school_id = any(${schools}::int[]) and c.sort > 100`.execute(db);
  log(`${STUDENTS} students`);
  const exam = await db.insertInto('exam').values({
    school_id: org.id, name: '联考压测', exam_type: 2, grade_id: orgGrade.id, mode: 'joint', start_date: '2026-11-10', end_date: '2026-11-11',
  }).returning('id').executeTakeFirstOrThrow();
  await sql`insert into exam_school (exam_id, school_id, code, status, class_ids)
    select ${exam.id}, s, o::int, 'confirmed', (select array_agg(c.id order by c.sort) from school_class c where c.school_id = s and c.sort > 100)
    from unnest(${schools.slice(1)}::int[]) with ordinality as t(s, o)`.execute(db);
  // the unified 考号: school code (00 = the organiser) + class + seat
  await sql`insert into exam_student (exam_id, school_id, student_id, class_id, exam_no, seat, registration_type)
    select ${exam.id}, st.school_id, st.id, st.class_id,
      lpad((array_position(${schools}::int[], st.school_id) - 1)::text, 2, '0') || lpad((c.sort - 100)::text, 2, '0') || lpad(row_number() over (partition by st.class_id order by st.id)::text, 3, '0'),
      row_number() over (partition by st.class_id order by st.id), st.registration_type
    from student st join school_class c on c.id = st.class_id where st.school_id = any(${schools}::int[]) and c.sort > 100`.execute(db);
  for (const [si, course] of COURSES.entries()) {
    const full = si < 3 ? 150 : 100;
    const sub = await db.insertInto('exam_subject').values({ exam_id: exam.id, course_code: course.code, course_name: course.name, full_score: full, sort: si + 1 })
      .returning('id').executeTakeFirstOrThrow();
    const rest = full - 48;
    const qs = [
      ...Array.from({ length: 12 }, (_, j) => ({ type: 'single' as const, full: 3, answer: 'ABCD'[j % 4]! })),
      ...Array.from({ length: 3 }, (_, j) => ({ type: 'multiple' as const, full: 4, answer: ['AC', 'BD', 'ABD'][j]! })),
      ...Array.from({ length: 10 }, (_, j) => ({ type: 'subjective' as const, full: j < 9 ? Math.floor(rest / 10) : rest - 9 * Math.floor(rest / 10), answer: null })),
    ];
    await db.insertInto('question').values(qs.map((q, j) => ({ exam_subject_id: sub.id, no: String(j + 1), sort: j + 1, type: q.type, full_score: q.full, step: 1, answer: q.answer }))).execute();
    // a student's ability p from its id (0.1–0.9), each cell right with probability p (seeded: setseed in the same transaction)
    await db.transaction().execute(async (tx) => {
      await sql`select setseed(${0.1 + si / 100})`.execute(tx);
      await sql`insert into question_score (exam_student_id, question_id, score, choice)
        select es.id, q.id,
          case when q.type = 'subjective' then round(q.full_score * least(1, greatest(0, p + (random() - 0.5) * 0.3)))
               when r < p then q.full_score else 0 end,
          case when q.type = 'subjective' then null when r < p then q.answer else 'A' end
        from (select id, 0.1 + 0.8 * ((id * 7919) % 1000) / 1000.0 as p from exam_student where exam_id = ${exam.id}) es
        cross join lateral (select qq.*, random() as r from question qq where qq.exam_subject_id = ${sub.id}) q`.execute(tx);
    });
    log(`${course.name}: ${STUDENTS * qs.length} cells`);
  }
  await db.updateTable('exam').set({ status: 3, progress: 100 }).where('id', '=', exam.id).execute();
  const cls = await db.selectFrom('school_class').select('id').where('school_id', '=', org.id).where('sort', '>', 100).orderBy('sort').executeTakeFirstOrThrow();
  return { examId: exam.id, classId: cls.id };
}

/** The administrator of the first participating school (made here: the schools were made by SQL, without users). */
async function participantAdmin(db: Db): Promise<number> {
  const s = await db.selectFrom('school').select('id').where('name', '=', '联考学校1').executeTakeFirstOrThrow();
  const u = await db.insertInto('app_user').values({ school_id: s.id, login_id: 'lkxx1admin', user_name: '联考学校1管理员', password_hash: 'x', user_type: 'teacher' })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ school_id: s.id, user_id: u.id, role_code: 'school_admin' }).execute();
  // the roles' permissions of a school (what creating a school copies), from the organiser's
  await sql`insert into role_permission (school_id, role_code, permission_code)
    select ${s.id}, rp.role_code, rp.permission_code from role_permission rp join school o on o.id = rp.school_id where o.name = '示例中学'`.execute(db);
  return u.id;
}

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
  const slowest = [...times].sort((a, b) => b[0] - a[0]).slice(0, 5).map(([ms, p]) => `${Math.round(ms)}ms ${p}`);
  return { value, requests: REQUESTS, failures, first_failure: firstFailure || undefined, slowest };
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
    const { examId, classId } = await build(db);
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
