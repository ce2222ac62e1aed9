import { constants, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@jz/shared';
import type { AnswerCard, CardSummary } from '@jz/shared/api/card';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';

/**
 * The spec's card calls (painting/*, school-answer-paintings, answer/paintings, myExamCourse/…, speed/*) on the demo
 * database: the aliases answer exactly as card/find and exam_manage/find_exam; add and update refuse the wrong case
 * and store nothing; a card scanned with is deleted only after the password. Expected subject lists and counts
 * come from plain SQL on the test database, not from the api.
 */
describe.each(dbKinds)('spec card calls on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let admin2: string;
  let teacher: string;
  let publicKey = '';
  const enc = (plain: string) => publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(plain)).toString('base64');
  let examId: number;
  let yw: number;
  let sx: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    [admin, admin2, teacher] = await Promise.all(['admin', 'admin2', 'teacher1'].map((l) => t.tokenFor(l)));
    publicKey = (await t.call<string>({ url: '/api/v1/auth/publicKey' })).body.data;
    const db = t.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    examId = (await db.selectFrom('exam').select('id').where('school_id', '=', school.id).orderBy('start_date').orderBy('id').executeTakeFirstOrThrow()).id;
    const subject = async (code: string) => (await db.selectFrom('exam_subject').select('id').where('exam_id', '=', examId).where('course_code', '=', code).executeTakeFirstOrThrow()).id;
    [yw, sx] = [await subject('YW'), await subject('SX')];
  });
  afterAll(() => t?.close());

  const cardRows = (examSubjectId: number) => t.database.db.selectFrom('answer_card').select('settings').where('exam_subject_id', '=', examSubjectId).execute();
  const post = <T = unknown>(url: string, payload: object, token = admin) => t.call<T>({ method: 'POST', url: `/api/v1/${url}`, token, payload });
  const del = <T = unknown>(url: string, payload: object, token = admin) => t.call<T>({ method: 'DELETE', url: `/api/v1/${url}`, token, payload });

  it('adds a first card, refuses a second add and an update of a subject without a card, then updates', async () => {
    await t.database.db.deleteFrom('answer_card').where('exam_subject_id', 'in', [yw, sx]).execute();
    const noCard = await post('painting/update', { examSubjectId: sx, settings: { title: '未建' } });
    expect([noCard.body.code, noCard.body.msg]).toEqual([400, '该科目还没有答题卡，请先新建']);
    expect(await cardRows(sx)).toEqual([]);
    const added = await post<AnswerCard>('painting/add', { examSubjectId: sx, settings: { title: '数学答题卡（新建）' } });
    expect(added.body.code, added.body.msg).toBe(200);
    expect([added.body.data.saved, added.body.data.settings.title]).toEqual([true, '数学答题卡（新建）']);
    const again = await post('painting/add', { examSubjectId: sx, settings: { title: '第二张' } });
    expect([again.body.code, again.body.msg]).toEqual([400, '该科目已有答题卡，请修改已有的答题卡']);
    expect((await cardRows(sx)).map((r) => (r.settings as { title: string }).title)).toEqual(['数学答题卡（新建）']);
    const updated = await post<AnswerCard>('painting/update', { examSubjectId: sx, settings: { title: '数学答题卡（修改）' } });
    expect(updated.body.data.settings.title).toBe('数学答题卡（修改）');
    // a teacher without exam:exam:edit cannot add; another school's administrator cannot see or change the card
    expect((await post('painting/add', { examSubjectId: yw, settings: {} }, teacher)).body.code).toBe(403);
    expect((await post('painting/update', { examSubjectId: sx, settings: { title: '越权' } }, admin2)).body.code).toBe(403);
    expect((await t.call({ url: `/api/v1/school-answer-paintings/${sx}`, token: admin2 })).body.code).toBe(403);
    expect((await cardRows(sx)).map((r) => (r.settings as { title: string }).title)).toEqual(['数学答题卡（修改）']);
  });

  it('answers school-answer-paintings/{id} and answer/paintings exactly as card/find, the second only to the marking side', async () => {
    const sibling = await t.call<AnswerCard>({ url: `/api/v1/card/find?examSubjectId=${sx}`, token: admin });
    for (const url of [`/api/v1/school-answer-paintings/${sx}`, `/api/v1/answer/paintings?examSubjectId=${sx}`]) {
      const alias = await t.call<AnswerCard>({ url, token: admin });
      expect(alias.body.code, url).toBe(200);
      expect(alias.body.data, url).toEqual(sibling.body.data);
    }
    // the marking side's card: a teacher who neither sets up, leads nor marks the subject is refused
    expect((await t.call({ url: `/api/v1/answer/paintings?examSubjectId=${sx}`, token: teacher })).body.code).toBe(403);
    expect((await t.call({ url: `/api/v1/card/find?examSubjectId=${sx}`, token: admin2 })).body.code).toBe(403);
  });

  it('lists the exam subjects with their cards, and the school cards newest first', async () => {
    const expected = await t.database.db.selectFrom('exam_subject').select(['id', 'course_code']).where('exam_id', '=', examId).orderBy('sort').orderBy('id').execute();
    const list = await t.call<CardSummary[]>({ url: `/api/v1/painting/find_exam_paintings?examId=${examId}`, token: admin });
    expect(list.body.code, list.body.msg).toBe(200);
    expect(list.body.data.map((c) => [c.examSubjectId, c.courseCode])).toEqual(expected.map((s) => [s.id, s.course_code]));
    const math = list.body.data.find((c) => c.examSubjectId === sx)!;
    const adminName = (await t.database.db.selectFrom('app_user').select('user_name').where('login_id', '=', 'admin').executeTakeFirstOrThrow()).user_name;
    expect([math.saved, math.title, math.paper, math.pageCount > 0, math.updatedBy]).toEqual([true, '数学答题卡（修改）', 'A4', true, adminName]);
    expect(list.body.data.find((c) => c.examSubjectId === yw)!.saved).toBe(false);

    await post('card/save', { examSubjectId: yw, settings: { title: '语文答题卡', essayWords: 300, pages: 4 } });
    const school = await t.call<{ records: CardSummary[]; total: number }>({ url: `/api/v1/school-answer-paintings?current=1&size=1&examId=${examId}`, token: admin });
    const saved = await t.database.db.selectFrom('answer_card as c').innerJoin('exam_subject as s', 's.id', 'c.exam_subject_id').select('c.exam_subject_id')
      .where('s.exam_id', '=', examId).execute();
    expect(school.body.data.total).toBe(saved.length);
    expect(school.body.data.records.map((c) => c.examSubjectId)).toEqual([yw]); // the newest save
    expect((await t.call({ url: `/api/v1/painting/find_exam_paintings?examId=${examId}`, token: admin2 })).body.code).toBe(403);
    const other = await t.call<{ total: number }>({ url: '/api/v1/school-answer-paintings', token: admin2 });
    const otherSaved = await t.database.db.selectFrom('answer_card as c').innerJoin('exam_subject as s', 's.id', 'c.exam_subject_id').innerJoin('exam as e', 'e.id', 's.exam_id')
      .innerJoin('school as sc', 'sc.id', 'e.school_id').select('c.exam_subject_id').where('sc.name', '=', '第二示范中学').execute();
    expect(other.body.data.total).toBe(otherSaved.length);
  });

  it('answers myExamCourse/school-exam-course-relation-infos/{id} as the subject row of exam_manage/find_exam', async () => {
    const exam = await t.call<{ id: number; name: string; gradeName: string; subjects: { id: number }[] }>({ url: `/api/v1/exam_manage/find_exam?examId=${examId}`, token: admin });
    const rel = await t.call<Record<string, unknown>>({ url: `/api/v1/myExamCourse/school-exam-course-relation-infos/${sx}`, token: admin });
    expect(rel.body.code, rel.body.msg).toBe(200);
    const { examId: e, examName, examType: _t, gradeId: _g, gradeName, examStatus: _s, ...subject } = rel.body.data;
    expect(subject).toEqual(exam.body.data.subjects.find((s) => s.id === sx));
    expect([e, examName, gradeName]).toEqual([examId, exam.body.data.name, exam.body.data.gradeName]);
    expect((await t.call({ url: `/api/v1/myExamCourse/school-exam-course-relation-infos/${sx}`, token: admin2 })).body.code).toBe(403);
  });

  it('deletes a card scanned with only after the password; delete_all_painting removes the rest', async () => {
    const exam = await t.database.db.selectFrom('exam').select('school_id').where('id', '=', examId).executeTakeFirstOrThrow();
    await t.database.db.insertInto('scan_batch').values({ school_id: exam.school_id, exam_id: examId, exam_subject_id: sx, no: 901, name: '答题卡删除测试', status: 'done', created_by: null }).execute();
    const refused = await del('speed/delPaintInfo', { examSubjectId: sx });
    expect([refused.body.code, refused.body.msg]).toEqual([400, '该科目已扫描答题卡，删除答题卡需验证登录密码']);
    const wrong = await del('speed/verifyPasswordDelPaint', { examSubjectId: sx, password: enc('not-the-password') });
    expect([wrong.body.code, wrong.body.msg]).toEqual([400, '密码错误']);
    expect((await del('speed/verifyPasswordDelPaint', { examSubjectId: sx, password: enc(DEMO_PASSWORD) }, admin2)).body.code).toBe(403);
    expect(await cardRows(sx)).toHaveLength(1);
    const done = await del<AnswerCard>('speed/verifyPasswordDelPaint', { examSubjectId: sx, password: enc(DEMO_PASSWORD) });
    expect([done.body.code, done.body.data.saved]).toEqual([200, false]);
    expect(await cardRows(sx)).toEqual([]);
    // not scanned: speed/delPaintInfo deletes at once; delete_single_painting answers as card/reset
    await post('card/save', { examSubjectId: sx, settings: { title: '再存' } });
    await t.database.db.deleteFrom('scan_batch').where('exam_subject_id', '=', sx).where('no', '=', 901).execute();
    expect((await del<AnswerCard>('speed/delPaintInfo', { examSubjectId: sx })).body.data.saved).toBe(false);
    expect((await del('speed/delPaintInfo', { examSubjectId: sx })).body.msg).toBe('该科目没有已保存的答题卡');
    await post('card/save', { examSubjectId: sx, settings: { title: '再存' } });
    const single = await post<AnswerCard>('painting/delete_single_painting', { examSubjectId: sx });
    expect(single.body.data).toEqual((await t.call({ url: `/api/v1/card/find?examSubjectId=${sx}`, token: admin })).body.data);

    await post('card/save', { examSubjectId: sx, settings: { title: '再存' } });
    const before = (await t.database.db.selectFrom('answer_card as c').innerJoin('exam_subject as s', 's.id', 'c.exam_subject_id').select('c.exam_subject_id').where('s.exam_id', '=', examId).execute()).length;
    expect(before).toBeGreaterThan(0);
    expect((await post('painting/delete_all_painting', { examId }, admin2)).body.code).toBe(403);
    const all = await post<{ deleted: number }>('painting/delete_all_painting', { examId });
    expect(all.body.data).toEqual({ deleted: before });
    expect((await t.database.db.selectFrom('answer_card as c').innerJoin('exam_subject as s', 's.id', 'c.exam_subject_id').select('c.exam_subject_id').where('s.exam_id', '=', examId).execute())).toEqual([]);
  });
});
