import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../apps/api/src/db/database.js';
import { markWritten } from '../../apps/api/src/modules/marking/marking.repository.js';
import { deleteStudentsQuestions } from '../../apps/api/src/modules/score/score-write.repository.js';
import { dbKinds, openTestDatabase } from '../helpers/db.js';
import { setUpMarkingExam } from '../helpers/marking-scale.js';

/**
 * Regression: completing a subject of 16,667 students × 4 blocks (the marking-kill benchmark, 66,668 papers) failed
 * on PostgreSQL with "bind message has 1133 parameter formats but 0 parameters": an IN list binds one parameter per
 * id and the protocol counts them in 16 bits (66,668 − 65,536 = 1,132, plus the set value). Lists that grow with
 * papers or students are bound as one array (apps/api/src/db/any-id.ts). 70,000 ids: past the wrap, made of one real
 * id and ids no row has.
 */
const padded = (real: number) => [real, ...Array.from({ length: 69_999 }, (_, i) => 10_000_000 + i)];

describe.each(dbKinds)('statements over more than 65,535 ids on %s', (kind) => {
  let database: Database;
  beforeAll(async () => { database = await openTestDatabase(kind); });
  afterAll(async () => { await database.close(); });

  it('marks papers written', async () => {
    const { db } = database;
    const exam = await setUpMarkingExam(db, { students: 2, markers: 4, ratingModes: [1, 1, 1, 1], tag: 'ids' });
    const paper = await db.selectFrom('marking_paper').select(['id', 'written']).where('block_id', '=', exam.blocks[0]!.id).orderBy('id').executeTakeFirstOrThrow();
    expect(paper.written).toBe(false);
    await db.transaction().execute((tx) => markWritten(tx, padded(paper.id)));
    const after = await db.selectFrom('marking_paper').select('written').where('id', '=', paper.id).executeTakeFirstOrThrow();
    expect(after.written).toBe(true);
  });

  it('deletes students\' question scores and absences', async () => {
    const { db } = database;
    const row = await db.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id')
      .select(['qs.exam_student_id as examStudentId', 'qs.question_id as questionId', 'q.exam_subject_id as examSubjectId'])
      .orderBy('qs.exam_student_id').orderBy('qs.question_id').executeTakeFirstOrThrow();
    const others = await db.selectFrom('question_score').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await db.transaction().execute((tx) => deleteStudentsQuestions(tx, row.examSubjectId, padded(row.examStudentId), padded(row.questionId)));
    const left = await db.selectFrom('question_score').select('score')
      .where('exam_student_id', '=', row.examStudentId).where('question_id', '=', row.questionId).execute();
    expect(left).toEqual([]);
    const after = await db.selectFrom('question_score').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(others.n) - 1);
  });
});
