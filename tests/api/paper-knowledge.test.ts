import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

interface KpRow { knowledgePoint: string; questions: string[]; fullScore: number; mean: number | null; scoreRate: number | null }
interface QRow { no: string; fullScore: number; mean: number | null; knowledgePoints: string[] }

describe.each(dbKinds)('paper analysis knowledge points on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let examId: number;
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    const school = await db().selectFrom('school').select('id').where('code', '=', 'SLZX').executeTakeFirstOrThrow();
    const exam = await db().selectFrom('exam').select('id').where('school_id', '=', school.id).where('status', '=', 4)
      .orderBy('start_date').executeTakeFirstOrThrow();
    examId = exam.id;
  });
  afterAll(async () => { await t?.close(); });

  it('carries the questions’ knowledge points and a summary of Σ mean ÷ Σ full', async () => {
    const res = await t.call<{ questions: QRow[]; knowledgePointSummary: KpRow[] }>({ url: `/api/v1/paperAnalysis/paper?examId=${examId}&courseCode=SX`, token: admin });
    expect(res.body.code).toBe(200);
    const { questions, knowledgePointSummary } = res.body.data;
    // Same knowledge points as the question table of the demo exam's 数学 paper.
    const stored = await db().selectFrom('question as q').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id')
      .select(['q.no', 'q.knowledge_points as kp']).where('s.exam_id', '=', examId).where('s.course_code', '=', 'SX').where('q.is_total', '=', false).execute();
    const kpOf = new Map(stored.map((r) => [r.no, r.kp]));
    expect(questions.length).toBe(stored.length);
    for (const q of questions) expect(q.knowledgePoints).toEqual(kpOf.get(q.no));
    expect(questions.some((q) => q.knowledgePoints.length > 0)).toBe(true);
    // Recompute the summary from the question rows.
    const expected = new Map<string, { questions: string[]; full: number; mean: number }>();
    for (const q of questions) {
      for (const k of new Set(q.knowledgePoints)) {
        const e = expected.get(k) ?? { questions: [], full: 0, mean: 0 };
        e.questions.push(q.no);
        e.full += q.fullScore;
        e.mean += q.mean ?? 0;
        expected.set(k, e);
      }
    }
    expect(knowledgePointSummary.map((k) => k.knowledgePoint).sort()).toEqual([...expected.keys()].sort());
    for (const k of knowledgePointSummary) {
      const e = expected.get(k.knowledgePoint)!;
      expect(k.questions).toEqual(e.questions);
      expect(k.fullScore).toBeCloseTo(e.full, 9);
      expect(k.mean).toBeCloseTo(e.mean, 6);
      expect(k.scoreRate).toBeCloseTo(e.mean / e.full, 6);
    }
  });

  it('exports 知识点 in the question sheet and the summary as its own sheet', async () => {
    const res = await t.app.inject({ url: `/api/v1/paperAnalysis/paper_export?examId=${examId}&courseCode=SX`, headers: { authorization: admin } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const questionsSheet = wb.getWorksheet('小题分析')!;
    expect((questionsSheet.getRow(1).values as unknown[]).slice(1)).toContain('知识点');
    const kp = wb.getWorksheet('知识点得分率')!;
    expect((kp.getRow(1).values as unknown[]).slice(1)).toEqual(['知识点', '题号', '满分', '平均分', '得分率']);
    expect(kp.rowCount).toBeGreaterThan(1);
  });
});
