/**
 * Benchmark of the report api: on a fresh in-memory PGlite (migrated and demo-seeded like the tests' base
 * database) a 2,000-student × 9-subject × 25-question exam is written straight into the database (40 extra
 * 高一 classes of 50 students, seeded PRNG, bulk inserts), released with releaseExam, then 200 GET requests
 * over the report routes (every family, several filters, admin and grade leader) go through app.inject.
 * Prints {"name":"report_api_p95_2000",...} (limit 200 ms) and, for information, the release time.
 * Run: node --import tsx scripts/bench/report-api.bench.ts
 */
import { sql } from 'kysely';
import { COURSES } from '@jz/shared/school';
import { REPORT_ROUTES } from '@jz/shared/api/report';
import { insertExamStudents } from '../../apps/api/src/modules/exam/exam.repository.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { mulberry32 } from '@jz/shared/random';
import { benchApp } from './lib.js';
import { benchQuestions } from './joint-exam.js';
import { printBench } from './result.js';

const LIMIT_MS = 200;
const CLASSES = 40;
const PER_CLASS = 50;
const REQUESTS = 200;


async function main() {
  const rand = mulberry32(20261008);
  const bench = await benchApp({ exams: false });
  const db = bench.db;
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();

  // 40 more classes of 50 students.
  const classes = await db.insertInto('school_class')
    .values(Array.from({ length: CLASSES }, (_, k) => ({ school_id: school.id, grade_id: grade.id, name: `压测${k + 1}班`, class_type: k % 4 === 0 ? '实验班' : '行政班', sort: 100 + k })))
    .returning('id').execute();
  const students = classes.flatMap((c, k) => Array.from({ length: PER_CLASS }, (_, s) => ({
    school_id: school.id, class_id: c.id, name: `压测学生${k + 1}-${s + 1}`, admission_no: `P${String(k + 1).padStart(2, '0')}${String(s + 1).padStart(3, '0')}`,
    registration_type: rand() < 0.06 ? '往届' : rand() < 0.03 ? '借读' : '应届',
  })));
  for (let i = 0; i < students.length; i += 1000) await db.insertInto('student').values(students.slice(i, i + 1000)).execute();

  const exam = await db.insertInto('exam').values({
    school_id: school.id, name: '压测月考', exam_type: 4, grade_id: grade.id, mode: 'multi', start_date: '2026-10-08', end_date: '2026-10-09',
  }).returning('id').executeTakeFirstOrThrow();
  await insertExamStudents(db, exam.id, school.id, classes.map((c) => c.id));
  const esids = (await db.selectFrom('exam_student').select('id').where('exam_id', '=', exam.id).orderBy('id').execute()).map((r) => r.id);
  const ability = esids.map(() => rand());

  for (const [si, course] of COURSES.entries()) {
    const full = si < 3 ? 150 : 100;
    const sub = await db.insertInto('exam_subject').values({ exam_id: exam.id, course_code: course.code, course_name: course.name, full_score: full, sort: si + 1 })
      .returning('id').executeTakeFirstOrThrow();
    const qs = benchQuestions(full);
    const qrows = await db.insertInto('question').values(qs.map((q, j) => ({
      exam_subject_id: sub.id, no: String(j + 1), sort: j + 1, type: q.type, full_score: q.full, step: 1, answer: q.answer,
    }))).returning(['id']).execute();
    const sid: number[] = [];
    const qid: number[] = [];
    const score: number[] = [];
    const choice: (string | null)[] = [];
    qrows.forEach((q, j) => {
      const spec = qs[j]!;
      esids.forEach((es, i) => {
        const p = Math.min(0.97, Math.max(0.03, ability[i]! * 0.8 + rand() * 0.4 - 0.1));
        sid.push(es);
        qid.push(q.id);
        if (spec.type === 'single') {
          const right = rand() < p;
          choice.push(right ? spec.answer! : 'ABCD'[Math.floor(rand() * 4)]!);
          score.push(choice[choice.length - 1] === spec.answer ? spec.full : 0);
        } else if (spec.type === 'multiple') {
          const right = rand() < p;
          choice.push(right ? spec.answer! : 'A');
          score.push(right ? spec.full : spec.answer!.includes('A') ? 2 : 0);
        } else {
          choice.push(null);
          score.push(Math.round(spec.full * Math.min(1, Math.max(0, p + (rand() - 0.5) * 0.3))));
        }
      });
    });
    for (let i = 0; i < sid.length; i += 20_000) {
      await sql`insert into question_score (exam_student_id, question_id, score, choice)
        select * from unnest(${sid.slice(i, i + 20_000)}::int[], ${qid.slice(i, i + 20_000)}::int[], ${score.slice(i, i + 20_000)}::numeric[], ${choice.slice(i, i + 20_000)}::text[])`.execute(db);
    }
  }
  await db.updateTable('exam').set({ status: 3, progress: 100 }).where('id', '=', exam.id).execute();

  const t0 = performance.now();
  await releaseExam(db, exam.id);
  const releaseMs = Math.round(performance.now() - t0);

  const app = bench.app;
  const tokenOf = bench.tokenFor;
  const tokens = [await tokenOf('admin'), await tokenOf('grade1')];
  const paths = [...Object.values(REPORT_ROUTES).map((r) => r.path), 'examReportComm/filter'];
  const variants = ['', '&courseCode=SX', `&classId=${classes[3]!.id}`, '&courseCode=WL&classType=%E5%AE%9E%E9%AA%8C%E7%8F%AD', '&registrationType=%E5%BA%94%E5%B1%8A'];
  const times: number[] = [];
  const labelled: [number, string][] = [];
  let failures = 0;
  for (let k = 0; k < REQUESTS; k++) {
    const path = paths[k % paths.length]!;
    const v = variants[Math.floor(k / paths.length) % variants.length]!;
    const started = performance.now();
    const res = await app.inject({ url: `/api/v1/${path}?examId=${exam.id}${v}`, headers: { authorization: tokens[k % 2]! } });
    times.push(performance.now() - started);
    labelled.push([times[times.length - 1]!, `${path}${v}`]);
    const body = res.json() as { code: number; msg: string };
    if (body.code !== 200) {
      failures++;
      process.stderr.write(`${path}${v}: ${body.code} ${body.msg}\n`);
    }
  }
  times.sort((a, b) => a - b);
  labelled.sort((a, b) => b[0] - a[0]);
  process.stderr.write(`slowest: ${labelled.slice(0, 8).map(([ms, p]) => `${Math.round(ms)}ms ${p}`).join('; ')}\n`);
  const p95 = Math.round(times[Math.ceil(0.95 * times.length) - 1]! * 10) / 10;
  await bench.close();
  printBench({ name: 'report_release_2000', value: releaseMs, unit: 'ms', limit: null, ok: true });
  printBench({ name: 'report_api_p95_2000', value: p95, unit: 'ms', limit: LIMIT_MS, ok: failures === 0 && p95 < LIMIT_MS });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  printBench({ name: 'report_api_p95_2000', value: null, unit: 'ms', limit: LIMIT_MS, ok: false });
  process.exitCode = 1;
});
