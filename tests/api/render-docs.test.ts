import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { dbKinds } from '../helpers/db.js';
import { pdfInfo, pdfText } from '../helpers/pdf.js';
import { firstDemoExam } from '../fixtures/demo-exam.js';

/**
 * Printed reports that read like reports, through the api on the demo exam: 试卷分析 once per subject
 * the reader may see; the wide 成绩单 in smaller type with 总分 beside the names on every column group; a
 * one-module PDF without cover; the 成绩条 strips layout (several students per A4 page). Subject names come
 * from plain SQL over exam_subject.
 */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
interface Job { jobId: string; state: string; error: string | null; fileName: string }

describe.each(dbKinds)('printed documents on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let teacher1: string;
  let exam: { id: number; name: string };
  let class1: number;
  let subjects: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-render-docs-'));
    t = await createTestApp(kind, { dataDir });
    [admin, teacher1] = await Promise.all(['admin', 'teacher1'].map((l) => t.tokenFor(l)));
    const demo = await firstDemoExam(t.database.db);
    exam = demo.exam;
    class1 = demo.classes.get('1班')!.id;
    subjects = (await t.database.db.selectFrom('exam_subject').select('course_name').where('exam_id', '=', exam.id).orderBy('sort').execute()).map((s) => s.course_name);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const preview = async (token: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/render/report_preview', headers: { authorization: token }, payload: { type: 'report', examId: exam.id, ...payload } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return res.body;
  };

  async function runJob(token: string, payload: Record<string, unknown>, name: string): Promise<string> {
    const created = await t.call<{ jobId: string }>({ method: 'POST', url: '/api/v1/render/jobs', token, payload: { examId: exam.id, ...payload } });
    expect(created.body.code, created.body.msg).toBe(200);
    const end = Date.now() + 120_000;
    for (;;) {
      const res = await t.call<Job>({ url: `/api/v1/render/jobs/${created.body.data.jobId}`, token });
      const job = res.body.data;
      if (job.state === 'completed' || job.state === 'failed') {
        expect(job.error).toBeNull();
        break;
      }
      if (Date.now() > end) throw new Error('任务超时');
      await sleep(100);
    }
    const file = await t.app.inject({ url: `/api/v1/render/jobs/${created.body.data.jobId}/file`, headers: { authorization: token } });
    const out = path.join(dataDir, name);
    writeFileSync(out, file.rawPayload);
    return out;
  }

  it('prints 试卷分析 once per subject the reader may see in the grade report', async () => {
    expect(subjects.length).toBeGreaterThan(1);
    const html = await preview(admin, { reports: ['overview', 'paper'] });
    for (const s of subjects) expect(html, `缺少「试卷分析（${s}）」`).toContain(`试卷分析（${s}）`);
    // a subject teacher: only the subjects taught, at least one
    const own = await preview(teacher1, { reports: ['paper'] });
    const seen = subjects.filter((s) => own.includes(`试卷分析（${s}）`));
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.length).toBeLessThan(subjects.length);
  });

  it('prints the wide 成绩单 in smaller type with 总分 beside the names on every column group', async () => {
    const html = await preview(admin, { reports: ['transcript'] });
    const tables = html.split('<table').slice(1);
    expect(tables.length).toBeGreaterThan(0);
    for (const tb of tables) {
      const heads = [...tb.split('</thead>')[0]!.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
      expect(heads.slice(0, 3)).toEqual(['考号', '姓名', '班级']);
      expect(heads[3]).toMatch(/^总分/);
      expect(tb.startsWith(' class="compact"')).toBe(true);
    }
  });

  it('prints a one-module report without cover or contents: page 1 is the module', async () => {
    const file = await runJob(admin, { type: 'report', reports: ['classComparison'] }, 'one.pdf');
    const first = pdfText(file).split('\f')[0]!.replace(/\s+/g, '');
    expect(first).toContain('01班级对比');
    expect(first).not.toContain('目录');
    expect(first).not.toContain('日期：');
  });

  it('prints 成绩条 as strips: 8 students per A4 page (each class on its own pages); a bad layout is refused', async () => {
    const pages = await runJob(admin, { type: 'slips', classIds: [class1] }, 'pages.pdf');
    // a 9-subject slip continues on a second page (「…成绩单（续）」): students are the pages without it
    const students = pdfText(pages).split('\f').filter((p) => !p.replace(/\s+/g, '').includes('成绩单（续）')).length;
    expect(students).toBeGreaterThan(8);
    const strips = await runJob(admin, { type: 'slips', classIds: [class1], layout: 'strips' }, 'strips.pdf');
    expect(pdfInfo(strips)).toEqual({ pages: Math.ceil(students / 8), widthPt: 595, heightPt: 842 });
    const perPage = pdfText(strips).split('\f').map((p) => (p.replace(/\s+/g, '').match(/考号：/g) ?? []).length);
    expect(perPage.reduce((a, b) => a + b, 0)).toBe(students);
    expect(perPage.slice(0, -1).every((n) => n === 8)).toBe(true);
    const bad = await t.call({ method: 'POST', url: '/api/v1/render/jobs', token: admin, payload: { type: 'slips', examId: exam.id, layout: 'roll' } });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });
});
