import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { storeScannedSheets } from '../helpers/marking-exam.js';
import { classesOf, makeBureau, makeJointMathExam, schoolIdOf } from '../helpers/joint-bureau.js';

/**
 * 各校阅卷 of a joint exam (docs/DECISIONS.md "Joint exams", 各校阅卷), on PGlite and PostgreSQL: a bureau organises a
 * 数学 joint exam of 示例中学 (admin; teacher1) and 第二示范中学 (admin2; d001), two written-answer questions (full 10,
 * step 1), each its own block, 单评. Two candidates of each school have scanned sheets, so each school has 2 papers in
 * each block: 4 papers, 4 marks. Every figure below is that count worked by hand (2 candidates × 2 blocks).
 */
describe.each(dbKinds)('joint school marking on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  const tok: Record<string, string> = {};
  const uid: Record<string, number> = {};
  let examId: number;
  let subjectId: number;
  let sampleId: number;
  let secondId: number;
  let block: Record<string, number>;
  let sheets: { id: number; school_id: number }[];
  let req = 0;
  const rid = () => `s-${kind}-${++req}`;
  const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.call({ method, url: `/api/v1/${url}`, token: tok[who], payload });
  const next = async (who: string, blockId: number) => {
    const r = await call(who, 'POST', 'marking/next', { blockId });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data as { taskId: number; imageUrl: string } | null;
  };
  const submit = async (who: string, taskId: number, scores: number[]) => (await call(who, 'POST', 'marking/submit', { taskId, scores, requestId: rid() })).body;
  /** The school of the candidate whose paper the task is. */
  const schoolOfTask = async (taskId: number) => (await t.database.db.selectFrom('marking_task as t').innerJoin('marking_paper as p', 'p.id', 't.paper_id')
    .innerJoin('exam_student as es', 'es.id', 'p.exam_student_id').select('es.school_id').where('t.id', '=', taskId).executeTakeFirstOrThrow()).school_id;
  const scoresOf = async (schoolId: number) => (await t.database.db.selectFrom('question_score as qs').innerJoin('exam_student as es', 'es.id', 'qs.exam_student_id')
    .select(['es.id', 'qs.score']).where('es.exam_id', '=', examId).where('es.school_id', '=', schoolId).execute()).length;
  const releaseProblems = async () => ((await call('bureau', 'GET', `publish/check?examId=${examId}`)).body.data.problems as string[]).filter((p) => p.includes('阅卷未完成'));

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-joint-school-marking-'));
    t = await createTestApp(kind, { dataDir });
    for (const u of ['admin', 'admin2', 'teacher1', 'd001']) {
      tok[u] = await t.tokenFor(u);
      uid[u] = (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', u).executeTakeFirstOrThrow()).id;
    }
    sampleId = await schoolIdOf(t, '示例中学');
    secondId = await schoolIdOf(t, '第二示范中学');
    const bureau = await makeBureau(t, { name: '各校阅卷教育局', code: 'GXYJ', adminLoginId: 'bureau8' });
    tok.bureau = bureau.token;
    ({ examId, subjectId } = await makeJointMathExam(t, bureau, '高一数学各校阅卷联考', [sampleId, secondId]));
    for (const [who, schoolId] of [['admin', sampleId], ['admin2', secondId]] as const) {
      const classIds = (await classesOf(t, schoolId)).slice(0, 1).map((c) => c.id);
      const r = await call(who, 'POST', 'joint_exam/confirm_classes', { examId, classIds });
      expect(r.body.code, r.body.msg).toBe(200);
    }
    const groups = (await call('bureau', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as { blockId: number; name: string }[];
    block = Object.fromEntries(groups.map((b) => [b.name.replace(/\D/g, ''), b.blockId]));
    const candidates = await t.database.db.selectFrom('exam_student').select(['id', 'school_id']).where('exam_id', '=', examId).orderBy('exam_no').execute();
    sheets = [...candidates.filter((c) => c.school_id === sampleId).slice(0, 2), ...candidates.filter((c) => c.school_id === secondId).slice(0, 2)];
    await storeScannedSheets(t, dataDir, { schoolId: bureau.bureauId, gradeId: 0, examId, subjectId, qid: {}, students: [] }, sheets.map((c) => c.id), ['1', '2']);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a school cannot assign on a subject that is not 各校阅卷', async () => {
    const r = await call('admin2', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`);
    expect(r.body).toMatchObject({ code: 403, msg: '该科目不是各校阅卷，阅卷由组织方安排' });
    const add = await call('admin2', 'POST', 'answer/addReader', { blockId: block['1'], userIds: [uid.d001] });
    expect(add.body.code).toBe(403);
    // a plain teacher of a participant is refused whatever the subject
    expect((await call('d001', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.code).toBe(403);
    const set = await call('bureau', 'POST', 'joint_exam/set_scoring', { examId, courseCode: 'SX', scoring: 'school_marking' });
    expect(set.body.code, set.body.msg).toBe(200);
  });

  it('each school assigns its own teachers to the organiser\'s blocks; another school\'s teacher is refused', async () => {
    const users = (await call('admin2', 'GET', `answer/userList?examSubjectId=${subjectId}`)).body.data as { loginId: string; schoolName: string }[];
    expect(users.map((u) => u.loginId)).toEqual(['admin2', 'd001', 'd002']);
    const groups = (await call('admin2', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as { blockId: number; name: string; ratingMode: number; questions: { questionId: number }[] }[];
    expect(groups.map((g) => [g.name, g.ratingMode])).toEqual([['第1题', 1], ['第2题', 1]]);
    // the school's save changes its markers only: the rating mode sent (双评) is not the school's to set
    const saved = await call('admin2', 'POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: groups.map((g) => ({
      blockId: g.blockId, name: '改名', questionIds: g.questions.map((q) => q.questionId), ratingMode: 2, markers: [{ userId: uid.d001 }] })) });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const foreign = await call('admin2', 'POST', 'answer/addReader', { blockId: block['1'], userIds: [uid.teacher1] });
    expect(foreign.body).toMatchObject({ code: 400, msg: '阅卷老师不存在或不是本校教师' });
    const foreignSave = await call('admin2', 'POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: [{ blockId: block['1'], name: 'x', questionIds: groups[0]!.questions.map((q) => q.questionId), ratingMode: 1, markers: [{ userId: uid.teacher1 }] }] });
    expect(foreignSave.body).toMatchObject({ code: 400, msg: '阅卷老师不存在或不是本校教师' });
    for (const b of ['1', '2']) expect((await call('admin', 'POST', 'answer/addReader', { blockId: block[b], userIds: [uid.teacher1] })).body.code).toBe(200);
    // a school removes only its own markers
    expect((await call('admin2', 'DELETE', 'answer/delReader', { blockId: block['1'], userId: uid.teacher1 })).body.code).toBe(400);

    const mine = (await call('admin2', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as { name: string; ratingMode: number; markers: { loginId: string }[] }[];
    expect(mine.map((g) => [g.name, g.ratingMode, g.markers.map((m) => m.loginId)])).toEqual([['第1题', 1, ['d001']], ['第2题', 1, ['d001']]]);
    const all = (await call('bureau', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as { markers: { loginId: string }[] }[];
    expect(all.map((g) => g.markers.map((m) => m.loginId))).toEqual([['d001', 'teacher1'], ['d001', 'teacher1']]);
    // the organiser's own settings and leaders stay out of a school's reach
    expect((await call('admin2', 'POST', 'task_allocation/save_tmp_subject_leader', { blockId: block['1'], userId: uid.d001 })).body.code).toBe(403);
    expect((await call('admin2', 'POST', 'task_allocation/clean_painting_task', { examSubjectId: subjectId })).body.code).toBe(403);
  });

  it('试评 is off under 各校阅卷: not offered, and the organiser turning it on is refused with nothing changed', async () => {
    type Group = { blockId: number; name: string; ratingMode: number; trialCount: number; schoolMarked: boolean; questions: { questionId: number }[]; markers: { userId: number }[] };
    const groups = (await call('bureau', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as Group[];
    expect(groups.map((g) => [g.trialCount, g.schoolMarked])).toEqual([[0, true], [0, true]]);
    const before = await t.database.db.selectFrom('marking_block').select(['id', 'trial_count', 'name']).where('exam_subject_id', '=', subjectId).orderBy('id').execute();
    const on = await call('bureau', 'POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: groups.map((g) => ({
      blockId: g.blockId, name: `${g.name}改`, questionIds: g.questions.map((q) => q.questionId), ratingMode: g.ratingMode, trialCount: 3, markers: [] })) });
    expect(on.body).toMatchObject({ code: 400, msg: '各校阅卷的科目不进行试评（各校只评本校考生的试卷），请把试评份数设为 0' });
    expect(await t.database.db.selectFrom('marking_block').select(['id', 'trial_count', 'name']).where('exam_subject_id', '=', subjectId).orderBy('id').execute()).toEqual(before);
    expect(((await call('bureau', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as Group[]).map((g) => g.markers.length)).toEqual([2, 2]);
    // a count stored while the subject was 学校导入 is not shown as on, nor offered to the marker's page
    await t.database.db.updateTable('marking_block').set({ trial_count: 2 }).where('id', '=', block['1']!).execute();
    expect(((await call('bureau', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as Group[])[0]!.trialCount).toBe(0);
    expect(((await call('admin2', 'GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as Group[])[0]).toMatchObject({ trialCount: 0, schoolMarked: true });
    expect((await call('teacher1', 'GET', `marking/block?blockId=${block['1']}`)).body.data).toMatchObject({ trialCount: 0 });
    await t.database.db.updateTable('marking_block').set({ trial_count: 0 }).where('id', '=', block['1']!).execute();
  });

  it('a school\'s marker is served only its own school\'s papers and cannot reach another school\'s', async () => {
    const held: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await next('d001', block['1']!);
      if (!p) break;
      held.push(p.taskId);
      expect(await schoolOfTask(p.taskId)).toBe(secondId);
      // prefetch-free: the held paper comes back until submitted, so submit it to get the next
      expect((await submit('d001', p.taskId, [7])).code).toBe(200);
    }
    // 2 papers of 第二示范中学 in the block, then none (示例中学's 2 stay in the pool)
    expect(held).toHaveLength(2);
    const other = await next('teacher1', block['1']!);
    expect(await schoolOfTask(other!.taskId)).toBe(sampleId);
    // another school's paper: its image, its submit, its 问题卷, its paper image as a leader would ask it
    const img = await t.app.inject({ url: `/api/v1/${other!.imageUrl}`, headers: { authorization: tok.d001! } });
    expect(JSON.parse(img.body).code).toBe(403);
    expect((await submit('d001', other!.taskId, [5])).code).toBe(400);
    expect((await call('d001', 'POST', 'marking/problem', { taskId: other!.taskId, kind: 'unclear' })).body.code).not.toBe(200);
    const paperId = (await t.database.db.selectFrom('marking_task').select('paper_id').where('id', '=', other!.taskId).executeTakeFirstOrThrow()).paper_id;
    const byPaper = await t.app.inject({ url: `/api/v1/marking/image?paperId=${paperId}`, headers: { authorization: tok.d001! } });
    expect([403, 404]).toContain(JSON.parse(byPaper.body).code);
    // the monitor of the organiser's blocks: per marker it is the organiser's; a school sees its own progress
    expect((await call('admin2', 'GET', `monitor/markingList?blockId=${block['1']}`)).body.code).toBe(403);
    expect((await call('d001', 'GET', `monitor/topicList?examId=${examId}`)).body.code).toBe(403);
    expect((await submit('teacher1', other!.taskId, [6])).code).toBe(200);
  });

  it('a school\'s scores are written when its papers are final; the organiser sees each school\'s progress and the release names the unfinished', async () => {
    // 第二示范中学: block 1 done (2 papers), block 2 not begun by d001 → nothing written yet
    expect(await scoresOf(secondId)).toBe(0);
    for (;;) {
      const p = await next('d001', block['2']!);
      if (!p) break;
      expect(await schoolOfTask(p.taskId)).toBe(secondId);
      expect((await submit('d001', p.taskId, [4])).code).toBe(200);
    }
    // 2 candidates × 2 questions, written at once; 示例中学 (1 of 4 papers final) nothing
    expect(await scoresOf(secondId)).toBe(4);
    expect(await scoresOf(sampleId)).toBe(0);
    const own = (await call('admin2', 'GET', `progress/find_progress?examSubjectId=${subjectId}`)).body.data as { blockName: string; papers: number; finalPapers: number; marksDone: number }[];
    expect(own.map((r) => [r.blockName, r.papers, r.finalPapers, r.marksDone])).toEqual([['第1题', 2, 2, 2], ['第2题', 2, 2, 2]]);
    const topics = (await call('admin2', 'GET', `monitor/topicList?examId=${examId}`)).body.data as { blocks: { papers: number; finalPapers: number }[] }[];
    expect(topics[0]!.blocks.map((b) => [b.papers, b.finalPapers])).toEqual([[2, 2], [2, 2]]);
    const detail = (await call('bureau', 'GET', `joint_exam/detail?examId=${examId}`)).body.data as { schools: { schoolName: string; markingPapers: number; markedPapers: number; markingBlocks: unknown[] }[] };
    const row = (name: string) => detail.schools.find((s) => s.schoolName === name);
    expect(row('第二示范中学')).toMatchObject({ markingPapers: 4, markedPapers: 4 });
    expect(row('示例中学')).toMatchObject({ markingPapers: 4, markedPapers: 1 });
    // per block: 第二示范中学 2 of 2 in each; 示例中学 1 of 2 in 第1题 (teacher1's one mark), 0 of 2 in 第2题
    expect(row('第二示范中学')!.markingBlocks).toEqual([
      { courseName: '数学', blockName: '第1题', papers: 2, marked: 2 }, { courseName: '数学', blockName: '第2题', papers: 2, marked: 2 }]);
    expect(row('示例中学')!.markingBlocks).toEqual([
      { courseName: '数学', blockName: '第1题', papers: 2, marked: 1 }, { courseName: '数学', blockName: '第2题', papers: 2, marked: 0 }]);
    // 示例中学: block 1 one paper left, block 2 two (teacher1 marked one of four); beside it the subject's own line
    // over both schools: 第1题 2 + 1 = 3 of 4 papers final, 第2题 2 + 0 = 2 of 4
    expect(await releaseProblems()).toEqual(['示例中学阅卷未完成（数学第1题 1 份未评完，数学第2题 2 份未评完）', '数学网上阅卷未完成（第1题 已完成 3/4 份，第2题 已完成 2/4 份）']);

    for (const b of ['1', '2']) {
      for (;;) {
        const p = await next('teacher1', block[b]!);
        if (!p) break;
        expect(await schoolOfTask(p.taskId)).toBe(sampleId);
        expect((await submit('teacher1', p.taskId, [8])).code).toBe(200);
      }
    }
    expect(await scoresOf(sampleId)).toBe(4);
    expect(await releaseProblems()).toEqual([]);
    const after = (await call('bureau', 'GET', `joint_exam/detail?examId=${examId}`)).body.data as { schools: { schoolName: string; markedPapers: number }[] };
    expect(after.schools.find((s) => s.schoolName === '示例中学')).toMatchObject({ markedPapers: 4 });
  });
});
