import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam } from '../helpers/marking-exam.js';

/**
 * monitor/qualityList (阅卷质量) on marks written straight into the tables, the same four papers as the hand-worked
 * example of packages/analysis/src/marking/marker-quality.test.ts (tolerance 2): P1 teacher1 8 / lesson1 9; P2 teacher1 4 /
 * lesson1 8, third mark grade1 7; P3 lesson1 10 / teacher1 6, to arbitration; P4 teacher1 6 alone.
 * By hand: teacher1 4 marks, mean 6, diff −1.25 (block mean 58/8 = 7.25), sd √2 = 1.41, 3 paired, 33.33 % within,
 * 33.33 % third, 1 arbitration; lesson1 3 marks, mean 9, diff 1.75, sd √(2/3) = 0.82, 33.33 %, 33.33 %, 1;
 * grade1 1 mark, mean 7, diff −0.25, sd 0, nothing paired.
 * 保险分系数 (full score 12, step 1): 0.71 × 12 = 8.52 → 9, safe marks 8–10: teacher1 8 of 8, 4, 6, 6 → 25 %;
 * lesson1 9, 8, 10 → 100 %; grade1 7 → 0 %; the block 4 of 8 → 50 %. Block: 8 marks, mean 7.25, sd √(25.5 / 8) = 1.79,
 * 3 papers with both first marks, 1 within (33.33 %), 1 to a third mark (33.33 %), 1 to arbitration.
 */
describe.each(dbKinds)('marking quality on %s', (kind) => {
  let t: TestApp;
  let blockId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    const admin = await t.tokenFor('admin');
    const exam = await createMarkingExam(t, { name: '阅卷质量测试', fullScore: 12, questions: [{ no: '1', type: 'subjective', fullScore: 12, step: 1 }] });
    const { subjectId, schoolId } = exam;
    const groups = await t.call({ url: `/api/v1/task_allocation/find_group_list?examSubjectId=${subjectId}`, token: admin });
    blockId = groups.body.data[0].blockId;
    await db.updateTable('marking_block').set({ tolerance: 2, rating_mode: 5 }).where('id', '=', blockId).execute();
    const users = new Map((await db.selectFrom('app_user').select(['id', 'login_id']).where('school_id', '=', schoolId)
      .where('login_id', 'in', ['teacher1', 'lesson1', 'grade1']).execute()).map((u) => [u.login_id, u.id]));
    const students = await db.selectFrom('exam_student').select(['id', 'class_id']).where('exam_id', '=', exam.examId).orderBy('exam_no').limit(4).execute();
    const statuses = ['final', 'final', 'arbitration', 'marking'] as const;
    const marks: [number, number, string, number][] = [[0, 1, 'teacher1', 8], [0, 2, 'lesson1', 9], [1, 1, 'teacher1', 4], [1, 2, 'lesson1', 8], [1, 3, 'grade1', 7],
      [2, 1, 'lesson1', 10], [2, 2, 'teacher1', 6], [3, 1, 'teacher1', 6]];
    const paperIds: number[] = [];
    for (const [i, s] of students.entries()) {
      const p = await db.insertInto('marking_paper').values({ school_id: schoolId, block_id: blockId, exam_student_id: s.id, class_id: s.class_id, status: statuses[i]! })
        .returning('id').executeTakeFirstOrThrow();
      paperIds.push(p.id);
    }
    for (const [paper, round, login, total] of marks) {
      await db.insertInto('marking_task').values({ school_id: schoolId, block_id: blockId, paper_id: paperIds[paper]!, round, marker_id: users.get(login)!,
        scores: JSON.stringify([total]), total, submitted_at: new Date() }).execute();
    }
  });
  afterAll(async () => { await t?.close(); });

  it('answers the hand-worked figures per marker to the subject leader, and refuses a teacher not on the block', async () => {
    const r = await t.call({ url: `/api/v1/monitor/qualityList?blockId=${blockId}`, token: await t.tokenFor('lesson1') });
    expect(r.body.code, r.body.msg).toBe(200);
    expect(r.body.data.tolerance).toBe(2);
    expect([r.body.data.fullScore, r.body.data.step, r.body.data.safeScore]).toEqual([12, 1, 9]);
    const rows = (r.body.data.rows as { userName: string; marks: number; mean: number; diff: number; sd: number; paired: number; withinPercent: number | null; thirdPercent: number | null; arbitrations: number; safePercent: number | null }[])
      .map((x) => [x.marks, x.mean, x.diff, x.sd, x.paired, x.withinPercent, x.thirdPercent, x.arbitrations, x.safePercent]);
    expect(rows).toEqual(expect.arrayContaining([
      [4, 6, -1.25, 1.41, 3, 33.33, 33.33, 1, 25],
      [3, 9, 1.75, 0.82, 3, 33.33, 33.33, 1, 100],
      [1, 7, -0.25, 0, 0, null, null, 0, 0],
    ]));
    expect(r.body.data.block).toEqual({ marks: 8, mean: 7.25, sd: 1.79, paired: 3, within: 1, third: 1, withinPercent: 33.33, thirdPercent: 33.33, arbitrations: 1, safe: 4, safePercent: 50 });
    expect(rows).toHaveLength(3);
    const refused = await t.call({ url: `/api/v1/monitor/qualityList?blockId=${blockId}`, token: await t.tokenFor('head1') });
    expect(refused.body.code).toBe(403);
  });
});
