import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectiveRecognizeResult, ScanAbnormal } from '@jz/shared/api/scan';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { newScanExam, scanFilledSheets, subjectScores, type Layout, type SheetFill } from '../helpers/scan-sheets.js';

/**
 * 选做 2 of 3 end to end (docs/DOMAIN-RULES.md 选做题) on PGlite and PostgreSQL: a subject
 * of 1 (single, key A, 5 分), 2 (written, 10 分) and 22/23/24 (written, 10 分 each, 选做二, K = 2), full score
 * 5 + 10 + 2 × 10 = 35. The card prints two 选做 boxes, each with the bubbles 22 23 24 (box keys 22/23/24#1 and
 * #2). Sheets drawn from the card: s0 boxes 22 | 24, s1 23 | 22, s2 none | 24 (doubt: box 1 unmarked), s3 23 |
 * 23 (doubt: both boxes name 23). A person confirms s2's box 1 as 22 and s3's box 2 as 24 (23 | 23 is refused).
 * Marking: blocks 第2题 and 第22/23/24题（选做） (单评, the final score is the mark); each box is a paper (8 in the
 * 选做 block). Hand-worked totals: objective 5 each + question 2 + the two chosen questions:
 * s0 5 + 6 + (22: 7) + (24: 8) = 26; s1 5 + 4 + (23: 9) + (22: 5) = 23; s2 5 + 8 + (22: 3) + (24: 10) = 26;
 * s3 5 + 10 + (23: 2) + (24: 6) = 23.
 */
describe.each(dbKinds)('选做 2 of 3 on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let qid: Record<string, number>;
  let req = 0;
  let examId: number;
  let subjectId: number;
  let students: { id: number; examNo: string }[];

  const api = <T = any>(method: 'GET' | 'POST', url: string, payload?: object, token = admin) =>
    t.call<T>({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });
  const questions = [
    { no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' },
    { no: '2', type: 'subjective', fullScore: 10, step: 1 },
    ...['22', '23', '24'].map((no) => ({ no, type: 'subjective', fullScore: 10, step: 1, electiveGroup: '选做二', electivePick: 2 })),
  ];
  const G = '22/23/24';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-elective2-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    ({ examId, subjectId } = await newScanExam(t, admin, '选做二测试', 35));
    students = await t.database.db.selectFrom('exam_student').select(['id', 'exam_no as examNo']).where('exam_id', '=', examId).orderBy('exam_no').execute();
    const r = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions });
    expect(r.body.code, r.body.msg).toBe(200);
    qid = Object.fromEntries(r.body.data.questions.map((q: { no: string; id: number }) => [q.no, q.id]));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints two 选做 boxes; reads each box; none, several or the same question in two boxes is 识别存疑 until a person confirms', async () => {
    const card = await api('POST', 'card/save', { examSubjectId: subjectId, settings: {} });
    expect(card.body.code, card.body.msg).toBe(200);
    const layout = card.body.data.layout as Layout;
    const boxes = layout.pages.flatMap((p) => p.elements.filter((e) => e.kind === 'choice'));
    expect(boxes.map((b) => [b.nos.map(String), b.slot, b.pick])).toEqual([[['22', '23', '24'], 1, 2], [['22', '23', '24'], 2, 2]]);
    // the card keeps no separate boxes for 22, 23, 24
    expect(layout.pages.flatMap((p) => p.elements.filter((e) => e.kind === 'subjective').map((e) => String(e.no)))).toEqual(['2']);

    const fills: SheetFill[] = [
      { answers: { 1: 'A' }, chosen: { [`${G}#1`]: ['22'], [`${G}#2`]: ['24'] } },
      { answers: { 1: 'A' }, chosen: { [`${G}#1`]: ['23'], [`${G}#2`]: ['22'] } },
      { answers: { 1: 'A' }, chosen: { [`${G}#2`]: ['24'] } },
      { answers: { 1: 'A' }, chosen: { [`${G}#1`]: ['23'], [`${G}#2`]: ['23'] } },
    ];
    await scanFilledSheets(t, admin, subjectId, layout, fills, students);

    const abnormal = (await api<ScanAbnormal[]>('GET', `scanned_abnormal/list?examSubjectId=${subjectId}`)).body.data;
    expect(abnormal.map((a) => [a.kind, a.page.examStudentId]).sort()).toEqual([['doubt', students[2]!.id], ['doubt', students[3]!.id]].sort());
    const doubtOf = (i: number) => abnormal.find((a) => a.page.examStudentId === students[i]!.id)!;
    expect(doubtOf(2).doubts.map((d) => [d.id, d.reason, d.marked])).toEqual([[`选做:${G}#1`, '选做题未填涂所选的题号，请确认', []]]);
    expect(doubtOf(2).doubts[0]!.options.map((o) => o.value)).toEqual(['22', '23', '24']);
    const clash = '选做题第 1、2 个答题框填涂了同一题号（第 23 题），请确认各框所选的题';
    expect(doubtOf(3).doubts.map((d) => [d.id, d.reason, d.marked])).toEqual([[`选做:${G}#1`, clash, ['23']], [`选做:${G}#2`, clash, ['23']]]);

    const read = async (i: number) => (await api<ObjectiveRecognizeResult>('GET', `standard_answer/objective_recognize_result?examSubjectId=${subjectId}&examStudentId=${students[i]!.id}`)).body.data;
    expect((await read(0)).electives).toEqual([
      { nos: ['22', '23', '24'], slot: 1, chosen: '22', confirmed: false, doubt: null },
      { nos: ['22', '23', '24'], slot: 2, chosen: '24', confirmed: false, doubt: null },
    ]);

    const confirm = (i: number, marks: Record<string, string[]>) => api('POST', 'scanned_abnormal/confirmMarks', {
      pageId: doubtOf(i).page.id, questions: Object.entries(marks).map(([slot, marked]) => ({ questionNo: `选做:${G}#${slot}`, marked })) });
    expect((await confirm(2, { 1: ['22', '23'] })).body.msg).toBe(`${G}#1 选做题须确认一道所选的题`);
    // box 1 confirmed as 24 would name the question box 2 answers: refused, nothing stored
    const same = await confirm(2, { 1: ['24'] });
    expect([same.body.code, same.body.msg]).toEqual([400, `选做题 ${G}：第 1、2 个答题框选了同一道题（第 24 题），各框须选不同的题`]);
    expect((await confirm(3, { 1: ['23'], 2: ['23'] })).body.msg).toBe(`选做题 ${G}：第 1、2 个答题框选了同一道题（第 23 题），各框须选不同的题`);
    expect((await confirm(2, { 1: ['22'] })).body.code).toBe(200);
    expect((await confirm(3, { 1: ['23'], 2: ['24'] })).body.code).toBe(200);
    expect((await api<ScanAbnormal[]>('GET', `scanned_abnormal/list?examSubjectId=${subjectId}`)).body.data).toEqual([]);

    const stored = await t.database.db.selectFrom('scan_student').select(['exam_student_id', 'elective']).where('exam_subject_id', '=', subjectId).execute();
    const choice = new Map(stored.map((s) => [s.exam_student_id, s.elective]));
    expect([0, 1, 2, 3].map((i) => choice.get(students[i]!.id))).toEqual([
      { [`${G}#1`]: '22', [`${G}#2`]: '24' }, { [`${G}#1`]: '23', [`${G}#2`]: '22' },
      { [`${G}#1`]: '22', [`${G}#2`]: '24' }, { [`${G}#1`]: '23', [`${G}#2`]: '24' },
    ]);
  }, 240_000);

  it('marks one block for the group, a paper per box on its chosen question; completion writes the chosen two and clears the third', async () => {
    const blocks = (await api('GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`)).body.data as { blockId: number; name: string; fullScore: number; questions: { number: string }[] }[];
    expect(blocks.map((b) => [b.name, b.fullScore, b.questions.map((q) => q.number)])).toEqual([['第2题', 10, ['2']], ['第22/23/24题（选做）', 10, ['22', '23', '24']]]);
    const bad = await api('POST', 'task_allocation/save_task_allocation', { examSubjectId: subjectId, blocks: [
      { name: '第2题', questionIds: [qid['2']], ratingMode: 1 }, { name: '前两道', questionIds: [qid['22'], qid['23']], ratingMode: 1 }, { name: '第24题', questionIds: [qid['24']], ratingMode: 1 }] });
    expect(bad.body.msg).toBe('题块“前两道”：选做题22/23/24题须单独成一个题块，并包含该组的每一道题');
    // the group's two boxes are cut box by box: no region of its own for the block
    const region = await api('POST', 'task_allocation/save_block_region', { blockId: blocks[1]!.blockId, region: { page: 1, x: 0.1, y: 0.5, w: 0.5, h: 0.2 } });
    expect([region.body.code, region.body.msg]).toEqual([400, '选做多道题的题块按答题卡上的各选做框切割，不能另设题块区域']);
    const me = (await t.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow()).id;
    for (const b of blocks) expect((await api('POST', 'answer/addReader', { blockId: b.blockId, userIds: [me] })).body.code).toBe(200);
    const [plain, elective] = [blocks[0]!.blockId, blocks[1]!.blockId];
    // an old score of an unchosen question (s0 did not choose 23): completion removes it
    await t.database.db.insertInto('question_score').values({ exam_student_id: students[0]!.id, question_id: qid['23']!, score: 4 }).execute();

    const s = (i: number) => students[i]!.id;
    const q2 = new Map([[s(0), 6], [s(1), 4], [s(2), 8], [s(3), 10]]);
    const chosenMark = new Map([[`${s(0)}|22`, 7], [`${s(0)}|24`, 8], [`${s(1)}|23`, 9], [`${s(1)}|22`, 5], [`${s(2)}|22`, 3], [`${s(2)}|24`, 10], [`${s(3)}|23`, 2], [`${s(3)}|24`, 6]]);
    const seen: string[] = [];
    const markAll = async (blockId: number) => {
      for (;;) {
        const n = await api('POST', 'marking/next', { blockId });
        expect(n.body.code, n.body.msg).toBe(200);
        if (!n.body.data) break;
        const task = n.body.data as { taskId: number; chosen?: { questionId: number; number: string; text: string } };
        const paper = await t.database.db.selectFrom('marking_task as k').innerJoin('marking_paper as p', 'p.id', 'k.paper_id')
          .select(['p.exam_student_id', 'p.slot']).where('k.id', '=', task.taskId).executeTakeFirstOrThrow();
        let score: number;
        if (blockId === elective) {
          seen.push(`${paper.exam_student_id}#${paper.slot}:${task.chosen!.text}`);
          expect((await api('POST', 'marking/submit', { taskId: task.taskId, scores: [5, 5], requestId: `k2-${kind}-${++req}` })).body.code).toBe(400);
          score = chosenMark.get(`${paper.exam_student_id}|${task.chosen!.number}`)!;
        } else score = q2.get(paper.exam_student_id)!;
        const r = await api('POST', 'marking/submit', { taskId: task.taskId, scores: [score], requestId: `k2-${kind}-${++req}` });
        expect(r.body.code, r.body.msg).toBe(200);
      }
    };
    await markAll(elective);
    expect(seen.sort()).toEqual([
      `${s(0)}#1:本卷选做第22题`, `${s(0)}#2:本卷选做第24题`, `${s(1)}#1:本卷选做第23题`, `${s(1)}#2:本卷选做第22题`,
      `${s(2)}#1:本卷选做第22题`, `${s(2)}#2:本卷选做第24题`, `${s(3)}#1:本卷选做第23题`, `${s(3)}#2:本卷选做第24题`,
    ].sort());
    await markAll(plain);

    const scores = (i: number) => subjectScores(t, admin, examId, subjectId, s(i));
    expect(await scores(0)).toEqual({ total: 26, q: { 1: 5, 2: 6, 22: 7, 23: null, 24: 8 } });
    expect(await scores(1)).toEqual({ total: 23, q: { 1: 5, 2: 4, 22: 5, 23: 9, 24: null } });
    expect(await scores(2)).toEqual({ total: 26, q: { 1: 5, 2: 8, 22: 3, 23: null, 24: 10 } });
    expect(await scores(3)).toEqual({ total: 23, q: { 1: 5, 2: 10, 22: null, 23: 2, 24: 6 } });

    // 回评 after the write: a box scored again keeps the student's other chosen question
    const paper = await t.database.db.selectFrom('marking_paper').select(['id', 'slot']).where('block_id', '=', elective).where('exam_student_id', '=', s(0)).where('slot', '=', 2).executeTakeFirstOrThrow();
    const task = await t.database.db.selectFrom('marking_task').select('id').where('paper_id', '=', paper.id).executeTakeFirstOrThrow();
    const again = await api('POST', 'marking/rescore', { taskId: task.id, scores: [9], requestId: `k2-${kind}-${++req}`, reason: '复核' });
    expect(again.body.code, again.body.msg).toBe(200);
    // 5 + 6 + 7 + 9
    expect(await scores(0)).toEqual({ total: 27, q: { 1: 5, 2: 6, 22: 7, 23: null, 24: 9 } });
  }, 240_000);

  it('keeps the K check behind every writer: a third score in the group is refused', async () => {
    const edit = await api('POST', 'question_score/update', { examStudentId: students[0]!.id, examSubjectId: subjectId, absent: false,
      scores: [{ questionId: qid['1'], score: 5 }, { questionId: qid['2'], score: 6 }, { questionId: qid['22'], score: 7 }, { questionId: qid['23'], score: 1 }, { questionId: qid['24'], score: 8 }] });
    expect(edit.body.code).toBe(400);
    expect(edit.body.msg).toBe('第22/23/24题为选做题（选做 2 道），只能填写 2 道题的成绩');
  });
});
