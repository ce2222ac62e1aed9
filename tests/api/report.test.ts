import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_ROUTES } from '@jz/shared/api/report';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { buildSmallExam, type SmallExam } from '../fixtures/small-exam.js';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';

function assertNoNaN(value: unknown, path = '$'): void {
  if (typeof value === 'number') expect(Number.isFinite(value), path).toBe(true);
  else if (Array.isArray(value)) value.forEach((v, i) => assertNoNaN(v, `${path}[${i}]`));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) assertNoNaN(v, `${path}.${k}`);
}

async function readXlsx(buffer: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row) => { rows.push((row.values as unknown[]).slice(1)); });
    return { name: ws.name, rows };
  });
}

describe.each(dbKinds)('analysis reports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let exam: SmallExam;
  const url = (path: string, q = '') => `/api/v1/${path}?examId=${exam.examId}${q}`;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.tokenFor('admin');
    exam = await buildSmallExam(t, admin, '报告测试');
  });
  afterAll(async () => { await t?.close(); });

  it('answers 404 before release', async () => {
    const res = await t.call({ url: url('report_home/overview'), token: admin });
    expect(res.body.code).toBe(404);
    await releaseExam(t.database.db, exam.examId);
  });

  it('overview numbers come from the engine (worked by hand)', async () => {
    const res = await t.call({ url: url('report_home/overview'), token: admin });
    expect(res.body.code, res.body.msg).toBe(200);
    const rows = Object.fromEntries(res.body.data.rows.map((r: { code: string }) => [r.code, r]));
    // 语文 17, 14, 14, 20, 10: mean 75 / 5 = 15, max 20, min 10, median 14.
    expect(rows.YW).toMatchObject({ sat: 5, mean: 15, max: 20, min: 10, median: 14, scoreRate: 0.75 });
    // 数学 14, 16, 16, 10: mean 56 / 4 = 14; 总分 31, 30, 30, 30: mean 121 / 4 = 30.25.
    expect(rows.SX).toMatchObject({ sat: 4, mean: 14, max: 16, min: 10 });
    expect(rows.TOTAL).toMatchObject({ sat: 4, mean: 30.25, max: 31, min: 30, fullScore: 40 });
    expect(res.body.data.absentStudents.some((a: { name: string }) => a.name === exam.students[4]!.name)).toBe(true);
  });

  it('every report and export answers for the school admin, with no NaN', async () => {
    for (const [key, def] of Object.entries(REPORT_ROUTES)) {
      const res = await t.call({ url: url(def.path), token: admin });
      expect(res.body.code, `${key}: ${res.body.msg}`).toBe(200);
      assertNoNaN(res.body.data, key);
      const file = await t.app.inject({ url: url(def.exportPath), headers: { authorization: admin } });
      expect(file.headers['content-type'], key).toContain('spreadsheetml');
      expect(String(file.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(`报告测试-${def.title}`)}.xlsx`);
      expect((await readXlsx(file.rawPayload)).length).toBeGreaterThan(0);
    }
    const filter = await t.call({ url: url('examReportComm/filter'), token: admin });
    expect(filter.body.data.courses.map((c: { value: string }) => c.value)).toEqual(['0', 'YW', 'SX']);
    expect(filter.body.data.classes[0]).toMatchObject({ value: 0, label: '全年级' });
    expect(filter.body.data.defaults).toMatchObject({ courseCode: '0', classId: 0, registrationType: '0' });
  });

  it('class comparison and paper analysis', async () => {
    const cc = await t.call({ url: url('classComparisonAnalysis/classComparison', '&courseCode=YW'), token: admin });
    // 1班 语文 17, 14, 14 → mean 15; 2班 20, 10 → 15; grade 15: 超均率 0, both rank 1.
    const [c1, c2] = cc.body.data.rows;
    expect(c1).toMatchObject({ classId: exam.classIds[0], count: 3, mean: 15, overMeanRate: 0, meanRank: 1 });
    expect(c2).toMatchObject({ classId: exam.classIds[1], count: 2, mean: 15, meanRank: 1 });
    const paper = await t.call({ url: url('paperAnalysis/paper', '&courseCode=YW'), token: admin });
    const q1 = paper.body.data.questions[0];
    // 语文 1 (key A): A1 A, A2 B, A3 A, B1 A, B2 C → 3 of 5 correct, 得分率 0.6; option A marked by 3, correct.
    expect(q1).toMatchObject({ no: '1', answer: 'A', n: 5, mean: 3, scoreRate: 0.6 });
    expect(q1.options.options[0]).toMatchObject({ option: 'A', count: 3, correct: true });
  });

  it('cuts the transcript for a head teacher', async () => {
    const head1 = await t.tokenFor('head1');
    const other = await t.call({ url: url('examReportComm/transcript', `&classId=${exam.classIds[1]}`), token: head1 });
    expect(other.body.code).toBe(403);
    const own = await t.call({ url: url('examReportComm/transcript', '&size=1000'), token: head1 });
    expect(own.body.code).toBe(200);
    expect(own.body.data.records.length).toBeGreaterThan(3);
    expect(own.body.data.records.every((r: { classId: number }) => r.classId === exam.classIds[0])).toBe(true);
    expect(own.body.data.columns.map((c: { code: string }) => c.code)).toEqual(['TOTAL', 'YW', 'SX']);
    // A1 (1班): 总分 31, 语文 17, 数学 14 (总分 first, beside the names); class ranks 1, 1, 3.
    const a1 = own.body.data.records[0];
    expect(a1).toMatchObject({ examStudentId: exam.students[0]!.id, scores: [31, 17, 14], classRanks: [1, 1, 3], gradeRanks: [1, 2, 3] });
    const refused = await t.app.inject({ url: url('examReportComm/transcript_export', `&classId=${exam.classIds[1]}`), headers: { authorization: head1 } });
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.json().code).toBe(403);
  });

  it('shows a subject teacher only its course', async () => {
    const teacher1 = await t.tokenFor('teacher1'); // 数学 in 1班 and 2班
    const tr = await t.call({ url: url('examReportComm/transcript', '&size=1000'), token: teacher1 });
    expect(tr.body.code).toBe(200);
    expect(tr.body.data.columns.map((c: { code: string }) => c.code)).toEqual(['SX']);
    expect(new Set(tr.body.data.records.map((r: { classId: number }) => r.classId))).toEqual(new Set(exam.classIds));
    expect((await t.call({ url: url('classComparisonAnalysis/classComparison', '&courseCode=YW'), token: teacher1 })).body.code).toBe(403);
    expect((await t.call({ url: url('classComparisonAnalysis/classComparison'), token: teacher1 })).body.code).toBe(403); // 总分
    expect((await t.call({ url: url('report/groupG'), token: teacher1 })).body.code).toBe(403);
    const cc = await t.call({ url: url('classComparisonAnalysis/classComparison', '&courseCode=SX'), token: teacher1 });
    expect(cc.body.code).toBe(200);
    const filter = await t.call({ url: url('examReportComm/filter'), token: teacher1 });
    expect(filter.body.data).toMatchObject({ canTotal: false, defaults: { courseCode: 'SX' } });
    expect(filter.body.data.courses.map((c: { value: string }) => c.value)).toEqual(['SX']);
    expect(filter.body.data.reports).not.toContain('groupG');
    const sc = await t.call({ url: url('courseComparisonAnalysis/subjectComparison'), token: teacher1 });
    expect(sc.body.data.columns.map((c: { code: string }) => c.code)).toEqual(['SX']);
  });

  it('the transcript export equals the JSON', async () => {
    const json = await t.call({ url: url('examReportComm/transcript', '&size=10000'), token: admin });
    const file = await t.app.inject({ url: url('examReportComm/transcript_export'), headers: { authorization: admin } });
    const [sheet] = await readXlsx(file.rawPayload);
    const d = json.body.data;
    expect(sheet!.rows[0]).toEqual(['考号', '姓名', '班级', '学籍类型', ...d.columns.flatMap((c: { name: string }) => [`${c.name}成绩`, `${c.name}班级排名`, `${c.name}年级排名`])]);
    expect(sheet!.rows.length - 1).toBe(d.total);
    d.records.forEach((r: { admissionNo: string; name: string; className: string; registrationType: string; scores: (number | null)[]; classRanks: (number | null)[]; gradeRanks: (number | null)[] }, i: number) => {
      const expected: unknown[] = [r.admissionNo, r.name, r.className, r.registrationType];
      r.scores.forEach((_, k) => expected.push(r.scores[k], r.classRanks[k], r.gradeRanks[k]));
      const got = sheet!.rows[i + 1]!;
      expect(Array.from({ length: expected.length }, (_, k) => got[k] ?? null)).toEqual(expected);
    });
  });

  it('filters by registration type from the engine variant', async () => {
    const filter = await t.call({ url: url('examReportComm/filter'), token: admin });
    const types = filter.body.data.registrationTypes.map((x: { value: string }) => x.value).filter((v: string) => v !== '0');
    expect(types.length).toBeGreaterThan(0);
    const res = await t.call({ url: url('examReportComm/transcript', `&size=1000&registrationType=${encodeURIComponent(types[0])}`), token: admin });
    expect(res.body.code).toBe(200);
    expect(res.body.data.records.every((r: { registrationType: string }) => r.registrationType === types[0])).toBe(true);
    expect((await t.call({ url: url('examReportComm/transcript', '&registrationType=外星'), token: admin })).body.code).toBe(400);
  });

  it('refuses another school', async () => {
    const admin2 = await t.tokenFor('admin2');
    expect((await t.call({ url: url('report_home/overview'), token: admin2 })).body.code).toBe(403);
    expect((await t.call({ url: url('examReportComm/transcript'), token: admin2 })).body.code).toBe(403);
    const list = await t.call({ url: '/api/v1/exam/analysis/list', token: admin2 });
    expect(list.body.data.total).toBe(0);
  });

  it('lists released exams with the role entries', async () => {
    const head1 = await t.tokenFor('head1');
    const list = await t.call({ url: '/api/v1/exam/analysis/list', token: head1 });
    const e = list.body.data.records.find((x: { examId: number }) => x.examId === exam.examId);
    expect(e.roleReports.map((r: { title: string }) => r.title)).toEqual(['班主任报告（高一1班）', '任课老师报告（高一1班 语文）']);
  });

  it('the student sees its own released scores', async () => {
    const student1 = await t.tokenFor('student1'); // first student of 高一1班 = A1
    const list = await t.call({ url: '/studentApi/v1/report/list', token: student1 });
    expect(list.body.data.map((x: { examId: number }) => x.examId)).toContain(exam.examId);
    const detail = await t.call({ url: `/studentApi/v1/report/detail?examId=${exam.examId}`, token: student1 });
    expect(detail.body.code, detail.body.msg).toBe(200);
    expect(detail.body.data.rows.map((r: { score: number | null }) => r.score)).toEqual([17, 14, 31]);
    expect(detail.body.data.rows.map((r: { gradeRank: number | null }) => r.gradeRank)).toEqual([2, 3, 1]);
    expect((await t.call({ url: url('report_home/overview'), token: student1 })).body.code).toBe(401);
  });
});
