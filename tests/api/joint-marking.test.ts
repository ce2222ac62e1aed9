import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { storeScannedSheets } from '../helpers/marking-exam.js';
import { classesOf as jointClassesOf, makeBureau, makeJointMathExam, schoolIdOf } from '../helpers/joint-bureau.js';

/**
 * 混合阅卷 of a joint exam (docs/DECISIONS.md "Joint exams: shared marking"), on PGlite and PostgreSQL: a bureau
 * organises a 数学 joint exam of 示例中学 and 第二示范中学 (two written-answer questions, full 10, step 1); its
 * administrator assigns teacher1 (示例中学) and d001 (第二示范中学) to both blocks. Four candidates (two per school) have
 * scanned sheets. Expected figures are worked by hand beside each case: 双评+仲裁 (mode 4, tolerance 2): 9 and 3
 * differ by 6 > 2 → arbitration; 50 % shares of a single-mark block of 4 papers → ⌈4 × 50 / 100⌉ = 2 marks a school.
 */
describe.each(dbKinds)('joint marking on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  const tok: Record<string, string> = {};
  let examId: number;
  let subjectId: number;
  let sampleId: number;
  let secondId: number;
  let bureauId: number;
  let candidates: { id: number; school_id: number; exam_no: string; name: string }[];
  let block: Record<string, number>;
  const uid: Record<string, number> = {};
  let req = 0;
  const rid = () => `j-${kind}-${++req}`;
  const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) => t.call({ method, url: `/api/v1/${url}`, token: tok[who], payload });
  const next = async (who: string, blockId: number) => {
    const r = await call(who, 'POST', 'marking/next', { blockId });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data as { taskId: number; round: number; imageUrl: string; leaseExpiresAt: string } | null;
  };
  const submit = async (who: string, taskId: number, scores: number[]) => (await call(who, 'POST', 'marking/submit', { taskId, scores, requestId: rid() })).body;
  const paperOf = async (taskId: number) => (await t.database.db.selectFrom('marking_task').select('paper_id').where('id', '=', taskId).executeTakeFirstOrThrow()).paper_id;
  const image = (who: string, url: string) => t.app.inject({ url: `/api/v1/${url}`, headers: { authorization: tok[who]! } });
  /** Nothing a marker is answered names a candidate, a 考号 or a school. */
  const blind = (body: unknown) => {
    const text = JSON.stringify(body);
    for (const c of candidates) {
      expect(text).not.toContain(c.exam_no);
      expect(text).not.toContain(c.name);
    }
    for (const s of ['示例中学', '第二示范中学', 'schoolId', 'schoolName', 'examStudentId', 'studentName', 'examNo']) expect(text).not.toContain(s);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-joint-marking-'));
    t = await createTestApp(kind, { dataDir });
    const db = t.database.db;
    for (const u of ['admin', 'admin2', 'teacher1', 't001', 'd001', 'd002']) tok[u] = await t.tokenFor(u);
    for (const u of ['teacher1', 't001', 'd001', 'd002']) uid[u] = (await db.selectFrom('app_user').select('id').where('login_id', '=', u).executeTakeFirstOrThrow()).id;
    sampleId = await schoolIdOf(t, '示例中学');
    secondId = await schoolIdOf(t, '第二示范中学');
    const bureau = await makeBureau(t, { name: '联考阅卷教育局', code: 'LKYJ', adminLoginId: 'bureau9' });
    bureauId = bureau.bureauId;
    tok.bureau = bureau.token;
    ({ examId, subjectId } = await makeJointMathExam(t, bureau, '高一数学混合阅卷联考', [sampleId, secondId]));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const classesOf = (schoolId: number) => jointClassesOf(t, schoolId);

  it('lists the teachers of the confirmed schools by school; a school not yet confirmed cannot mark', async () => {
    const second = (await classesOf(secondId)).map((c) => c.id);
    expect((await call('admin2', 'POST', 'joint_exam/confirm_classes', { examId, classIds: second })).body.code).toBe(200);
    const blocks = (await call('bureau', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as { blockId: number; name: string; questions: { questionId: number }[] }[];
    block = Object.fromEntries(blocks.map((b) => [b.name.replace(/\D/g, ''), b.blockId]));
    const groups = (await call('bureau', 'GET', `joint_marking/teachers?examSubjectId=${subjectId}`)).body.data as { schoolName: string; teachers: { loginId: string }[] }[];
    expect(groups.map((g) => g.schoolName)).toEqual(['联考阅卷教育局', '第二示范中学']);
    expect(groups[1]!.teachers.map((x) => x.loginId)).toEqual(['admin2', 'd001', 'd002']);
    // 示例中学 was invited but has not confirmed: its teacher is refused, nothing saved
    const early = await call('bureau', 'POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: blocks.map((b) => ({
      blockId: b.blockId, name: b.name, questionIds: b.questions.map((q) => q.questionId), ratingMode: 1, markers: [{ userId: uid.teacher1 }] })) });
    expect(early.body).toMatchObject({ code: 400, msg: '阅卷老师不存在或不是参加联考学校的教师' });
    expect(await t.database.db.selectFrom('marking_marker').select('user_id').where('block_id', 'in', Object.values(block)).execute()).toEqual([]);

    const sample = (await classesOf(sampleId)).slice(0, 1).map((c) => c.id);
    expect((await call('admin', 'POST', 'joint_exam/confirm_classes', { examId, classIds: sample })).body.code).toBe(200);
    const after = (await call('bureau', 'GET', `joint_marking/teachers?examSubjectId=${subjectId}`)).body.data as { schoolName: string; organiser: boolean }[];
    // the organiser first, then the schools by their code (示例中学 01, 第二示范中学 02)
    expect(after.map((g) => [g.schoolName, g.organiser])).toEqual([['联考阅卷教育局', true], ['示例中学', false], ['第二示范中学', false]]);
    const flat = (await call('bureau', 'GET', `answer/userList?examSubjectId=${subjectId}`)).body.data as { loginId: string; schoolName: string }[];
    expect(flat.find((u) => u.loginId === 'd001')).toMatchObject({ schoolName: '第二示范中学' });
    expect(flat.find((u) => u.loginId === 'teacher1')).toMatchObject({ schoolName: '示例中学' });
    // a participant's administrator neither lists nor assigns
    expect((await call('admin2', 'GET', `joint_marking/teachers?examSubjectId=${subjectId}`)).body.code).toBe(403);
    expect((await call('admin2', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.code).toBe(403);

    // two candidates of each school have scanned sheets (cut blocks of both questions)
    candidates = await t.database.db.selectFrom('exam_student as es').innerJoin('student as s', 's.id', 'es.student_id')
      .select(['es.id', 'es.school_id', 'es.exam_no', 's.name']).where('es.exam_id', '=', examId).orderBy('es.exam_no').execute();
    const chosen = [...candidates.filter((c) => c.school_id === sampleId).slice(0, 2), ...candidates.filter((c) => c.school_id === secondId).slice(0, 2)];
    await storeScannedSheets(t, dataDir, { schoolId: bureauId, gradeId: 0, examId, subjectId, qid: {}, students: [] }, chosen.map((c) => c.id), ['1', '2']);

    const res = await call('bureau', 'POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: blocks.map((b) => ({
      blockId: b.blockId, name: b.name, questionIds: b.questions.map((q) => q.questionId), ratingMode: b.name === '第1题' ? 4 : 1, tolerance: 2,
      allocation: 'free', markers: [{ userId: uid.teacher1 }, { userId: uid.d001 }] })) });
    expect(res.body.code, res.body.msg).toBe(200);
  });

  it('a marker of 第二示范中学 sees the joint exam in 阅卷任务 and marks it blind', async () => {
    const tasks = (await call('d001', 'GET', 'marking/tasks')).body.data as { examId: number; blockId: number; role: string }[];
    expect(tasks.filter((x) => x.examId === examId).map((x) => [x.blockId, x.role])).toEqual([[block['1'], 'marker'], [block['2'], 'marker']]);
    blind(tasks.filter((x) => x.examId === examId));
    const info = await call('d001', 'GET', `marking/block?blockId=${block['1']}`);
    expect(info.body.data).toMatchObject({ role: 'marker', marks: true, ratingMode: 4, fullScore: 10 });
    blind(info.body.data);
    const p = await next('d001', block['1']!);
    expect(Object.keys(p!).sort()).toEqual(['imageUrl', 'leaseExpiresAt', 'round', 'taskId']);
    blind(p);
    const img = await image('d001', p!.imageUrl);
    expect(img.headers['content-type']).toBe('image/jpeg');
    // the crop only (200 × 80, as stored): no page, no header with a name or 考号
    expect((await sharp(img.rawPayload).metadata()).width).toBe(200);
    expect((await submit('d001', p!.taskId, [9])).data).toMatchObject({ total: 9, state: 'waitingSecond', done: 1 });
    const review = (await call('d001', 'GET', `marking/review?blockId=${block['1']}`)).body.data;
    expect(review.total).toBe(1);
    blind(review);
  });

  it('refuses images and calls to anyone the paper is not leased to: another school\'s teachers, its administrator, the other marker', async () => {
    const p = await next('d001', block['2']!);
    expect(p).not.toBeNull();
    // the other marker (on the block): 403; anyone else: the task is not found among the papers he may reach (404)
    expect((await image('teacher1', p!.imageUrl)).json().code).toBe(403);
    for (const who of ['t001', 'admin2', 'd002', 'admin']) expect([403, 404], who).toContain((await image(who, p!.imageUrl)).json().code);
    // the paper's own address is for the organiser's leaders only
    const paperId = await paperOf(p!.taskId);
    for (const who of ['d001', 'teacher1', 'admin2', 'admin']) expect([403, 404], who).toContain((await image(who, `marking/image?paperId=${paperId}`)).json().code);
    expect((await image('bureau', `marking/image?paperId=${paperId}`)).headers['content-type']).toBe('image/jpeg');
    // not on the block: 403 for next, block and submit
    for (const who of ['t001', 'admin2', 'd002']) {
      expect((await call(who, 'POST', 'marking/next', { blockId: block['1'] })).body.code, who).toBe(403);
      expect((await call(who, 'GET', `marking/block?blockId=${block['1']}`)).body.code, who).toBe(403);
      expect([403, 404], who).toContain((await submit(who, p!.taskId, [1])).code);
    }
    // a marker of another school leads nothing: no arbitration list, no monitor
    expect((await call('d001', 'GET', `marking/arbitrations?blockId=${block['1']}`)).body.code).toBe(403);
    expect((await call('d001', 'GET', `monitor/markingList?blockId=${block['1']}`)).body.code).toBe(403);
    expect((await submit('d001', p!.taskId, [6])).data).toMatchObject({ total: 6, state: 'final' });
  });

  it('双评 across schools: 9 (第二示范中学) and 3 (示例中学) differ by 6 > 2 → arbitration by the organiser; 5 is final and written', async () => {
    const first = await t.database.db.selectFrom('marking_task').select(['id', 'paper_id']).where('block_id', '=', block['1']!).where('marker_id', '=', uid.d001!)
      .where('submitted_at', 'is not', null).executeTakeFirstOrThrow();
    const b = await next('teacher1', block['1']!);
    expect(await paperOf(b!.taskId)).toBe(first.paper_id);
    expect(b!.round).toBe(2);
    blind(b);
    expect((await submit('teacher1', b!.taskId, [3])).data.state).toBe('arbitration');
    const list = (await call('bureau', 'GET', `marking/arbitrations?blockId=${block['1']}`)).body.data as { paperId: number; scores: { total: number }[] }[];
    expect(list.map((x) => [x.paperId, x.scores.map((s) => s.total).sort()])).toEqual([[first.paper_id, [3, 9]]]);
    // a marker of another school leads nothing: the paper is not among those he may decide (404 as for any other school's paper)
    expect([403, 404]).toContain((await call('d001', 'POST', 'marking/arbitrate', { paperId: first.paper_id, scores: [5], requestId: rid() })).body.code);
    // another school's administrator: the paper is not among his school's (404)
    expect([403, 404]).toContain((await call('admin', 'POST', 'marking/arbitrate', { paperId: first.paper_id, scores: [5], requestId: rid() })).body.code);
    const ok = await call('bureau', 'POST', 'marking/arbitrate', { paperId: first.paper_id, scores: [5], requestId: rid() });
    expect(ok.body.data).toEqual({ total: 5, state: 'final' });
    const paper = await t.database.db.selectFrom('marking_paper').select(['final_total']).where('id', '=', first.paper_id).executeTakeFirstOrThrow();
    expect(Number(paper.final_total)).toBe(5);
    // the organiser's monitor counts both schools' markers: teacher1 1 mark, d001 1 mark (by login: d001, teacher1)
    const mon = (await call('bureau', 'GET', `monitor/markingList?blockId=${block['1']}`)).body.data as { userId: number; done: number }[];
    expect(mon.map((m) => [m.userId, m.done])).toEqual([[uid.d001, 1], [uid.teacher1, 1]]);
  });

  it('shares: 50 % each of 4 single marks → 2 per school; a school past its share gets no paper', async () => {
    const db = t.database.db;
    expect((await call('admin2', 'POST', 'joint_marking/save_shares', { blockId: block['2'], shares: [{ schoolId: secondId, percent: 100 }] })).body.code).toBe(403);
    const bad = await call('bureau', 'POST', 'joint_marking/save_shares', { blockId: block['2'], shares: [{ schoolId: sampleId, percent: 50 }, { schoolId: secondId, percent: 40 }] });
    expect(bad.body).toMatchObject({ code: 400, msg: '各校比例之和须为 100%（现为 90%）' });
    const stranger = await call('bureau', 'POST', 'joint_marking/save_shares', { blockId: block['2'], shares: [{ schoolId: bureauId + 1000, percent: 100 }] });
    expect(stranger.body).toMatchObject({ code: 400, msg: '学校不是该联考已确认的学校' });
    expect(await db.selectFrom('marking_school_share').selectAll().execute()).toEqual([]);
    const saved = await call('bureau', 'POST', 'joint_marking/save_shares', { blockId: block['2'], shares: [{ schoolId: sampleId, percent: 50 }, { schoolId: secondId, percent: 50 }] });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const shares = (await call('bureau', 'GET', `joint_marking/shares?examSubjectId=${subjectId}`)).body.data as { blockId: number; shares: { schoolId: number; percent: number }[] }[];
    expect(shares.find((s) => s.blockId === block['2'])!.shares).toEqual([{ schoolId: sampleId, percent: 50 }, { schoolId: secondId, percent: 50 }].sort((a, b) => a.schoolId - b.schoolId));
    // d001 already gave one mark of 第2题: one more, then none
    const one = await next('d001', block['2']!);
    expect(one).not.toBeNull();
    expect((await submit('d001', one!.taskId, [4])).data.state).toBe('final');
    const none = await call('d001', 'POST', 'marking/next', { blockId: block['2'] });
    expect(none.body).toMatchObject({ code: 200, data: null, msg: '当前没有可阅的试卷' });
    for (let i = 0; i < 2; i++) {
      const p = await next('teacher1', block['2']!);
      expect(p, `teacher1 mark ${i + 1}`).not.toBeNull();
      expect((await submit('teacher1', p!.taskId, [7])).data.state).toBe('final');
    }
    expect(await next('teacher1', block['2']!)).toBeNull();
    const bySchool = await db.selectFrom('marking_task as t').innerJoin('app_user as u', 'u.id', 't.marker_id').select(['u.school_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('t.block_id', '=', block['2']!).where('t.submitted_at', 'is not', null).groupBy('u.school_id').orderBy('u.school_id').execute();
    expect(bySchool.map((r) => [r.school_id, Number(r.n)])).toEqual([[sampleId, 2], [secondId, 2]].sort((a, b) => a[0]! - b[0]!));
  });

  it('once every paper is final the scores land as question scores of both schools\' candidates', async () => {
    const db = t.database.db;
    // 第1题's other three papers: teacher1 6, d001 7 on each: |6 − 7| = 1 ≤ 2 → mean 6.5 → 7 (half up to the step 1)
    for (const [who, score] of [['teacher1', 6], ['d001', 7]] as const) {
      for (let p = await next(who, block['1']!); p; p = await next(who, block['1']!)) expect((await submit(who, p.taskId, [score])).code).toBe(200);
    }
    const q = Object.fromEntries((await db.selectFrom('question').select(['id', 'no']).where('exam_subject_id', '=', subjectId).execute()).map((x) => [x.no, x.id]));
    const rows = await db.selectFrom('question_score as qs').innerJoin('exam_student as es', 'es.id', 'qs.exam_student_id')
      .select(['qs.question_id', 'qs.score', 'es.school_id']).where('qs.question_id', 'in', [q['1']!, q['2']!]).execute();
    const scoresOf = (qid: number) => rows.filter((r) => r.question_id === qid).map((r) => Number(r.score)).sort((a, b) => a - b);
    // 第1题: the arbitrated 5 and three means of 7; 第2题 (单评): d001 6 and 4, teacher1 7 and 7
    expect(scoresOf(q['1']!)).toEqual([5, 7, 7, 7]);
    expect(scoresOf(q['2']!)).toEqual([4, 6, 7, 7]);
    // two candidates of each school per question
    expect(rows.filter((r) => r.school_id === sampleId)).toHaveLength(4);
    expect(rows.filter((r) => r.school_id === secondId)).toHaveLength(4);
  });

  it('a school that withdraws no longer reaches the blocks; an exam of its own is unaffected', async () => {
    // simulated: 第二示范中学's row set back to joined (withdrawal itself is refused once it has scores)
    await t.database.db.updateTable('exam_school').set({ status: 'joined' }).where('exam_id', '=', examId).where('school_id', '=', secondId).execute();
    expect((await call('d001', 'POST', 'marking/next', { blockId: block['1'] })).body.code).toBe(403);
    const tasks = (await call('d001', 'GET', 'marking/tasks')).body.data as { examId: number }[];
    expect(tasks.filter((x) => x.examId === examId)).toEqual([]);
    await t.database.db.updateTable('exam_school').set({ status: 'confirmed' }).where('exam_id', '=', examId).where('school_id', '=', secondId).execute();
  });
});
