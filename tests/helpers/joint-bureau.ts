import { expect } from 'vitest';
import type { TestApp } from './app.js';

/**
 * The set-up of the joint-exam tests: a bureau made by the platform administrator, with 高一, its administrator signed
 * in (the seed's schools 示例中学 and 第二示范中学 take part in what it organises).
 */
export async function makeBureau(t: TestApp, v: { name: string; code: string; adminLoginId: string }): Promise<{ bureauId: number; gradeId: number; token: string }> {
  const db = t.database.db;
  const root = await t.tokenFor('root', 'admin');
  const made = await t.call({ method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: root, payload: {
    name: v.name, code: v.code, province: '广东省', area: '广州市', kind: 'bureau', adminLoginId: v.adminLoginId } });
  expect(made.body.code, made.body.msg).toBe(200);
  const bureauId = made.body.data.id as number;
  const g1 = await db.selectFrom('grade_dict').select('id').where('name', '=', '高一').executeTakeFirstOrThrow();
  const grades = await t.call({ method: 'POST', url: `/adminApi/v1/admin/gradeRelation/adminAddSchoolManyGradeInfo/${bureauId}`, token: root, payload: { gradeIds: [g1.id] } });
  expect(grades.body.code, grades.body.msg).toBe(200);
  await db.updateTable('app_user').set({ must_change_password: false }).where('login_id', '=', v.adminLoginId).execute();
  const gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', bureauId).executeTakeFirstOrThrow()).id;
  return { bureauId, gradeId, token: await t.tokenFor(v.adminLoginId) };
}

/** A school's id by name. */
export async function schoolIdOf(t: TestApp, name: string): Promise<number> {
  return (await t.database.db.selectFrom('school').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

/** The school's 高一 classes in their order. */
export function classesOf(t: TestApp, schoolId: number) {
  return t.database.db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select('c.id').where('c.school_id', '=', schoolId).where('g.name', '=', '高一').orderBy('c.sort').orderBy('c.id').execute();
}

/** A 数学 joint exam of the schools organised by the bureau, with written-answer questions 1 and 2 (full 10, step 1). */
export async function makeJointMathExam(t: TestApp, bureau: { gradeId: number; token: string }, name: string, schoolIds: number[]): Promise<{ examId: number; subjectId: number }> {
  const created = await t.call({ method: 'POST', url: '/api/v1/joint_exam/add', token: bureau.token, payload: {
    name, examType: 2, gradeId: bureau.gradeId, startDate: '2026-11-10', endDate: '2026-11-11', subjects: [{ courseCode: 'SX', fullScore: 20 }], schoolIds } });
  expect(created.body.code, created.body.msg).toBe(200);
  const examId = created.body.data.examId as number;
  const subjectId = (await t.database.db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).executeTakeFirstOrThrow()).id;
  const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: bureau.token, payload: { examSubjectId: subjectId, questions: [
    { no: '1', type: 'subjective', fullScore: 10, step: 1 }, { no: '2', type: 'subjective', fullScore: 10, step: 1 }] } });
  expect(saved.body.code, saved.body.msg).toBe(200);
  return { examId, subjectId };
}
