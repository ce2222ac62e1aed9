import sharp from 'sharp';
import { expect } from 'vitest';
import { seedDemoMarking } from '../../apps/api/src/seed/demo-marking.js';
import type { TestApp } from './app.js';

/**
 * The online-marking demo on a scanned exam like the scanning demo's (as tests/api/marking-demo.test.ts builds it):
 * 12 students of 高一1班, written-answer questions 2 (8 points, step 1) and 3 (8 points, step 0.5) cut from their
 * sheets and stored; then seedDemoMarking (题组长 lesson1, markers teacher1 and two 数学 teachers, partly marked).
 */
export async function demoMarkingExam(t: TestApp, _dataDir: string, name = '数学周测（扫描演示）'): Promise<{ examId: number; subjectId: number; blockIds: number[] }> {
  const db = t.database.db;
  const admin = await t.tokenFor('admin');
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
  const cls = await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).where('name', '=', '1班').executeTakeFirstOrThrow();
  const created = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
    name, examType: 5, gradeId, startDate: '2026-10-08', endDate: '2026-10-08', classIds: [cls.id], subjects: [{ courseCode: 'SX', fullScore: 20 }] } });
  expect(created.body.code, created.body.msg).toBe(200);
  const examId = created.body.data.id as number;
  const subjectId = created.body.data.subjects[0].id as number;
  const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: subjectId, questions: [
    { no: '1', type: 'single', fullScore: 4, answer: 'B' }, { no: '2', type: 'subjective', fullScore: 8, step: 1 }, { no: '3', type: 'subjective', fullScore: 8, step: 0.5 }] } });
  expect(saved.body.code, saved.body.msg).toBe(200);
  const students = (await db.selectFrom('exam_student').select('id').where('exam_id', '=', examId).orderBy('exam_no').limit(12).execute()).map((s) => s.id);
  const { storage } = t;
  const batch = await db.insertInto('scan_batch').values({ school_id: school.id, exam_id: examId, exam_subject_id: subjectId, no: 1, name: '批次1', status: 'done', created_by: null })
    .returning('id').executeTakeFirstOrThrow();
  const jpeg = await sharp({ create: { width: 120, height: 60, channels: 3, background: '#f5f5f0' } }).jpeg().toBuffer();
  for (const [i, es] of students.entries()) {
    const blocks = [];
    for (const no of ['2', '3']) {
      const key = `scans/${school.id}/${subjectId}/${batch.id}/blocks/${i + 1}-${no}.jpg`;
      await storage.put(key, jpeg);
      blocks.push({ id: no, rect: { x: 0, y: 0, w: 120, h: 60 }, key });
    }
    await db.insertInto('scan_page').values({ school_id: school.id, batch_id: batch.id, exam_subject_id: subjectId, file_seq: i + 1, file_name: `${i + 1}.jpg`,
      status: 'ok', recognized: true, rec: JSON.stringify({ blocks }), page_no: 1, exam_student_id: es }).execute();
  }
  expect(await seedDemoMarking(db)).toBe(10 + 6 + 3);
  const blockIds = (await db.selectFrom('marking_block').select('id').where('exam_subject_id', '=', subjectId).orderBy('sort').execute()).map((b) => b.id);
  return { examId, subjectId, blockIds };
}
