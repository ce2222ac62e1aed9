/**
 * The organiser's school choice (reportQuery.schoolId, report.school.ts): the organiser of a joint exam narrows the
 * class rows and student lists to one school or reads every school (0); the grade figures stay the joint exam's; a
 * participating school may ask only its own; a school outside the exam is refused. The exam: makeJointReportExam
 * (示例中学 one 高一 class, 第二示范中学 two, 第三实验中学 withdrew), a small exam: the default is every school.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOINT_OTHER_PATHS, JOINT_REPORT_PATHS } from '@jz/shared/api/joint-report';
import { REPORT_ROUTES } from '@jz/shared/api/report';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { makeJointReportExam } from '../helpers/joint-report.js';

describe.each(dbKinds)('the organiser\'s school choice on %s', (kind) => {
  let t: TestApp;
  let exam: Awaited<ReturnType<typeof makeJointReportExam>>;
  let thirdId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    exam = await makeJointReportExam(t);
    thirdId = (await t.database.db.selectFrom('school').select('id').where('name', '=', '第三实验中学').executeTakeFirstOrThrow()).id;
  }, 180_000);
  afterAll(async () => { await t?.close(); });

  const get = (path: string, token: string, q: Record<string, string | number> = {}) =>
    t.call({ url: `/api/v1/${path}?${new URLSearchParams({ examId: String(exam.examId), ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) })}`, token });

  it('lists the schools with candidates and each class\'s school; a small exam opens on every school', async () => {
    const f = await get(JOINT_OTHER_PATHS.filter, exam.bureau);
    expect(f.body.code, f.body.msg).toBe(200);
    expect(f.body.data.schools).toEqual([{ value: 0, label: '全部学校' }, { value: exam.sampleId, label: '示例中学' }, { value: exam.secondId, label: '第二示范中学' }]);
    expect(f.body.data.defaults.schoolId).toBe(0);
    const classes = (f.body.data.classes as { value: number; schoolId?: number }[]).filter((c) => c.value);
    expect(classes.map((c) => c.schoolId)).toEqual([exam.sampleId, exam.secondId, exam.secondId]);
    // a participating school chooses nothing
    const own = await get(JOINT_OTHER_PATHS.filter, await t.tokenFor('admin2'));
    expect(own.body.data.schools).toBeUndefined();
  });

  it('narrows class rows and student lists to the school asked, the joint figures unchanged', async () => {
    const all = await get(JOINT_REPORT_PATHS.classComparison, exam.bureau, { courseCode: 'SX' });
    expect(all.body.code, all.body.msg).toBe(200);
    expect(all.body.data.rows).toHaveLength(3);
    const second = await get(JOINT_REPORT_PATHS.classComparison, exam.bureau, { courseCode: 'SX', schoolId: exam.secondId });
    expect(second.body.data.rows.map((r: { className: string }) => r.className.startsWith('第二示范中学'))).toEqual([true, true]);
    expect(second.body.data.grade).toEqual(all.body.data.grade);
    expect((await get(JOINT_REPORT_PATHS.classComparison, exam.bureau, { courseCode: 'SX', schoolId: 0 })).body.data.rows).toHaveLength(3);
    const tr = await get(JOINT_REPORT_PATHS.transcript, exam.bureau, { schoolId: exam.sampleId, size: 100 });
    expect(tr.body.code, tr.body.msg).toBe(200);
    expect(new Set(tr.body.data.records.map((r: { schoolName: string }) => r.schoolName))).toEqual(new Set(['示例中学']));
    const candidates = await t.database.db.selectFrom('exam_student').select('id').where('exam_id', '=', exam.examId).where('school_id', '=', exam.sampleId).execute();
    expect(tr.body.data.total).toBe(candidates.length);
    // a class of another school than the one asked is outside the rows
    const secondClass = (await get(JOINT_REPORT_PATHS.classComparison, exam.bureau, { courseCode: 'SX', schoolId: exam.secondId })).body.data.rows[0].classId;
    expect((await get(JOINT_REPORT_PATHS.transcript, exam.bureau, { schoolId: exam.sampleId, classId: secondClass })).body.code).toBe(403);
    // any candidate opens, whichever school the rows show
    const other = await t.database.db.selectFrom('exam_student').select('id').where('exam_id', '=', exam.examId).where('school_id', '=', exam.secondId).executeTakeFirstOrThrow();
    const info = await get(JOINT_OTHER_PATHS.showStudentInfo, exam.bureau, { schoolId: exam.sampleId, examStudentId: other.id });
    expect(info.body.code, info.body.msg).toBe(200);
    expect(info.body.data.schoolName).toBe('第二示范中学');
    // the single-school paths of the exam's owner take the same choice
    const school = await get(REPORT_ROUTES.classComparison.path, exam.bureau, { courseCode: 'SX', schoolId: exam.secondId });
    expect(school.body.code, school.body.msg).toBe(200);
    expect(school.body.data.rows).toHaveLength(2);
  });

  it('refuses a school outside the exam, and a participating school asking another school', async () => {
    for (const schoolId of [thirdId, 999_999]) {
      expect((await get(JOINT_REPORT_PATHS.classComparison, exam.bureau, { schoolId })).body).toMatchObject({ code: 400, msg: '该学校不在本次联考中' });
    }
    const admin2 = await t.tokenFor('admin2');
    expect((await get(JOINT_REPORT_PATHS.classComparison, admin2, { schoolId: exam.sampleId })).body).toMatchObject({ code: 403, msg: '无权查看其他学校的班级' });
    expect((await get(JOINT_REPORT_PATHS.classComparison, admin2, { schoolId: exam.secondId })).body.code).toBe(200);
    expect((await get(JOINT_REPORT_PATHS.classComparison, admin2, { schoolId: 0 })).body.code).toBe(200);
    expect((await get(JOINT_REPORT_PATHS.classComparison, exam.bureau, { schoolId: -1 })).body.code).not.toBe(200);
  });
});
