import { expect } from 'vitest';
import type { TestApp } from './app.js';

/** The scores of the joint report exam: the first three candidates of each school (by 考号); the others are absent. */
export const JOINT_SCORES: Record<string, { SX: number[]; YW: number[] }> = {
  示例中学: { SX: [95, 82, 60], YW: [85, 68, 70] },
  第二示范中学: { SX: [88, 55, 25], YW: [82, 45, 25] },
};

/**
 * A released joint exam for the report tests: 联考测试教育局 (login bureauA) organises 数学 + 语文 (100 each, one
 * subjective question) for 示例中学 (its first 高一 class) and 第二示范中学 (both 高一 classes); 第三实验中学 (admin3)
 * was invited and withdrew; 第四中学 (admin4) never took part. Scores: JOINT_SCORES.
 */
export async function makeJointReportExam(t: Pick<TestApp, 'call' | 'tokenFor' | 'database'>) {
  const db = t.database.db;
  const root = await t.tokenFor('root', 'admin');
  const admin = await t.tokenFor('admin');
  const admin2 = await t.tokenFor('admin2');
  const sampleId = (await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow()).id;
  const secondId = (await db.selectFrom('school').select('id').where('name', '=', '第二示范中学').executeTakeFirstOrThrow()).id;
  const mk = async (name: string, code: string, kindOf: string, login: string) => {
    const made = await t.call({ method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: root, payload: { name, code, province: '广东省', area: '广州市', kind: kindOf, adminLoginId: login } });
    expect(made.body.code, made.body.msg).toBe(200);
    await db.updateTable('app_user').set({ must_change_password: false }).where('login_id', '=', login).execute();
    return made.body.data.id as number;
  };
  const bureauId = await mk('联考测试教育局', 'LKJYJ', 'bureau', 'bureauA');
  const thirdId = await mk('第三实验中学', 'DSSYA', 'school', 'admin3');
  const g1 = await db.selectFrom('grade_dict').select('id').where('name', '=', '高一').executeTakeFirstOrThrow();
  expect((await t.call({ method: 'POST', url: `/adminApi/v1/admin/gradeRelation/adminAddSchoolManyGradeInfo/${bureauId}`, token: root, payload: { gradeIds: [g1.id] } })).body.code).toBe(200);
  await mk('第四中学', 'DSZXA', 'school', 'admin4');
  const bureau = await t.tokenFor('bureauA');
  const outsider = await t.tokenFor('admin4');
  const third = await t.tokenFor('admin3');
  const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', bureauId).executeTakeFirstOrThrow();
  const created = await t.call({ method: 'POST', url: '/api/v1/joint_exam/add', token: bureau, payload: {
    name: '高一联考报告测试', examType: 2, gradeId: grade.id, startDate: '2026-11-10', endDate: '2026-11-11',
    subjects: [{ courseCode: 'SX', fullScore: 100 }, { courseCode: 'YW', fullScore: 100 }], schoolIds: [sampleId, secondId, thirdId] } });
  expect(created.body.code, created.body.msg).toBe(200);
  const examId = created.body.data.examId as number;
  const gaoyi = (schoolId: number) => db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
    .select('c.id').where('c.school_id', '=', schoolId).where('g.name', '=', '高一').orderBy('c.sort').orderBy('c.id').execute();
  const confirm = async (token: string, classIds: number[]) =>
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token, payload: { examId, classIds } })).body.code).toBe(200);
  await confirm(admin, [(await gaoyi(sampleId))[0]!.id]);
  await confirm(admin2, (await gaoyi(secondId)).map((c) => c.id));
  expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/withdraw', token: third, payload: { examId } })).body.code).toBe(200);
  // one subjective question per subject; the first three candidates of each school sit, the others are absent
  const subjects = await db.selectFrom('exam_subject').select(['id', 'course_code']).where('exam_id', '=', examId).execute();
  const question: Record<string, number> = {};
  for (const s of subjects) {
    const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: bureau, payload: { examSubjectId: s.id, questions: [{ no: '1', type: 'subjective', fullScore: 100, step: 1 }] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    question[s.course_code] = saved.body.data.questions[0].id;
  }
  const candidates = await db.selectFrom('exam_student').select(['id', 'school_id']).where('exam_id', '=', examId).orderBy('exam_no').execute();
  for (const [name, schoolId] of [['示例中学', sampleId], ['第二示范中学', secondId]] as const) {
    const mine = candidates.filter((c) => c.school_id === schoolId);
    const sc = JOINT_SCORES[name]!;
    await db.insertInto('question_score').values(mine.slice(0, 3).flatMap((c, i) => [
      { exam_student_id: c.id, question_id: question.SX!, score: sc.SX[i]! }, { exam_student_id: c.id, question_id: question.YW!, score: sc.YW[i]! }])).execute();
    await db.insertInto('subject_absence').values(mine.slice(3).flatMap((c) => subjects.map((s) => ({ exam_student_id: c.id, exam_subject_id: s.id })))).execute();
  }
  expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token: bureau, payload: { examId } })).body.code).toBe(200);
  let progress = { state: 'running', error: null as string | null };
  for (let i = 0; i < 300 && progress.state === 'running'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    progress = (await t.call({ url: `/api/v1/publish/progress?examId=${examId}`, token: bureau })).body.data;
  }
  expect(progress.state, progress.error ?? '').toBe('done');
  return { examId, bureau, third, outsider, sampleId, secondId };
}
