import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOINT_REPORT_PATHS } from '@jz/shared/api/joint-report';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { makeJointReportExam } from '../helpers/joint-report.js';
import { pdfText } from '../helpers/pdf.js';
import { addStudentAccount } from '../helpers/student-account.js';

/*
 * Printed joint reports and the organiser's 学校 column, over the joint report exam of tests/helpers/joint-report.ts
 * (联考测试教育局 organises 示例中学 and 第二示范中学, schools anonymised by default). The means printed are those of
 * tests/api/joint-analysis.test.ts (python3 there): 总分 示例中学 153.333… → 153.33, 第二示范中学 106.666… → 106.67,
 * 联考全体 130. Each student's school is read back with plain SQL (exam_student.school_id → school.name).
 */

interface Job { state: string; error: string | null; fileName: string }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const flat = (s: string) => s.replace(/\s+/g, '');

describe.each(dbKinds)('printed joint reports on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let bureau: string;
  let admin: string; // 示例中学
  let outsider: string;
  let examId: number;
  let secondId: number;
  let schoolOf: Map<number, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-joint-print-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    ({ examId, bureau, outsider, secondId } = await makeJointReportExam(t));
    const rows = await t.database.db.selectFrom('exam_student as es').innerJoin('school as s', 's.id', 'es.school_id')
      .select(['es.id', 's.name']).where('es.exam_id', '=', examId).execute();
    schoolOf = new Map(rows.map((r) => [r.id, r.name]));
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function runJob(token: string, payload: Record<string, unknown>): Promise<Buffer> {
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token, payload: { examId, ...payload } });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.jobId;
    let job: Job = { state: 'waiting', error: null, fileName: '' };
    for (let i = 0; i < 1200 && job.state !== 'completed' && job.state !== 'failed'; i++) {
      await sleep(100);
      job = (await t.call<Job>({ url: `/api/v1/render/jobs/${id}`, token })).body.data;
    }
    expect(job.state, job.error ?? '').toBe('completed');
    const res = await t.app.inject({ url: `/api/v1/render/jobs/${id}/file`, headers: { authorization: token } });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  it('the organiser prints 校际对比, 数据概览 (成绩总览) and 班级对比 with every school named', async () => {
    const text = flat(pdfText(await runJob(bureau, { type: 'report' })));
    for (const s of ['校际对比', '数据概览', '班级对比', '联考全体', '示例中学', '第二示范中学', '153.33', '106.67']) expect(text).toContain(s);
    // 班级对比 names each class with its school (both schools have a 高一 class)
    expect(text).toMatch(/第二示范中学高一/);
    expect(text).not.toContain('学校A');
  }, 240_000);

  it('a school prints its joint report with the other school as 学校B, as the organiser set', async () => {
    const text = flat(pdfText(await runJob(admin, { type: 'report', reports: ['overview', 'classComparison'] })));
    for (const s of ['校际对比', '示例中学', '学校B', '153.33', '106.67']) expect(text).toContain(s);
    expect(text).not.toContain('第二示范中学');
    // the page cannot ask for names: the body has no such switch, and the preview answers the same anonymised text
    const preview = await t.app.inject({ method: 'POST', url: '/api/v1/render/report_preview', headers: { authorization: admin }, payload: { type: 'report', examId, reports: [] } });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('学校B');
    expect(preview.body).not.toContain('第二示范中学');
  }, 240_000);

  it('a school cannot print the other school’s classes; a school outside the exam cannot print it', async () => {
    const db = t.database.db;
    const other = await db.selectFrom('exam_student').select('class_id').where('exam_id', '=', examId).where('school_id', '=', secondId).executeTakeFirstOrThrow();
    const before = await db.selectFrom('job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const type of ['report', 'excel']) {
      const r = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type, examId, classIds: [other.class_id], reports: ['transcript'] } });
      expect(r.body).toMatchObject({ code: 403, msg: '无权打印其他学校班级的报告' });
    }
    const out = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: outsider, payload: { type: 'report', examId } });
    expect(out.body).toMatchObject({ code: 403, msg: '本校未参加该联考，无权查看联考报告' });
    const after = await db.selectFrom('job').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('the organiser’s student lists carry each student’s school; a school’s own lists do not', async () => {
    const get = (p: string, token: string) => t.call({ url: `/api/v1/${p}?examId=${examId}&courseCode=0&classId=0&classType=&registrationType=0&scoreType=1&current=1&size=1000`, token });
    type Rec = { examStudentId: number; schoolName?: string };
    const comment = await get(JOINT_REPORT_PATHS.comment, bureau);
    expect(comment.body.code, comment.body.msg).toBe(200);
    const records = comment.body.data.records as Rec[];
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r.schoolName).toBe(schoolOf.get(r.examStudentId));
    const weak = await get(JOINT_REPORT_PATHS.studentWeak, bureau);
    expect(weak.body.code, weak.body.msg).toBe(200);
    for (const r of weak.body.data.records as Rec[]) expect(r.schoolName).toBe(schoolOf.get(r.examStudentId));
    const own = await get(JOINT_REPORT_PATHS.comment, admin);
    expect(own.body.code, own.body.msg).toBe(200);
    expect((own.body.data.records as Rec[]).every((r) => r.schoolName === undefined)).toBe(true);

    const xlsx = async (token: string) => {
      const res = await t.app.inject({ url: `/api/v1/${JOINT_REPORT_PATHS.comment}_export?examId=${examId}`, headers: { authorization: token } });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return wb.getWorksheet('学生评语')!;
    };
    const ws = await xlsx(bureau);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['姓名', '学校', '班级', '评语']);
    const names = new Set<string>();
    ws.eachRow((row, n) => { if (n > 1) names.add(String(row.getCell(2).value)); });
    expect(names).toEqual(new Set(['示例中学', '第二示范中学']));
    expect((((await xlsx(admin)).getRow(1).values) as unknown[]).slice(1)).toEqual(['姓名', '班级', '评语']);
  });

  it('the organiser’s Excel job holds 校际对比 and the joint transcript with 学校, 联考排名 and 校内排名', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await runJob(bureau, { type: 'excel', reports: ['transcript'] }) as unknown as ArrayBuffer);
    const contrast = wb.getWorksheet('校际对比-总分')!;
    expect([contrast.getRow(3).getCell(1).value, contrast.getRow(3).getCell(3).value]).toEqual(['示例中学', 153.33]);
    const tr = wb.getWorksheet('联考成绩单')!;
    const head = (tr.getRow(1).values as unknown[]).slice(1);
    expect(head.slice(0, 4)).toEqual(['考号', '姓名', '学校', '班级']);
    // the joint transcript: the grade rank is 联考排名, 校内排名 beside it
    expect(head).toContain('总分联考排名');
    expect(head).toContain('总分校内排名');
    const schools = new Set<string>();
    tr.eachRow((row, n) => { if (n > 1) schools.add(String(row.getCell(3).value)); });
    expect(schools).toEqual(new Set(['示例中学', '第二示范中学']));
  }, 240_000);
  /** A student account for the candidate's student row. */
  async function account(examStudentId: number, loginId: string): Promise<string> {
    const st = await t.database.db.selectFrom('exam_student').select('student_id').where('id', '=', examStudentId).executeTakeFirstOrThrow();
    await addStudentAccount(t.database.db, st.student_id, loginId);
    return t.tokenFor(loginId);
  }

  /*
   * Joint ranks with ties (last: it changes two scores and releases again). 第二示范中学's first candidate gets 数学 82
   * and 语文 68, so the scores of the sitting candidates are (A = 示例中学, B = 第二示范中学, by 考号):
   *   A1 95 85 180   A2 82 68 150   A3 60 70 130   B1 82 68 150   B2 55 45 100   B3 25 25 50
   * Competition ranks (ties share the smallest rank, the next rank skips: 1, 2, 2, 4), counted by hand:
   *   数学 joint: 95→1, 82→2, 82→2, 60→4, 55→5, 25→6     语文 joint: 85→1, 70→2, 68→3, 68→3, 45→5, 25→6
   *   总分 joint: 180→1, 150→2, 150→2, 130→4, 100→5, 50→6
   *   school (A): 数学 95→1 82→2 60→3; 语文 85→1 70→2 68→3; 总分 180→1 150→2 130→3; (B) B1 is first in every column.
   * So A3: 数学 校内 3 / 联考 4, 语文 2 / 2, 总分 3 / 4; B1: 1 / 2, 1 / 3, 1 / 2; 6 candidates sat the total, 3 per school.
   */
  it('a student of a joint exam sees 联考排名 beside 校内排名 on the portal and on her printed slip; ties share a rank', async () => {
    const db = t.database.db;
    const cands = await db.selectFrom('exam_student').select(['id', 'school_id']).where('exam_id', '=', examId).orderBy('exam_no').execute();
    const a3 = cands.filter((c) => c.school_id !== secondId)[2]!.id;
    const b1 = cands.filter((c) => c.school_id === secondId)[0]!.id;
    const qs = await db.selectFrom('question as q').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id').select(['q.id', 's.course_code']).where('s.exam_id', '=', examId).execute();
    for (const [code, score] of [['SX', 82], ['YW', 68]] as const) {
      await db.updateTable('question_score').set({ score }).where('exam_student_id', '=', b1).where('question_id', '=', qs.find((q) => q.course_code === code)!.id).execute();
    }
    expect((await t.call({ method: 'POST', url: '/api/v1/publish/release', token: bureau, payload: { examId } })).body.code).toBe(200);
    let progress = { state: 'running', error: null as string | null };
    for (let i = 0; i < 600 && progress.state === 'running'; i++) {
      await sleep(100);
      progress = (await t.call({ url: `/api/v1/publish/progress?examId=${examId}`, token: bureau })).body.data;
    }
    expect(progress.state, progress.error ?? '').toBe('done');

    type Row = { code: string; isTotal: boolean; gradeRank: number | null; jointRank?: number | null };
    for (const [esid, login, expected] of [
      [a3, 'joint_a3', { SX: [3, 4], YW: [2, 2], TOTAL: [3, 4] }],
      [b1, 'joint_b1', { SX: [1, 2], YW: [1, 3], TOTAL: [1, 2] }],
    ] as const) {
      const token = await account(esid, login);
      const list = await t.call({ url: '/studentApi/v1/report/list', token });
      expect(list.body.code, list.body.msg).toBe(200);
      expect((list.body.data as { examId: number }[]).some((e) => e.examId === examId)).toBe(true);
      const d = await t.call({ url: `/studentApi/v1/report/detail?examId=${examId}`, token });
      expect(d.body.code, d.body.msg).toBe(200);
      expect(d.body.data).toMatchObject({ joint: true, jointCount: 6, gradeCount: 3 });
      const got = Object.fromEntries((d.body.data.rows as Row[]).map((r) => [r.isTotal ? 'TOTAL' : r.code, [r.gradeRank, r.jointRank]]));
      expect(got).toEqual(expected);
    }
    // the school's printed slips of its own class: 校内排名 and 联考排名 columns, no candidate of the other school
    const text = flat(pdfText(await runJob(admin, { type: 'slips' })));
    expect(text).toContain('校内排名');
    expect(text).toContain('联考排名');
    const others = await db.selectFrom('exam_student as es').innerJoin('student as s', 's.id', 'es.student_id').select('s.name').where('es.exam_id', '=', examId).where('es.school_id', '=', secondId).execute();
    const mine = await db.selectFrom('exam_student as es').innerJoin('student as s', 's.id', 'es.student_id').select('s.name').where('es.exam_id', '=', examId).where('es.school_id', '!=', secondId).execute();
    const mineNames = new Set(mine.map((m) => m.name));
    for (const o of others) if (!mineNames.has(o.name)) expect(text).not.toContain(o.name);
  }, 300_000);
});
