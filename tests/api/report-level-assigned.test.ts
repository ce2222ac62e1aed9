import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelAssign } from '../../packages/analysis/src/stats/levelAssign.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { firstDemoExam } from '../fixtures/demo-exam.js';

/**
 * 成绩类型 等级赋分 on a released demo exam (nine subjects): 化学, 生物, 政治 and 地理 are level-assigned over the
 * whole grade (default 3+1+2 bands), the other subjects stay raw, the total adds them up. The raw scores come
 * from plain SQL (student_score, written at release); the assignment rule itself is checked against hand-worked
 * values in packages/analysis (levelAssign.test.ts, reports/levelAssigned.test.ts).
 */
interface Transcript {
  columns: { code: string; name: string; fullScore: number }[];
  records: { examStudentId: number; scores: (number | null)[]; gradeRanks: (number | null)[] }[];
  total: number;
}

describe.each(dbKinds)('等级赋分 reports on %s', (kind) => {
  let t: TestApp;
  let grade1: string;
  let examId: number;
  const url = (path: string, q = '') => `/api/v1/${path}?examId=${examId}${q}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    grade1 = await t.tokenFor('grade1');
    examId = (await firstDemoExam(t.database.db)).exam.id;
  });
  afterAll(async () => { await t?.close(); });

  it('offers 等级赋分 in the filter when the exam has a 再选 subject', async () => {
    const filter = await t.call({ url: url('examReportComm/filter'), token: grade1 });
    expect(filter.body.data.scoreTypes).toEqual([{ value: 1, label: '原始分' }, { value: 2, label: '等级赋分' }]);
  });

  it('answers the transcript with 化学 生物 政治 地理 level-assigned, the others raw, and the total over them', async () => {
    const [raw, level] = await Promise.all([1, 2].map((st) => t.call<Transcript>({ url: url('examReportComm/transcript', `&size=10000&scoreType=${st}`), token: grade1 })));
    expect(level.body.code, level.body.msg).toBe(200);
    const cols = level.body.data.columns.map((c) => c.code);
    const rawBy = new Map(raw.body.data.records.map((r) => [r.examStudentId, r]));
    const sql = await t.database.db.selectFrom('student_score').select(['exam_student_id', 'course_code', 'score'])
      .where('exam_id', '=', examId).execute();
    const rawScore = new Map(sql.map((r) => [`${r.exam_student_id}:${r.course_code}`, r.score === null ? null : Number(r.score)]));
    const students = [...new Set(sql.map((r) => r.exam_student_id))];
    expect(level.body.data.records).toHaveLength(raw.body.data.records.length);

    for (const code of ['HX', 'SW', 'ZZ', 'DL']) {
      const c = cols.indexOf(code);
      expect(level.body.data.columns[c]!.fullScore).toBe(100);
      const assigned = levelAssign(students.map((id) => rawScore.get(`${id}:${code}`) ?? NaN));
      const expected = new Map(students.map((id, i) => [id, assigned[i]?.assigned ?? null]));
      for (const r of level.body.data.records) {
        const v = r.scores[c];
        expect(v).toBe(expected.get(r.examStudentId));
        if (v !== null) expect(Number.isInteger(v) && v >= 30 && v <= 100).toBe(true);
      }
      // the best raw score of the grade is an A at the top of its band
      const best = Math.max(...students.map((id) => rawScore.get(`${id}:${code}`) ?? -1));
      const top = level.body.data.records.find((r) => rawScore.get(`${r.examStudentId}:${code}`) === best)!;
      expect(top.scores[c]).toBe(100);
    }
    for (const code of ['YW', 'SX', 'YY', 'WL', 'LS']) {
      const c = cols.indexOf(code);
      for (const r of level.body.data.records) expect(r.scores[c]).toBe(rawBy.get(r.examStudentId)!.scores[c]);
    }
    const ti = cols.indexOf('TOTAL');
    for (const r of level.body.data.records) {
      if (r.scores[ti] === null) continue;
      const sum = cols.reduce((a, c, i) => (c === 'TOTAL' ? a : a + (r.scores[i] ?? 0)), 0);
      expect(r.scores[ti]).toBeCloseTo(sum, 6);
    }
    // ranks follow the assigned total: sorted by total, rank 1 is the highest
    const sorted = [...level.body.data.records].filter((r) => r.scores[ti] !== null).sort((a, b) => b.scores[ti]! - a.scores[ti]!);
    expect(sorted[0]!.gradeRanks[ti]).toBe(1);
  });

  it('refuses 等级赋分 with a 学籍类型 other than 全部, in Chinese', async () => {
    const res = await t.call({ url: url('examReportComm/transcript', '&scoreType=2&registrationType=往届'), token: grade1 });
    expect(res.body).toMatchObject({ code: 400, msg: '等级赋分按全体考生计算，学籍类型请选择“全部”' });
  });
});

describe.each(dbKinds)('学籍对比 on %s', (kind) => {
  let t: TestApp;
  let examId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    examId = (await firstDemoExam(t.database.db)).exam.id;
  });
  afterAll(async () => { await t?.close(); });

  it('answers the total per 学籍类型 with counts from plain SQL, and refuses a head teacher', async () => {
    const grade1 = await t.tokenFor('grade1');
    const res = await t.call<{ rows: { registrationType: string; count: number; mean: number | null }[]; grade: { count: number } }>({
      url: `/api/v1/classComparisonAnalysis/registrationComparison?examId=${examId}`, token: grade1 });
    expect(res.body.code, res.body.msg).toBe(200);
    const sql = await t.database.db.selectFrom('student_score as s').innerJoin('exam_student as e', 'e.id', 's.exam_student_id')
      .innerJoin('student as st', 'st.id', 'e.student_id')
      .select(['st.registration_type', 's.score']).where('s.exam_id', '=', examId).where('s.course_code', '=', 'TOTAL').execute();
    const expected = new Map<string, number[]>();
    for (const r of sql) if (r.score !== null) expected.set(r.registration_type ?? '', [...(expected.get(r.registration_type ?? '') ?? []), Number(r.score)]);
    expect(res.body.data.rows.map((r) => r.registrationType).sort()).toEqual([...expected.keys()].sort());
    for (const r of res.body.data.rows) {
      const xs = expected.get(r.registrationType)!;
      expect(r.count).toBe(xs.length);
      expect(r.mean).toBeCloseTo(xs.reduce((a, b) => a + b, 0) / xs.length, 6);
    }
    const head1 = await t.tokenFor('head1');
    expect((await t.call({ url: `/api/v1/classComparisonAnalysis/registrationComparison?examId=${examId}`, token: head1 })).body.code).toBe(403);
  });
});
