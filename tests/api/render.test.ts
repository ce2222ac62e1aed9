import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { pdfInfo, pdfText } from '../helpers/pdf.js';
import { readZip } from '../helpers/zip.js';
import { firstDemoExam } from '../fixtures/demo-exam.js';
import { dropQueues } from '../helpers/queues.js';

/**
 * Render jobs through the api (issue: print and download): the input is built from the demo database with the
 * caller's school and role scope, the job runs on the app's render queue (in-process Chromium; BullMQ with a
 * worker when REDIS_URL is set), and only the owner (or its school administrator) gets the file. Page counts
 * and sizes are read back with mupdf (tests/helpers/pdf.ts); expected student counts come from plain SQL
 * over exam_student and subject_absence, not from the report set the api uses.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));


interface Job { jobId: string; state: string; progress: number; error: string | null; fileName: string }

async function waitJob(t: TestApp, token: string, jobId: string, timeoutMs = 120_000): Promise<Job> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call<Job>({ url: `/api/v1/render/jobs/${jobId}`, token });
    expect(res.body.code, res.body.msg).toBe(200);
    const j = res.body.data;
    expect(j.progress).toBeGreaterThanOrEqual(0);
    expect(j.progress).toBeLessThanOrEqual(100);
    if (j.state === 'completed' || j.state === 'failed') return j;
    if (Date.now() > end) throw new Error(`任务超时：${JSON.stringify(j)}`);
    await sleep(100);
  }
}

async function download(t: TestApp, token: string, jobId: string, dir: string, name: string) {
  const res = await t.app.inject({ url: `/api/v1/render/jobs/${jobId}/file`, headers: { authorization: token } });
  const file = path.join(dir, name);
  writeFileSync(file, res.rawPayload);
  return { res, file };
}

describe.each(dbKinds)('render jobs on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let head1: string;
  let admin: string;
  let admin2: string;
  let exam: { id: number; name: string };
  let class1: number;
  let class2: number;
  let names: [string, string];
  let head1Job = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-render-api-'));
    t = await createTestApp(kind, { dataDir });
    [head1, admin, admin2] = await Promise.all(['head1', 'admin', 'admin2'].map((l) => t.tokenFor(l)));
    const demo = await firstDemoExam(t.database.db);
    exam = demo.exam;
    const c1 = demo.classes.get('1班')!;
    const c2 = demo.classes.get('2班')!;
    [class1, class2, names] = [c1.id, c2.id, [c1.name, c2.name]];
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the score slips of 高一1班 for head1: one slip per present student', async () => {
    const db = t.database.db;
    // present = sat at least one subject: exam students of the class minus those absent from every subject
    const subjects = (await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exam.id).execute()).length;
    const students = await db.selectFrom('exam_student as es').innerJoin('student as s', 's.id', 'es.student_id')
      .select(['es.id', 's.name']).where('es.exam_id', '=', exam.id).where('es.class_id', '=', class1).execute();
    const absences = await db.selectFrom('subject_absence').select('exam_student_id').where('exam_student_id', 'in', students.map((s) => s.id)).execute();
    const absentCount = new Map<number, number>();
    absences.forEach((a) => absentCount.set(a.exam_student_id, (absentCount.get(a.exam_student_id) ?? 0) + 1));
    const present = students.filter((s) => (absentCount.get(s.id) ?? 0) < subjects);
    expect(present.length).toBeGreaterThan(30);

    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: head1, payload: { type: 'slips', examId: exam.id, classIds: [class1] } });
    expect(created.body.code, created.body.msg).toBe(200);
    head1Job = created.body.data.jobId;
    const job = await waitJob(t, head1, head1Job);
    expect(job.error).toBeNull();
    expect(job).toMatchObject({ state: 'completed', progress: 100 });
    expect(job.fileName).toMatch(new RegExp(`^${exam.name}-(高一)?${names[0]}-成绩条\\.pdf$`));
    const { res, file } = await download(t, head1, head1Job, dataDir, 'slips.pdf');
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(job.fileName)}`);
    // one slip per present student; a 9-subject slip continues on a second page (「…成绩单（续）」)
    const text = pdfText(file);
    const firstPages = text.split('\f').filter((p) => !p.replace(/\s+/g, '').includes('成绩单（续）')).length;
    expect(firstPages).toBe(present.length);
    expect(pdfInfo(file)).toMatchObject({ widthPt: 595, heightPt: 842 });
    expect(pdfInfo(file).pages).toBeLessThanOrEqual(2 * present.length);
    expect(text).toContain(present[0]!.name);
    expect(text).toContain(exam.name);
    // head1's own classes only: 2班 is refused
    const other = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: head1, payload: { type: 'slips', examId: exam.id, classIds: [class2] } });
    expect(other.body.code).toBe(403);
  });

  it('refuses another school: the exam, the job state and the file (403, no file)', async () => {
    expect(head1Job).not.toBe('');
    const post = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: admin2, payload: { type: 'report', examId: exam.id } });
    expect(post.body.code).toBe(403);
    const state = await t.call({ url: `/api/v1/render/jobs/${head1Job}`, token: admin2 });
    expect(state.body.code).toBe(403);
    const file = await t.app.inject({ url: `/api/v1/render/jobs/${head1Job}/file`, headers: { authorization: admin2 } });
    expect(file.headers['content-type']).toMatch(/application\/json/);
    expect(file.json().code).toBe(403);
    expect(file.rawPayload.subarray(0, 4).toString()).not.toBe('%PDF');
    // the school administrator of the same school may fetch it; an unknown job is 404
    const own = await t.app.inject({ url: `/api/v1/render/jobs/${head1Job}/file`, headers: { authorization: admin } });
    expect(own.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await t.call({ url: '/api/v1/render/jobs/00000000-0000-0000-0000-000000000000', token: admin })).body.code).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'slips', examId: 99999999 } })).body.code).toBe(404);
  });

  it('refuses an unreleased exam with 该考试成绩尚未发布', async () => {
    const db = t.database.db;
    const grade = await db.selectFrom('school_grade as g').innerJoin('school as s', 's.id', 'g.school_id').select('g.id')
      .where('s.name', '=', '示例中学').where('g.name', '=', '高一').executeTakeFirstOrThrow();
    const made = await t.call<{ id: number }>({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
      name: '渲染测试未发布考试', examType: 4, gradeId: grade.id, startDate: '2027-03-01', endDate: '2027-03-01',
      subjects: [{ courseCode: 'SX', fullScore: 10, examDate: '2027-03-01' }], classIds: [class1] } });
    expect(made.body.code, made.body.msg).toBe(200);
    for (const type of ['slips', 'report']) {
      const res = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type, examId: made.body.data.id, classIds: [class1] } });
      expect(res.body).toMatchObject({ code: 400, msg: '该考试成绩尚未发布' });
    }
  });

  it('prints an exam subject\'s answer-sheet card on A4 and previews it as HTML', async () => {
    const subject = await t.database.db.selectFrom('exam_subject').select(['id', 'course_name']).where('exam_id', '=', exam.id)
      .where('course_code', '=', 'SX').executeTakeFirstOrThrow();
    const preview = await t.app.inject({ url: `/api/v1/render/card_preview?examSubjectId=${subject.id}`, headers: { authorization: head1 } });
    expect(preview.headers['content-type']).toMatch(/text\/html/);
    expect(preview.body).toContain('答题卡');
    expect((await t.call({ url: `/api/v1/render/card_preview?examSubjectId=${subject.id}`, token: admin2 })).body.code).toBe(403);

    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'card', examId: exam.id, examSubjectId: subject.id } });
    expect(created.body.code, created.body.msg).toBe(200);
    const job = await waitJob(t, admin, created.body.data.jobId);
    expect(job.error).toBeNull();
    expect(job.fileName).toBe(`${exam.name}-${subject.course_name}-答题卡.pdf`);
    const { file } = await download(t, admin, job.jobId, dataDir, 'card.pdf');
    const info = pdfInfo(file);
    expect(info.pages).toBeGreaterThanOrEqual(1);
    expect([info.widthPt, info.heightPt]).toEqual([595, 842]);
  });

  it('prints the analysis report on 908×1285 px pages (681×964 pt) and a zip of two classes', async () => {
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'report', examId: exam.id, reports: ['overview', 'classComparison'] } });
    expect(created.body.code, created.body.msg).toBe(200);
    const job = await waitJob(t, admin, created.body.data.jobId);
    expect(job.error).toBeNull();
    const { file } = await download(t, admin, job.jobId, dataDir, 'report.pdf');
    const info = pdfInfo(file);
    expect(info.pages).toBeGreaterThanOrEqual(4); // cover, contents, two modules
    expect([info.widthPt, info.heightPt]).toEqual([681, 964]);
    const text = pdfText(file);
    expect(text).toContain('数据概览');
    expect(text).toContain('班级对比');

    // 打印预览: the same body answers the printed document as HTML — one 908×1285 page section per PDF page,
    // the same page footers; another school's administrator is refused, an unreleased exam named
    const preview = await t.app.inject({ method: 'POST', url: '/api/v1/render/report_preview', headers: { authorization: admin },
      payload: { type: 'report', examId: exam.id, reports: ['overview', 'classComparison'] } });
    expect(preview.headers['content-type']).toMatch(/text\/html/);
    expect(preview.body.match(/<section class="page">/g)).toHaveLength(info.pages);
    expect(preview.body).toContain(`第 ${info.pages} 页 / 共 ${info.pages} 页`);
    const refused = await t.call({ method: 'POST', url: '/api/v1/render/report_preview', token: admin2, payload: { type: 'report', examId: exam.id } });
    expect(refused.body.code).toBe(403);

    const zipped = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'slips', examId: exam.id, classIds: [class1, class2], format: 'zip' } });
    expect(zipped.body.code, zipped.body.msg).toBe(200);
    const zj = await waitJob(t, admin, zipped.body.data.jobId);
    expect(zj.error).toBeNull();
    expect(zj.fileName).toBe(`${exam.name}-成绩条.zip`);
    const { res, file: zipFile } = await download(t, admin, zj.jobId, dataDir, 'slips.zip');
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await readZip(zipFile);
    const listing = [...entries.keys()].sort();
    expect(listing).toHaveLength(2);
    listing.forEach((name, i) => expect(name).toMatch(new RegExp(`^${exam.name}-(高一)?${names[i]}-成绩条\\.pdf$`)));
    for (const name of listing) expect(pdfInfo(entries.get(name)!).widthPt).toBe(595);
  });

  it('exports the chosen reports as one xlsx', async () => {
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: head1, payload: { type: 'excel', examId: exam.id, reports: ['overview', 'transcript'] } });
    expect(created.body.code, created.body.msg).toBe(200);
    const job = await waitJob(t, head1, created.body.data.jobId);
    expect(job.error).toBeNull();
    const { res } = await download(t, head1, job.jobId, dataDir, 'report.xlsx');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('exports several asked classes as one workbook with each class\'s sheets, named after the class', async () => {
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'excel', examId: exam.id, reports: ['transcript'], classIds: [class1, class2] } });
    expect(created.body.code, created.body.msg).toBe(200);
    const job = await waitJob(t, admin, created.body.data.jobId);
    expect(job.error).toBeNull();
    const { file } = await download(t, admin, job.jobId, dataDir, 'classes.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheetNames = wb.worksheets.map((w) => w.name);
    expect(sheetNames).toHaveLength(2);
    sheetNames.forEach((name, i) => expect(name).toMatch(new RegExp(`^(高一)?${names[i]}-成绩单$`)));
    // each sheet holds its class's students only, as many as sat the exam there (plain SQL)
    for (const [i, classId] of [class1, class2].entries()) {
      const sheet = wb.worksheets[i]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
      const classCol = header.indexOf('班级') + 1;
      const cells = sheet.getColumn(classCol).values.slice(2).filter((v) => v !== null && v !== undefined).map(String);
      expect(new Set(cells)).toEqual(new Set([sheetNames[i]!.replace(/-成绩单$/, '')]));
      const n = await t.database.db.selectFrom('exam_student').select((e) => e.fn.countAll<number>().as('n'))
        .where('exam_id', '=', exam.id).where('class_id', '=', classId).executeTakeFirstOrThrow();
      expect(cells.length).toBe(Number(n.n));
    }
  });
});

describe.runIf(!!process.env.REDIS_URL)('render job through BullMQ', () => {
  it('runs a card job on a browser-lane worker started here, then closes every connection', async () => {
    const { createJobQueue } = await import('../../apps/api/src/modules/job/job.service.js');
    const queueName = `jz-jobs-test-${process.pid}-${Date.now()}`;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-render-bull-'));
    // the api enqueues only (REDIS_URL: rendering is the workers'); the worker shares its database and file store
    const t = await createTestApp('pglite', { dataDir, redisUrl: process.env.REDIS_URL, jobQueue: queueName, renderConcurrency: 0 });
    const worker = createJobQueue(t.database.db, { redisUrl: process.env.REDIS_URL, queueName, concurrency: 0, browserConcurrency: 1, dataDir, storage: t.storage });
    try {
      expect(t.app.ctx.jobs.kind).toBe('bullmq');
      const token = await t.tokenFor('admin');
      const db = t.database.db;
      const subject = await db.selectFrom('exam_subject as s').innerJoin('exam as e', 'e.id', 's.exam_id').innerJoin('school as sc', 'sc.id', 'e.school_id')
        .select('s.id').where('sc.name', '=', '示例中学').where('e.released_at', 'is not', null).where('s.course_code', '=', 'WL')
        .orderBy('e.start_date').executeTakeFirstOrThrow();
      const exam = await db.selectFrom('exam_subject').select('exam_id').where('id', '=', subject.id).executeTakeFirstOrThrow();
      const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token, payload: { type: 'card', examId: exam.exam_id, examSubjectId: subject.id } });
      expect(created.body.code, created.body.msg).toBe(200);
      const job = await waitJob(t, token, created.body.data.jobId);
      expect(job.error).toBeNull();
      const { file } = await download(t, token, job.jobId, dataDir, 'card.pdf');
      expect(pdfInfo(file)).toMatchObject({ widthPt: 595, heightPt: 842 });
      const row = await db.selectFrom('job').select(['state', 'worker']).where('id', '=', job.jobId).executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'done', worker: worker.workerId });
    } finally {
      await worker.close();
      await t.close();
      await dropQueues(queueName);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
