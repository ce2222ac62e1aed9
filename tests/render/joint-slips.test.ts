// Printed score slips of the demo joint exam (seed/demo-joint.ts: 2026学年高一联考 of three schools, organised by the
// bureau `bureau`), through the api's render job on a seeded embedded database and the npm Chromium: 每页一人 and the
// 成绩条 strips, as the organiser and as a participating school (ycadmin, 育才中学). Every 校内排名 / 联考排名 printed
// is checked against ranks computed here from the stored question scores (subject = sum of its questions, 总分 = sum
// of the subjects; competition ranking, ties share the smallest rank: 1, 2, 2, 4), over the student's school and over
// every confirmed school. Layout: no text past the page's right edge, no strip text across a cut line.
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
import { STRIPS_PER_PAGE } from '../../packages/report-templates/src/slip/strips.js';
import { pdfLines, type PdfLine } from '../helpers/pdf.js';

type App = Awaited<ReturnType<typeof buildApp>>;
let database: Database;
let app: App;
let dataDir: string;
let examId: number;
const tokens: Record<string, string> = {};
/** Per 考号: the school id and the expected ranks per subject name (and 总分). */
const expected = new Map<string, { schoolId: number; classId: number; school: Map<string, number>; joint: Map<string, number> }>();

/** Competition ranks of the scores (higher first; equal scores share the smallest rank). */
function competition(scores: number[]): number[] {
  return scores.map((s) => 1 + scores.filter((x) => x > s).length);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-joint-slips-'));
  const pglite = await PGlite.create({ parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
  database = await openDatabase({ pglite });
  await migrateToLatest(database.db);
  await seedDemoIfEmpty(database.db);
  app = await buildApp({ db: database.db, config: { ...loadConfig({}), dataDir, webDist: undefined } });
  const db = database.db;
  for (const login of ['bureau', 'ycadmin']) {
    const user = await db.selectFrom('app_user').select('id').where('login_id', '=', login).executeTakeFirstOrThrow();
    tokens[login] = await createSession(db, user.id, 'user', 3600_000);
  }
  examId = (await db.selectFrom('exam').select('id').where('name', '=', '2026学年高一联考').executeTakeFirstOrThrow()).id;
  const confirmed = (await db.selectFrom('exam_school').select('school_id').where('exam_id', '=', examId).where('status', '=', 'confirmed').execute()).map((s) => s.school_id);
  const students = await db.selectFrom('exam_student').select(['id', 'exam_no', 'school_id', 'class_id']).where('exam_id', '=', examId).where('school_id', 'in', confirmed).execute();
  const subjects = await db.selectFrom('exam_subject').select(['id', 'course_name']).where('exam_id', '=', examId).execute();
  const scores = await db.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id')
    .select(['qs.exam_student_id', 'q.exam_subject_id', 'qs.score']).where('q.exam_subject_id', 'in', subjects.map((s) => s.id)).where('q.is_total', '=', false).execute();
  // the demo has no absences and flat questions: every candidate has every subject
  const sums = new Map<string, number>(); // `${student}:${subject name}`
  const nameOf = new Map(subjects.map((s) => [s.id, s.course_name]));
  for (const r of scores) {
    for (const k of [`${r.exam_student_id}:${nameOf.get(r.exam_subject_id)}`, `${r.exam_student_id}:总分`]) sums.set(k, (sums.get(k) ?? 0) + Number(r.score));
  }
  for (const st of students) expected.set(st.exam_no, { schoolId: st.school_id, classId: st.class_id, school: new Map(), joint: new Map() });
  for (const name of [...subjects.map((s) => s.course_name), '总分']) {
    const all = students.map((s) => sums.get(`${s.id}:${name}`)!);
    competition(all).forEach((r, i) => expected.get(students[i]!.exam_no)!.joint.set(name, r));
    for (const schoolId of confirmed) {
      const mine = students.filter((s) => s.school_id === schoolId);
      competition(mine.map((s) => sums.get(`${s.id}:${name}`)!)).forEach((r, i) => expected.get(mine[i]!.exam_no)!.school.set(name, r));
    }
  }
}, 600_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call<T>(who: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const res = await app.inject({ method, url, headers: { authorization: tokens[who]! }, payload: payload as object });
  const body = JSON.parse(res.body) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(200);
  return body.data;
}

/** The slips PDF of the classes, printed by the render job as 打印成绩条 makes it. */
async function slips(who: string, layout: 'page' | 'strips', classIds: number[]): Promise<string> {
  const { jobId } = await call<{ jobId: string }>(who, 'POST', '/api/v1/render/jobs', { type: 'slips', examId, classIds, layout });
  const end = Date.now() + 300_000;
  for (;;) {
    const job = await call<{ state: string; error: string | null }>(who, 'GET', `/api/v1/render/jobs/${jobId}`);
    if (job.state === 'completed' || job.state === 'failed') { expect(job.error).toBeNull(); break; }
    if (Date.now() > end) throw new Error('打印任务超时');
    await new Promise((r) => setTimeout(r, 200));
  }
  const res = await app.inject({ url: `/api/v1/render/jobs/${jobId}/file`, headers: { authorization: tokens[who]! } });
  const file = path.join(dataDir, `${who}-${layout}.pdf`);
  writeFileSync(file, res.rawPayload);
  return file;
}

/** The texts on the same printed row as `l` (|Δy| < 2 pt), left to right. */
const rowOf = (lines: PdfLine[], l: PdfLine) => lines.filter((x) => Math.abs(x.y - l.y) < 2).sort((a, b) => a.x - b.x).map((x) => x.text.trim());

/** The first class of each confirmed school (by id), or of the given school. */
function classesOf(schoolId?: number): number[] {
  const bySchool = new Map<number, number>();
  for (const e of expected.values()) if (schoolId === undefined || e.schoolId === schoolId) bySchool.set(e.schoolId, Math.min(bySchool.get(e.schoolId) ?? Infinity, e.classId));
  return [...bySchool.values()];
}
const studentsOf = (classIds: number[]) => [...expected].filter(([, e]) => classIds.includes(e.classId)).map(([no]) => no).sort();

/** 每页一人: per page the 考号 and, per row of the score table, 校内排名 and 联考排名 by the table's own head. */
function checkPages(file: string, classIds: number[]): void {
  const seen: string[] = [];
  for (const [i, page] of pdfLines(file).entries()) {
    for (const l of page.lines) expect(l.x + l.w, `第 ${i + 1} 页「${l.text}」超出页面`).toBeLessThanOrEqual(595.5);
    const no = page.lines.map((l) => l.text.trim()).find((t) => expected.has(t));
    expect(no, `第 ${i + 1} 页没有考号`).toBeDefined();
    seen.push(no!);
    const e = expected.get(no!)!;
    const head = rowOf(page.lines, page.lines.find((l) => l.text.trim() === '科目')!);
    expect(head).toEqual(expect.arrayContaining(['校内排名', '联考排名']));
    for (const name of e.joint.keys()) {
      const label = page.lines.find((l) => l.text.trim() === name && rowOf(page.lines, l).length === head.length);
      expect(label, `第 ${i + 1} 页「${name}」一行`).toBeDefined();
      const row = rowOf(page.lines, label!);
      expect([name, row[head.indexOf('校内排名')], row[head.indexOf('联考排名')]], no).toEqual([name, String(e.school.get(name)), String(e.joint.get(name))]);
    }
  }
  expect(seen.sort()).toEqual(studentsOf(classIds));
}

/** 成绩条: per strip (its band of the page) the 考号 and the rows 校内排名 / 联考排名 under the subject row. */
function checkStrips(file: string, classIds: number[]): void {
  const seen: string[] = [];
  for (const page of pdfLines(file)) {
    const band = page.height / STRIPS_PER_PAGE;
    for (let k = 0; k < STRIPS_PER_PAGE; k++) {
      const lines = page.lines.filter((l) => Math.floor(l.y / band) === k);
      for (const l of lines) {
        expect(l.y + l.h, `「${l.text}」越过裁剪线`).toBeLessThanOrEqual((k + 1) * band + 0.5);
        expect(l.x + l.w, `「${l.text}」超出页面`).toBeLessThanOrEqual(595.5);
      }
      const noLine = lines.find((l) => l.text.includes('考号：'));
      if (!noLine) continue;
      const no = noLine.text.replace(/\s+/g, '').split('考号：')[1]!;
      const e = expected.get(no);
      expect(e, `考号 ${no}`).toBeDefined();
      seen.push(no);
      const subjects = rowOf(lines, lines.find((l) => l.text.trim() === '科目')!).slice(1);
      expect(new Set(subjects)).toEqual(new Set(e!.joint.keys()));
      const printed = (label: string) => rowOf(lines, lines.find((l) => l.text.trim() === label)!).slice(1);
      expect(printed('校内排名'), no).toEqual(subjects.map((s) => String(e!.school.get(s))));
      expect(printed('联考排名'), no).toEqual(subjects.map((s) => String(e!.joint.get(s))));
    }
  }
  expect(seen.sort()).toEqual(studentsOf(classIds));
}

describe('printed slips of the demo joint exam', () => {
  it('the organiser\'s 每页一人 and 成绩条 print each student\'s 校内排名 and 联考排名 as computed from the stored scores', async () => {
    const classIds = classesOf();
    expect(classIds.length).toBe(3);
    checkPages(await slips('bureau', 'page', classIds), classIds);
    checkStrips(await slips('bureau', 'strips', classIds), classIds);
  });

  it('a participating school\'s slips carry the same ranks (联考排名 over every school)', async () => {
    const yc = (await database.db.selectFrom('school').select('id').where('name', '=', '育才中学').executeTakeFirstOrThrow()).id;
    const classIds = classesOf(yc);
    checkStrips(await slips('ycadmin', 'strips', classIds), classIds);
    checkPages(await slips('ycadmin', 'page', classIds), classIds);
  });
});
