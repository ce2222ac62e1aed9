import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createJob, runJob } from '../../apps/api/src/modules/job/job.service.js';
import {
  deleteStudentScores, replaceStudentScores, withScoreWrites, writeObjectiveAnswers, writeQuestionScores, type ScoreTx,
} from '../../apps/api/src/modules/score/score-write.service.js';
import { subjectTotal } from '../../apps/api/src/modules/score/scoring.js';

/**
 * The one path for score writes (docs/DOMAIN-RULES.md §10), through the calls that scanned-sheet recognition and
 * online marking will make. Expected points are worked by hand from the rule of §2: a multiple choice (key ABD,
 * full 5, no partial score set) gives 5 for ABD, 2.5 (half) for a strict subset such as AB, 0 with any letter
 * outside the key; a single choice (key C, full 3) gives 3 for C, else 0.
 */
describe.each(dbKinds)('score writes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let examId: number;
  let subjectId: number;
  let otherSubjectId: number;
  let qid: Record<string, number>;
  let students: number[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow()).id;
    const classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').limit(1).execute()).map((c) => c.id);
    const created = await t.call({
      method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin,
      payload: { name: '写分通道', examType: 4, gradeId, startDate: '2026-10-08', endDate: '2026-10-09', classIds, subjects: [{ courseCode: 'SX', fullScore: 20 }, { courseCode: 'YW', fullScore: 20 }] },
    });
    expect(created.body.code, created.body.msg).toBe(200);
    examId = created.body.data.id;
    subjectId = created.body.data.subjects[0].id;
    otherSubjectId = created.body.data.subjects[1].id;
    const saved = await t.call({
      method: 'POST', url: '/api/v1/question_template/save', token: admin,
      payload: { examSubjectId: subjectId, questions: [
        { no: '1', type: 'multiple', fullScore: 5, answer: 'ABD' },
        { no: '2', type: 'single', fullScore: 3, answer: 'C' },
        { no: '3', type: 'subjective', fullScore: 12 },
      ] },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    qid = Object.fromEntries(saved.body.data.questions.map((q: { no: string; id: number }) => [q.no, q.id]));
    students = (await db.selectFrom('exam_student').select('id').where('exam_id', '=', examId).orderBy('exam_no').limit(4).execute()).map((s) => s.id);
  });
  afterAll(async () => { await t?.close(); });

  const stored = async (esid: number) => {
    const rows = await t.database.db.selectFrom('question_score').select(['question_id', 'score', 'choice'])
      .where('exam_student_id', '=', esid).where('question_id', 'in', Object.values(qid)).orderBy('question_id').execute();
    return Object.fromEntries(rows.map((r) => [Object.keys(qid).find((no) => qid[no] === r.question_id)!, [Number(r.score), r.choice]]));
  };
  const absent = async (esid: number) => !!(await t.database.db.selectFrom('subject_absence').select('exam_student_id')
    .where('exam_student_id', '=', esid).where('exam_subject_id', '=', subjectId).executeTakeFirst());
  const write = <T>(fn: (tx: ScoreTx) => Promise<T>) => withScoreWrites(t.database.db, examId, fn);

  it('scores recognised option letters from the key, with partial credit on multiple choice', async () => {
    const [s1, s2, s3] = students as [number, number, number];
    const written = await write((tx) => writeObjectiveAnswers(tx, subjectId, [
      { examStudentId: s1, questionId: qid['1']!, answer: 'ABD' }, { examStudentId: s1, questionId: qid['2']!, answer: 'C' },
      { examStudentId: s2, questionId: qid['1']!, answer: 'ba' }, { examStudentId: s2, questionId: qid['2']!, answer: 'B' },
      { examStudentId: s3, questionId: qid['1']!, answer: 'ABC' }, { examStudentId: s3, questionId: qid['2']!, answer: null },
    ]));
    expect(written.map((w) => w.score)).toEqual([5, 3, 2.5, 0, 0, 0]);
    expect(await stored(s1)).toEqual({ 1: [5, 'ABD'], 2: [3, 'C'] });
    expect(await stored(s2)).toEqual({ 1: [2.5, 'AB'], 2: [0, 'B'] });
    expect(await stored(s3)).toEqual({ 1: [0, 'ABC'], 2: [0, null] });
    // the write settled the exam: the subject counts as scored
    const flow = await t.database.db.selectFrom('exam_subject').select('flow_status').where('id', '=', subjectId).executeTakeFirstOrThrow();
    expect(flow.flow_status.split(',')).toContain('score');
  });

  it('refuses letters the card does not print, a subjective question and a bad point, writing nothing', async () => {
    const [s1] = students as [number];
    const before = await stored(s1);
    await expect(write((tx) => writeObjectiveAnswers(tx, subjectId, [{ examStudentId: s1, questionId: qid['2']!, answer: 'E' }])))
      .rejects.toThrow('第 2 题（“E”）：本题只有选项 A–D，没有选项 E');
    await expect(write((tx) => writeObjectiveAnswers(tx, subjectId, [{ examStudentId: s1, questionId: qid['3']!, answer: 'A' }])))
      .rejects.toThrow('第 3 题不是客观题，不能按选项给分');
    await expect(write((tx) => writeQuestionScores(tx, subjectId, [{ examStudentId: s1, questionId: qid['3']!, score: 12.5 }], 'marking')))
      .rejects.toThrow('第 3 题：超过满分 12');
    await expect(write((tx) => writeQuestionScores(tx, subjectId, [{ examStudentId: s1, questionId: qid['3']!, score: 6.5 }], 'marking')))
      .rejects.toThrow('第 3 题：不是给分步长 1 的整数倍');
    expect(await stored(s1)).toEqual(before);
  });

  it('writes marker scores beside the objective ones; a student scored is no longer absent', async () => {
    const [s1, , , s4] = students as [number, number, number, number];
    await write((tx) => writeQuestionScores(tx, subjectId, [{ examStudentId: s1, questionId: qid['3']!, score: 7 }], 'marking'));
    expect(await stored(s1)).toEqual({ 1: [5, 'ABD'], 2: [3, 'C'], 3: [7, null] });
    // the subject total, the same sum everywhere: 5 + 3 + 7
    expect(subjectTotal(Object.values(await stored(s1)).map(([p]) => p as number))).toBe(15);
    await write((tx) => replaceStudentScores(tx, subjectId, s4, 'absent', 'edit'));
    expect(await absent(s4)).toBe(true);
    await write((tx) => writeQuestionScores(tx, subjectId, [{ examStudentId: s4, questionId: qid['3']!, score: 4 }], 'marking'));
    expect(await absent(s4)).toBe(false);
    await write((tx) => deleteStudentScores(tx, subjectId, s4, 'marking'));
    expect(await stored(s4)).toEqual({});
  });

  it('refuses a write outside withScoreWrites, under another exam\'s lock, or a correction before release', async () => {
    const [s1] = students as [number];
    const db = t.database.db;
    await expect(db.transaction().execute((tx) => writeQuestionScores(tx as ScoreTx, subjectId, [{ examStudentId: s1, questionId: qid['3']!, score: 1 }], 'marking')))
      .rejects.toThrow('score write outside withScoreWrites');
    const exam = await db.selectFrom('exam').select(['grade_id']).where('id', '=', examId).executeTakeFirstOrThrow();
    const classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', exam.grade_id).orderBy('sort').limit(1).execute()).map((c) => c.id);
    const other = await t.call({
      method: 'POST', url: '/api/v1/exam_manage/add_single_exam', token: admin,
      payload: { name: '写分通道（另一场）', examType: 4, gradeId: exam.grade_id, startDate: '2026-10-08', endDate: '2026-10-08', classIds, subjects: [{ courseCode: 'SX', fullScore: 20 }] },
    });
    expect(other.body.code, other.body.msg).toBe(200);
    await expect(withScoreWrites(db, other.body.data.id, (tx) => writeQuestionScores(tx, subjectId, [{ examStudentId: s1, questionId: qid['3']!, score: 1 }], 'marking')))
      .rejects.toThrow(`exam subject ${subjectId} is not of the locked exam ${other.body.data.id}`);
    // a question of another subject of the same exam
    await expect(write((tx) => writeQuestionScores(tx, otherSubjectId, [{ examStudentId: s1, questionId: qid['3']!, score: 1 }], 'marking')))
      .rejects.toThrow(`is not of exam subject ${otherSubjectId}`);
    await expect(write((tx) => writeQuestionScores(tx, subjectId, [{ examStudentId: s1, questionId: qid['3']!, score: 1 }], 'correction')))
      .rejects.toThrow('成绩尚未发布，请直接在小题成绩中修改');
    expect((await stored(s1))['3']).toEqual([7, null]);
  });

  it('is refused with 409 while a release holds the exam, like every score write', async () => {
    const [s1] = students as [number];
    const db = t.database.db;
    const school = await db.selectFrom('exam').select('school_id').where('id', '=', examId).executeTakeFirstOrThrow();
    const job = await createJob(db, null, { kind: 'release', schoolId: school.school_id, examId, locksExam: true, step: 1, message: '准备发布' });
    const err = await write((tx) => writeObjectiveAnswers(tx, subjectId, [{ examStudentId: s1, questionId: qid['2']!, answer: 'A' }])).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: '成绩正在发布，请稍后再试', code: 409 });
    await runJob(db, job, { log: { error: () => {} } }); // incomplete scores: the release fails and frees the exam
    expect((await stored(s1))['2']).toEqual([3, 'C']);
  });
});

describe('one path for score writes', () => {
  it('no source file but score-write.repository.ts writes question_score or subject_absence', () => {
    const src = path.resolve(import.meta.dirname, '../../apps/api/src');
    const write = /(insert\s+into|update|delete\s+from)\s+(question_score|subject_absence)\b|(insertInto|updateTable|deleteFrom)\(\s*'(question_score|subject_absence)'/i;
    const offenders = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('migrations'))
      .filter((f) => write.test(readFileSync(path.join(src, f), 'utf8')))
      .map((f) => f.split(path.sep).join('/'));
    expect(offenders).toEqual(['modules/score/score-write.repository.ts']);
  });
});
