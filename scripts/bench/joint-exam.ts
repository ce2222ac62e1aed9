/**
 * The joint exam of joint-release.bench.ts, made by SQL in a migrated, demo-seeded database: 示例中学 organises a
 * joint 高一 exam of `schools` schools (itself and confirmed participants, codes 01…) with 20 classes each,
 * `perSchool` candidates a school, 9 subjects × 25 questions and seeded random score cells; and the administrator
 * of the first participating school.
 */
import { sql } from 'kysely';
import { COURSES } from '@jz/shared/school';
import type { Db } from '../../apps/api/src/db/database.js';

const CLASSES = 20;
const log = (s: string) => process.stderr.write(`[joint-exam] ${new Date().toISOString().slice(11, 19)} ${s}\n`);

/** A benchmark subject's 25 questions: 12 single choice × 3, 3 multiple × 4, 10 subjective sharing the rest of `full`. */
export function benchQuestions(full: number) {
  const rest = full - 48;
  return [
    ...Array.from({ length: 12 }, (_, j) => ({ type: 'single' as const, full: 3, answer: 'ABCD'[j % 4]! as string | null })),
    ...Array.from({ length: 3 }, (_, j) => ({ type: 'multiple' as const, full: 4, answer: ['AC', 'BD', 'ABD'][j]! as string | null })),
    ...Array.from({ length: 10 }, (_, j) => ({ type: 'subjective' as const, full: j < 9 ? Math.floor(rest / 10) : rest - 9 * Math.floor(rest / 10), answer: null as string | null })),
  ];
}

/** The joint exam: schools, classes, students, candidates, subjects, questions and score cells, all by SQL. Answers the exam id. */
export async function buildJointExam(db: Db, schoolCount: number, perSchool: number): Promise<{ examId: number }> {
  const candidates = schoolCount * perSchool;
  const org = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const dict = await db.selectFrom('grade_dict').select('id').where('name', '=', '高一').executeTakeFirstOrThrow();
  const orgGrade = await db.selectFrom('school_grade').select('id').where('school_id', '=', org.id).where('name', '=', '高一').executeTakeFirstOrThrow();
  const made = await sql<{ id: number }>`insert into school (name, code, province, area, kind)
    select '联考学校' || g, 'LKXX' || g, '广东省', '广州市', 'school' from generate_series(1, ${schoolCount - 1}::int) g order by g returning id`.execute(db);
  const schools = [org.id, ...made.rows.map((r) => r.id)];
  await sql`insert into school_grade (school_id, grade_dict_id, name, sort) select s, ${dict.id}, '高一', 1 from unnest(${schools.slice(1)}::int[]) s`.execute(db);
  await sql`insert into school_class (school_id, grade_id, name, sort)
    select g.school_id, g.id, '联考' || c || '班', 100 + c from school_grade g cross join generate_series(1, ${CLASSES}::int) c
    where g.school_id = any(${schools}::int[]) and g.name = '高一'`.execute(db);
  await sql`insert into student (school_id, class_id, name, admission_no, registration_type)
    select c.school_id, c.id, '联考学生' || c.id || '-' || n, 'J' || c.id || '-' || n, case when n % 17 = 0 then '往届' else '应届' end
    from school_class c cross join generate_series(1, ${perSchool / CLASSES}::int) n where c.school_id = any(${schools}::int[]) and c.sort > 100`.execute(db);
  log(`${candidates} students`);
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
    const qs = benchQuestions(full);
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
    log(`${course.name}: ${candidates * qs.length} cells`);
  }
  await db.updateTable('exam').set({ status: 3, progress: 100 }).where('id', '=', exam.id).execute();
  return { examId: exam.id };
}

/** The administrator of the first participating school (made here: the schools were made by SQL, without users). */
export async function participantAdmin(db: Db): Promise<number> {
  const s = await db.selectFrom('school').select('id').where('name', '=', '联考学校1').executeTakeFirstOrThrow();
  const u = await db.insertInto('app_user').values({ school_id: s.id, login_id: 'lkxx1admin', user_name: '联考学校1管理员', password_hash: 'x', user_type: 'teacher' })
    .returning('id').executeTakeFirstOrThrow();
  await db.insertInto('user_role').values({ school_id: s.id, user_id: u.id, role_code: 'school_admin' }).execute();
  // the roles' permissions of a school (what creating a school copies), from the organiser's
  await sql`insert into role_permission (school_id, role_code, permission_code)
    select ${s.id}, rp.role_code, rp.permission_code from role_permission rp join school o on o.id = rp.school_id where o.name = '示例中学'`.execute(db);
  return u.id;
}

