import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

/**
 * Like with like on the demo data: absent lists follow the report's subjects, and progress against a
 * reference exam whose total is made of other subjects is counted over the common subjects (or refused in words).
 * Expected ranks come from PostgreSQL's own rank() window over student_score, not from the engine.
 */
describe.each(dbKinds)('demo exams, like with like, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exams: { id: number; name: string }[];
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    const school = await db().selectFrom('school').select('id').where('code', '=', 'SLZX').executeTakeFirstOrThrow();
    exams = await db().selectFrom('exam').select(['id', 'name']).where('school_id', '=', school.id).orderBy('start_date').execute();
  });
  afterAll(async () => { await t?.close(); });

  it('lesson1 (数学 only): the absent list holds 数学 absentees only, with the subject name', async () => {
    const examId = exams[0]!.id;
    const absent = async (code: string) => (await sql<{ esid: number }>`
      select a.exam_student_id as esid from subject_absence a join exam_subject s on s.id = a.exam_subject_id
      where s.exam_id = ${examId} and s.course_code = ${code}`.execute(db())).rows.map((r) => Number(r.esid));
    const sx = new Set(await absent('SX'));
    const wlOnly = (await absent('WL')).filter((id) => !sx.has(id));
    expect(wlOnly.length).toBeGreaterThan(0); // the demo has 物理-only absentees: the case in question
    const lesson1 = await t.tokenFor('lesson1');
    const res = await t.call({ url: `/api/v1/report_home/overview?examId=${examId}`, token: lesson1 });
    expect(res.body.code, res.body.msg).toBe(200);
    const list = res.body.data.absentStudents as { studentId: string; subjects: string[]; subjectNames: string[] }[];
    expect(new Set(list.map((a) => Number(a.studentId)))).toEqual(sx);
    for (const a of list) expect([a.subjects, a.subjectNames]).toEqual([['SX'], ['数学']]);
    // The school administrator's whole report names every missed subject.
    const all = await t.call({ url: `/api/v1/report_home/overview?examId=${examId}`, token: admin });
    const one = (all.body.data.absentStudents as { studentId: string; subjectNames: string[] }[]).find((a) => Number(a.studentId) === wlOnly[0]);
    expect(one?.subjectNames).toContain('物理');
  });

  /** Grade ranks over 语文 + 数学 by SQL rank() among the students who sat both: student id → rank. */
  async function commonRanks(examId: number) {
    const { rows } = await sql<{ student_id: number; r: string | number }>`
      with s as (
        select es.student_id, sum(ss.score::float8) as total from student_score ss join exam_student es on es.id = ss.exam_student_id
        where ss.exam_id = ${examId} and ss.course_code in ('YW', 'SX') and ss.score is not null
        group by es.student_id having count(*) = 2
      ) select student_id, rank() over (order by total desc) as r from s`.execute(db());
    return new Map(rows.map((x) => [Number(x.student_id), Number(x.r)]));
  }

  const combos = async (examId: number, courseCodes: string[]) => {
    const res = await t.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: admin, payload: { examId, family: 'subjectCombos', value: { combos: [{ name: '总分', courseCodes }] } } });
    expect(res.body.code, res.body.msg).toBe(200);
  };
  const progress = async (examId: number) => {
    const res = await t.call({ url: `/api/v1/studentAnalysis/progress?examId=${examId}&size=2000`, token: admin });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as {
      comparison: { mode: string; subjects: string[]; message: string | null } | null;
      records: { examStudentId: number; lastRank: number | null; compareRank: number | null; change: number | null }[];
      classes: { up: unknown[]; low: unknown[] }[];
    };
  };

  it('a 语文+数学 total against the 9-subject 月考: both ranked over 语文 + 数学', async () => {
    const [monthly, midterm] = exams;
    const before = await progress(midterm!.id);
    expect(before.comparison).toMatchObject({ mode: 'total', message: null });
    await combos(midterm!.id, ['YW', 'SX']);
    await releaseExam(db(), midterm!.id);
    const p = await progress(midterm!.id);
    expect(p.comparison!.mode).toBe('common');
    expect(p.comparison!.subjects).toEqual(['语文', '数学']);
    expect(p.comparison!.message).toContain('共同科目（语文、数学）');
    const last = await commonRanks(monthly!.id);
    const now = await commonRanks(midterm!.id);
    const studentOf = new Map((await db().selectFrom('exam_student').select(['id', 'student_id']).where('exam_id', '=', midterm!.id).execute()).map((r) => [r.id, r.student_id]));
    expect(p.records.length).toBe(now.size);
    let compared = 0;
    for (const r of p.records) {
      const sid = studentOf.get(r.examStudentId)!;
      expect(r.compareRank).toBe(now.get(sid));
      expect(r.lastRank).toBe(last.get(sid) ?? null);
      expect(r.change).toBe(last.has(sid) ? last.get(sid)! - now.get(sid)! : null);
      if (r.change !== null) compared++;
    }
    expect(compared).toBeGreaterThan(300);
  });

  it('no common subject: no change and a clear message', async () => {
    const [monthly, midterm] = exams;
    await combos(monthly!.id, ['YW']);
    await combos(midterm!.id, ['SX']);
    await releaseExam(db(), midterm!.id);
    const p = await progress(midterm!.id);
    expect(p.comparison).toEqual({ mode: 'none', subjects: [], message: `参照考试“${monthly!.name}”与本次考试没有共同科目，无法比较进退步` });
    expect(p.records.every((r) => r.change === null && r.lastRank === null)).toBe(true);
    expect(p.classes.every((c) => c.up.length === 0 && c.low.length === 0)).toBe(true);
  });
});
