import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { pdfInfo, pdfText } from '../helpers/pdf.js';
import { addStudentAccount } from '../helpers/student-account.js';
import type { Db } from '../../apps/api/src/db/database.js';

/**
 * The student portal: student1 (first student of 示例中学 高一1班) reads her own released exams.
 * Every expected number comes from plain SQL over the demo's raw tables (question_score, subject_absence,
 * exam_student, question) computed in this file — subject score = Σ question points, total = Σ subjects (null
 * when absent from any), competition ranks with SQL rank(), means with avg() — never from the stored report set
 * or student_score that the api reads.
 */

interface Sub { esid: number; classId: number; code: string; score: number | null }

/** Every exam student's subject scores of an exam, from the raw tables (null = 缺考). */
async function subjectScores(db: Db, examId: number): Promise<Sub[]> {
  const r = await sql<{ esid: number; class_id: number; code: string; score: number | null }>`
    select es.id as esid, es.class_id, s.course_code as code,
      case when exists (select 1 from subject_absence a where a.exam_student_id = es.id and a.exam_subject_id = s.id) then null
      else (select coalesce(sum(qs.score), 0)::float8 from question_score qs join question q on q.id = qs.question_id
            where qs.exam_student_id = es.id and q.exam_subject_id = s.id) end as score
    from exam_student es join exam_subject s on s.exam_id = es.exam_id where es.exam_id = ${examId}`.execute(db);
  return r.rows.map((x) => ({ esid: Number(x.esid), classId: Number(x.class_id), code: x.code, score: x.score === null ? null : Number(x.score) }));
}

/** Adds the total (all subjects; null when absent from one), then SQL-free competition ranks and means in plain JS. */
function stats(rows: Sub[], esid: number, classId: number) {
  const codes = [...new Set(rows.map((r) => r.code))];
  const byStudent = new Map<number, { classId: number; scores: Map<string, number | null> }>();
  for (const r of rows) {
    const s = byStudent.get(r.esid) ?? { classId: r.classId, scores: new Map() };
    s.scores.set(r.code, r.score);
    byStudent.set(r.esid, s);
  }
  for (const s of byStudent.values()) {
    const v = codes.map((c) => s.scores.get(c) ?? null);
    s.scores.set('TOTAL', v.some((x) => x === null) ? null : v.reduce((a, b) => a! + b!, 0));
  }
  const out = new Map<string, { score: number | null; classRank: number | null; gradeRank: number | null; classMean: number; gradeMean: number; classMax: number; gradeMax: number }>();
  for (const code of [...codes, 'TOTAL']) {
    const all = [...byStudent.values()].map((s) => ({ c: s.classId, v: s.scores.get(code) ?? null })).filter((x) => x.v !== null) as { c: number; v: number }[];
    const cls = all.filter((x) => x.c === classId);
    const mine = byStudent.get(esid)!.scores.get(code) ?? null;
    const avg = (xs: { v: number }[]) => xs.reduce((a, x) => a + x.v, 0) / xs.length;
    out.set(code, {
      score: mine,
      classRank: mine === null ? null : 1 + cls.filter((x) => x.v > mine).length,
      gradeRank: mine === null ? null : 1 + all.filter((x) => x.v > mine).length,
      classMean: avg(cls), gradeMean: avg(all), classMax: Math.max(...cls.map((x) => x.v)), gradeMax: Math.max(...all.map((x) => x.v)),
    });
  }
  return out;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(dbKinds)('student portal on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let student1: string;
  let classmate: string;
  let foreign: string;
  let admin: string;
  let foreignStudentId: number;
  let me: { userId: number; studentId: number; name: string; classId: number; schoolId: number };
  let exams: { id: number; name: string; reference_exam_id: number | null }[];

  /** A student account for an existing student record (as the seed makes student1). */
  async function account(studentId: number, loginId: string): Promise<string> {
    await addStudentAccount(t.database.db, studentId, loginId);
    return t.tokenFor(loginId);
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-student-portal-'));
    t = await createTestApp(kind, { dataDir });
    const db = t.database.db;
    const s = await db.selectFrom('student as s').innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['u.id as userId', 's.id as studentId', 's.name', 's.class_id', 's.school_id']).where('u.login_id', '=', 'student1').executeTakeFirstOrThrow();
    me = { userId: s.userId, studentId: s.studentId, name: s.name, classId: s.class_id!, schoolId: s.school_id };
    student1 = await t.tokenFor('student1');
    admin = await t.tokenFor('admin');
    const mate = await db.selectFrom('student').select('id').where('class_id', '=', me.classId).where('id', '!=', me.studentId).orderBy('id').executeTakeFirstOrThrow();
    classmate = await account(mate.id, 'student_mate');
    const other = await db.selectFrom('student as s').innerJoin('school as sc', 'sc.id', 's.school_id').select('s.id')
      .where('sc.name', '=', '第二示范中学').orderBy('s.id').executeTakeFirstOrThrow();
    foreign = await account(other.id, 'student_foreign');
    foreignStudentId = other.id;
    // her released exams, newest first: the demo's 期末 (2027-01-15), 期中 (2026-11-08), 月考 (2026-10-10)
    exams = await db.selectFrom('exam').select(['id', 'name', 'reference_exam_id']).where('school_id', '=', me.schoolId)
      .where('released_at', 'is not', null).where('id', 'in', db.selectFrom('exam_student').select('exam_id').where('student_id', '=', me.studentId))
      .orderBy('start_date', 'desc').execute();
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists her released exams newest first with her total', async () => {
    const res = await t.call({ url: '/studentApi/v1/report/list', token: student1 });
    expect(res.body.code, res.body.msg).toBe(200);
    const list = res.body.data as { examId: number; examName: string; totalScore: number; totalFullScore: number }[];
    expect(list.map((x) => x.examId)).toEqual(exams.map((e) => e.id));
    expect(list.map((x) => x.examName.replace(/.*(月考|期中|期末).*/, '$1'))).toEqual(['期末', '期中', '月考']);
    for (const e of list) {
      const raw = await subjectScores(t.database.db, e.examId);
      const es = await t.database.db.selectFrom('exam_student').select('id').where('exam_id', '=', e.examId).where('student_id', '=', me.studentId).executeTakeFirstOrThrow();
      expect(e.totalScore).toBeCloseTo(stats(raw, es.id, me.classId).get('TOTAL')!.score!, 6);
      // the demo's nine subjects: 语文, 数学, 英语 150 each, the six others 100 each (demo-exam-papers)
      expect(e.totalFullScore).toBe(3 * 150 + 6 * 100);
    }
    // a student of 第二示范中学 (no exam of its own) sees only the released joint exams her school takes part in and she
    // sits (the demo's 2026学年高一联考, plain SQL over exam_student)
    const other = await t.call({ url: '/studentApi/v1/report/list', token: foreign });
    const joint = await t.database.db.selectFrom('exam_student as es').innerJoin('exam as e', 'e.id', 'es.exam_id').select('e.name')
      .where('es.student_id', '=', foreignStudentId).where('e.mode', '=', 'joint').where('e.released_at', 'is not', null).execute();
    expect((other.body.data as { examName: string }[]).map((x) => x.examName)).toEqual(joint.map((j) => j.name));
    expect(joint.map((j) => j.name)).toEqual(['2026学年高一联考']);
  });

  it('shows her scores, ranks, class and grade means and max per subject (ranks shown by default)', async () => {
    const exam = exams[0]!;
    const res = await t.call({ url: `/studentApi/v1/report/detail?examId=${exam.id}`, token: student1 });
    expect(res.body.code, res.body.msg).toBe(200);
    const d = res.body.data;
    expect(d.name).toBe(me.name);
    expect(d.ranks).toEqual({ classRank: true, gradeRank: true });
    const es = await t.database.db.selectFrom('exam_student').select('id').where('exam_id', '=', exam.id).where('student_id', '=', me.studentId).executeTakeFirstOrThrow();
    const expected = stats(await subjectScores(t.database.db, exam.id), es.id, me.classId);
    expect(d.rows).toHaveLength(10);
    for (const r of d.rows) {
      const e = expected.get(r.code)!;
      expect(r.score, r.code).toBeCloseTo(e.score!, 6);
      expect([r.classRank, r.gradeRank], r.code).toEqual([e.classRank, e.gradeRank]);
      expect(r.classMean).toBeCloseTo(e.classMean, 6);
      expect(r.gradeMean).toBeCloseTo(e.gradeMean, 6);
      expect([r.classMax, r.gradeMax]).toEqual([e.classMax, e.gradeMax]);
    }
  });

  it('compares with the reference exam over the same subjects only', async () => {
    const exam = exams[0]!;
    const ref = exams.find((e) => e.id === exam.reference_exam_id)!;
    expect(ref).toBeDefined();
    const db = t.database.db;
    const esOf = async (examId: number) => (await db.selectFrom('exam_student').select('id').where('exam_id', '=', examId).where('student_id', '=', me.studentId).executeTakeFirstOrThrow()).id;
    const now = stats(await subjectScores(db, exam.id), await esOf(exam.id), me.classId);
    const before = stats(await subjectScores(db, ref.id), await esOf(ref.id), me.classId);
    const d = (await t.call({ url: `/studentApi/v1/report/detail?examId=${exam.id}`, token: student1 })).body.data;
    expect(d.progress.referenceExamId).toBe(ref.id);
    const total = d.progress.rows.find((r: { isTotal: boolean }) => r.isTotal);
    expect(total.gradeRankChange).toBe(before.get('TOTAL')!.gradeRank! - now.get('TOTAL')!.gradeRank!);
    expect(total.classRankChange).toBe(before.get('TOTAL')!.classRank! - now.get('TOTAL')!.classRank!);
    expect(total.scoreChange).toBeCloseTo(now.get('TOTAL')!.score! - before.get('TOTAL')!.score!, 2);
    const math = d.progress.rows.find((r: { code: string }) => r.code === 'SX');
    expect(math.gradeRankChange).toBe(before.get('SX')!.gradeRank! - now.get('SX')!.gradeRank!);

    // like with like: once the reference exam's total is made of other subjects (科目组合 without 数学), no total row
    await db.insertInto('exam_setting').values({ exam_id: ref.id, course_code: null, family: 'subjectCombos',
      value: JSON.stringify({ combos: [{ name: '总分', courseCodes: ['YW', 'YY'] }] }) }).execute();
    try {
      const again = (await t.call({ url: `/studentApi/v1/report/detail?examId=${exam.id}`, token: student1 })).body.data;
      expect(again.progress.rows.some((r: { isTotal: boolean }) => r.isTotal)).toBe(false);
      expect(again.progress.rows.some((r: { code: string }) => r.code === 'SX')).toBe(true);
    } finally {
      await db.deleteFrom('exam_setting').where('exam_id', '=', ref.id).where('family', '=', 'subjectCombos').execute();
    }
    // the first exam has no reference exam: no progress
    const first = exams[exams.length - 1]!;
    expect((await t.call({ url: `/studentApi/v1/report/detail?examId=${first.id}`, token: student1 })).body.data.progress).toBeNull();
  });

  it('shows each question against her class and her knowledge-point mastery', async () => {
    const exam = exams[0]!;
    const db = t.database.db;
    const es = await db.selectFrom('exam_student').select('id').where('exam_id', '=', exam.id).where('student_id', '=', me.studentId).executeTakeFirstOrThrow();
    const res = await t.call({ url: `/studentApi/v1/report/subject?examId=${exam.id}&courseCode=SX`, token: student1 });
    expect(res.body.code, res.body.msg).toBe(200);
    const d = res.body.data;
    expect(d.answerSheets).toEqual([]);
    // per question: her points, her class's mean over the classmates who sat 数学 (plain SQL)
    const q = await sql<{ no: string; full: number; kps: string[]; mine: number; class_mean: number }>`
      select q.no, q.full_score::float8 as full, q.knowledge_points as kps,
        (select qs.score::float8 from question_score qs where qs.question_id = q.id and qs.exam_student_id = ${es.id}) as mine,
        (select avg(qs.score)::float8 from question_score qs join exam_student x on x.id = qs.exam_student_id
          where qs.question_id = q.id and x.class_id = ${me.classId}
          and not exists (select 1 from subject_absence a where a.exam_student_id = x.id and a.exam_subject_id = q.exam_subject_id)) as class_mean
      from question q join exam_subject s on s.id = q.exam_subject_id
      where s.exam_id = ${exam.id} and s.course_code = 'SX' and not q.is_total order by q.sort, q.id`.execute(db);
    expect(d.questions.map((x: { no: string }) => x.no)).toEqual(q.rows.map((x) => x.no));
    q.rows.forEach((row, j) => {
      expect(d.questions[j].score).toBeCloseTo(Number(row.mine), 6);
      expect(d.questions[j].classMean).toBeCloseTo(Number(row.class_mean), 6);
    });
    // knowledge points: Σ her points ÷ Σ full and Σ class means ÷ Σ full over the questions tagged with it
    const kp = new Map<string, { full: number; mine: number; cls: number }>();
    for (const row of q.rows) {
      for (const k of new Set(row.kps.map((x) => x.trim()).filter(Boolean))) {
        const a = kp.get(k) ?? { full: 0, mine: 0, cls: 0 };
        a.full += Number(row.full); a.mine += Number(row.mine); a.cls += Number(row.class_mean);
        kp.set(k, a);
      }
    }
    expect(kp.size).toBeGreaterThan(0);
    expect(d.knowledgePoints.map((x: { name: string }) => x.name).sort()).toEqual([...kp.keys()].sort());
    for (const k of d.knowledgePoints) {
      const a = kp.get(k.name)!;
      expect(k.rate).toBeCloseTo(a.mine / a.full, 6);
      expect(k.classRate).toBeCloseTo(a.cls / a.full, 6);
    }
    expect((await t.call({ url: `/studentApi/v1/report/subject?examId=${exam.id}&courseCode=XX`, token: student1 })).body.code).toBe(404);
    expect((await t.call({ url: `/studentApi/v1/report/subject?examId=${exam.id}&courseCode=`, token: student1 })).body.code).toBe(400);
  });

  it('hides the ranks the school turns off, in the api and in her slip', async () => {
    const exam = exams[0]!;
    expect((await t.call({ url: '/api/v1/systemSettingsRank/find', token: admin })).body.data).toEqual({ showClassRank: true, showGradeRank: true });
    // bad input changes nothing
    const bad = await t.call({ method: 'POST', url: '/api/v1/systemSettingsRank/save', token: admin, payload: { showClassRank: 'no' } });
    expect(bad.body.code).toBe(400);
    expect((await t.call({ url: '/api/v1/systemSettingsRank/find', token: admin })).body.data).toEqual({ showClassRank: true, showGradeRank: true });
    // teachers without the permission cannot change it
    expect((await t.call({ method: 'POST', url: '/api/v1/systemSettingsRank/save', token: await t.tokenFor('head1'), payload: { showClassRank: false, showGradeRank: false } })).body.code).toBe(403);
    try {
      const saved = await t.call({ method: 'POST', url: '/api/v1/systemSettingsRank/save', token: admin, payload: { showClassRank: false, showGradeRank: true } });
      expect(saved.body.code, saved.body.msg).toBe(200);
      let d = (await t.call({ url: `/studentApi/v1/report/detail?examId=${exam.id}`, token: student1 })).body.data;
      expect(d.ranks).toEqual({ classRank: false, gradeRank: true });
      expect(d.rows.every((r: { classRank: unknown; gradeRank: unknown }) => r.classRank === null && typeof r.gradeRank === 'number')).toBe(true);
      expect(d.progress.rows.every((r: { classRank: unknown; refClassRank: unknown; classRankChange: unknown }) => r.classRank === null && r.refClassRank === null && r.classRankChange === null)).toBe(true);

      await t.call({ method: 'POST', url: '/api/v1/systemSettingsRank/save', token: admin, payload: { showClassRank: false, showGradeRank: false } });
      const raw = await t.app.inject({ url: `/studentApi/v1/report/detail?examId=${exam.id}`, headers: { authorization: student1 } });
      d = raw.json().data;
      expect(d.ranks).toEqual({ classRank: false, gradeRank: false });
      expect(raw.body).not.toMatch(/"(classRank|gradeRank|refClassRank|refGradeRank|classRankChange|gradeRankChange)":\d/);
      expect(d.comment).not.toMatch(/第\s*\d+\s*名/);
      // another school's setting is its own
      expect((await t.call({ url: '/api/v1/systemSettingsRank/find', token: await t.tokenFor('admin2') })).body.data).toEqual({ showClassRank: true, showGradeRank: true });

      // her slip without ranks
      const job = await t.call({ method: 'POST', url: '/studentApi/v1/report/slip', token: student1, payload: { examId: exam.id } });
      expect(job.body.code, job.body.msg).toBe(200);
      const text = await slipText(job.body.data.jobId, student1);
      expect(text).toContain(me.name);
      expect(text).not.toContain('班级排名');
      expect(text).not.toContain('年级排名');
    } finally {
      await t.call({ method: 'POST', url: '/api/v1/systemSettingsRank/save', token: admin, payload: { showClassRank: true, showGradeRank: true } });
    }
  });

  async function waitSlip(jobId: string, token: string) {
    const end = Date.now() + 120_000;
    for (;;) {
      const res = await t.call({ url: `/studentApi/v1/report/slip/${jobId}`, token });
      expect(res.body.code, res.body.msg).toBe(200);
      if (res.body.data.state === 'completed' || res.body.data.state === 'failed') return res.body.data;
      if (Date.now() > end) throw new Error('任务超时');
      await sleep(150);
    }
  }
  async function slipText(jobId: string, token: string): Promise<string> {
    const j = await waitSlip(jobId, token);
    expect(j.state, j.error).toBe('completed');
    const res = await t.app.inject({ url: `/studentApi/v1/report/slip/${jobId}/file`, headers: { authorization: token } });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // one student's slip: one page, or two when her subjects' grids continue on a second (成绩单（续）)
    const pages = pdfInfo(res.rawPayload).pages;
    const text = pdfText(res.rawPayload);
    expect([1, 2]).toContain(pages);
    if (pages === 2) expect(text).toContain('成绩单（续）');
    return text;
  }

  it('makes her own slip PDF, and gives it to nobody else', async () => {
    const exam = exams[0]!;
    const job = await t.call({ method: 'POST', url: '/studentApi/v1/report/slip', token: student1, payload: { examId: exam.id } });
    expect(job.body.code, job.body.msg).toBe(200);
    const jobId = job.body.data.jobId as string;
    const text = await slipText(jobId, student1);
    expect(text).toContain(me.name);
    expect(text).toContain('班级排名');
    // the classmate, a student of another school: refused; a teacher token on the student route: 401
    for (const token of [classmate, foreign]) {
      expect((await t.call({ url: `/studentApi/v1/report/slip/${jobId}`, token })).body.code).toBe(403);
      const file = await t.app.inject({ url: `/studentApi/v1/report/slip/${jobId}/file`, headers: { authorization: token } });
      expect(file.json().code).toBe(403);
    }
    expect((await t.call({ url: `/studentApi/v1/report/slip/${jobId}`, token: admin })).body.code).toBe(401);
    // a teacher's job is not a student's to fetch
    const head1 = await t.tokenFor('head1');
    const teacherJob = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: head1, payload: { type: 'slips', examId: exam.id, classIds: [me.classId] } });
    expect(teacherJob.body.code, teacherJob.body.msg).toBe(200);
    expect((await t.call({ url: `/studentApi/v1/report/slip/${teacherJob.body.data.jobId}`, token: student1 })).body.code).toBe(403);
    expect((await t.call({ url: '/studentApi/v1/report/slip/00000000-0000-0000-0000-000000000000', token: student1 })).body.code).toBe(404);
  });

  it('refuses exams that are not hers', async () => {
    const exam = exams[0]!;
    // the classmate sees her own numbers, never student1's
    const mine = await t.app.inject({ url: `/studentApi/v1/report/detail?examId=${exam.id}`, headers: { authorization: classmate } });
    expect(mine.json().code).toBe(200);
    expect(mine.body).not.toContain(me.name);
    // another school's student: every exam of 示例中学 is not hers
    for (const url of [`/studentApi/v1/report/detail?examId=${exam.id}`, `/studentApi/v1/report/subject?examId=${exam.id}&courseCode=SX`]) {
      const res = await t.app.inject({ url, headers: { authorization: foreign } });
      expect(res.json().code).toBe(404);
      expect(res.body).not.toContain(me.name);
    }
    expect((await t.call({ method: 'POST', url: '/studentApi/v1/report/slip', token: foreign, payload: { examId: exam.id } })).body.code).toBe(404);
    // an exam of her school she did not sit (a 高二 student's view: no 高二 exam has her) and an unreleased one
    const db = t.database.db;
    const unreleased = await db.insertInto('exam').values({ school_id: me.schoolId, name: '未发布的考试', exam_type: 4, grade_id: (await db.selectFrom('school_class').select('grade_id').where('id', '=', me.classId).executeTakeFirstOrThrow()).grade_id,
      start_date: '2027-03-01', end_date: '2027-03-01' }).returning('id').executeTakeFirstOrThrow();
    const s1 = await db.selectFrom('exam_student').select(['class_id', 'exam_no']).where('student_id', '=', me.studentId).executeTakeFirstOrThrow();
    await db.insertInto('exam_student').values({ exam_id: unreleased.id, school_id: me.schoolId, student_id: me.studentId, class_id: s1.class_id, exam_no: s1.exam_no }).execute();
    expect((await t.call({ url: `/studentApi/v1/report/detail?examId=${unreleased.id}`, token: student1 })).body.code).toBe(404);
    expect((await t.call({ url: '/studentApi/v1/report/list', token: student1 })).body.data.map((x: { examId: number }) => x.examId)).not.toContain(unreleased.id);
    const bad = await t.call({ url: '/studentApi/v1/report/detail?examId=abc', token: student1 });
    expect([bad.body.code, bad.body.msg]).toEqual([400, '参数错误（examId）：考试编号格式不正确']);
    // a teacher token on the student api, a student token on the teacher api
    expect((await t.call({ url: '/studentApi/v1/report/list', token: admin })).body.code).toBe(401);
    expect((await t.call({ url: '/api/v1/systemSettingsRank/find', token: student1 })).body.code).toBe(401);
  });
});
