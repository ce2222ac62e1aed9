/**
 * A marking exam at scale, for the marking benchmarks (scripts/bench/marking-*.bench.ts) and the marking kill test
 * (tests/durability/marking-kill.test.ts), on a migrated, demo-seeded database: a grade of its own (classes of 50),
 * an exam of one subject (数学) with four written-answer questions (25 points, step 1) made by the exam services,
 * one recognised page per student carrying the four cut blocks (what scan.job stores; as tests/api/marking.test.ts
 * does, the crops themselves are not drawn: next and submit never read them), the default blocks of the marking
 * set-up service (one per question) saved with the given rating modes, `markers` teachers of their own (a
 * subject_teacher role, the demo password) spread over the blocks in turn, and each block's papers made by the
 * marking repository's syncPapers (what the first `marking/next` would do).
 * Then `checkMarks`: what the benchmarks and the test demand of the stored marks.
 */
import { sql } from 'kysely';
import { marksPerPaper, type RatingModeValue } from '@jz/analysis';
import { DEMO_PASSWORD } from '@jz/shared';
import type { Db } from '../../apps/api/src/db/database.js';
import { hashPassword } from '../../apps/api/src/core/crypto.js';
import { addExam } from '../../apps/api/src/modules/exam/exam.service.js';
import { saveQuestions } from '../../apps/api/src/modules/exam/exam-question.service.js';
import { groupList, saveAllocation } from '../../apps/api/src/modules/marking/marking-setup.service.js';
import { syncPapers } from '../../apps/api/src/modules/marking/marking.repository.js';
import { actingAdmin } from '../../apps/api/src/seed/demo-exam-build.js';

export interface MarkingExam {
  examId: number; examSubjectId: number; students: number;
  blocks: { id: number; ratingMode: number; papers: number }[];
  markers: { loginId: string; userId: number; blockId: number }[];
}

const QUESTIONS = ['1', '2', '3', '4'];
const PER_CLASS = 50;

async function chunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Sets up the exam (see the file's comment); ratingModes: one per block (four blocks), e.g. [2, 2, 1, 1]. */
export async function setUpMarkingExam(db: Db, opts: { students: number; markers: number; ratingModes: number[]; tag?: string }): Promise<MarkingExam> {
  const tag = opts.tag ?? 'mk';
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const admin = await actingAdmin(db, school.id);
  const model = await db.selectFrom('school_grade').selectAll().where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
  const grade = await db.insertInto('school_grade').values({ school_id: school.id, grade_dict_id: null, name: `阅卷压测${tag}`, sort: 99 }).returning('id').executeTakeFirstOrThrow();
  await sql`insert into school_grade_course (school_id, grade_id, course_code, course_name)
    select school_id, ${grade.id}, course_code, course_name from school_grade_course where grade_id = ${model.id}`.execute(db);
  const classCount = Math.ceil(opts.students / PER_CLASS);
  const classes = await db.insertInto('school_class').values(Array.from({ length: classCount }, (_, k) => ({ school_id: school.id, grade_id: grade.id, name: `${k + 1}班`, sort: k + 1 })))
    .returning('id').execute();
  const studentRows = Array.from({ length: opts.students }, (_, i) => {
    const k = Math.floor(i / PER_CLASS);
    return { school_id: school.id, class_id: classes[k]!.id, user_id: null, name: `阅卷${k + 1}班${(i % PER_CLASS) + 1}号`, admission_no: `8${String(k + 1).padStart(3, '0')}${String((i % PER_CLASS) + 1).padStart(4, '0')}`, created_at: new Date() };
  });
  await chunked(studentRows, 2000, (c) => db.insertInto('student').values(c).execute());

  const exam = await addExam(db, admin, {
    name: `阅卷压测考试${tag}`, examType: 4, gradeId: grade.id, semesterId: null, startDate: '2026-11-20', endDate: '2026-11-20',
    subjects: [{ courseCode: 'SX', fullScore: 100, examDate: '2026-11-20' }], classIds: classes.map((c) => c.id), referenceExamId: null,
  }, 'single');
  const examSubjectId = exam.subjects[0]!.id;
  await saveQuestions(db, admin, examSubjectId, QUESTIONS.map((no) => ({ no, type: 'subjective' as const, fullScore: 25, step: 1, knowledgePoints: [] })), false);
  const students = await db.selectFrom('exam_student').select('id').where('exam_id', '=', exam.id).orderBy('exam_no').execute();

  // one recognised page per student with the four cut blocks (scan_page.rec.blocks: id = question number, key = crop)
  const batch = await db.insertInto('scan_batch').values({ school_id: school.id, exam_id: exam.id, exam_subject_id: examSubjectId, no: 1, name: '批次1', status: 'done', created_by: null })
    .returning('id').executeTakeFirstOrThrow();
  const prefix = `scans/${school.id}/${examSubjectId}/${batch.id}`;
  await chunked(students.map((s, i) => ({
    school_id: school.id, batch_id: batch.id, exam_subject_id: examSubjectId, file_seq: i + 1, file_name: `${i + 1}.jpg`, status: 'ok' as const, recognized: true,
    image_key: `${prefix}/pages/${i + 1}.jpg`, page_no: 1, exam_student_id: s.id,
    rec: JSON.stringify({ blocks: QUESTIONS.map((no) => ({ id: no, rect: { x: 0, y: 0, w: 200, h: 80 }, key: `${prefix}/blocks/${i + 1}-${no}.jpg` })) }),
  })), 1000, (c) => db.insertInto('scan_page').values(c).execute());

  // the markers: teachers of their own (subject_teacher of 数学 in the grade: exam:marking:do)
  const hash = await hashPassword(DEMO_PASSWORD);
  const users = await db.insertInto('app_user').values(Array.from({ length: opts.markers }, (_, i) => ({
    school_id: school.id, login_id: `${tag}${String(i + 1).padStart(4, '0')}`, user_name: `阅卷员${i + 1}`, password_hash: hash, user_type: 'teacher' as const,
  }))).returning(['id', 'login_id']).execute();
  await db.insertInto('user_role').values(users.map((u) => ({ school_id: school.id, user_id: u.id, role_code: 'subject_teacher', grade_id: grade.id, class_id: classes[0]!.id, course_code: 'SX' }))).execute();

  const groups = await groupList(db, admin, examSubjectId);
  const markerBlock = (i: number) => i % groups.length;
  await saveAllocation(db, admin, {
    examSubjectId,
    blocks: groups.map((g, b) => ({
      blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: opts.ratingModes[b] ?? 1, tolerance: 3, allocation: 'free',
      leaderUserId: null, markers: users.filter((_, i) => markerBlock(i) === b).map((u) => ({ userId: u.id })),
    })),
  });
  const blocks: MarkingExam['blocks'] = [];
  for (const [b, g] of groups.entries()) {
    const mode = opts.ratingModes[b] ?? 1;
    await db.transaction().execute((tx) => syncPapers(tx, g.blockId, marksPerPaper(mode as RatingModeValue)));
    const n = await db.selectFrom('marking_paper').select(({ fn }) => fn.countAll<number>().as('n')).where('block_id', '=', g.blockId).executeTakeFirstOrThrow();
    blocks.push({ id: g.blockId, ratingMode: mode, papers: Number(n.n) });
  }
  return {
    examId: exam.id, examSubjectId, students: students.length, blocks,
    markers: users.map((u, i) => ({ loginId: u.login_id, userId: u.id, blockId: groups[markerBlock(i)]!.blockId })),
  };
}

/** An acknowledged submit: the answer 200 carried this total for this task. */
/**
 * Makes the marking exam joint: `schools` − 1 more confirmed schools (with the organiser's role permissions, as
 * creating a school copies them); candidates and markers spread over all of them (marker i → school i mod schools).
 * Answers the schools, the organiser first.
 */
export async function makeJointMarking(db: Db, examId: number, markerIds: number[], schools: number): Promise<number[]> {
  const organiser = (await sql<{ school_id: number }>`select school_id from exam where id = ${examId}`.execute(db)).rows[0]!.school_id;
  const made = await sql<{ id: number }>`insert into school (name, code, province, area, kind)
    select '联考压测学校' || g, 'LKYC' || g, '广东省', '广州市', 'school' from generate_series(2, ${schools}::int) g returning id`.execute(db);
  const ids = [organiser, ...made.rows.map((r) => r.id)];
  await sql`insert into role_permission (school_id, role_code, permission_code)
    select s, rp.role_code, rp.permission_code from role_permission rp cross join unnest(${ids.slice(1)}::int[]) s where rp.school_id = ${organiser}`.execute(db);
  await sql`update exam set mode = 'joint' where id = ${examId}`.execute(db);
  await sql`insert into exam_school (exam_id, school_id, code, status) select ${examId}, s, o::int, 'confirmed'
    from unnest(${ids.slice(1)}::int[]) with ordinality as t(s, o)`.execute(db);
  await sql`update exam_student es set school_id = (${ids}::int[])[1 + (es.id % ${schools}::int)] where es.exam_id = ${examId}`.execute(db);
  const to = markerIds.map((_, i) => ids[i % schools]!);
  await sql`update app_user u set school_id = t.s from unnest(${markerIds}::int[], ${to}::int[]) as t(id, s) where u.id = t.id`.execute(db);
  await sql`update user_role r set school_id = t.s from unnest(${markerIds}::int[], ${to}::int[]) as t(id, s) where r.user_id = t.id`.execute(db);
  return ids;
}

export interface Ack { requestId: string; taskId: number; markerId: number; total: number }

export interface MarkCheck {
  /** Submitted marks stored (rounds 1–3) in the exam's blocks. */
  stored: number;
  /** Acknowledged submits missing, stored under another task or marker, or with another total. */
  lost: number;
  /** Stored marks nobody acknowledged (a submit answered by nobody: only possible when a process died mid-answer, then retried). */
  unacknowledged: number;
  /** Papers marked twice by one marker; papers with more marks than their rating mode allows; request ids stored twice. */
  samePaperTwice: number; overMarked: number; doubled: number;
}

/** What the stored marks say against the acknowledged submits (the zero-loss, zero-duplicate checks). */
export async function checkMarks(db: Db, exam: MarkingExam, acks: Ack[]): Promise<MarkCheck> {
  const blockIds = exam.blocks.map((b) => b.id);
  const rows = await db.selectFrom('marking_task').select(['id', 'paper_id', 'marker_id', 'request_id', 'total', 'round'])
    .where('block_id', 'in', blockIds).where('round', '<', 4).where('submitted_at', 'is not', null).execute();
  const byRequest = new Map<string, typeof rows>();
  for (const r of rows) byRequest.set(r.request_id ?? '', [...(byRequest.get(r.request_id ?? '') ?? []), r]);
  let lost = 0;
  const acked = new Set<string>();
  for (const a of acks) {
    acked.add(a.requestId);
    const found = byRequest.get(a.requestId) ?? [];
    if (found.length !== 1 || found[0]!.id !== a.taskId || found[0]!.marker_id !== a.markerId || Number(found[0]!.total) !== a.total) lost++;
  }
  const doubled = [...byRequest.values()].filter((v) => v.length > 1).length;
  const pairs = new Map<string, number>();
  for (const r of rows) pairs.set(`${r.paper_id}:${r.marker_id}`, (pairs.get(`${r.paper_id}:${r.marker_id}`) ?? 0) + 1);
  const over = await sql<{ n: number }>`select count(*)::int as n from (
      select p.id, p.block_id, count(t.id) filter (where t.submitted_at is not null and t.round < 4) as marks
      from marking_paper p left join marking_task t on t.paper_id = p.id where p.block_id = any(${blockIds}::int[]) group by p.id, p.block_id) x
    where x.marks > (case x.block_id ${sql.join(exam.blocks.map((b) => sql`when ${b.id}::int then ${maxMarks(b.ratingMode)}::int`), sql` `)} end)`.execute(db);
  return {
    stored: rows.length, lost, unacknowledged: rows.filter((r) => !acked.has(r.request_id ?? '')).length,
    samePaperTwice: [...pairs.values()].filter((n) => n > 1).length, overMarked: over.rows[0]?.n ?? 0, doubled,
  };
}

/** Most marks (rounds 1–3) a paper may get: one single-marked, two double-marked, three with a third mark. */
function maxMarks(mode: number): number {
  return mode === 1 ? 1 : mode === 2 || mode === 4 ? 2 : 3;
}
