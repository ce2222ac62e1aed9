// The whole-grade print of the demo exam as the 打印 button makes it (数据概览 + 试卷分析, every class, every
// subject): through the api's render job on a seeded embedded database and the npm Chromium. No printed text ends
// in '…' (nothing cut), every 考号 and 姓名 of the 缺考名单 is one whole text line, each subject's 试卷分析 section
// is printed, and every page's text stays above its foot line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../apps/api/src/app.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { createSession } from '../../apps/api/src/core/auth.js';
import { openDatabase, type Database } from '../../apps/api/src/db/database.js';
import { migrateToLatest } from '../../apps/api/src/db/migrate.js';
import { seedDemoIfEmpty } from '../../apps/api/src/seed/demo.js';
import { firstDemoExam } from '../fixtures/demo-exam.js';
import { pdfLines, pdfText } from '../helpers/pdf.js';

type App = Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let app: App;
let dataDir: string;
let admin: string;
let exam: { id: number; name: string };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-whole-grade-'));
  const pglite = await PGlite.create({ parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
  database = await openDatabase({ pglite });
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  app = await buildApp({ db: database.db, config: { ...loadConfig({}), dataDir, webDist: undefined } });
  const user = await database.db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow();
  admin = await createSession(database.db, user.id, 'user', 3600_000);
  exam = (await firstDemoExam(database.db)).exam;
}, 600_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const res = await app.inject({ method, url, headers: { authorization: admin }, payload: payload as object });
  const body = JSON.parse(res.body) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

async function printReport(reports: string[]): Promise<string> {
  const { jobId } = await call<{ jobId: string }>('POST', '/api/v1/render/jobs', { type: 'report', examId: exam.id, reports });
  const end = Date.now() + 300_000;
  for (;;) {
    const job = await call<{ state: string; error: string | null }>('GET', `/api/v1/render/jobs/${jobId}`);
    if (job.state === 'completed' || job.state === 'failed') {
      expect(job.error).toBeNull();
      break;
    }
    if (Date.now() > end) throw new Error('打印任务超时');
    await new Promise((r) => setTimeout(r, 200));
  }
  const file = await app.inject({ url: `/api/v1/render/jobs/${jobId}/file`, headers: { authorization: admin } });
  const out = path.join(dataDir, `${jobId}.pdf`);
  writeFileSync(out, file.rawPayload);
  return out;
}

describe('whole-grade print of the demo exam (数据概览 + 试卷分析)', () => {
  it('prints every cell whole: no …, 考号 and 姓名 on one line, every subject, nothing below the foot', async () => {
    const overview = await call<{ absentStudents: { admissionNo: string; name: string }[] }>('GET', `/api/v1/report_home/overview?examId=${exam.id}&courseCode=0`);
    const subjects = (await database.db.selectFrom('exam_subject').select('course_name').where('exam_id', '=', exam.id).execute()).map((s) => s.course_name);
    const file = await printReport(['overview', 'paper']);
    const text = pdfText(file);
    expect(text).not.toContain('…');
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('数据概览');
    expect(flat).toContain('缺考名单');
    for (const s of subjects) expect(flat, `缺少「试卷分析（${s}）」`).toContain(`试卷分析（${s}）`);
    const pages = pdfLines(file);
    const lines = pages.flatMap((p) => p.lines.map((l) => l.text.trim()));
    for (const l of lines) expect(l.endsWith('…'), l).toBe(false);
    expect(overview.absentStudents.length).toBeGreaterThan(0);
    for (const a of overview.absentStudents) {
      expect(lines, `考号 ${a.admissionNo} 被截断或折行`).toContain(a.admissionNo);
      expect(lines, `姓名 ${a.name} 被截断或折行`).toContain(a.name);
    }
    for (const p of pages) {
      const foot = p.lines.find((l) => l.text.startsWith('大数据精准教学诊断平台'));
      if (!foot) continue; // the cover
      for (const l of p.lines) if (l !== foot && !l.text.startsWith('第 ')) expect(l.y + l.h, l.text).toBeLessThan(foot.y);
    }
  });
});
