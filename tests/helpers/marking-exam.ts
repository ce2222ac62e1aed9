import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApp } from './app.js';

/**
 * The exam set-up the marking tests share: a 示例中学 高一 exam of one subject over some classes, its questions
 * saved through the routes; and, for online marking, scanned sheets whose cut blocks are stored JPEGs (what
 * scan.job savePageOutcome writes: one recognised page per student, rec.blocks[].id = the question number).
 */

export interface QuestionSpec { no: string; type: string; fullScore: number; answer?: string; step?: number }
export interface MarkingExamSpec {
  name: string; fullScore: number; questions: QuestionSpec[];
  /** Class names of 高一 (default ['1班']) or how many of its classes in sort order. */
  classes?: string[] | number; examType?: number; courseCode?: string; startDate?: string; endDate?: string;
}
export interface MarkingExam {
  schoolId: number; gradeId: number; examId: number; subjectId: number;
  /** question number → question id */
  qid: Record<string, number>;
  /** The exam's students (exam_student ids) by 考号. */
  students: number[];
}

export async function createMarkingExam(t: TestApp, spec: MarkingExamSpec): Promise<MarkingExam> {
  const db = t.database.db;
  const admin = await t.tokenFor('admin');
  const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
  const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
  let classes = db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort');
  const which = spec.classes ?? ['1班'];
  classes = typeof which === 'number' ? classes.limit(which) : classes.where('name', 'in', which);
  const classIds = (await classes.execute()).map((c) => c.id);
  const created = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
    name: spec.name, examType: spec.examType ?? 5, gradeId, startDate: spec.startDate ?? '2026-10-08', endDate: spec.endDate ?? '2026-10-08', classIds,
    subjects: [{ courseCode: spec.courseCode ?? 'SX', fullScore: spec.fullScore }] } });
  expect(created.body.code, created.body.msg).toBe(200);
  const examId = created.body.data.id as number;
  const subjectId = created.body.data.subjects[0].id as number;
  const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: subjectId, questions: spec.questions } });
  expect(saved.body.code, saved.body.msg).toBe(200);
  const qid = Object.fromEntries(saved.body.data.questions.map((q: { no: string; id: number }) => [q.no, q.id]));
  const students = (await db.selectFrom('exam_student').select('id').where('exam_id', '=', examId).orderBy('exam_no').execute()).map((s) => s.id);
  return { schoolId: school.id, gradeId, examId, subjectId, qid, students };
}

/**
 * One scanned page per student (in this order) with a stored crop per written-answer question number, in one batch;
 * `pageImage` also names the whole page's key. The crops differ per student (a shade), so a wrong image shows.
 */
export async function storeScannedSheets(t: TestApp, _dataDir: string, exam: MarkingExam, students: number[], blockNos: string[], opts: { pageImage?: boolean } = {}): Promise<void> {
  const db = t.database.db;
  const { schoolId, examId, subjectId } = exam;
  const { storage } = t; // the app's store (DATA_DIR/files, or its S3 bucket)
  const batch = await db.insertInto('scan_batch').values({ school_id: schoolId, exam_id: examId, exam_subject_id: subjectId, no: 1, name: '批次1', status: 'done', created_by: null })
    .returning('id').executeTakeFirstOrThrow();
  for (const [i, es] of students.entries()) {
    const jpeg = await sharp({ create: { width: 200, height: 80, channels: 3, background: { r: 250, g: 250 - (i % 10) * 20, b: 240 } } }).jpeg().toBuffer();
    const blocks = [];
    for (const no of blockNos) {
      const key = `scans/${schoolId}/${subjectId}/${batch.id}/blocks/${i + 1}-${no}.jpg`;
      await storage.put(key, jpeg);
      blocks.push({ id: no, rect: { x: 0, y: 0, w: 200, h: 80 }, key });
    }
    await db.insertInto('scan_page').values({
      school_id: schoolId, batch_id: batch.id, exam_subject_id: subjectId, file_seq: i + 1, file_name: `${i + 1}.jpg`, status: 'ok', recognized: true,
      image_key: opts.pageImage ? `scans/${schoolId}/${subjectId}/${batch.id}/pages/${i + 1}.jpg` : null, rec: JSON.stringify({ blocks }), page_no: 1, exam_student_id: es,
    }).execute();
  }
}
