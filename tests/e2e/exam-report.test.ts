import { readFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Download, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { chooseOption, downloadFromJobModal, loginAs, readAntTable, watchForCrashes } from './helpers.js';

/**
 * The exam walk, in Chromium against the real server: an admin creates a 高一 exam (数学, 物理; 1班 and 2班),
 * sets up its questions, fills the downloaded question-score template with exceljs, imports it (and is refused a
 * workbook with one bad row, which writes nothing), and releases it; grade1 and head1 open every report of the
 * report menu; the 成绩单 (also with 学籍类型 往届) and 班级对比 exports, made as render jobs through the progress
 * modal, equal the tables on screen; numbers on screen match values computed here from the uploaded workbook.
 */

const EXAM = 'E2E高一数理小测';
const SUBJECTS = [
  // 3 single-choice questions of 4 points (keys below), 2 subjective of 4 points: full score 20.
  { name: '数学', keys: ['A', 'B', 'C'] },
  { name: '物理', keys: ['D', 'A', 'B'] },
] as const;
const OBJ_POINTS = 4;
const SUBJ_POINTS = 4;
const FULL = 3 * OBJ_POINTS + 2 * SUBJ_POINTS; // 20
const HEADER = ['考号', '姓名', '班级', '1', '2', '3', '4', '5', '缺考'];

/** A deterministic number in [0, 1) of (i, s, k): an integer hash, so the answers vary from row to row. */
function hash(i: number, s: number, k: number): number {
  let x = (i * 7919 + s * 104729 + k * 1299709 + 12345) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b) >>> 0;
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

/**
 * Data row i (0-based) of subject s: the cells written to the template (questions 1–5, 缺考) and the points
 * they are worth. Objective answers are option letters (right about 70% of the time, some in lower case), in
 * every sixth row the points themselves; subjective answers 0–4 points.
 */
function answerRow(i: number, s: number): { cells: (string | number | null)[]; absent: boolean; points: number } {
  // Row 1 of 数学: absent (缺考 = 1, no cells). Row 2 of 数学: question 5 left empty (scores 0).
  if (s === 0 && i === 1) return { cells: [null, null, null, null, null, 1], absent: true, points: 0 };
  const keys = SUBJECTS[s]!.keys;
  const right = [0, 1, 2].map((k) => hash(i, s, k) < 0.7);
  const objective = right.map((ok, k) => {
    if (i % 6 === 5) return ok ? OBJ_POINTS : 0;
    const letter = ok ? keys[k]! : 'ABCD'[('ABCD'.indexOf(keys[k]!) + 1 + (i % 3)) % 4]!;
    return i % 4 === 0 ? letter.toLowerCase() : letter;
  });
  const subjective = [3, 4].map((k) => Math.floor(hash(i, s, k) * (SUBJ_POINTS + 1)));
  const q5: number | null = s === 0 && i === 2 ? null : subjective[1]!;
  const points = right.filter(Boolean).length * OBJ_POINTS + subjective[0]! + (q5 ?? 0);
  return { cells: [...objective, subjective[0]!, q5, null], absent: false, points };
}

/** A number as the web shows it: at most two decimals, trailing zeros dropped (rounded half away from zero). */
function two(v: number): string {
  const r = Math.sign(v) * Math.round(Math.abs(v) * 100 + 1e-7) / 100;
  return String(Object.is(r, -0) ? 0 : r);
}

/** Screen cell → canonical text: '—' (null) and 缺考 (a null score) are empty, '+' dropped, numbers re-printed. */
function screenCell(t: string): string {
  let s = t.replace(/\s+/g, ' ').trim();
  if (s === '—' || s === '缺考') return '';
  s = s.replace(/^\+/, '');
  if (/^-?\d+(\.\d+)?%$/.test(s)) return `${two(Number(s.slice(0, -1)))}%`;
  if (/^-?\d+(\.\d+)?$/.test(s)) return two(Number(s));
  return s;
}

/** Export cell → canonical text: empty for null, shares (headers ending in 率) as percentages, numbers re-printed. */
function exportCell(v: ExcelJS.CellValue, header: string): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number') return header.endsWith('率') ? `${two(v * 100)}%` : two(v);
  const s = String(v).trim();
  return /^-?\d+(\.\d+)?$/.test(s) ? two(Number(s)) : s;
}

/** Screen header path (group, leaf) → the export's flat header: 数学（20）+ 成绩 → 数学成绩; 优秀（≥16分）+ 优秀人数 → 优秀人数. */
function flatHeader(parts: string[]): string {
  const leaf = parts[parts.length - 1]!;
  if (parts.length === 1) return leaf;
  const group = parts[0]!.replace(/（[^）]*）$/, '');
  return leaf.startsWith(group) ? leaf : `${group}${leaf}`;
}

async function downloadBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file);
}

async function firstSheet(bytes: Buffer): Promise<{ header: string[]; rows: ExcelJS.CellValue[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as never);
  const ws = wb.worksheets[0]!;
  const width = ws.getRow(1).cellCount;
  const all: ExcelJS.CellValue[][] = [];
  ws.eachRow((row) => { all.push(Array.from({ length: width }, (_, c) => row.getCell(c + 1).value)); });
  return { header: all[0]!.map((v) => String(v ?? '')), rows: all.slice(1) };
}

/** The screen table (every row) and the export (a render job: progress modal, then 下载), both canonical; they must be equal. */
async function compareExport(page: Page, testId: string, exportTestId: string, normaliseScreen = screenCell) {
  const screen = await readAntTable(page, testId);
  await page.getByTestId(exportTestId).click();
  const download = await downloadFromJobModal(page);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${EXAM}-.+\\.xlsx$`));
  const sheet = await firstSheet(await downloadBytes(download));
  const screenHeader = screen.header.map(flatHeader);
  expect(screenHeader).toEqual(sheet.header);
  const screenRows = screen.rows.map((r) => r.map(normaliseScreen));
  const exportRows = sheet.rows.map((r) => r.map((v, c) => exportCell(v, sheet.header[c]!)));
  expect(screenRows.length).toBeGreaterThan(0);
  expect(screenRows).toEqual(exportRows);
  return { screen, sheet, screenHeader };
}

/** Report menu of reportDetails: page title → what shows that it rendered. */
const REPORT_PAGES: { menu: string; table?: string; role?: string }[] = [
  { menu: '数据概览', table: 'overview' },
  { menu: '年级主任报告', role: '年级主任' },
  { menu: '备课组长报告', role: '备课组长' },
  { menu: '班主任报告', role: '班主任' },
  { menu: '任课老师报告', role: '任课老师' },
  { menu: '学生报告', table: 'studentReport' },
  { menu: '成绩单', table: 'transcript' },
  { menu: '横向分布', table: 'horizontalDistribution' },
  { menu: '学科对比', table: 'subjectComparison' },
  { menu: '班级对比', table: 'classComparison' },
  { menu: '学科质量', table: 'subjectQuality' },
  { menu: 'G组分析', table: 'groupG' },
  { menu: '四分位分析', table: 'quartile' },
  { menu: '五率临界分析', table: 'rateCritical' },
  { menu: '上线分析', table: 'online' },
  { menu: '试卷分析', table: 'paper' },
  { menu: '评语分析', table: 'comment' },
  { menu: '学生分析', table: 'studentProgress' },
  { menu: '成绩图表', table: 'charts' },
  { menu: '历次考试趋势', table: 'trend' },
];

describe('exam set-up, score import, release and reports in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-exam-'));
  let examId = 0;
  /** Set when the admin's walk released the exam (the report walks need it). */
  let released = false;
  /** Per uploaded data row: 考号, 班级 and the points of each subject (null = absent). */
  let uploaded: { examNo: string; name: string; className: string; points: (number | null)[] }[] = [];

  beforeAll(async () => {
    server = await startServer('pglite');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    context.setDefaultTimeout(60_000);
    return context.newPage();
  }

  /** Every question score and absence of the exam, in a fixed order (to prove a refused import wrote nothing). */
  async function scoreSnapshot() {
    const db = server.database.db;
    const scores = await db.selectFrom('question_score as qs').innerJoin('question as q', 'q.id', 'qs.question_id')
      .innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id').where('s.exam_id', '=', examId)
      .select(['qs.exam_student_id', 'qs.question_id', 'qs.score', 'qs.choice']).orderBy('qs.exam_student_id').orderBy('qs.question_id').execute();
    const absences = await db.selectFrom('subject_absence as a').innerJoin('exam_subject as s', 's.id', 'a.exam_subject_id')
      .where('s.exam_id', '=', examId).select(['a.exam_student_id', 'a.exam_subject_id']).orderBy('a.exam_student_id').orderBy('a.exam_subject_id').execute();
    return { scores: scores.map((r) => ({ ...r, score: Number(r.score) })), absences };
  }

  it('admin creates the exam, sets up questions, imports scores (a bad file writes nothing) and releases', async () => {
    const page = await newPage();
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/examMarking/analysisMana`);

    // ---- 新建考试: 高一, 数学 20 + 物理 20, classes 1班 and 2班.
    await page.getByRole('button', { name: '新建考试' }).click();
    const create = page.getByRole('dialog', { name: '新建考试' });
    await create.waitFor();
    await create.getByLabel('考试名称').fill(EXAM);
    await chooseOption(page, create.getByLabel('年级', { exact: true }), '高一');
    await create.getByRole('checkbox', { name: /^1班/ }).waitFor();
    // Keep one subject row, then choose 数学 and add 物理.
    while (await create.getByRole('button', { name: '删除科目2' }).count()) await create.getByRole('button', { name: '删除科目2' }).click();
    await chooseOption(page, create.getByLabel('科目1', { exact: true }), '数学');
    await create.getByLabel('科目1满分').fill(String(FULL));
    await create.getByRole('button', { name: '添加科目' }).click();
    await chooseOption(page, create.getByLabel('科目2', { exact: true }), '物理');
    await create.getByLabel('科目2满分').fill(String(FULL));
    for (let c = 3; c <= 8; c++) {
      const box = create.getByRole('checkbox', { name: new RegExp(`^${c}班`) });
      if (await box.count()) await box.uncheck();
    }
    await create.getByRole('button', { name: '创建' }).click();
    await page.locator('.ant-message-notice', { hasText: '创建成功' }).waitFor();
    await create.waitFor({ state: 'hidden' });

    const exam = await server.database.db.selectFrom('exam').select(['id', 'status']).where('name', '=', EXAM).executeTakeFirstOrThrow();
    examId = exam.id;
    const subjects = await server.database.db.selectFrom('exam_subject').select(['course_name', 'full_score']).where('exam_id', '=', examId).orderBy('sort').execute();
    expect(subjects.map((s) => [s.course_name, Number(s.full_score)])).toEqual([['数学', FULL], ['物理', FULL]]);
    const classes = await server.database.db.selectFrom('exam_student as es').innerJoin('school_class as c', 'c.id', 'es.class_id')
      .select('c.name').distinct().where('es.exam_id', '=', examId).execute();
    expect(classes.map((c) => c.name).sort()).toEqual(['1班', '2班']);

    // ---- The new exam's card (searched by name) → 考试设置 → 小题编辑.
    await page.getByLabel('考试名称').fill(EXAM);
    await page.getByRole('button', { name: '搜索' }).click();
    const card = page.getByTestId('exam-card').filter({ hasText: EXAM });
    await card.getByRole('button', { name: '考试设置' }).click();
    await page.getByTestId('exam-name').filter({ hasText: EXAM }).waitFor();
    await page.locator('.jz-section-side').getByRole('menuitem', { name: '小题编辑' }).click();
    await page.waitForURL(/smallQuestionsEdit/);
    for (const [s, subject] of SUBJECTS.entries()) {
      if (s > 0) await page.locator('.ant-segmented').getByText(subject.name, { exact: true }).click();
      await expect.poll(() => page.getByTestId('question-sum').innerText()).toMatch(/合计：0\s*分/);
      await page.getByRole('button', { name: '批量添加客观题' }).click();
      const batch = page.getByRole('dialog', { name: '批量添加客观题' });
      await batch.getByLabel('题数').fill('3');
      await batch.getByLabel('每题满分').fill(String(OBJ_POINTS));
      await batch.getByRole('button', { name: '添加' }).click();
      await batch.waitFor({ state: 'hidden' });
      for (const [k, key] of subject.keys.entries()) await page.getByLabel(`第${k + 1}行答案`).fill(key.toLowerCase());
      for (const k of [4, 5]) {
        await page.getByRole('button', { name: '添加小题' }).click();
        await page.getByLabel(`第${k}行满分`).fill(String(SUBJ_POINTS));
      }
      await expect.poll(() => page.getByTestId('question-sum').innerText()).toContain('（一致）');
      expect(await page.getByLabel('第1行答案').inputValue()).toBe(subject.keys[0]);
      await page.getByRole('button', { name: '保存' }).click();
      await page.locator('.ant-message-notice', { hasText: '保存成功' }).last().waitFor();
    }
    const questions = await server.database.db.selectFrom('question as q').innerJoin('exam_subject as s', 's.id', 'q.exam_subject_id')
      .select(['s.course_name', 'q.no', 'q.type', 'q.full_score', 'q.answer']).where('s.exam_id', '=', examId).orderBy('s.sort').orderBy('q.sort').execute();
    expect(questions.map((q) => `${q.course_name}${q.no}:${q.type}:${Number(q.full_score)}:${q.answer ?? ''}`)).toEqual([
      '数学1:single:4:A', '数学2:single:4:B', '数学3:single:4:C', '数学4:subjective:4:', '数学5:subjective:4:',
      '物理1:single:4:D', '物理2:single:4:A', '物理3:single:4:B', '物理4:subjective:4:', '物理5:subjective:4:',
    ]);

    // ---- 成绩导入与发布: download the template, fill it, import.
    await page.getByRole('button', { name: '返回' }).click();
    await card.getByRole('button', { name: '成绩导入与发布' }).click();
    await page.waitForURL(/examDetailsEdit\/scoreUpload/);
    const [templateDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载小题成绩模板' }).click()]);
    expect(templateDownload.suggestedFilename()).toMatch(new RegExp(`^${EXAM}-小题成绩.*模板\\.xlsx$`));
    const template = new ExcelJS.Workbook();
    await template.xlsx.load(await downloadBytes(templateDownload) as never);
    expect(template.worksheets.map((w) => w.name)).toEqual(['数学', '物理']);
    const examStudents = Number((await server.database.db.selectFrom('exam_student').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('exam_id', '=', examId).executeTakeFirstOrThrow()).n);
    for (const ws of template.worksheets) {
      expect((ws.getRow(1).values as unknown[]).slice(1).map(String)).toEqual(HEADER);
      expect(ws.rowCount).toBe(examStudents + 1);
    }
    const mathSheet = template.getWorksheet('数学')!;
    uploaded = [];
    for (let i = 0; i < examStudents; i++) {
      const row = mathSheet.getRow(i + 2);
      uploaded.push({ examNo: String(row.getCell(1).value), name: String(row.getCell(2).value), className: String(row.getCell(3).value), points: [] });
    }
    const fill = (wb: ExcelJS.Workbook, bad: boolean) => {
      for (const [s, subject] of SUBJECTS.entries()) {
        const ws = wb.getWorksheet(subject.name)!;
        for (let i = 0; i < examStudents; i++) {
          const row = ws.getRow(i + 2);
          expect(String(row.getCell(1).value)).toBe(uploaded[i]!.examNo);
          const a = answerRow(i, s);
          a.cells.forEach((v, c) => { row.getCell(4 + c).value = v; });
          if (!bad) uploaded[i]!.points[s] = a.absent ? null : a.points;
        }
        if (bad && s === 0) {
          ws.getRow(2).getCell(7).value = ((Number(ws.getRow(2).getCell(7).value) || 0) + 1) % (SUBJ_POINTS + 1); // a changed good row: not written either
          ws.getRow(6).getCell(8).value = 9; // question 5 is worth 4 points: Excel row 6 is bad
        }
      }
    };
    fill(template, false);
    const good = path.join(dir, 'scores.xlsx');
    writeFileSync(good, Buffer.from(await template.xlsx.writeBuffer()));

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '导入小题成绩' }).click();
    await (await chooser).setFiles(good);
    await page.locator('.ant-message-notice', { hasText: '导入' }).first().waitFor();
    await page.getByText(`本次导入 ${examStudents * 2} 行`).waitFor();
    const afterGood = await scoreSnapshot();
    // Stored points are the workbook's: 5 questions per sitting student and subject, the same sum.
    const sat = uploaded.flatMap((u) => u.points).filter((p) => p !== null) as number[];
    expect(afterGood.scores.length).toBe(sat.length * 5);
    expect(afterGood.scores.reduce((t, r) => t + r.score, 0)).toBe(sat.reduce((t, p) => t + p, 0));
    expect(afterGood.absences.length).toBe(1);

    // ---- A second workbook with one bad row: the error dialog names the row; nothing is written.
    fill(template, true);
    const bad = path.join(dir, 'scores-bad.xlsx');
    writeFileSync(bad, Buffer.from(await template.xlsx.writeBuffer()));
    const chooser2 = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: '导入小题成绩' }).click();
    await (await chooser2).setFiles(bad);
    const dialog = page.getByRole('dialog').filter({ hasText: '导入失败' });
    await dialog.waitFor();
    const errorRows = await dialog.locator('tbody tr.ant-table-row').allInnerTexts();
    expect(errorRows).toHaveLength(1);
    // The bad cell is column 8 (H) of Excel row 6 (see fill above); the reason names the question and the typed value.
    expect(errorRows[0]!.split('\t').map((t) => t.trim())).toEqual(['数学', '6', 'H', '第 5 题（填写“9”）：超过满分 4']);
    await dialog.getByRole('button', { name: '知道了' }).click();
    expect(await scoreSnapshot()).toEqual(afterGood);

    // ---- Release: 开始发布, the four steps finish.
    await page.getByRole('button', { name: '开始发布' }).click();
    await page.getByRole('dialog').filter({ hasText: '确认开始发布吗' }).getByRole('button', { name: '确定' }).click();
    for (const step of [1, 2, 3, 4]) {
      await page.locator(`[data-testid="publish-step-${step}"][data-status="finish"]`).waitFor({ timeout: 60_000 });
    }
    await page.getByTestId('publish-message').getByText(/完成/).waitFor();
    const stored = await server.database.db.selectFrom('exam').select(['status', 'released_at']).where('id', '=', examId).executeTakeFirstOrThrow();
    expect(stored.status).toBe(4);
    expect(stored.released_at).toBeTruthy();
    expect(crashes()).toEqual([]);
    released = true;
    await page.context().close();
  });

  /** Logs in, opens the report list and the exam (by its name), then every entry of the report menu. */
  /**
   * The reader's report menu shows the role reports of `menuRoles` only (a whole-grade reader picks classes);
   * those of `expectRoles` open with rows, the others say the reader holds no such report in this exam.
   */
  async function walkReports(loginId: string, expectRoles: string[], menuRoles = expectRoles) {
    const shown = REPORT_PAGES.filter((p) => !p.role || menuRoles.includes(p.role));
    const page = await newPage();
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, loginId);
    await page.goto(`${server.url}/#/analysisReportList/list`);
    const card = page.getByRole('article', { name: EXAM });
    await card.getByRole('button', { name: '查看报告' }).click();
    await page.waitForURL(new RegExp(`dataScreening\\?examId=${examId}`));
    const menu = page.locator('.jz-section-side');
    await menu.getByRole('menuitem', { name: '学生分析', exact: true }).waitFor();
    const items = (await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
    expect(items).toEqual(shown.map((p) => p.menu));
    for (const p of shown) {
      await menu.getByRole('menuitem', { name: p.menu, exact: true }).click();
      const main = page.locator('.jz-section-main');
      if (p.role && !expectRoles.includes(p.role)) {
        // Not this user's role: the page says so (a refusal, not a crash).
        await main.getByRole('heading', { level: 1, name: p.menu }).waitFor();
        await main.getByText(`您在本次考试中没有${p.role}角色的报告`).waitFor();
      } else {
        await main.getByRole('heading', { level: 1, name: new RegExp(`^${p.menu.replace('报告', '')}`) }).waitFor();
        const table = p.table ? main.getByTestId(`report-table-${p.table}`) : main.locator('[data-testid^="report-table-"]').first();
        await table.waitFor();
        await expect.poll(() => main.locator('.ant-spin-spinning').count()).toBe(0);
        expect(await table.locator('tbody tr.ant-table-row').count(), p.menu).toBeGreaterThan(0);
      }
      expect(await main.locator('.ant-alert-error').count(), p.menu).toBe(0);
      expect(await main.getByText(/页面出现错误|加载失败|无权限访问/).count(), p.menu).toBe(0);
    }
    expect(crashes()).toEqual([]);
    return page;
  }

  it('grade1 opens every report of the menu', async (ctx) => {
    if (!released) ctx.skip();
    const page = await walkReports('grade1', ['年级主任', '班主任', '任课老师']);
    await page.context().close();
  });

  it('head1 opens every report and sees only 高一1班 rows in the transcript', async (ctx) => {
    if (!released) ctx.skip();
    const page = await walkReports('head1', ['班主任'], ['班主任', '任课老师']);
    await page.locator('.jz-section-side').getByRole('menuitem', { name: '成绩单', exact: true }).click();
    const table = page.getByTestId('report-table-transcript');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const { header, rows } = await readAntTable(page, 'report-table-transcript');
    const classCol = header.findIndex((h) => h.join() === '班级');
    const inClass1 = uploaded.filter((u) => u.className === '高一1班').length;
    expect(await page.getByText(`共 ${inClass1} 名学生`).count()).toBe(1);
    expect(new Set(rows.map((r) => r[classCol]))).toEqual(new Set([rows[0]![classCol]]));
    expect(rows[0]![classCol]).toMatch(/^(高一)?1班$/);
    const text = await table.innerText();
    for (let c = 2; c <= 8; c++) expect(text).not.toMatch(new RegExp(`(^|[^\\d])${c}班`));
    // 1班's students only: every admission number shown was uploaded for 高一1班.
    const noCol = header.findIndex((h) => h.join() === '考号');
    const class1 = new Set(uploaded.filter((u) => u.className === '高一1班').map((u) => u.examNo));
    for (const r of rows) expect(class1.has(r[noCol]!)).toBe(true);
    // A class outside head1's classes is refused by the server.
    const other = await server.database.db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id')
      .innerJoin('school as s', 's.id', 'g.school_id').select('c.id').where('s.name', '=', '示例中学').where('g.name', '=', '高一').where('c.name', '=', '2班')
      .executeTakeFirstOrThrow();
    const refused = await page.evaluate(async ({ examId: id, classId }) => {
      const res = await fetch(`/api/v1/examReportComm/transcript?examId=${id}&classId=${classId}`, { headers: { authorization: localStorage.getItem('token') ?? '' } });
      return res.json();
    }, { examId, classId: other.id });
    expect(refused.code).toBe(403);
    await page.context().close();
  });

  it('grade1: the 成绩单 and 班级对比 exports equal the screen, and numbers match the uploaded workbook', async (ctx) => {
    if (!released) ctx.skip();
    const page = await newPage();
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'grade1');
    await page.goto(`${server.url}/#/analysisReportList/reportDetails/scrolReport?examId=${examId}`);
    await page.getByRole('heading', { level: 1, name: '成绩单' }).waitFor();
    const table = page.getByTestId('report-table-transcript');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    // Every student on one page (the export holds them all).
    await chooseOption(page, page.locator('.ant-pagination-options .ant-select').first(), '200 条/页');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(uploaded.length);

    const { screen, screenHeader } = await compareExport(page, 'report-table-transcript', 'export-transcript');
    expect(screenHeader.slice(0, 4)).toEqual(['考号', '姓名', '班级', '学籍类型']);
    expect(screenHeader).toContain('数学成绩');
    expect(screenHeader).toContain('物理成绩');
    expect(screenHeader).toContain('总分成绩');

    // Independent numbers: a student's total on screen = the sum of the points of their uploaded answers
    // (letters scored against the keys set above, 4 points each, plus the two subjective scores), and a
    // student's 数学 cell = that subject's points; the absent student shows 缺考 for 数学.
    const col = (h: string) => screenHeader.indexOf(h);
    const rowOf = (examNo: string) => screen.rows.find((r) => r[col('考号')] === examNo)!;
    for (const i of [0, 2, 3, 7]) {
      const u = uploaded[i]!;
      const r = rowOf(u.examNo);
      expect(r[col('数学成绩')]).toBe(two(u.points[0]!));
      expect(r[col('物理成绩')]).toBe(two(u.points[1]!));
      expect(r[col('总分成绩')]).toBe(two(u.points[0]! + u.points[1]!));
    }
    expect(rowOf(uploaded[1]!.examNo)[col('数学成绩')]).toBe('缺考');
    // The grade ranks of 总分: competition ranking of the totals of students who sat both subjects.
    const totals = uploaded.filter((u) => u.points.every((p) => p !== null)).map((u) => u.points[0]! + u.points[1]!);
    const top = rowOf(uploaded[3]!.examNo);
    const mine = uploaded[3]!.points[0]! + uploaded[3]!.points[1]!;
    expect(top[col('总分年级排名')]).toBe(String(1 + totals.filter((t) => t > mine).length));

    // ---- 学籍类型 往届: the screen and the export job (carrying the filter) list the exam's 往届 students only.
    const past = (await server.database.db.selectFrom('exam_student').select('exam_no').where('exam_id', '=', examId)
      .where('registration_type', '=', '往届').execute()).map((r) => r.exam_no).sort();
    expect(past.length).toBeGreaterThan(0);
    await chooseOption(page, page.getByLabel('学籍类型', { exact: true }), '往届');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(past.length);
    const filtered = await compareExport(page, 'report-table-transcript', 'export-transcript');
    expect(filtered.screen.rows.map((r) => r[filtered.screenHeader.indexOf('考号')]).sort()).toEqual(past);
    expect(new Set(filtered.screen.rows.map((r) => r[filtered.screenHeader.indexOf('学籍类型')]))).toEqual(new Set(['往届']));
    await chooseOption(page, page.getByLabel('学籍类型', { exact: true }), '全部');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(uploaded.length);

    // ---- 班级对比 of 数学.
    await page.locator('.jz-section-side').getByRole('menuitem', { name: '班级对比', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '班级对比' }).waitFor();
    await chooseOption(page, page.getByLabel('学科', { exact: true }), '数学');
    await page.getByRole('heading', { name: '数学各班成绩对比' }).waitFor();
    await expect.poll(() => page.locator('.jz-section-main .ant-spin-spinning').count()).toBe(0);
    const cmp = await compareExport(page, 'report-table-classComparison', 'export-classComparison');
    const h = (name: string) => cmp.screenHeader.indexOf(name);
    // 1班's 数学 mean = sum of the 数学 points of 1班's sitting students / their number (the absent one left out);
    // the grade row likewise over both classes.
    for (const [label, filter] of [['1班', (u: typeof uploaded[number]) => u.className === '高一1班'], ['全年级', () => true]] as const) {
      const satMath = uploaded.filter(filter).map((u) => u.points[0]).filter((p): p is number => p !== null);
      const absent = uploaded.filter(filter).length - satMath.length;
      const row = cmp.screen.rows.find((r) => r[0] === label || r[0] === `高一${label}`)!;
      expect(row, label).toBeTruthy();
      expect(row[h('实考人数')]).toBe(String(satMath.length));
      expect(row[h('缺考人数')]).toBe(String(absent));
      expect(row[h('平均分')]).toBe(two(satMath.reduce((t, p) => t + p, 0) / satMath.length));
      expect(row[h('最高分')]).toBe(two(Math.max(...satMath)));
      expect(row[h('最低分')]).toBe(two(Math.min(...satMath)));
    }
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
