import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { COURSES } from '@jz/shared';
import { TOTAL_CODE } from '@jz/shared/api/report';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { DEMO_EXAMS, demoExamSpecs } from '../../apps/api/src/seed/demo-exams.js';
import { DEMO_PAPERS } from '../../apps/api/src/seed/demo-exam-papers.js';
import { planDemoExam, studentTraits } from '../../apps/api/src/seed/demo-exam-scores.js';

/** Pearson's r (plain definition; the test only needs its sign and rough size). */
function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const FULL: Record<string, number> = { YW: 150, SX: 150, YY: 150, WL: 100, HX: 100, SW: 100, ZZ: 100, LS: 100, DL: 100 };

describe('demo exam generator (pure)', () => {
  const students = Array.from({ length: 96 }, (_, i) => ({ studentId: 500 + i, classNo: (i % 8) + 1 }));

  it('gives the same numbers for the same seed and other numbers for another seed', () => {
    const a = planDemoExam(1, students);
    const b = planDemoExam(1, [...students].reverse());
    expect(b).toEqual(a);
    expect(studentTraits(students)).toEqual(studentTraits(students));
    const c = planDemoExam(1, students, { seed: 7 });
    expect(c.subjects[1]!.scores).not.toEqual(a.subjects[1]!.scores);
    expect(planDemoExam(2, students).subjects[1]!.scores).not.toEqual(a.subjects[1]!.scores);
  });

  // Dates counted back from the seeding day (hand: 2026-11-23 − 81 = 2026-09-03, − 80 = 09-04; − 52 = 10-02,
  // − 50 = 10-04; − 7 = 11-16, − 5 = 11-18). The former fixed dates put the 期末 on 2027-01-15, in the future.
  it('dates the exams in the past, 月考 < 期中 < 期末, from the seeding day', () => {
    expect(demoExamSpecs(new Date('2026-11-23T10:00:00Z')).map((e) => [e.startDate, e.endDate])).toEqual([
      ['2026-09-03', '2026-09-04'], ['2026-10-02', '2026-10-04'], ['2026-11-16', '2026-11-18'],
    ]);
    for (const day of ['2026-09-01', '2029-02-28', '2031-12-31']) {
      const specs = demoExamSpecs(new Date(`${day}T00:00:00Z`));
      expect(specs.map((e) => e.name)).toEqual(DEMO_EXAMS.map((e) => e.name));
      specs.forEach((e, i) => {
        expect(e.endDate < day).toBe(true);
        expect(e.startDate <= e.endDate).toBe(true);
        if (i > 0) expect(specs[i - 1]!.endDate < e.startDate).toBe(true);
      });
    }
  });

  it('lays out every paper with full scores summing to the course full score', () => {
    expect(DEMO_PAPERS.map((p) => p.code)).toEqual(COURSES.map((c) => c.code));
    for (const p of DEMO_PAPERS) {
      expect(p.full).toBe(FULL[p.code]);
      expect(p.items.reduce((s, q) => s + q.full, 0)).toBe(p.full);
    }
  });

  it('scores within [0, full] in whole steps, keeps absentees out and spares the protected students', () => {
    const plan = planDemoExam(0, students, { neverAbsent: new Set([500]) });
    expect(plan.wholeAbsent.length).toBeGreaterThanOrEqual(1);
    expect(plan.wholeAbsent.length).toBeLessThanOrEqual(2);
    for (const s of plan.subjects) {
      for (const id of plan.wholeAbsent) expect(s.absent).toContain(id);
      expect(s.absent.length - plan.wholeAbsent.length).toBeLessThanOrEqual(3);
      expect(s.absent).not.toContain(500);
      const absent = new Set(s.absent);
      expect(s.scores.length).toBe((students.length - s.absent.length) * s.questions.length);
      s.scores.forEach((v, i) => {
        const q = s.questions[s.questionIndex[i]!]!;
        expect(absent.has(s.studentIds[i]!)).toBe(false);
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(q.fullScore);
        expect(Math.abs(v / q.step - Math.round(v / q.step))).toBeLessThan(1e-9);
      });
    }
  });
});

describe.each(dbKinds)('demo exams on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exams: { id: number; name: string; exam_type: number; status: number; reference_exam_id: number | null; released_at: Date | null; start_date: string; end_date: string; grade_id: number }[];
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    const school = await db().selectFrom('school').select('id').where('code', '=', 'SLZX').executeTakeFirstOrThrow();
    exams = await db().selectFrom('exam')
      .select(['id', 'name', 'exam_type', 'status', 'reference_exam_id', 'released_at', 'grade_id', sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'), sql<string>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date')])
      .where('school_id', '=', school.id).orderBy('start_date').execute();
  });
  afterAll(async () => { await t?.close(); });

  /** Subject totals of present students: esid → course → points, plus each student's class sort. */
  async function subjectTotals(examId: number) {
    const rows = await sql<{ esid: number; code: string; total: number; class_no: number }>`
      select qs.exam_student_id as esid, s.course_code as code, sum(qs.score)::float8 as total, c.sort as class_no
      from question_score qs join question q on q.id = qs.question_id join exam_subject s on s.id = q.exam_subject_id
      join exam_student es on es.id = qs.exam_student_id join school_class c on c.id = es.class_id
      where s.exam_id = ${examId} group by qs.exam_student_id, s.course_code, c.sort`.execute(db());
    const by = new Map<number, { classNo: number; scores: Record<string, number> }>();
    for (const r of rows.rows) {
      const e = by.get(r.esid) ?? { classNo: r.class_no, scores: {} };
      e.scores[r.code] = Number(r.total);
      by.set(r.esid, e);
    }
    return by;
  }

  it('seeds three released exams of 示例中学 高一 in the current term', async () => {
    expect(exams.map((e) => [e.name, e.exam_type])).toEqual(DEMO_EXAMS.map((e) => [e.name, e.examType]));
    // Dated back from the seeding day: all before today, in order, with the spacing of demoExamSpecs.
    const today = new Date().toISOString().slice(0, 10);
    expect(exams.every((e) => e.end_date < today)).toBe(true);
    const seedDay = new Date(`${exams[2]!.end_date}T00:00:00Z`);
    seedDay.setUTCDate(seedDay.getUTCDate() + 5);
    expect(exams.map((e) => [e.start_date, e.end_date])).toEqual(demoExamSpecs(seedDay).map((e) => [e.startDate, e.endDate]));
    expect(exams.map((e) => e.status)).toEqual([4, 4, 4]);
    expect(exams.every((e) => e.released_at !== null)).toBe(true);
    const grade = await db().selectFrom('school_grade').select('name').where('id', '=', exams[0]!.grade_id).executeTakeFirstOrThrow();
    expect(grade.name).toBe('高一');
    for (const e of exams) {
      const { body } = await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${e.id}`, token: admin });
      expect(body.code).toBe(200);
      expect(body.data).toMatchObject({ status: 4, classCount: 8, mode: 'multi' });
      expect(body.data.studentCount).toBeGreaterThanOrEqual(320);
      expect(body.data.subjects.map((s: { courseCode: string; fullScore: number }) => [s.courseCode, s.fullScore]))
        .toEqual(COURSES.map((c) => [c.code, FULL[c.code]]));
      const current = await db().selectFrom('exam as x').innerJoin('semester as m', 'm.id', 'x.semester_id')
        .select(['m.is_current']).where('x.id', '=', e.id).executeTakeFirstOrThrow();
      expect(current.is_current).toBe(true);
      const report = await db().selectFrom('exam_report').select('version').where('exam_id', '=', e.id).executeTakeFirst();
      expect(report?.version).toBeGreaterThanOrEqual(1);
    }
  });

  it('links each later exam to the previous one as reference exam', () => {
    expect(exams[0]!.reference_exam_id).toBeNull();
    expect(exams[1]!.reference_exam_id).toBe(exams[0]!.id);
    expect(exams[2]!.reference_exam_id).toBe(exams[1]!.id);
  });

  it('sets up every subject: full scores summing to the subject full score, objective first, keys, sub-numbers, knowledge points', async () => {
    const rows = await db().selectFrom('question as q').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id')
      .select(['s.exam_id', 's.course_code', 's.full_score as subject_full', 'q.no', 'q.parent_no', 'q.sort', 'q.type', 'q.full_score', 'q.step', 'q.answer', 'q.partial_score', 'q.knowledge_points', 'q.group_id'])
      .where('s.exam_id', 'in', exams.map((e) => e.id)).orderBy('s.exam_id').orderBy('s.sort').orderBy('q.sort').execute();
    const subjects = new Map<string, typeof rows>();
    for (const r of rows) {
      const key = `${r.exam_id}:${r.course_code}`;
      subjects.set(key, [...(subjects.get(key) ?? []), r]);
    }
    expect(subjects.size).toBe(27);
    for (const [key, qs] of subjects) {
      const sum = qs.reduce((s, q) => s + Number(q.full_score), 0);
      expect(sum, key).toBeCloseTo(Number(qs[0]!.subject_full), 6);
      expect(qs.length, key).toBeGreaterThanOrEqual(15);
      // Objective questions first — except 语文, whose paper goes section by section (阅读: choices then short answers).
      const firstNonObjective = qs.findIndex((q) => q.type !== 'single' && q.type !== 'multiple');
      if (qs[0]!.course_code !== 'YW') expect(qs.slice(firstNonObjective).every((q) => q.type === 'fill' || q.type === 'subjective'), key).toBe(true);
      expect(qs[0]!.type, key).toBe('single');
      expect(qs.some((q) => q.type === 'subjective'), key).toBe(true);
      for (const q of qs) {
        expect([0.5, 1], key).toContain(Number(q.step));
        expect(q.knowledge_points.length, `${key} ${q.no}`).toBeGreaterThan(0);
        expect(q.group_id).not.toBeNull();
        if (q.type === 'single') expect(q.answer).toMatch(/^[A-D]$/);
        if (q.type === 'multiple') {
          expect(q.answer).toMatch(/^[A-D]{2,3}$/);
          expect(Number(q.partial_score)).toBeGreaterThan(0);
        }
        if (q.no.includes('(')) expect(q.no.startsWith(`${q.parent_no}(`)).toBe(true);
      }
    }
    const multipleIn = new Set(rows.filter((r) => r.type === 'multiple').map((r) => r.course_code));
    expect([...multipleIn].sort()).toEqual(['SW', 'SX', 'WL']);
    expect(rows.some((r) => r.no === '17(1)' && r.parent_no === '17')).toBe(true);
  });

  it('stores scores within [0, full] in steps, complete for every present student, with absences recorded', async () => {
    for (const e of exams) {
      const bad = await sql<{ n: number }>`
        select count(*)::int as n from question_score qs join question q on q.id = qs.question_id
        join exam_subject s on s.id = q.exam_subject_id
        where s.exam_id = ${e.id} and (qs.score < 0 or qs.score > q.full_score or mod(qs.score, q.step) <> 0)`.execute(db());
      expect(bad.rows[0]!.n).toBe(0);
      // Every exam student of a subject: absent, or one row per question.
      const gaps = await sql<{ n: number }>`
        with qc as (select q.exam_subject_id as sid, count(*)::int as n from question q
                    join exam_subject s on s.id = q.exam_subject_id where s.exam_id = ${e.id} group by q.exam_subject_id),
             sc as (select q.exam_subject_id as sid, qs.exam_student_id as esid, count(*)::int as n from question_score qs
                    join question q on q.id = qs.question_id join exam_subject s on s.id = q.exam_subject_id
                    where s.exam_id = ${e.id} group by q.exam_subject_id, qs.exam_student_id)
        select count(*)::int as n from exam_student es cross join qc
        left join sc on sc.sid = qc.sid and sc.esid = es.id
        where es.exam_id = ${e.id} and coalesce(sc.n, 0) <> qc.n
          and not exists (select 1 from subject_absence a where a.exam_subject_id = qc.sid and a.exam_student_id = es.id)`.execute(db());
      expect(gaps.rows[0]!.n).toBe(0);
      const absent = await db().selectFrom('subject_absence as a').innerJoin('exam_subject as s', 's.id', 'a.exam_subject_id')
        .select(['a.exam_student_id as esid', 's.id as sid']).where('s.exam_id', '=', e.id).execute();
      const perStudent = new Map<number, number>();
      const perSubject = new Map<number, number>();
      for (const a of absent) {
        perStudent.set(a.esid, (perStudent.get(a.esid) ?? 0) + 1);
        perSubject.set(a.sid, (perSubject.get(a.sid) ?? 0) + 1);
      }
      const whole = [...perStudent.values()].filter((n) => n === 9).length;
      expect(whole).toBeGreaterThanOrEqual(1);
      expect(whole).toBeLessThanOrEqual(2);
      expect(absent.length).toBeGreaterThan(whole * 9);
      for (const n of perSubject.values()) expect(n - whole).toBeLessThanOrEqual(3);
      const absentScored = await sql<{ n: number }>`
        select count(*)::int as n from subject_absence a join question q on q.exam_subject_id = a.exam_subject_id
        join question_score qs on qs.question_id = q.id and qs.exam_student_id = a.exam_student_id
        join exam_subject s on s.id = a.exam_subject_id where s.exam_id = ${e.id}`.execute(db());
      expect(absentScored.rows[0]!.n).toBe(0);
    }
    // The demo student account sits every exam.
    const student1 = await db().selectFrom('student as st').innerJoin('app_user as u', 'u.id', 'st.user_id')
      .innerJoin('exam_student as es', 'es.student_id', 'st.id').innerJoin('subject_absence as a', 'a.exam_student_id', 'es.id')
      .select('a.exam_subject_id').where('u.login_id', '=', 'student1').execute();
    expect(student1).toEqual([]);
  });

  it('makes class 1 stronger than class 8 and 数学 correlate with 物理', async () => {
    for (const e of exams) {
      const totals = await subjectTotals(e.id);
      const classTotals = (no: number) => [...totals.values()].filter((s) => s.classNo === no && Object.keys(s.scores).length === 9)
        .map((s) => Object.values(s.scores).reduce((a, b) => a + b, 0));
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      expect(mean(classTotals(1)), e.name).toBeGreaterThan(mean(classTotals(8)));
      const both = [...totals.values()].filter((s) => s.scores.SX !== undefined && s.scores.WL !== undefined);
      expect(pearson(both.map((s) => s.scores.SX!), both.map((s) => s.scores.WL!)), e.name).toBeGreaterThan(0.3);
    }
  });

  it('lets students move between exams (progress has content)', async () => {
    const ranks = await db().selectFrom('student_score as ss').innerJoin('exam_student as es', 'es.id', 'ss.exam_student_id')
      .select(['ss.exam_id', 'es.student_id', 'ss.grade_rank']).where('ss.course_code', '=', TOTAL_CODE)
      .where('ss.exam_id', 'in', [exams[0]!.id, exams[2]!.id]).where('ss.grade_rank', 'is not', null).execute();
    const first = new Map(ranks.filter((r) => r.exam_id === exams[0]!.id).map((r) => [r.student_id, r.grade_rank!]));
    const moves = ranks.filter((r) => r.exam_id === exams[2]!.id && first.has(r.student_id)).map((r) => first.get(r.student_id)! - r.grade_rank!);
    expect(moves.length).toBeGreaterThan(300);
    expect(moves.filter((m) => m >= 30).length).toBeGreaterThan(10);
    expect(moves.filter((m) => m <= -30).length).toBeGreaterThan(10);
  });
});
