import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { createMarkingExam } from '../helpers/marking-exam.js';

/**
 * monitor export (GET /marking/monitor/export?examId): one xlsx, sheets 阅卷进度 and 阅卷质量, read back with ExcelJS.
 * Marks written straight into the tables: the four papers of tests/api/marking-quality.test.ts (full score 12, step 1,
 * tolerance 2; P1 teacher1 8 / lesson1 9; P2 teacher1 4 / lesson1 8, third grade1 7; P3 lesson1 10 / teacher1 6, to
 * arbitration; P4 teacher1 6, its second mark open), plus P5 and P6 with both first marks open. Markers: the three,
 * no quota (allocation free: 任务量 = what each took, the rest 待领取; docs/DOMAIN-RULES.md §4.1, 题块计数).
 * Progress by hand:
 * - 评分任务: P1 2, P2 3 (a third mark), P3 2, P4 2, P5 2, P6 2 = 13; 已阅 8; nobody holds a paper.
 * - teacher1: done 4 (08:00 … 10:00 = 2 h) → 2 per hour; 任务量 4, 剩余 0 (自由领取: no own finish).
 * - lesson1: done 3 (08:00 … 09:30 = 1.5 h) → 2 per hour; 任务量 3.
 * - grade1: done 1 (one submission: at least one minute) → 1 ÷ (1/60) = 60 per hour; 任务量 1.
 * - 待领取 13 − (4 + 3 + 1) = 5; the block: 5 marks left ÷ (2 + 2 + 60) per hour = 0.078 h → 0.08 → 4.8 min → 约 5 分.
 * Quality by hand (as marking-quality.test.ts): teacher1 4 marks, mean 6, diff −1.25, sd 1.41, paired 3, within 1
 * (33.33 %), third 1 (33.33 %), 1 arbitration, 保险分 0.71 × 12 = 8.52 → 9, safe 8–10: 1 of 4 = 25 %. Block: 8 marks,
 * mean 58 / 8 = 7.25, sd √(25.5 / 8) = 1.79, 3 papers paired, 1 within, 1 third, 1 arbitration, safe 4 of 8 = 50 %.
 */
describe.each(dbKinds)('marking monitor export on %s', (kind) => {
  let t: TestApp;
  let examId: number;
  let names: Map<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    const admin = await t.tokenFor('admin');
    const exam = await createMarkingExam(t, { name: '阅卷监控导出测试', fullScore: 12, questions: [{ no: '1', type: 'subjective', fullScore: 12, step: 1 }] });
    examId = exam.examId;
    const { subjectId, schoolId } = exam;
    const groups = await t.call({ url: `/api/v1/task_allocation/find_group_list?examSubjectId=${subjectId}`, token: admin });
    const blockId = groups.body.data[0].blockId as number;
    await db.updateTable('marking_block').set({ tolerance: 2, rating_mode: 5 }).where('id', '=', blockId).execute();
    const users = await db.selectFrom('app_user').select(['id', 'login_id', 'user_name']).where('school_id', '=', schoolId)
      .where('login_id', 'in', ['teacher1', 'lesson1', 'grade1']).execute();
    const ids = new Map(users.map((u) => [u.login_id, u.id]));
    names = new Map(users.map((u) => [u.login_id, u.user_name]));
    const added = await t.call({ method: 'POST', url: '/api/v1/answer/addReader', token: admin, payload: { blockId, userIds: users.map((u) => u.id) } });
    expect(added.body.code, added.body.msg).toBe(200);
    const students = await db.selectFrom('exam_student').select(['id', 'class_id']).where('exam_id', '=', examId).orderBy('exam_no').limit(6).execute();
    expect(students).toHaveLength(6);
    const statuses = ['final', 'final', 'arbitration', 'marking', 'marking', 'marking'] as const;
    const paperIds: number[] = [];
    for (const [i, s] of students.entries()) {
      const p = await db.insertInto('marking_paper').values({ school_id: schoolId, block_id: blockId, exam_student_id: s.id, class_id: s.class_id, status: statuses[i]! })
        .returning('id').executeTakeFirstOrThrow();
      paperIds.push(p.id);
    }
    const at = (hhmm: string) => new Date(`2026-10-08T${hhmm}:00Z`);
    const marks: [number, number, string, number, string][] = [
      [0, 1, 'teacher1', 8, '08:00'], [0, 2, 'lesson1', 9, '08:00'], [1, 1, 'teacher1', 4, '08:30'], [1, 2, 'lesson1', 8, '08:45'], [1, 3, 'grade1', 7, '09:00'],
      [2, 1, 'lesson1', 10, '09:30'], [2, 2, 'teacher1', 6, '09:00'], [3, 1, 'teacher1', 6, '10:00'],
    ];
    for (const [paper, round, login, total, time] of marks) {
      await db.insertInto('marking_task').values({ school_id: schoolId, block_id: blockId, paper_id: paperIds[paper]!, round, marker_id: ids.get(login)!,
        scores: JSON.stringify([total]), total, submitted_at: at(time) }).execute();
    }
    for (const [paper, round] of [[3, 2], [4, 1], [4, 2], [5, 1], [5, 2]] as const) {
      await db.insertInto('marking_task').values({ school_id: schoolId, block_id: blockId, paper_id: paperIds[paper]!, round }).execute();
    }
  });
  afterAll(async () => { await t?.close(); });

  const get = async (login: string) => t.app.inject({ method: 'GET', url: `/api/v1/marking/monitor/export?examId=${examId}`, headers: { authorization: await t.tokenFor(login) } });

  it('gives the subject leader one workbook with the hand-worked progress and quality figures', async () => {
    const res = await get('lesson1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('阅卷监控_阅卷监控导出测试.xlsx')}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['阅卷进度', '阅卷质量']);
    const rowsOf = (name: string) => {
      const ws = wb.getWorksheet(name)!;
      const width = ws.getRow(1).cellCount;
      return ws.getSheetValues().slice(1).map((r) => Array.from({ length: width }, (_, i) => (r as unknown[])[i + 1] ?? null));
    };

    const progress = rowsOf('阅卷进度');
    expect(progress[0]).toEqual(['科目', '题块', '阅卷老师', '任务量', '已阅', '剩余', '正在阅', '每小时阅卷量', '预计剩余用时（小时）', '预计完成']);
    const byMarker = (rows: unknown[][], login: string) => rows.find((r) => r[2] === names.get(login))!.slice(1);
    expect(progress).toHaveLength(6); // header, three markers, 待领取, the block's total
    const subject = (await t.database.db.selectFrom('exam_subject').select('course_name').where('exam_id', '=', examId).executeTakeFirstOrThrow()).course_name;
    expect(new Set(progress.slice(1).map((r) => r[0]))).toEqual(new Set([subject]));
    expect(byMarker(progress, 'teacher1')).toEqual(['第1题', names.get('teacher1'), 4, 4, 0, 0, 2, '', '自由领取']);
    expect(byMarker(progress, 'lesson1')).toEqual(['第1题', names.get('lesson1'), 3, 3, 0, 0, 2, '', '自由领取']);
    expect(byMarker(progress, 'grade1')).toEqual(['第1题', names.get('grade1'), 1, 1, 0, 0, 60, '', '自由领取']);
    expect(progress[4]!.slice(1)).toEqual(['第1题', '待领取', 5, 0, 5, 0, '', '', '']);
    // the 任务量 column adds up to 评分任务: 4 + 3 + 1 + 5 = 13
    expect(progress[5]!.slice(1)).toEqual(['第1题', '题块合计', 13, 8, 5, 0, '', 0.08, '约 5 分']);

    const quality = rowsOf('阅卷质量');
    expect(quality[0]).toEqual(['科目', '题块', '阅卷老师', '已阅', '平均分', '与均分差', '标准差', '可比试卷', '误差内试卷', '误差内比例（%）', '三评试卷', '三评率（%）',
      '仲裁数', '保险分评分数', '保险分系数（%）', '满分', '给分步长', '保险分', '误差阈值']);
    expect(quality).toHaveLength(5); // header, three markers, the block's row last
    expect(byMarker(quality, 'teacher1').slice(2)).toEqual([4, 6, -1.25, 1.41, 3, 1, 33.33, 1, 33.33, 1, 1, 25, 12, 1, 9, 2]);
    expect(byMarker(quality, 'lesson1').slice(2)).toEqual([3, 9, 1.75, 0.82, 3, 1, 33.33, 1, 33.33, 1, 3, 100, 12, 1, 9, 2]);
    expect(quality[4]!.slice(2)).toEqual(['题块整体', 8, 7.25, '', 1.79, 3, 1, 33.33, 1, 33.33, 1, 4, 50, 12, 1, 9, 2]);
  });

  it('refuses a marker who leads no block, a head teacher and another school (JSON 403, no file)', async () => {
    for (const login of ['teacher1', 'head1', 'admin2']) {
      const res = await get(login);
      expect(res.headers['content-type'], login).toMatch(/json/);
      expect(res.json().code, login).toBe(403);
    }
  });
});
