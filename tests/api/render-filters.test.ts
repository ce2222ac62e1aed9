import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ROUTES, type ReportKey } from '@jz/shared/api/report';
import { roundMeasure } from '@jz/shared';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { pdfText } from '../helpers/pdf.js';
import { firstDemoExam } from '../fixtures/demo-exam.js';

/**
 * Render jobs with the report pages' filters (issue: every export and print button creates a job): an Excel job
 * and a report PDF job carrying 学籍类型 (registrationType) and 班级类型 (classType) show the numbers the report
 * api shows with the same filters. The Excel job's workbook is read back with exceljs and compared cell by cell
 * with the report's `<path>_export` workbook and with its JSON; expected student counts come from plain SQL over
 * exam_student (registration_type, class_id), not from the report set. The demo data has one class type
 * (行政班), so 高一1班 and 2班 are made 实验班 and the exam is released again before the tests.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Cell = string | number | boolean | null;
interface Sheet { name: string; header: string[]; rows: Cell[][] }
interface Job { jobId: string; state: string; error: string | null; fileName: string }

/** Every sheet of a workbook: header and rows as plain values (empty cells null), as wide as the header. */
async function readSheets(bytes: Buffer): Promise<Sheet[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  return wb.worksheets.map((ws) => {
    const width = ws.getRow(1).cellCount;
    const all: Cell[][] = [];
    ws.eachRow((row) => {
      all.push(Array.from({ length: width }, (_, c) => {
        const v = row.getCell(c + 1).value;
        return v === undefined || v === null || v === '' ? null : v as Cell;
      }));
    });
    return { name: ws.name, header: all[0]!.map(String), rows: all.slice(1) };
  });
}

describe.each(dbKinds)('render jobs with the report filters on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let exam: { id: number; name: string };
  /** 高一 class ids by short name (1班 … 8班); 1班 and 2班 are 实验班. */
  let classIds: Map<string, number>;
  const LAB = '实验班';
  const PAST = '往届';

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-render-filters-'));
    t = await createTestApp(kind, { dataDir });
    admin = await t.tokenFor('admin');
    const db = t.database.db;
    const demo = await firstDemoExam(db);
    exam = demo.exam;
    classIds = new Map([...demo.classes].map(([name, c]) => [name, c.id]));
    await db.updateTable('school_class').set({ class_type: LAB }).where('id', 'in', [classIds.get('1班')!, classIds.get('2班')!]).execute();
    await releaseExam(db, exam.id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function runJob(payload: Record<string, unknown>): Promise<{ job: Job; bytes: Buffer }> {
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { examId: exam.id, ...payload } });
    expect(created.body.code, created.body.msg).toBe(200);
    const end = Date.now() + 120_000;
    for (;;) {
      const res = await t.call<Job>({ url: `/api/v1/render/jobs/${created.body.data.jobId}`, token: admin });
      expect(res.body.code, res.body.msg).toBe(200);
      const job = res.body.data;
      if (job.state === 'completed' || job.state === 'failed') {
        expect(job.error).toBeNull();
        const file = await t.app.inject({ url: `/api/v1/render/jobs/${job.jobId}/file`, headers: { authorization: admin } });
        return { job, bytes: file.rawPayload };
      }
      if (Date.now() > end) throw new Error(`任务超时：${JSON.stringify(job)}`);
      await sleep(100);
    }
  }

  const query = (q: Record<string, string | number>) => new URLSearchParams(Object.entries({ examId: exam.id, ...q }).map(([k, v]) => [k, String(v)])).toString();

  /** The report's `_export` workbook with the same filter. */
  async function exported(key: ReportKey, q: Record<string, string | number>): Promise<Sheet[]> {
    const res = await t.app.inject({ url: `/api/v1/${REPORT_ROUTES[key].exportPath}?${query(q)}`, headers: { authorization: admin } });
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    return readSheets(res.rawPayload);
  }

  async function json<T = any>(key: ReportKey, q: Record<string, string | number>): Promise<T> {
    const res = await t.call<T>({ url: `/api/v1/${REPORT_ROUTES[key].path}?${query({ ...q, size: 10000 })}`, token: admin });
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data;
  }

  /** Exam students of 高一 by 学籍类型 and class (plain SQL over exam_student). */
  async function studentsOf(filter: { registrationType?: string; classNames?: string[] }): Promise<string[]> {
    let q = t.database.db.selectFrom('exam_student').select('exam_no').where('exam_id', '=', exam.id);
    if (filter.registrationType) q = q.where('registration_type', '=', filter.registrationType);
    if (filter.classNames) q = q.where('class_id', 'in', filter.classNames.map((n) => classIds.get(n)!));
    return (await q.execute()).map((r) => r.exam_no).sort();
  }

  it('an Excel job with 学籍类型 往届 equals the report api with that filter, and differs from the whole grade', async () => {
    const filter = { registrationType: PAST };
    const { job, bytes } = await runJob({ type: 'excel', reports: ['transcript', 'classComparison'], ...filter });
    expect(job.fileName).toBe(`${exam.name}-考试分析报告.xlsx`);
    const sheets = await readSheets(bytes);
    const expected = [...await exported('transcript', filter), ...await exported('classComparison', filter)];
    expect(sheets.map((s) => s.rows)).toEqual(expected.map((s) => s.rows));
    expect(sheets.map((s) => s.header)).toEqual(expected.map((s) => s.header));
    const [transcript, comparison] = sheets as [Sheet, Sheet];

    // the transcript's rows: the 往届 students of the exam (SQL), in the JSON's order, every one 往届
    const past = await studentsOf(filter);
    expect(past.length).toBeGreaterThan(5);
    const col = (h: string) => transcript.header.indexOf(h);
    expect(transcript.rows.map((r) => String(r[col('考号')])).sort()).toEqual(past);
    const data = await json<{ records: { admissionNo: string }[] }>('transcript', filter);
    expect(transcript.rows.map((r) => r[col('考号')])).toEqual(data.records.map((r) => r.admissionNo));
    expect(new Set(transcript.rows.map((r) => r[col('学籍类型')]))).toEqual(new Set([PAST]));

    // the whole grade: more rows, and the 往届 students' grade ranks of 总分 are ranks among 往届 students only
    const whole = (await readSheets((await runJob({ type: 'excel', reports: ['transcript'] })).bytes))[0]!;
    expect(whole.rows.length).toBe((await studentsOf({})).length);
    expect(whole.rows.length).toBeGreaterThan(transcript.rows.length);
    const rank = col('总分年级排名');
    const ranks = transcript.rows.map((r) => r[rank]).filter((v): v is number => typeof v === 'number');
    expect(Math.max(...ranks)).toBeLessThanOrEqual(past.length);
    const wholeRank = new Map(whole.rows.map((r) => [r[col('考号')], r[rank]]));
    expect(transcript.rows.some((r) => typeof r[rank] === 'number' && (wholeRank.get(r[col('考号')]) as number) > (r[rank] as number))).toBe(true);

    // 班级对比 of the total: the JSON's classes and means; the grade row differs from the whole grade's
    const cmp = await json<{ rows: { className: string; mean: number | null }[]; grade: { mean: number | null } }>('classComparison', filter);
    // (Excel cells hold the page's rounding: means to 2 decimals, docs/DOMAIN-RULES.md)
    expect(comparison.rows.slice(1).map((r) => [r[0], r[3]])).toEqual(cmp.rows.map((r) => [r.className, roundMeasure('mean', r.mean)]));
    expect(comparison.rows[0]![3]).toBe(roundMeasure('mean', cmp.grade.mean));
    const grade = await json<{ grade: { mean: number | null; count: number } }>('classComparison', {});
    expect(cmp.grade.mean).not.toBe(grade.grade.mean);
  });

  it('an Excel job with 班级类型 实验班 has the rows of 1班 and 2班 only, as the report api', async () => {
    const filter = { classType: LAB, courseCode: 'SX' };
    const { bytes } = await runJob({ type: 'excel', reports: ['classComparison'], ...filter });
    const [sheet] = await readSheets(bytes);
    const [expected] = await exported('classComparison', filter);
    expect(sheet).toEqual({ ...expected, name: sheet!.name });
    expect(sheet!.rows.map((r) => String(r[0]).replace(/^高一/, ''))).toEqual(['全年级', '1班', '2班']);
    const cmp = await json<{ rows: { className: string; count: number; mean: number | null }[] }>('classComparison', filter);
    expect(sheet!.rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual(cmp.rows.map((r) => [r.className, r.count, roundMeasure('mean', r.mean)]));
    // the unfiltered export lists all eight classes
    expect((await exported('classComparison', { courseCode: 'SX' }))[0]!.rows.length).toBe(9);

    // the transcript of 实验班 with the screen's columns (score only) and search: the students of 1班 and 2班 (SQL)
    const lab = await studentsOf({ classNames: ['1班', '2班'] });
    const tr = (await readSheets((await runJob({ type: 'excel', reports: ['transcript'], classType: LAB, fields: 'score' })).bytes))[0]!;
    expect(tr.rows.map((r) => String(r[0])).sort()).toEqual(lab);
    expect(tr.header.filter((h) => /排名$/.test(h))).toEqual([]);
    expect(tr).toEqual({ ...(await exported('transcript', { classType: LAB, fields: 'score' }))[0]!, name: tr.name });
    const one = String(tr.rows[0]![1]);
    const found = (await readSheets((await runJob({ type: 'excel', reports: ['transcript'], classType: LAB, keyword: one })).bytes))[0]!;
    expect(found.rows.length).toBeGreaterThanOrEqual(1);
    expect(found.rows.every((r) => String(r[1]).includes(one))).toBe(true);
  });

  it('a report PDF job shows the filtered numbers: 参考学生 of 往届, the classes of 实验班', async () => {
    const past = await studentsOf({ registrationType: PAST });
    const overview = await json<{ studentCount: number }>('overview', { registrationType: PAST });
    expect(overview.studentCount).toBe(past.length);
    const whole = await json<{ studentCount: number }>('overview', {});
    expect(whole.studentCount).toBeGreaterThan(past.length);
    const file = path.join(dataDir, 'past.pdf');
    writeFileSync(file, (await runJob({ type: 'report', reports: ['overview'], registrationType: PAST })).bytes);
    const text = pdfText(file).replace(/[ \t]+/g, ' ');
    expect(text).toContain(`参考学生 ${past.length} 人`);
    expect(text).not.toContain(`参考学生 ${whole.studentCount} 人`);
    expect(text).toContain(PAST);

    const labFile = path.join(dataDir, 'lab.pdf');
    writeFileSync(labFile, (await runJob({ type: 'report', reports: ['classComparison'], classType: LAB, courseCode: 'SX' })).bytes);
    const labText = pdfText(labFile);
    expect(labText).toMatch(/(高一)?1班/);
    expect(labText).toMatch(/(高一)?2班/);
    for (let c = 3; c <= 8; c++) expect(labText).not.toMatch(new RegExp(`(^|[^\\d])${c}班`));
  });

  it('slips keep the classes of the 班级类型; an unknown 学籍类型 or a type without classes is refused', async () => {
    const { job } = await runJob({ type: 'slips', classIds: [classIds.get('1班')!, classIds.get('3班')!], classType: LAB, format: 'zip' });
    expect(job.fileName).toMatch(new RegExp(`^${exam.name}-(高一)?1班-成绩条\\.pdf$`));
    const unknown = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'excel', examId: exam.id, registrationType: '插班' } });
    expect(unknown.body).toMatchObject({ code: 400, msg: '学籍类型“插班”不在本次考试中' });
    const none = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'report', examId: exam.id, classType: '国际班' } });
    expect(none.body).toMatchObject({ code: 400, msg: '所选班级没有学生' });
  });
});
