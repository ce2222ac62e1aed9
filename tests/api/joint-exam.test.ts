import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * Joint exams (docs/DOMAIN-RULES.md §7): a bureau made by the platform administrator organises; 示例中学 is invited,
 * 第二示范中学 joins by registration code; each confirms its 高一 classes (unified 7-digit 考号) or withdraws; a school
 * sees the other anonymised; only the organiser releases. Every refusal leaves the data as it was.
 */
describe.each(dbKinds)('joint exams on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let bureau: string;
  let admin: string; // 示例中学
  let admin2: string; // 第二示范中学
  let examId: number;
  let code: string;
  let sampleId: number;
  let secondId: number;
  const candidates = () => t.database.db.selectFrom('exam_student').select(['id', 'school_id', 'exam_no', 'class_id']).where('exam_id', '=', examId).orderBy('exam_no').execute();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    root = await t.tokenFor('root', 'admin');
    admin = await t.tokenFor('admin');
    admin2 = await t.tokenFor('admin2');
    sampleId = (await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow()).id;
    secondId = (await db.selectFrom('school').select('id').where('name', '=', '第二示范中学').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await t?.close(); });

  it('the platform administrator creates a bureau (教育局) with a grade and no classes', async () => {
    const made = await t.call({ method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: root, payload: {
      name: '示范区教育局', code: 'SFJYJ', province: '广东省', area: '广州市', kind: 'bureau', adminLoginId: 'bureau1' } });
    expect(made.body.code, made.body.msg).toBe(200);
    const bad = await t.call({ method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: root, payload: {
      name: '某机构', code: 'MJG', province: '广东省', area: '广州市', kind: 'office' } });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('机构类型只能是学校或教育局');
    const g1 = await t.database.db.selectFrom('grade_dict').select('id').where('name', '=', '高一').executeTakeFirstOrThrow();
    const grades = await t.call({ method: 'POST', url: `/adminApi/v1/admin/gradeRelation/adminAddSchoolManyGradeInfo/${made.body.data.id}`, token: root, payload: { gradeIds: [g1.id] } });
    expect(grades.body.code, grades.body.msg).toBe(200);
    const list = await t.call({ url: '/adminApi/v1/admin/school/getStatisticalSchoolInfo?current=1&size=50', token: root });
    expect(list.body.data.records.find((s: { name: string }) => s.name === '示范区教育局')).toMatchObject({ kind: 'bureau', classCount: 0, studentCount: 0 });
    // the account's first password would be changed at sign-in; the test signs in past it
    await t.database.db.updateTable('app_user').set({ must_change_password: false }).where('login_id', '=', 'bureau1').execute();
    bureau = await t.tokenFor('bureau1');
  });

  it('the bureau creates a joint exam and invites 示例中学; the code and the invitation show', async () => {
    const db = t.database.db;
    const bureauId = (await db.selectFrom('school').select('id').where('code', '=', 'SFJYJ').executeTakeFirstOrThrow()).id;
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', bureauId).executeTakeFirstOrThrow();
    const options = await t.call({ url: '/api/v1/joint_exam/school_options', token: bureau });
    expect(options.body.data.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['示例中学', '第二示范中学']));
    expect(options.body.data.map((s: { name: string }) => s.name)).not.toContain('示范区教育局');
    const created = await t.call({ method: 'POST', url: '/api/v1/joint_exam/add', token: bureau, payload: {
      name: '2026学年第一学期高一期中联考', examType: 2, gradeId: grade.id, startDate: '2026-11-10', endDate: '2026-11-11',
      subjects: [{ courseCode: 'SX', fullScore: 10 }], schoolIds: [sampleId] } });
    expect(created.body.code, created.body.msg).toBe(200);
    const exam = created.body.data;
    examId = exam.examId;
    code = exam.registrationCode;
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(exam).toMatchObject({ role: 'organiser', myStatus: null, organiserName: '示范区教育局', anonymiseSchools: true });
    expect(exam.schools).toEqual([expect.objectContaining({ schoolName: '示例中学', code: 1, status: 'invited', statusName: '已邀请' })]);
    // 示例中学 sees the invitation in its list, without the code
    const mine = await t.call({ url: '/api/v1/joint_exam/find_page', token: admin });
    // (the demo joint exam of the seed is in its list too)
    expect(mine.body.data.records.filter((r: { examId: number }) => r.examId === examId)).toEqual([expect.objectContaining({ examId, role: 'participant', myStatus: 'invited', registrationCode: null })]);
  });

  it('第二示范中学 looks up the code and joins; bad and unknown codes are refused in Chinese', async () => {
    const bad = await t.call({ method: 'POST', url: '/api/v1/teach/user/examAddUser', token: admin2, payload: { registrationCode: '12' } });
    expect(bad.body).toMatchObject({ code: 400 });
    expect(bad.body.msg).toContain('注册码为 8 位字母或数字');
    const unknown = await t.call({ method: 'POST', url: '/api/v1/teach/user/examAddUser', token: admin2, payload: { registrationCode: 'ZZZZZZZZ' } });
    expect(unknown.body).toMatchObject({ code: 404, msg: '注册码无效' });
    const look = await t.call({ url: `/api/v1/joint_exam/find_by_code/${code.toLowerCase()}`, token: admin2 });
    expect(look.body.data).toMatchObject({ examId, organiserName: '示范区教育局', gradeName: '高一', subjects: ['数学'], myStatus: null });
    // without the code, an uninvited school cannot take part
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/accept', token: admin2, payload: { examId } })).body.code).toBe(403);
    const joined = await t.call({ method: 'POST', url: '/api/v1/teach/user/examAddUser', token: admin2, payload: { registrationCode: code } });
    expect(joined.body.code, joined.body.msg).toBe(200);
    expect(joined.body.data.myStatus).toBe('joined');
    const again = await t.call({ method: 'POST', url: '/api/v1/teach/user/examAddUser', token: admin2, payload: { registrationCode: code } });
    expect(again.body).toMatchObject({ code: 400, msg: '本校已加入该联考' });
    // a teacher is not the school's administrator
    expect((await t.call({ url: `/api/v1/joint_exam/detail?examId=${examId}`, token: await t.tokenFor('d001') })).body.code).toBe(403);
  });

  it('each school confirms its 高一 classes; candidates get school + class + seat 考号', async () => {
    const db = t.database.db;
    const classesOf = (schoolId: number) => db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .select(['c.id', 'g.name']).where('c.school_id', '=', schoolId).orderBy('c.sort').orderBy('c.id').execute();
    const sample = (await classesOf(sampleId)).filter((c) => c.name === '高一').slice(0, 2).map((c) => c.id);
    const sampleOther = (await classesOf(sampleId)).find((c) => c.name === '高二')!.id;
    const second = (await classesOf(secondId)).filter((c) => c.name === '高一').map((c) => c.id);
    // 示例中学 was only invited: confirming its classes accepts the invitation
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin, payload: { examId, classIds: sample } })).body.code).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/accept', token: admin, payload: { examId } })).body.code).toBe(400);
    // a class of another school, or of another grade, is refused and nothing changes
    const before = await candidates();
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin2, payload: { examId, classIds: [sample[0]] } })).body.code).toBe(403);
    const wrongGrade = await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin, payload: { examId, classIds: [sampleOther] } });
    expect(wrongGrade.body.code).toBe(400);
    expect(wrongGrade.body.msg).toContain('不是高一的班级');
    expect(await candidates()).toEqual(before);
    const ok2 = await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin2, payload: { examId, classIds: second } });
    expect(ok2.body.code, ok2.body.msg).toBe(200);
    const rows = await candidates();
    const students = await db.selectFrom('student').select(['id', 'class_id', 'school_id']).where('status', '=', 1).where('class_id', 'in', [...sample, ...second]).execute();
    expect(rows).toHaveLength(students.length);
    // 示例中学 is code 01 (invited first), 第二示范中学 02 (joined by code); seats run 001… in each class by 学号
    const firstOf = (schoolId: number, classId: number) => rows.filter((r) => r.school_id === schoolId && r.class_id === classId).map((r) => r.exam_no);
    expect(firstOf(sampleId, sample[0]!)[0]).toBe('0101001');
    expect(firstOf(sampleId, sample[1]!)[0]).toBe('0102001');
    expect(firstOf(secondId, second[0]!)[0]).toBe('0201001');
    expect(firstOf(secondId, second[1]!).at(-1)).toBe(`0202${String(firstOf(secondId, second[1]!).length).padStart(3, '0')}`);
    expect(new Set(rows.map((r) => r.exam_no)).size).toBe(rows.length);
  });

  it('a school sees itself by name and the other as 学校A; the organiser sees both by name and may name them', async () => {
    const seen = (await t.call({ url: `/api/v1/joint_exam/detail?examId=${examId}`, token: admin2 })).body.data;
    expect(seen.registrationCode).toBeNull();
    expect(seen.schools.map((s: { schoolId: number | null; schoolName: string; own: boolean }) => [s.schoolId, s.schoolName, s.own]))
      .toEqual([[null, '学校A', false], [secondId, '第二示范中学', true]]);
    const org = (await t.call({ url: `/api/v1/joint_exam/detail?examId=${examId}`, token: bureau })).body.data;
    expect(org.schools.map((s: { schoolName: string; status: string }) => [s.schoolName, s.status])).toEqual([['示例中学', 'confirmed'], ['第二示范中学', 'confirmed']]);
    const counts = await t.database.db.selectFrom('exam_student').select((eb) => ['school_id', eb.fn.countAll<number>().as('n')]).where('exam_id', '=', examId).groupBy('school_id').execute();
    for (const s of org.schools) expect(s.studentCount).toBe(Number(counts.find((c) => c.school_id === (s.schoolName === '示例中学' ? sampleId : secondId))!.n));
    // no questions yet: nothing needed, nothing done
    expect(org.schools.map((s: { scoreCellsNeeded: number }) => s.scoreCellsNeeded)).toEqual([0, 0]);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_anonymous', token: admin2, payload: { examId, anonymiseSchools: false } })).body.code).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/set_anonymous', token: bureau, payload: { examId, anonymiseSchools: false } })).body.code).toBe(200);
    const named = (await t.call({ url: `/api/v1/joint_exam/detail?examId=${examId}`, token: admin2 })).body.data;
    expect(named.schools.map((s: { schoolName: string }) => s.schoolName)).toEqual(['示例中学', '第二示范中学']);
  });

  it('a school cannot reach the joint exam through the single-school routes, nor release it', async () => {
    for (const token of [admin, admin2]) {
      // find_exam answers a confirmed school only the subjects it scans (none: every subject is 学校导入 here)
      const seen = await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${examId}`, token });
      expect(seen.body.data.subjects).toEqual([]);
      expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token, payload: { examId } })).body.code).toBe(403);
      expect((await t.call({ url: `/api/v1/publish/check?examId=${examId}`, token })).body.code).toBe(403);
    }
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/invite', token: admin, payload: { examId, schoolIds: [secondId] } })).body.code).toBe(403);
    const exam = await t.database.db.selectFrom('exam').select(['status', 'released_at']).where('id', '=', examId).executeTakeFirstOrThrow();
    expect(exam.released_at).toBeNull();
  });

  it('withdrawal: refused once the school has scores; allowed before; the withdrawn school then sees only its own row', async () => {
    const db = t.database.db;
    const subject = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).executeTakeFirstOrThrow();
    const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: bureau, payload: {
      examSubjectId: subject.id, questions: [{ no: '1', type: 'single', fullScore: 4, step: 1, answer: 'A' }, { no: '2', type: 'subjective', fullScore: 6, step: 1 }] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const q1 = saved.body.data.questions[0].id as number;
    const one = (await candidates()).find((r) => r.school_id === secondId)!;
    await db.insertInto('question_score').values({ exam_student_id: one.id, question_id: q1, score: 4, choice: 'A' }).execute();
    const refused = await t.call({ method: 'POST', url: '/api/v1/joint_exam/withdraw', token: admin2, payload: { examId } });
    expect(refused.body).toMatchObject({ code: 400, msg: '本校考生已有成绩，不能退出联考' });
    const reconfirm = await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin2, payload: { examId, classIds: [one.class_id] } });
    expect(reconfirm.body).toMatchObject({ code: 400, msg: '本校考生已有成绩，不能再修改参考班级' });
    // progress per school: 2 scores per present candidate; 第二示范中学 has 1 of them
    const org = (await t.call({ url: `/api/v1/joint_exam/detail?examId=${examId}`, token: bureau })).body.data;
    const second = org.schools.find((s: { schoolName: string }) => s.schoolName === '第二示范中学');
    expect([second.scoreCellsNeeded, second.scoreCellsDone]).toEqual([2 * second.studentCount, 1]);

    const sampleBefore = (await candidates()).filter((r) => r.school_id === sampleId).length;
    expect(sampleBefore).toBeGreaterThan(0);
    const left = await t.call({ method: 'POST', url: '/api/v1/joint_exam/withdraw', token: admin, payload: { examId } });
    expect(left.body.code, left.body.msg).toBe(200);
    expect((await candidates()).filter((r) => r.school_id === sampleId)).toHaveLength(0);
    expect((await t.call({ url: `/api/v1/joint_exam/detail?examId=${examId}`, token: admin })).body.code).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/confirm_classes', token: admin, payload: { examId, classIds: [1] } })).body.code).toBe(403);
    const list = (await t.call({ url: '/api/v1/joint_exam/find_page', token: admin })).body.data.records;
    const left2 = list.find((r: { examId: number }) => r.examId === examId);
    expect(left2).toMatchObject({ examId, myStatus: 'withdrawn' });
    expect(left2.schools).toHaveLength(1);
  });

  it('the release check waits for every school to confirm or withdraw', async () => {
    const db = t.database.db;
    const third = await t.call({ method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: root, payload: {
      name: '第三实验中学', code: 'DSSY', province: '广东省', area: '广州市' } });
    expect(third.body.code, third.body.msg).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/joint_exam/invite', token: bureau, payload: { examId, schoolIds: [third.body.data.id] } })).body.code).toBe(200);
    const check = await t.call({ url: `/api/v1/publish/check?examId=${examId}`, token: bureau });
    expect(check.body.code, check.body.msg).toBe(200);
    expect(check.body.data.problems).toContain('第三实验中学尚未确认参考班级');
    const codes = await db.selectFrom('exam_school').select(['school_id', 'code']).where('exam_id', '=', examId).orderBy('code').execute();
    expect(codes.map((c) => c.code)).toEqual([1, 2, 3]);
  });
});
