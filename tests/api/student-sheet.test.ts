import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * A student's own answer-card images: a scanned page resolved to student1 in a released demo exam,
 * written straight into scan_batch / scan_page and the file store (as scanning stores an upright JPEG), is listed
 * to her and streamed byte for byte; a classmate, a student of another school and a teacher token get nothing;
 * a deleted or abnormal page and an unreleased exam are not shown.
 */
describe.each(dbKinds)('student answer-card images on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let student1: string;
  let classmate: string;
  let foreign: string;
  let admin: string;
  let examId: number;
  let subjectId: number;
  let esid: number;
  let schoolId: number;
  let studentId: number;
  let jpeg: Buffer;
  const pages: Record<string, number> = {};
  let batchNo = 100;

  async function account(sid: number, loginId: string): Promise<string> {
    const db = t.database.db;
    const st = await db.selectFrom('student as s').innerJoin('school_class as c', 'c.id', 's.class_id')
      .select(['s.school_id', 's.name', 's.class_id', 'c.grade_id']).where('s.id', '=', sid).executeTakeFirstOrThrow();
    const u = await db.insertInto('app_user').values({ school_id: st.school_id, login_id: loginId, user_name: st.name, password_hash: 'x', user_type: 'student' })
      .returning('id').executeTakeFirstOrThrow();
    await db.updateTable('student').set({ user_id: u.id }).where('id', '=', sid).execute();
    await db.insertInto('user_role').values({ school_id: st.school_id, user_id: u.id, role_code: 'student', grade_id: st.grade_id, class_id: st.class_id }).execute();
    return t.tokenFor(loginId);
  }

  /** A scanned page of the subject, stored under key when given. */
  async function page(exam: number, subject: number, examStudentId: number | null, pageNo: number, status: 'ok' | 'abnormal' | 'deleted', key: string | null) {
    const db = t.database.db;
    const b = await db.insertInto('scan_batch').values({ school_id: schoolId, exam_id: exam, exam_subject_id: subject, no: ++batchNo, name: '测试批次', status: 'done', created_by: null })
      .returning('id').executeTakeFirstOrThrow();
    const p = await db.insertInto('scan_page').values({ school_id: schoolId, batch_id: b.id, exam_subject_id: subject, file_seq: 1, file_name: 'p.jpg',
      recognized: true, status, page_no: pageNo, exam_student_id: examStudentId, image_key: key, width: 40, height: 30 }).returning('id').executeTakeFirstOrThrow();
    if (key) await t.storage.put(key, jpeg);
    return p.id;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-student-sheet-'));
    t = await createTestApp(kind, { dataDir });
    const db = t.database.db;
    const me = await db.selectFrom('student as s').innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.id', 's.class_id', 's.school_id']).where('u.login_id', '=', 'student1').executeTakeFirstOrThrow();
    schoolId = me.school_id;
    studentId = me.id;
    student1 = await t.tokenFor('student1');
    admin = await t.tokenFor('admin');
    const mate = await db.selectFrom('student').select('id').where('class_id', '=', me.class_id).where('id', '!=', me.id).orderBy('id').executeTakeFirstOrThrow();
    classmate = await account(mate.id, 'sheet_mate');
    const other = await db.selectFrom('student as s').innerJoin('school as sc', 'sc.id', 's.school_id').select('s.id')
      .where('sc.name', '=', '第二示范中学').orderBy('s.id').executeTakeFirstOrThrow();
    foreign = await account(other.id, 'sheet_foreign');
    // her first released exam (a stored report set) and its first subject
    const es = await db.selectFrom('exam_student as es').innerJoin('exam_report as r', 'r.exam_id', 'es.exam_id').select(['es.id', 'es.exam_id'])
      .where('es.student_id', '=', me.id).orderBy('es.exam_id').executeTakeFirstOrThrow();
    esid = es.id;
    examId = es.exam_id;
    subjectId = (await db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).orderBy('sort').orderBy('id').executeTakeFirstOrThrow()).id;
    const mateEs = await db.selectFrom('exam_student').select('id').where('exam_id', '=', examId).where('student_id', '=', mate.id).executeTakeFirstOrThrow();
    jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ccc' } }).jpeg().toBuffer();
    // her two pages stored out of order, her page in the recycle bin, an abnormal one, and her classmate's
    pages.second = await page(examId, subjectId, esid, 2, 'ok', `test/sheet/${esid}-2.jpg`);
    pages.first = await page(examId, subjectId, esid, 1, 'ok', `test/sheet/${esid}-1.jpg`);
    pages.deleted = await page(examId, subjectId, esid, 3, 'deleted', `test/sheet/${esid}-3.jpg`);
    pages.abnormal = await page(examId, subjectId, esid, 4, 'abnormal', `test/sheet/${esid}-4.jpg`);
    pages.mate = await page(examId, subjectId, mateEs.id, 1, 'ok', `test/sheet/${mateEs.id}-1.jpg`);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists her live pages in page order and streams the stored JPEG', async () => {
    const res = await t.call({ url: `/studentApi/v1/report/sheet?examId=${examId}&examSubjectId=${subjectId}`, token: student1 });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toEqual([
      { pageId: pages.first, pageNo: 1, url: `report/sheet/image?pageId=${pages.first}` },
      { pageId: pages.second, pageNo: 2, url: `report/sheet/image?pageId=${pages.second}` },
    ]);
    const img = await t.app.inject({ url: `/studentApi/v1/${res.body.data[0].url}`, headers: { authorization: student1 } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.equals(jpeg)).toBe(true);
    // the subject report carries the same list
    const code = (await t.database.db.selectFrom('exam_subject').select('course_code').where('id', '=', subjectId).executeTakeFirstOrThrow()).course_code;
    const sub = await t.call({ url: `/studentApi/v1/report/subject?examId=${examId}&courseCode=${code}`, token: student1 });
    expect(sub.body.code, sub.body.msg).toBe(200);
    expect(sub.body.data.examSubjectId).toBe(subjectId);
    expect(sub.body.data.answerSheets).toEqual(res.body.data);
  });

  it('gives an empty list for a subject not scanned', async () => {
    const other = await t.database.db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).where('id', '!=', subjectId).orderBy('id').executeTakeFirstOrThrow();
    const res = await t.call({ url: `/studentApi/v1/report/sheet?examId=${examId}&examSubjectId=${other.id}`, token: student1 });
    expect([res.body.code, res.body.data]).toEqual([200, []]);
  });

  it('never gives a page that is not hers, not live, or of an unreleased exam', async () => {
    const img = (pageId: number, token: string) => t.call({ url: `/studentApi/v1/report/sheet/image?pageId=${pageId}`, token });
    // her page to the classmate and to another school's student; the classmate's page to her
    for (const token of [classmate, foreign]) expect((await img(pages.first!, token)).body).toMatchObject({ code: 404, msg: '答题卡图片不存在' });
    expect((await img(pages.mate!, student1)).body.code).toBe(404);
    // her pages in the recycle bin or abnormal
    for (const id of [pages.deleted!, pages.abnormal!]) expect((await img(id, student1)).body.code).toBe(404);
    // the classmate lists her own (none of student1's) pages
    const mateList = await t.call({ url: `/studentApi/v1/report/sheet?examId=${examId}&examSubjectId=${subjectId}`, token: classmate });
    expect(mateList.body.data.map((p: { pageId: number }) => p.pageId)).toEqual([pages.mate]);
    // another school's student: the exam is not hers
    expect((await t.call({ url: `/studentApi/v1/report/sheet?examId=${examId}&examSubjectId=${subjectId}`, token: foreign })).body.code).toBe(404);
    // a teacher token on the student routes
    expect((await t.call({ url: `/studentApi/v1/report/sheet?examId=${examId}&examSubjectId=${subjectId}`, token: admin })).body.code).toBe(401);
    expect((await img(pages.first!, admin)).body.code).toBe(401);
    // an unreleased exam she sits, with a scanned page of hers: neither listed nor served
    const db = t.database.db;
    const grade = (await db.selectFrom('exam').select('grade_id').where('id', '=', examId).executeTakeFirstOrThrow()).grade_id;
    const ex = await db.insertInto('exam').values({ school_id: schoolId, name: '未发布的考试', exam_type: 4, grade_id: grade, start_date: '2027-03-01', end_date: '2027-03-01' })
      .returning('id').executeTakeFirstOrThrow();
    const s1 = await db.selectFrom('exam_student').select(['class_id', 'exam_no']).where('id', '=', esid).executeTakeFirstOrThrow();
    const ues = await db.insertInto('exam_student').values({ exam_id: ex.id, school_id: schoolId, student_id: studentId, class_id: s1.class_id, exam_no: s1.exam_no }).returning('id').executeTakeFirstOrThrow();
    const subj = await db.insertInto('exam_subject').values({ exam_id: ex.id, course_code: 'SX', course_name: '数学', full_score: 150 }).returning('id').executeTakeFirstOrThrow();
    const unreleased = await page(ex.id, subj.id, ues.id, 1, 'ok', `test/sheet/${ues.id}-1.jpg`);
    expect((await t.call({ url: `/studentApi/v1/report/sheet?examId=${ex.id}&examSubjectId=${subj.id}`, token: student1 })).body.code).toBe(404);
    expect((await img(unreleased, student1)).body.code).toBe(404);
    // a subject of another exam under her released exam's id lists nothing
    expect((await t.call({ url: `/studentApi/v1/report/sheet?examId=${examId}&examSubjectId=${subj.id}`, token: student1 })).body.data).toEqual([]);
    const bad = await t.call({ url: '/studentApi/v1/report/sheet/image?pageId=x', token: student1 });
    expect([bad.body.code, bad.body.msg]).toEqual([400, '参数错误（pageId）：图片编号格式不正确']);
  });
});
