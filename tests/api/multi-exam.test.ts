import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Exam } from '@jz/shared/api/exam';
import type { MultiRooms, MultiSetting, MultiSummary } from '@jz/shared/api/multi-exam';
import type { SettingItem } from '@jz/shared/api/exam-setting';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { multipart, workbook } from '../fixtures/small-exam.js';

/**
 * 多科考试管理 (multi_exam/*, multiExamConfig/*, exam_student_multi/*) on a new 多科 exam of 示例中学 高二 (classes 1
 * and 2; 语文, 数学, 物理, each of two 50-point questions) and on a joint exam of a bureau with both demo schools.
 *
 * Scores entered by hand (question_score/update; a question not listed counts 0):
 *   A (class 1, 1st): 语文 30 + 45.5 = 75.5, 数学 40 + 50 = 90, 物理 缺考            → 总分 (语文+数学) 165.5
 *   B (class 1, 2nd): 语文 缺考, 数学 20 + 0 = 20                                   → 总分 20
 *   C (class 2, 1st): 语文 50 + 50 = 100, 物理 10 + 0 = 10, 数学 none               → 总分 100 (incomplete)
 *   D (class 1, 3rd): removed from 物理 (exam_student_multi/remove), nothing entered → 总分 none
 * Expected counts, by hand, with n1 / n2 the class sizes (read from the student table):
 *   class 1: 语文 candidates n1, entered 1, 缺考 1, missing n1−2; 数学 n1, 2, 0, n1−2; 物理 n1−1, 0, 1, n1−2;
 *   class 2: 语文 n2, 1, 0, n2−1; 数学 n2, 0, 0, n2; 物理 n2, 1, 0, n2−1; 全部 = the two added up.
 */
type SettingList = { examId: number; items: SettingItem[] };

describe.each(dbKinds)('multi-subject exam details on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let exam: Exam;
  let classIds: number[];
  let n1: number;
  let n2: number;
  const ids: Record<string, number> = {};
  const examNos: Record<number, string> = {};
  const call = async <T>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    (await t.call<T>({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) })).body;
  const okCall = async <T>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) => {
    const b = await call<T>(method, url, payload, token);
    expect(b.code, b.msg).toBe(200);
    return b.data;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    admin2 = await t.tokenFor('admin2');
    const db = t.database.db;
    const grade = await db.selectFrom('school_grade as g').innerJoin('school as s', 's.id', 'g.school_id').select('g.id')
      .where('s.code', '=', 'SLZX').where('g.name', '=', '高二').executeTakeFirstOrThrow();
    classIds = (await db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).orderBy('sort').limit(2).execute()).map((c) => c.id);
    exam = await okCall<Exam>('POST', 'exam_manage/add_multipart_exam', {
      name: '多科汇总测试', examType: 5, gradeId: grade.id, startDate: '2026-10-12', endDate: '2026-10-13', classIds,
      subjects: [{ courseCode: 'YW', fullScore: 100, examDate: '2026-10-12' }, { courseCode: 'SX', fullScore: 100, examDate: '2026-10-12' }, { courseCode: 'WL', fullScore: 100, examDate: '2026-10-13' }],
    });
    for (const s of exam.subjects) {
      await okCall('POST', 'question_template/save', { examSubjectId: s.id, questions: [{ no: '1', type: 'subjective', fullScore: 50, step: 0.5 }, { no: '2', type: 'subjective', fullScore: 50, step: 0.5 }] });
    }
    const size = async (classId: number) => Number((await db.selectFrom('exam_student').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', exam.id).where('class_id', '=', classId).executeTakeFirstOrThrow()).n);
    [n1, n2] = [await size(classIds[0]!), await size(classIds[1]!)];
    const byClass = async (classId: number) => db.selectFrom('exam_student').select(['id', 'exam_no']).where('exam_id', '=', exam.id).where('class_id', '=', classId).orderBy('exam_no').execute();
    const [c1, c2] = [await byClass(classIds[0]!), await byClass(classIds[1]!)];
    [ids.A, ids.B, ids.D, ids.E, ids.C] = [c1[0]!.id, c1[1]!.id, c1[2]!.id, c1[3]!.id, c2[0]!.id];
    for (const r of [...c1, ...c2]) examNos[r.id] = r.exam_no;
  }, 120_000);
  afterAll(async () => { await t?.close(); });

  const subjectId = (code: string) => exam.subjects.find((s) => s.courseCode === code)!.id;
  const questions = async (code: string) => (await t.database.db.selectFrom('question').select('id').where('exam_subject_id', '=', subjectId(code)).orderBy('sort').orderBy('id').execute()).map((q) => q.id);
  const enter = async (student: string, code: string, scores: number[] | 'absent') => {
    const q = await questions(code);
    await okCall('POST', 'question_score/update', scores === 'absent'
      ? { examStudentId: ids[student], examSubjectId: subjectId(code), absent: true }
      : { examStudentId: ids[student], examSubjectId: subjectId(code), scores: scores.map((score, i) => ({ questionId: q[i], score })) });
  };

  it('moves candidates out of and into subjects with exam_student_multi, all or nothing', async () => {
    expect(await okCall('POST', 'exam_student_multi/remove', { examId: exam.id, examStudentIds: [ids.D], courseCodes: ['WL'] })).toEqual({ count: 1 });
    const page = await okCall<{ records: { examStudentId: number; courseCodes: string[] }[]; total: number }>('GET', `exam_student_multi/find_page?examId=${exam.id}&size=1000`);
    expect(page.total).toBe(n1 + n2);
    expect(page.records.find((r) => r.examStudentId === ids.D)!.courseCodes).toEqual(['YW', 'SX']);
    // a subject of another exam is refused and nothing changes
    const bad = await call('POST', 'exam_student_multi/remove', { examId: exam.id, examStudentIds: [ids.A], courseCodes: ['WL', 'ZZ'] });
    expect(bad).toMatchObject({ code: 400, msg: 'ZZ 不是本次考试的科目' });
    await enter('A', 'YW', [30, 45.5]);
    // A has a 语文 score: removing A from 数学 and 语文 together fails at 语文 and leaves 数学 as it was
    const busy = await call('POST', 'exam_student_multi/remove', { examId: exam.id, examStudentIds: [ids.A], courseCodes: ['SX', 'YW'] });
    expect(busy.code).toBe(400);
    expect(busy.msg).toContain('不能移出该科目');
    const again = await okCall<{ records: { examStudentId: number; courseCodes: string[] }[] }>('GET', `exam_student_multi/find_page?examId=${exam.id}&size=1000`);
    expect(again.records.find((r) => r.examStudentId === ids.A)!.courseCodes).toEqual(['YW', 'SX', 'WL']);
  });

  it('counts entered, 缺考 and missing per class and subject, and sums the 总分 as computed by hand', async () => {
    await enter('A', 'SX', [40, 50]);
    await enter('A', 'WL', 'absent');
    await enter('B', 'YW', 'absent');
    await enter('B', 'SX', [20]);
    await enter('C', 'YW', [50, 50]);
    await enter('C', 'WL', [10]);
    // 总分 = 语文 + 数学 (物理 outside), set through multiExamConfig
    await okCall('POST', 'multiExamConfig/update', { examId: exam.id, family: 'subjectCombos', value: { combos: [{ name: '总分', courseCodes: ['YW', 'SX'] }, { name: '理科', courseCodes: ['SX', 'WL'] }] } });
    const s = await okCall<MultiSummary>('GET', `multi_exam/summary?examId=${exam.id}&size=1000`);
    expect(s.subjects.map((x) => [x.courseName, x.inTotal])).toEqual([['语文', true], ['数学', true], ['物理', false]]);
    const counts = (g: MultiSummary['grade']) => g.subjects.map((x) => [x.candidates, x.entered, x.absent, x.missing]);
    const [k1, k2] = [s.classes.find((c) => c.classId === classIds[0])!, s.classes.find((c) => c.classId === classIds[1])!];
    expect(counts(k1)).toEqual([[n1, 1, 1, n1 - 2], [n1, 2, 0, n1 - 2], [n1 - 1, 0, 1, n1 - 2]]);
    expect(counts(k2)).toEqual([[n2, 1, 0, n2 - 1], [n2, 0, 0, n2], [n2, 1, 0, n2 - 1]]);
    expect(counts(s.grade)).toEqual([[n1 + n2, 2, 1, n1 + n2 - 3], [n1 + n2, 2, 0, n1 + n2 - 2], [n1 + n2 - 1, 1, 1, n1 + n2 - 3]]);
    const row = (k: string) => s.students.records.find((r) => r.examStudentId === ids[k])!;
    expect([row('A').scores, row('A').total, row('A').complete]).toEqual([[75.5, 90, null], 165.5, true]);
    expect([row('B').states, row('B').total]).toEqual([['absent', 'entered', 'missing'], 20]);
    expect([row('C').scores, row('C').total, row('C').complete]).toEqual([[100, null, 10], 100, false]);
    expect([row('D').states, row('D').total]).toEqual([['missing', 'missing', 'excluded'], null]);
    // a class filter narrows the students, a page cuts them
    const one = await okCall<MultiSummary>('GET', `multi_exam/summary?examId=${exam.id}&classId=${classIds[1]}&size=5`);
    expect(one.students.total).toBe(n2);
    expect(one.students.records).toHaveLength(Math.min(5, n2));
    const setting = await okCall<MultiSetting>('GET', `multi_exam/setting?examId=${exam.id}`);
    expect(setting.subjects.map((x) => [x.courseName, x.fullScore, x.examDate, x.candidateCount, x.inTotal]))
      .toEqual([['语文', 100, '2026-10-12', n1 + n2, true], ['数学', 100, '2026-10-12', n1 + n2, true], ['物理', 100, '2026-10-13', n1 + n2 - 1, false]]);
    expect(setting.totalFullScore).toBe(200);
    expect(setting.combos).toEqual([{ name: '总分', courseCodes: ['YW', 'SX'], fullScore: 200 }, { name: '理科', courseCodes: ['SX', 'WL'], fullScore: 200 }]);
  });

  it('exports the summary: the students sheet and the counts sheet read back with exceljs', async () => {
    const r = await t.app.inject({ url: `/api/v1/multi_exam/summary_export?examId=${exam.id}`, headers: { authorization: admin } });
    expect(r.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('学生成绩')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '考号', '姓名', '班级', '语文', '数学', '物理', '总分']);
    const rowOf = (name: string) => { let found: unknown[] = []; sheet.eachRow((row) => { if (row.getCell(2).value === name) found = (row.values as unknown[]).slice(4); }); return found; };
    const names = await t.database.db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id').select(['es.id', 'st.name']).where('es.id', 'in', [ids.A!, ids.B!]).execute();
    expect(rowOf(names.find((n) => n.id === ids.A)!.name)).toEqual([75.5, 90, '缺考', 165.5]);
    expect(rowOf(names.find((n) => n.id === ids.B)!.name)).toEqual(['缺考', 20, '未录入', 20]);
    const counts = wb.getWorksheet('录入情况')!;
    expect(counts.rowCount).toBe(1 + 3 * 3); // two classes and 全部, three subjects each
    expect(counts.getRow(counts.rowCount).values).toEqual([undefined, '全部', '物理', n1 + n2 - 1, 1, 1, n1 + n2 - 3]);
  });

  it('updates and resets the analysis settings of the 多科 exam', async () => {
    const saved = await okCall<SettingList>('POST', 'multiExamConfig/update', { examId: exam.id, family: 'gGroups', value: { count: 5 } });
    expect(saved.items.find((i) => i.family === 'gGroups')).toMatchObject({ value: { count: 5 }, isDefault: false });
    const bad = await call('POST', 'multiExamConfig/update', { examId: exam.id, family: 'gGroups', value: { count: 1 } });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('G组设置不正确');
    const list = await okCall<SettingList>('GET', `multiExamConfig/query?examId=${exam.id}`);
    const combos = list.items.find((i) => i.family === 'subjectCombos')!;
    expect(combos.isDefault).toBe(false);
    expect(combos.id).toBeGreaterThan(0);
    const reset = await okCall<SettingList>('POST', `multiExamConfig/reset/${combos.id}`);
    expect(reset.items.find((i) => i.family === 'subjectCombos')!.isDefault).toBe(true);
    const s = await okCall<MultiSummary>('GET', `multi_exam/summary?examId=${exam.id}&size=1000`);
    expect(s.subjects.every((x) => x.inTotal)).toBe(true);
    expect(s.students.records.find((r) => r.examStudentId === ids.C)!.total).toBe(110);
    const back = await okCall<SettingList>('POST', 'multiExamConfig/rollBackDefault', { examId: exam.id, family: 'gGroups' });
    expect(back.items.find((i) => i.family === 'gGroups')!.isDefault).toBe(true);
  });

  it('refuses a foreign school and a single-subject exam', async () => {
    for (const url of [`multi_exam/summary?examId=${exam.id}`, `multi_exam/setting?examId=${exam.id}`, `multi_exam/rooms?examId=${exam.id}`, `multiExamConfig/query?examId=${exam.id}`, `exam_student_multi/find_page?examId=${exam.id}`]) {
      expect((await call('GET', url, undefined, admin2)).code, url).toBe(403);
    }
    expect((await call('POST', 'multiExamConfig/update', { examId: exam.id, family: 'gGroups', value: { count: 5 } }, admin2)).code).toBe(403);
    expect((await call('POST', 'exam_student_multi/add', { examId: exam.id, examStudentIds: [ids.D], courseCodes: ['WL'] }, admin2)).code).toBe(403);
    const single = await okCall<Exam>('POST', 'exam_manage/add_single_exam', {
      name: '单科测试', examType: 5, gradeId: (await t.database.db.selectFrom('exam').select('grade_id').where('id', '=', exam.id).executeTakeFirstOrThrow()).grade_id,
      startDate: '2026-10-12', endDate: '2026-10-12', classIds: [classIds[0]], subjects: [{ courseCode: 'YW', fullScore: 100 }] });
    expect(await call('GET', `multi_exam/summary?examId=${single.id}`)).toMatchObject({ code: 400, msg: '这是单科考试，请在考试分析管理中查看' });
  });

  it('lists the rooms with their seats and subjects', async () => {
    await okCall('POST', 'exam_room/save', { examId: exam.id, rooms: [{ name: '第1考场', capacity: n1 }, { name: '第2考场', capacity: n2 }] });
    await okCall('POST', 'exam_room/arrange', { examId: exam.id, order: 'class' });
    const r = await okCall<MultiRooms>('GET', `multi_exam/rooms?examId=${exam.id}`);
    expect(r.unassigned).toBe(0);
    expect(r.rooms.map((x) => [x.room, x.seats.length])).toEqual([['第1考场', n1], ['第2考场', n2]]);
    expect(r.rooms[0]!.seats.map((x) => x.seat)).toEqual(Array.from({ length: n1 }, (_, i) => i + 1));
    const d = await t.database.db.selectFrom('exam_student').select('exam_no').where('id', '=', ids.D!).executeTakeFirstOrThrow();
    expect(r.rooms[0]!.seats.find((x) => x.examNo === d.exam_no)!.courseNames).toEqual(['语文', '数学']);
  });

  it('imports the subjects candidates take: every bad row named, nothing written; then all changes at once', async () => {
    const no = (k: string) => examNos[ids[k]!]!;
    const head = ['考号', '姓名', '班级', '语文', '数学', '物理'];
    const upload = async (rows: unknown[][]) => (await t.call<{ errors?: unknown[]; created?: number }>({ method: 'POST', url: `/api/v1/exam_student_multi/import?examId=${exam.id}`, token: admin,
      ...multipart(await workbook({ 考生名单: [head, ...rows] })) })).body;
    const subjectsOf = async () => Object.fromEntries((await okCall<{ records: { examStudentId: number; courseCodes: string[] }[] }>('GET', `exam_student_multi/find_page?examId=${exam.id}&size=1000`))
      .records.map((r) => [r.examStudentId, r.courseCodes]));
    const before = await subjectsOf();
    const bad = await upload([
      [no('A'), '', '', '', '', '不考'], ['9999999', '', '', '考', '', ''], [no('D'), '', '', '', '', '是'], [no('D'), '', '', '', '', '考'],
    ]);
    expect(bad.code).toBe(400);
    expect(bad.data.errors).toEqual([
      { row: 2, column: 'F', reason: '在物理已有答题卡、成绩或缺考记录，不能改为不考' },
      { row: 3, column: 'A', reason: '不是本次考试的考号' },
      { row: 4, column: 'F', reason: '请填写 考 或 不考' },
      { row: 5, column: 'A', reason: '考号与第 4 行重复' },
    ]);
    expect(await subjectsOf()).toEqual(before);
    const good = await upload([[no('D'), '', '', '', '', '考'], [no('E'), '', '', '', '不考', ''], [no('A'), '', '', '考', '', '']]);
    expect(good).toMatchObject({ code: 200, data: { created: 0, updated: 2, unchanged: 1 } });
    const after = await subjectsOf();
    expect([after[ids.D!], after[ids.E!], after[ids.A!]]).toEqual([['YW', 'SX', 'WL'], ['YW', 'WL'], ['YW', 'SX', 'WL']]);
    // the participants and foreign schools cannot import
    expect((await t.call({ method: 'POST', url: `/api/v1/exam_student_multi/import?examId=${exam.id}`, token: admin2, ...multipart(await workbook({ 考生名单: [head] })) })).body.code).toBe(403);
  });

  it('a joint exam: the organiser sees every school, a school taking part only its own, settings stay the organiser’s', async () => {
    const db = t.database.db;
    const root = await t.tokenFor('root', 'admin');
    const made = await t.call<{ id: number }>({ method: 'POST', url: '/adminApi/v1/admin/school/createSchoolInfo', token: root, payload: {
      name: '多科测试教育局', code: 'DKJYJ', province: '广东省', area: '广州市', kind: 'bureau', adminLoginId: 'dkbureau' } });
    expect(made.body.code, made.body.msg).toBe(200);
    const g1 = await db.selectFrom('grade_dict').select('id').where('name', '=', '高一').executeTakeFirstOrThrow();
    expect((await t.call({ method: 'POST', url: `/adminApi/v1/admin/gradeRelation/adminAddSchoolManyGradeInfo/${made.body.data.id}`, token: root, payload: { gradeIds: [g1.id] } })).body.code).toBe(200);
    await db.updateTable('app_user').set({ must_change_password: false }).where('login_id', '=', 'dkbureau').execute();
    const bureau = await t.tokenFor('dkbureau');
    const schoolId = async (name: string) => (await db.selectFrom('school').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const [sampleId, secondId] = [await schoolId('示例中学'), await schoolId('第二示范中学')];
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', made.body.data.id).executeTakeFirstOrThrow();
    const joint = await okCall<{ examId: number }>('POST', 'joint_exam/add', { name: '多科联考测试', examType: 2, gradeId: grade.id, startDate: '2026-11-10', endDate: '2026-11-11',
      subjects: [{ courseCode: 'YW', fullScore: 100 }, { courseCode: 'SX', fullScore: 100 }], schoolIds: [sampleId, secondId] }, bureau);
    const gaoyi = async (sid: number) => (await db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id').select('c.id')
      .where('c.school_id', '=', sid).where('g.name', '=', '高一').orderBy('c.sort').limit(1).execute()).map((c) => c.id);
    await okCall('POST', 'joint_exam/confirm_classes', { examId: joint.examId, classIds: await gaoyi(sampleId) }, admin);
    await okCall('POST', 'joint_exam/confirm_classes', { examId: joint.examId, classIds: await gaoyi(secondId) }, admin2);
    const count = async (sid: number) => Number((await db.selectFrom('exam_student').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', joint.examId).where('school_id', '=', sid).executeTakeFirstOrThrow()).n);
    const [m1, m2] = [await count(sampleId), await count(secondId)];

    const org = await okCall<MultiSummary>('GET', `multi_exam/summary?examId=${joint.examId}&size=1000`, undefined, bureau);
    expect(org.schoolRows.map((r) => [r.schoolName, r.studentCount]).sort()).toEqual([['示例中学', m1], ['第二示范中学', m2]].sort());
    expect(org.grade.studentCount).toBe(m1 + m2);
    const bySchool = await okCall<MultiSummary>('GET', `multi_exam/summary?examId=${joint.examId}&schoolId=${secondId}&size=1000`, undefined, bureau);
    expect(bySchool.students.total).toBe(m2);
    expect(bySchool.students.records.every((r) => r.schoolName === '第二示范中学')).toBe(true);

    const own = await okCall<MultiSummary>('GET', `multi_exam/summary?examId=${joint.examId}&size=1000`, undefined, admin2);
    expect(own.schools.map((s) => s.schoolName)).toEqual(['第二示范中学']);
    expect(own.students.total).toBe(m2);
    expect((await okCall<MultiSetting>('GET', `multi_exam/setting?examId=${joint.examId}`, undefined, admin2)).role).toBe('participant');
    expect((await call('GET', `multi_exam/summary?examId=${joint.examId}&schoolId=${sampleId}`, undefined, admin2)).code).toBe(403);
    const cfg = await call('GET', `multiExamConfig/query?examId=${joint.examId}`, undefined, admin2);
    expect(cfg).toMatchObject({ code: 403, msg: '联考的分析设置与考生名单由组织方管理，本校只能查看本校的成绩汇总与考场' });
    expect((await okCall<SettingList>('GET', `multiExamConfig/query?examId=${joint.examId}`, undefined, bureau)).items.length).toBeGreaterThan(0);
    // a teacher of 第二示范中学 (head of 高一1班) reads only its school's part, and of that only its classes
    const seen = await okCall<MultiSummary>('GET', `multi_exam/summary?examId=${joint.examId}&size=1000`, undefined, await t.tokenFor('d001'));
    expect(seen.students.total).toBe(m2);
    expect(seen.students.records.every((r) => r.schoolName === '第二示范中学')).toBe(true);
    expect((await call('GET', `multiExamConfig/query?examId=${joint.examId}`, undefined, await t.tokenFor('d001'))).code).toBe(403);
  });
});
