import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/** Exam management: exam_manage, exam_student, question_template, question_group (scope and validation). */
describe.each(dbKinds)('exam management on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let gradeId: number;
  let grade2Id: number;
  let classIds: number[];
  let examId: number;
  let subjectId: (code: string) => number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const grades = await db.selectFrom('school_grade').select(['id', 'name']).where('school_id', '=', school.id).execute();
    gradeId = grades.find((g) => g.name === '高一')!.id;
    grade2Id = grades.find((g) => g.name === '高二')!.id;
    const classes = await db.selectFrom('school_class').select(['id', 'name']).where('grade_id', '=', gradeId).orderBy('sort').execute();
    classIds = classes.slice(0, 3).map((c) => c.id);
  });
  afterAll(async () => { await t?.close(); });

  const body = (over: Record<string, unknown> = {}) => ({
    name: '2026学年高一单元联测',
    examType: 4,
    gradeId,
    startDate: '2026-10-08',
    endDate: '2026-10-09',
    subjects: [
      { courseCode: 'YW', fullScore: 150, examDate: '2026-10-08' },
      { courseCode: 'SX', fullScore: 150, examDate: '2026-10-08' },
      { courseCode: 'YY', fullScore: 150, examDate: '2026-10-09' },
    ],
    classIds,
    ...over,
  });

  it('creates a multi-subject exam whose students are the chosen classes, 考号 = 学号, seats per class', async () => {
    const { body: res } = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: body() });
    expect(res.code).toBe(200);
    examId = res.data.id;
    const subjects: { id: number; courseCode: string }[] = res.data.subjects;
    subjectId = (code) => subjects.find((s) => s.courseCode === code)!.id;
    expect(subjects.map((s) => s.courseCode)).toEqual(['YW', 'SX', 'YY']);
    expect(res.data.mode).toBe('multi');
    expect(res.data.status).toBe(1);
    expect(res.data.progress).toBe(0);
    expect(res.data.examTypeName).toBe('月考');

    const db = t.database.db;
    const students = await db.selectFrom('student').select(['id', 'admission_no', 'class_id']).where('class_id', 'in', classIds).where('status', '=', 1).execute();
    expect(res.data.studentCount).toBe(students.length);
    expect(res.data.classCount).toBe(3);
    const rows = await db.selectFrom('exam_student').select(['student_id', 'exam_no', 'seat', 'class_id']).where('exam_id', '=', examId).execute();
    const byStudent = new Map(rows.map((r) => [r.student_id, r]));
    for (const s of students) expect(byStudent.get(s.id)!.exam_no).toBe(s.admission_no);
    const firstClass = rows.filter((r) => r.class_id === classIds[0]).map((r) => r.seat!).sort((a, b) => a - b);
    expect(firstClass[0]).toBe(1);
    expect(firstClass.at(-1)).toBe(firstClass.length);
  });

  it('lists exams with filters and refuses bad input', async () => {
    const { body: list } = await t.call({ url: '/api/v1/exam_manage/find_exam_by_page?name=单元联测&gradeId=' + gradeId, token: admin });
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(1);
    expect(list.data.records[0].subjects).toHaveLength(3);
    // No 日测 (type 6) in the demo data.
    const { body: none } = await t.call({ url: '/api/v1/exam_manage/find_exam_by_page?examType=6', token: admin });
    expect(none.data.total).toBe(0);

    const single = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_single_exam', token: admin, payload: body() });
    expect(single.body.code).toBe(400);
    const wrongGradeClass = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: body({ gradeId: grade2Id }) });
    expect(wrongGradeClass.body.code).toBe(400);
    expect(wrongGradeClass.body.msg).toContain('高二');
    const badDates = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: body({ endDate: '2026-10-01' }) });
    expect(badDates.body.code).toBe(400);
  });

  it('scopes exams by role and school', async () => {
    const teacher1 = await t.tokenFor('teacher1');
    const created = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: teacher1, payload: body() });
    expect(created.body.code).toBe(403);
    const lesson1 = await t.tokenFor('lesson1');
    expect((await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: lesson1, payload: body() })).body.code).toBe(403);
    // teacher1 teaches 高一: sees the exam, but only its own classes' students.
    const seen = await t.call({ url: '/api/v1/exam_manage/find_exam_by_page', token: teacher1 });
    expect(seen.body.data.records.map((r: { id: number }) => r.id)).toContain(examId);
    const own = await t.call({ url: `/api/v1/exam_student/find_page?examId=${examId}&size=1000`, token: teacher1 });
    expect(new Set(own.body.data.records.map((r: { classId: number }) => r.classId))).toEqual(new Set(classIds.slice(0, 2)));

    // grade1 leads 高一: may create there, not in 高二.
    const grade1 = await t.tokenFor('grade1');
    const g2classes = await t.database.db.selectFrom('school_class').select('id').where('grade_id', '=', grade2Id).limit(1).execute();
    const other = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: grade1, payload: body({ gradeId: grade2Id, classIds: g2classes.map((c) => c.id), subjects: [{ courseCode: 'SX', fullScore: 150 }] }) });
    expect(other.body.code).toBe(403);

    // Another school sees nothing and is refused on direct access.
    const admin2 = await t.tokenFor('admin2');
    const list2 = await t.call({ url: '/api/v1/exam_manage/find_exam_by_page', token: admin2 });
    expect(list2.body.code).toBe(200);
    expect(list2.body.data.records.map((r: { id: number }) => r.id)).not.toContain(examId);
    expect((await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${examId}`, token: admin2 })).body.code).toBe(403);
    expect((await t.call({ url: `/api/v1/question_template/find?examSubjectId=${subjectId('SX')}`, token: admin2 })).body.code).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/v1/exam_manage/delete_exam_paper', token: admin2, payload: { id: examId } })).body.code).toBe(403);
  });

  const sxQuestions = [
    { no: '1', type: 'single', fullScore: 5, answer: 'b' },
    { no: '2', type: 'multiple', fullScore: 6, answer: 'ACD', groupName: '选择题' },
    { no: '3', type: 'judge', fullScore: 4, answer: '对' },
    { no: '4', type: 'fill', fullScore: 5 },
    ...Array.from({ length: 10 }, (_, i) => ({ no: String(i + 5), type: 'subjective', fullScore: 10 })),
    { no: '15(1)', parentNo: '15', type: 'subjective', fullScore: 15, step: 0.5 },
    { no: '15（2）', parentNo: '15', type: 'subjective', fullScore: 15, step: 0.5 },
  ]; // 5 + 6 + 4 + 5 + 100 + 30 = 150

  it('validates a question set: sum, duplicate numbers, keys and steps, with Chinese messages', async () => {
    const url = '/api/v1/question_template/save';
    const sum = await t.call({ method: 'POST', url, token: admin, payload: { examSubjectId: subjectId('SX'), questions: sxQuestions.slice(1) } });
    expect(sum.body.code).toBe(400);
    expect(sum.body.msg).toContain('小题满分之和 145 分与科目满分 150 分不一致');
    const dup = await t.call({ method: 'POST', url, token: admin, payload: { examSubjectId: subjectId('SX'), questions: [...sxQuestions.slice(0, -1), { ...sxQuestions.at(-1), no: '15(1)' }] } });
    expect(dup.body.code).toBe(400);
    expect(dup.body.msg).toContain('题号 15(1) 重复');
    const key = await t.call({ method: 'POST', url, token: admin, payload: { examSubjectId: subjectId('SX'), questions: [{ ...sxQuestions[0], answer: 'Z' }, { ...sxQuestions[1], answer: 'AB' }, { ...sxQuestions[2], answer: '也许' }, ...sxQuestions.slice(3)] } });
    expect(key.body.code).toBe(400);
    expect(key.body.msg).toContain('第 1 题选择题答案只能是 A–H 的字母');
    expect(key.body.msg).toContain('第 3 题判断题答案只能是 T/F（对/错）');
    const step = await t.call({ method: 'POST', url, token: admin, payload: { examSubjectId: subjectId('SX'), questions: [{ ...sxQuestions[0], fullScore: 5.5 }, ...sxQuestions.slice(1, -1), { ...sxQuestions.at(-1), fullScore: 14.5 }] } });
    expect(step.body.code).toBe(400);
    expect(step.body.msg).toContain('第 1 题满分 5.5 不是给分步长 1 的整数倍');
  });

  it('saves a question set, normalises numbers and keys, and advances the exam progress', async () => {
    const saved = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: subjectId('SX'), questions: sxQuestions } });
    expect(saved.body.code).toBe(200);
    const q = saved.body.data.questions;
    expect(q).toHaveLength(16);
    expect(q[0]).toMatchObject({ no: '1', answer: 'B', type: 'single', fullScore: 5, sort: 1 });
    expect(q[2].answer).toBe('T');
    expect(q[15].no).toBe('15(2)');
    expect(saved.body.data.questionFullScore).toBe(150);
    expect(saved.body.data.groups).toEqual([{ id: expect.any(Number), name: '选择题', questionIds: [q[1].id] }]);
    const exam = await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${examId}`, token: admin });
    expect(exam.body.data.status).toBe(1);
    expect(exam.body.data.progress).toBe(33); // 1 of 3 subjects set up: round(100/3)
    expect(exam.body.data.subjects.find((s: { courseCode: string }) => s.courseCode === 'SX')).toMatchObject({ questionCount: 16, questionFullScore: 150, flowStatus: 'question' });

    // Saving again keeps the ids of unchanged numbers.
    const again = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: subjectId('SX'), questions: sxQuestions } });
    expect(again.body.data.questions.map((x: { id: number }) => x.id)).toEqual(q.map((x: { id: number }) => x.id));
  });

  it('lets the lesson leader edit its own subject only', async () => {
    const lesson1 = await t.tokenFor('lesson1'); // 高一 数学
    const sx = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: lesson1, payload: { examSubjectId: subjectId('SX'), questions: sxQuestions } });
    expect(sx.body.code).toBe(200);
    const yw = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: lesson1, payload: { examSubjectId: subjectId('YW'), questions: [{ no: '1', type: 'subjective', fullScore: 150 }] } });
    expect(yw.body.code).toBe(403);
    const teacher1 = await t.tokenFor('teacher1');
    const t1 = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: teacher1, payload: { examSubjectId: subjectId('SX'), questions: sxQuestions } });
    expect(t1.body.code).toBe(403);
  });

  it('manages question groups and knowledge points', async () => {
    const tpl = (await t.call({ url: `/api/v1/question_template/find?examSubjectId=${subjectId('SX')}`, token: admin })).body.data;
    const ids = tpl.questions.map((q: { id: number }) => q.id);
    const created = await t.call({ method: 'POST', url: '/api/v1/question_group/save', token: admin, payload: { examSubjectId: subjectId('SX'), name: '解答题', questionIds: ids.slice(4, 16) } });
    expect(created.body.code).toBe(200);
    const group = created.body.data.find((g: { name: string }) => g.name === '解答题');
    expect(group.questionNos).toEqual(tpl.questions.slice(4).map((q: { no: string }) => q.no));
    const clash = await t.call({ method: 'POST', url: '/api/v1/question_group/save', token: admin, payload: { examSubjectId: subjectId('SX'), name: '选择题', questionIds: [] } });
    expect(clash.body.code).toBe(400);
    const foreign = await t.call({ method: 'POST', url: '/api/v1/question_group/save', token: admin, payload: { examSubjectId: subjectId('YW'), name: 'x', questionIds: [ids[0]] } });
    expect(foreign.body.code).toBe(400);
    const deleted = await t.call({ method: 'POST', url: '/api/v1/question_group/delete', token: admin, payload: { id: group.id } });
    expect(deleted.body.data.map((g: { name: string }) => g.name)).toEqual(['选择题']);

    const kn = await t.call({ method: 'POST', url: '/api/v1/question_template/save_knowledge', token: admin, payload: { examSubjectId: subjectId('SX'), items: [{ questionId: ids[0], knowledgePoints: ['集合', '函数', '集合'] }] } });
    expect(kn.body.code).toBe(200);
    expect(kn.body.data.questions[0].knowledgePoints).toEqual(['集合', '函数']);
  });

  it('lists, edits and arranges exam students', async () => {
    const page = await t.call({ url: `/api/v1/exam_student/find_page?examId=${examId}&classId=${classIds[1]}&size=5`, token: admin });
    expect(page.body.code).toBe(200);
    expect(page.body.data.records).toHaveLength(5);
    const first = page.body.data.records[0];
    const upd = await t.call({ method: 'POST', url: '/api/v1/exam_student/update', token: admin, payload: { id: first.id, examNo: 'K0001', room: '301', seat: 7 } });
    expect(upd.body.data).toMatchObject({ examNo: 'K0001', room: '301', seat: 7 });
    const other = page.body.data.records[1];
    const clash = await t.call({ method: 'POST', url: '/api/v1/exam_student/update', token: admin, payload: { id: other.id, examNo: 'K0001' } });
    expect(clash.body.code).toBe(400);

    const total = (await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${examId}`, token: admin })).body.data.studentCount;
    const arranged = await t.call({ method: 'POST', url: '/api/v1/exam_student/arrange_rooms', token: admin, payload: { examId, perRoom: 30 } });
    expect(arranged.body.data).toEqual({ rooms: Math.ceil(total / 30), students: total });
    const room1 = await t.call({ url: `/api/v1/exam_student/find_page?examId=${examId}&room=${encodeURIComponent('第1考场')}&size=100`, token: admin });
    expect(room1.body.data.total).toBe(30);
    const seats = room1.body.data.records.map((r: { seat: number }) => r.seat).sort((a: number, b: number) => a - b);
    expect(seats).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // Class order: room 1 starts with the first class.
    expect(room1.body.data.records.every((r: { classId: number }) => r.classId === classIds[0])).toBe(true);
    const teacher1 = await t.tokenFor('teacher1');
    expect((await t.call({ method: 'POST', url: '/api/v1/exam_student/arrange_rooms', token: teacher1, payload: { examId, perRoom: 30 } })).body.code).toBe(403);
  });

  it('copies and transfers subjects, reports the exam school', async () => {
    const second = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_single_exam', token: admin, payload: body({ name: '数学周测', examType: 5, subjects: [{ courseCode: 'SX', fullScore: 150 }] }) });
    expect(second.body.data.mode).toBe('single');
    const toId = second.body.data.subjects[0].id;
    const copied = await t.call({ method: 'POST', url: '/api/v1/exam_manage/copy_subject', token: admin, payload: { fromExamSubjectId: subjectId('SX'), toExamSubjectId: toId } });
    expect(copied.body.code).toBe(200);
    expect(copied.body.data.questions.map((q: { no: string }) => q.no)).toEqual(sxQuestions.map((q) => q.no.replace('（', '(').replace('）', ')')));

    const moved = await t.call({ method: 'POST', url: '/api/v1/exam_manage/transfer_subject', token: admin, payload: { examSubjectId: subjectId('YY'), targetExamId: second.body.data.id } });
    expect(moved.body.code).toBe(200);
    expect(moved.body.data.subjects.map((s: { courseCode: string }) => s.courseCode)).toEqual(['SX', 'YY']);
    expect(moved.body.data.mode).toBe('multi');

    const ref = await t.call({ method: 'POST', url: '/api/v1/exam_manage/set_reference_exam', token: admin, payload: { examId: second.body.data.id, referenceExamId: examId } });
    expect(ref.body.data.referenceExamId).toBe(examId);
    const self = await t.call({ method: 'POST', url: '/api/v1/exam_manage/set_reference_exam', token: admin, payload: { examId, referenceExamId: examId } });
    expect(self.body.code).toBe(400);

    const school = await t.call({ url: `/api/v1/exam_manage/get_exam_school?examId=${examId}`, token: admin });
    expect(school.body.data).toHaveLength(1);
    expect(school.body.data[0].schoolName).toBe('示例中学');
  });

  it('deletes an exam, but never a released one', async () => {
    const created = await t.call({ method: 'POST', url: '/api/v1/exam_manage/add_single_exam', token: admin, payload: body({ name: '待删除', subjects: [{ courseCode: 'WL', fullScore: 100 }] }) });
    const id = created.body.data.id;
    const del = await t.call({ method: 'POST', url: '/api/v1/exam_manage/delete_exam_paper', token: admin, payload: { id } });
    expect(del.body.code).toBe(200);
    expect((await t.call({ url: `/api/v1/exam_manage/find_exam?examId=${id}`, token: admin })).body.code).toBe(404);

    await t.database.db.updateTable('exam').set({ released_at: new Date(), status: 4, progress: 100 }).where('id', '=', examId).execute();
    const refused = await t.call({ method: 'POST', url: '/api/v1/exam_manage/delete_exam_paper', token: admin, payload: { id: examId } });
    expect(refused.body.code).toBe(400);
    expect(refused.body.msg).toContain('已发布');
    const save = await t.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: subjectId('SX'), questions: sxQuestions } });
    expect(save.body.code).toBe(400);
  });
});
