import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { confirmClassesOnScreen, createJointExamOnScreen, joinByCodeOnScreen, jointRow } from '../helpers/joint-walk.js';
import { scanFilledSheets, sheetsPdf, type Layout, type SheetFill } from '../helpers/scan-sheets.js';
import { startServer } from '../helpers/server.js';
import { chooseOption, loginAs, newPage, readAntTable, watchForCrashes } from './helpers.js';

/**
 * A joint exam scanned and marked across schools, in Chromium. The demo bureau (示范市教育局, `bureau`) creates
 * 高一联考（扫描阅卷） with 数学 in 混合阅卷 (1 single A 5 分, 2 written 10 分: full score 15), inviting 示例中学;
 * 育才中学 joins by code; each confirms one class. The organiser saves the card in 制作答题卡, opens 分配阅卷任务
 * (the written question becomes its block), assigns teacher1 (示例中学) and ycadmin (育才中学) and gives each school
 * 50 % of the block. 示例中学's sheets come through the API (2 sitting, the rest 缺考); 育才中学's administrator
 * uploads a PDF of its 12 filled sheets (3 sitting: 1 A, 1 B, 1 A; 9 缺考) in 扫描管理 and sees them on its own
 * students. Both markers mark blind (7 分 each paper) until none is left; the organiser sees 阅卷进度 per school,
 * releases; 育才中学 sees its students by name in 成绩单 and 示例中学 as 学校A in 学校对比; the organiser's 学校对比
 * names both. Expected means worked by hand: 示例中学 (12 + 12) / 2 = 12, 育才中学 (12 + 7 + 12) / 3 = 10.33,
 * 联考全体 55 / 5 = 11.
 */
const NAME = '高一联考（扫描阅卷）';
const MARK = 7;

describe('joint exam scanned by a school and marked across schools in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let examId: number;
  let subjectId: number;
  let layout: Layout;
  let students: { id: number; examNo: string; name: string; school: string }[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-joint-scan-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const candidates = async () => server.database.db.selectFrom('exam_student as es').innerJoin('student as st', 'st.id', 'es.student_id')
    .innerJoin('school as s', 's.id', 'es.school_id').select(['es.id', 'es.exam_no as examNo', 'st.name', 's.name as school'])
    .where('es.exam_id', '=', examId).orderBy('es.exam_no').execute();
  const ofSchool = (school: string) => students.filter((s) => s.school === school);

  it('the organiser sets up 混合阅卷: card saved, the block\'s markers from both schools and each school\'s share', async () => {
    const db = server.database.db;
    const org = await newPage(browser);
    const crashes = watchForCrashes(org);
    await loginAs(org, server.url, 'bureau');
    await createJointExamOnScreen(org, server.url, { name: NAME, gradeName: '高一', subjects: [{ label: '数学', fullScore: 15, scoring: '混合阅卷' }],
      startDate: '2026-11-24', endDate: '2026-11-24', invite: ['示例中学'] });
    const exam = await db.selectFrom('exam').select(['id', 'registration_code']).where('name', '=', NAME).executeTakeFirstOrThrow();
    examId = exam.id;
    const subject = await db.selectFrom('exam_subject').select(['id', 'joint_scoring']).where('exam_id', '=', examId).executeTakeFirstOrThrow();
    expect(subject.joint_scoring).toBe('mixed_marking');
    subjectId = subject.id;

    const sample = await newPage(browser);
    await loginAs(sample, server.url, 'admin');
    await confirmClassesOnScreen(sample, server.url, NAME, 1);
    await sample.context().close();
    const yc = await newPage(browser);
    await loginAs(yc, server.url, 'ycadmin');
    await joinByCodeOnScreen(yc, server.url, exam.registration_code!, `示范市教育局 组织的「${NAME}」`);
    await confirmClassesOnScreen(yc, server.url, NAME, 1);
    await yc.context().close();
    students = await candidates();
    expect(ofSchool('育才中学')).toHaveLength(12);
    expect(ofSchool('示例中学').length).toBeGreaterThan(2);

    // the questions through the api (their entry has its own walks), then the card saved on screen
    const saved = await server.call({ method: 'POST', url: '/api/v1/question_template/save', token: await server.tokenFor('bureau'), payload: { examSubjectId: subjectId, questions: [
      { no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' }, { no: '2', type: 'subjective', fullScore: 10, step: 1 }] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    await org.goto(`${server.url}/#/makeSheetCard?examId=${examId}&examSubjectId=${subjectId}`);
    const panel = org.getByTestId('card-panel');
    await panel.getByTestId('card-status').waitFor();
    await panel.getByRole('button', { name: '保存' }).click();
    await org.locator('.ant-message-notice', { hasText: '保存成功' }).waitFor();
    const card = await db.selectFrom('answer_card').select('layout').where('exam_subject_id', '=', subjectId).executeTakeFirstOrThrow();
    layout = (typeof card.layout === 'string' ? JSON.parse(card.layout) : card.layout) as Layout;

    // 分配阅卷任务: the written question is the block; markers of both schools; 50 % each
    await org.goto(`${server.url}/#/examDetailsEdit/assignWork?examId=${examId}&examSubjectId=${subjectId}`);
    const block = org.locator('[data-testid^="assign-block-"]');
    await block.waitFor();
    await chooseOption(org, block.locator('.ant-select').filter({ has: org.getByLabel('分配方式') }), '自由领取');
    await block.getByRole('button', { name: '选择阅卷老师' }).click();
    const dialog = org.getByRole('dialog', { name: '选择阅卷老师' });
    for (const login of ['teacher1', 'ycadmin']) {
      await dialog.getByLabel('搜索老师').fill(login);
      await dialog.locator('.ant-table-row').filter({ has: org.getByRole('cell', { name: login, exact: true }) }).locator('.ant-checkbox-input').check();
    }
    await dialog.getByRole('button', { name: '确定' }).click();
    await block.getByRole('cell', { name: 'ycadmin', exact: true }).waitFor();
    await org.getByRole('button', { name: '保存分配' }).click();
    await org.getByText('保存成功').first().waitFor();
    await block.getByLabel('示例中学阅卷比例').fill('50');
    await block.getByLabel('育才中学阅卷比例').fill('50');
    await block.getByRole('button', { name: '保存比例' }).click();
    await org.getByText('各校阅卷比例已保存').waitFor();

    const blocks = await db.selectFrom('marking_block').select('id').where('exam_subject_id', '=', subjectId).execute();
    expect(blocks).toHaveLength(1);
    const markers = await db.selectFrom('marking_marker as m').innerJoin('app_user as u', 'u.id', 'm.user_id').select('u.login_id')
      .where('m.block_id', '=', blocks[0]!.id).orderBy('u.login_id').execute();
    expect(markers.map((m) => m.login_id)).toEqual(['teacher1', 'ycadmin']);
    const shares = await db.selectFrom('marking_school_share as x').innerJoin('school as s', 's.id', 'x.school_id').select(['s.name', 'x.percent'])
      .where('x.block_id', '=', blocks[0]!.id).orderBy('s.name').execute();
    expect(shares.map((x) => [x.name, Number(x.percent)]).sort()).toEqual([['示例中学', 50], ['育才中学', 50]]);
    expect(crashes()).toEqual([]);
    await org.context().close();
  }, 400_000);

  it('育才中学 uploads its printed sheets as a PDF in 扫描管理 and sees them on its own students', async () => {
    // 示例中学's sheets through the api: its first two candidates sit (1 A), the others are 缺考
    const sample = ofSchool('示例中学');
    const sampleFills: SheetFill[] = sample.map((_, i) => (i < 2 ? { answers: { 1: 'A' } } : { absent: true }));
    await scanFilledSheets(server, await server.tokenFor('admin'), subjectId, layout, sampleFills, sample);

    const mine = ofSchool('育才中学');
    const answers = ['A', 'B', 'A'];
    const fills: SheetFill[] = mine.map((s, i) => ({ examNo: s.examNo, ...(i < 3 ? { answers: { 1: answers[i]! } } : { absent: true }) }));
    const pdf = await sheetsPdf(layout, fills);

    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'ycadmin');
    await page.goto(`${server.url}/#/jointExamination/list`);
    await jointRow(page, NAME).getByRole('button', { name: '扫描管理' }).click();
    await page.waitForURL(/#\/examDetailsEdit\/scanStudentHome\?/);
    const counter = (key: string) => page.getByTestId(`counter-${key}`).locator('.ant-statistic-content-value');
    // its own 12 candidates are 未扫 (示例中学's sheets are not counted here)
    await expect.poll(() => counter('noScanCount').innerText(), { timeout: 60_000 }).toBe('12');
    await page.locator('.ant-upload input[type=file]').first().setInputFiles({ name: '育才中学数学.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByTestId('batch-files').filter({ hasText: '育才中学数学.pdf' }).waitFor();
    await page.getByRole('button', { name: '开始上传' }).click();
    await page.getByTestId('batch-table').locator('tbody tr.ant-table-row').first().filter({ hasText: '识别完成' }).waitFor({ timeout: 180_000 });
    await expect.poll(() => counter('uploadCount').innerText(), { timeout: 60_000 }).toBe('3');
    expect(await counter('missExamCount').innerText()).toBe('9');
    expect(await counter('abnormalCount').innerText()).toBe('0');

    // 扫描学生名单: its own students by name, the three sitting 上传成功
    await page.goto(`${server.url}/#/examDetailsEdit/scanStudentList?examId=${examId}&examSubjectId=${subjectId}`);
    const table = page.getByTestId('scan-student-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    for (const s of mine.slice(0, 3)) await table.locator('tbody tr.ant-table-row', { hasText: s.examNo }).filter({ hasText: s.name }).filter({ hasText: '上传成功' }).waitFor();
    const text = await table.innerText();
    for (const s of ofSchool('示例中学')) expect(text).not.toContain(s.examNo);
    expect(crashes()).toEqual([]);
    await page.context().close();
  }, 400_000);

  /** Marks every paper the marker gets (MARK each) until the page says none is left; answers how many. */
  async function markAll(page: Page): Promise<number> {
    const names = students.map((s) => s.name);
    let marked = 0;
    const paper = page.getByTestId('paper-image');
    const none = page.getByRole('link', { name: '返回阅卷任务' });
    for (;;) {
      await paper.or(none).first().waitFor({ timeout: 120_000 });
      if (await none.isVisible()) return marked;
      // blind: no school, no name, no 考号 on the marking page
      const shown = await page.getByTestId('mark-detail').innerText();
      expect(shown).not.toMatch(/示例中学|育才中学|考号|姓名|\d{7}/);
      for (const n of names) expect(shown).not.toContain(n);
      const taskId = await page.getByTestId('mark-work').getAttribute('data-task-id');
      const answered = page.waitForResponse((r) => r.url().includes('/api/v1/marking/submit'));
      for (const ch of String(MARK)) await page.keyboard.press(ch);
      await page.keyboard.press('Enter');
      expect(((await (await answered).json()) as { code: number; msg: string }).code).toBe(200);
      marked++;
      await page.waitForFunction((id) => {
        const v = document.querySelector('[data-testid="mark-work"]')?.getAttribute('data-task-id');
        return document.body.innerText.includes('返回阅卷任务') || (!!v && v !== id && !!document.querySelector('[data-testid="paper-image"]'));
      }, taskId, { timeout: 120_000 });
    }
  }

  it('markers of both schools mark blind until the subject is done; the organiser sees each school\'s progress', async () => {
    const db = server.database.db;
    const done: Record<string, number> = {};
    for (const login of ['teacher1', 'ycadmin']) {
      const page = await newPage(browser);
      const crashes = watchForCrashes(page);
      await loginAs(page, server.url, login);
      await page.goto(`${server.url}/#/examMarking/markingTasks`);
      const row = page.locator('[data-testid="marking-task-table"] .ant-table-row', { hasText: NAME });
      await row.getByRole('button', { name: '开始阅卷' }).click();
      await page.waitForURL(/#\/markDetail\?blockId=\d+/);
      done[login] = await markAll(page);
      expect(crashes()).toEqual([]);
      await page.context().close();
    }
    // 5 papers (2 + 3 sitting); each school at most ⌈50 % × 5⌉ = 3 marks, so both took part
    expect(done.teacher1! + done.ycadmin!).toBe(5);
    expect(done.teacher1).toBe(3);
    expect(done.ycadmin).toBe(2);
    const papers = await db.selectFrom('marking_paper as p').innerJoin('marking_block as b', 'b.id', 'p.block_id').select(['p.status', 'p.final_total'])
      .where('b.exam_subject_id', '=', subjectId).execute();
    expect(papers.map((p) => [p.status, Number(p.final_total)])).toEqual(Array(5).fill(['final', MARK]));

    const org = await newPage(browser);
    const crashes = watchForCrashes(org);
    await loginAs(org, server.url, 'bureau');
    await org.goto(`${server.url}/#/jointExamination/list`);
    await jointRow(org, NAME).locator('.ant-table-row-expand-icon').click();
    const schools = org.locator('.ant-table-expanded-row');
    await schools.locator('tr', { hasText: '示例中学' }).getByRole('cell', { name: '2/2', exact: true }).waitFor();
    await schools.locator('tr', { hasText: '育才中学' }).getByRole('cell', { name: '3/3', exact: true }).waitFor();
    expect(crashes()).toEqual([]);
    await org.context().close();
  }, 600_000);

  it('the organiser releases; 育才中学 sees its own students by name and 示例中学 as 学校A; the organiser\'s 学校对比 names both', async () => {
    const org = await newPage(browser);
    const crashes = watchForCrashes(org);
    await loginAs(org, server.url, 'bureau');
    await org.goto(`${server.url}/#/jointExamination/list`);
    await jointRow(org, NAME).getByRole('button', { name: '发布成绩' }).click();
    await org.locator('.ant-modal-confirm', { hasText: '发布成绩' }).getByRole('button', { name: /^(确\s*定|OK)$/ }).click();
    await org.getByText('成绩发布完成').waitFor({ timeout: 180_000 });

    const yc = await newPage(browser);
    const ycCrashes = watchForCrashes(yc);
    await loginAs(yc, server.url, 'ycadmin');
    await yc.goto(`${server.url}/#/jointExamination/list`);
    await jointRow(yc, NAME).getByRole('button', { name: '查看报告' }).click();
    await yc.waitForURL(/schoolReportDetails\/dataScreening/);
    await yc.getByRole('menuitem', { name: '成绩单' }).click();
    await yc.getByRole('heading', { name: '成绩单', level: 1 }).waitFor();
    for (const s of ofSchool('育才中学').slice(0, 3)) await yc.getByRole('cell', { name: s.name, exact: true }).first().waitFor();
    await yc.getByRole('menuitem', { name: '学校对比' }).click();
    await yc.getByTestId('school-contrast-TOTAL').waitFor();
    const mine = await readAntTable(yc, 'school-contrast-TOTAL');
    const byName = new Map(mine.rows.map((r) => [r[0]!.replace(/\s*本校$/, ''), r.slice(1, 3)]));
    expect([...byName.keys()].sort()).toEqual(['学校A', '联考全体', '育才中学'].sort());
    expect(byName.get('育才中学')).toEqual(['3', '10.33']);
    expect(byName.get('学校A')).toEqual(['2', '12']);
    expect(byName.get('联考全体')).toEqual(['5', '11']);
    const html = await yc.content();
    expect(html).not.toContain('示例中学');
    for (const s of ofSchool('示例中学')) expect(html).not.toContain(s.name);

    await jointRow(org, NAME).getByRole('button', { name: '查看报告' }).click();
    await org.waitForURL(/schoolReportDetails\/dataScreening/);
    await org.getByRole('menuitem', { name: '学校对比' }).click();
    await org.getByTestId('school-contrast-TOTAL').waitFor();
    const all = await readAntTable(org, 'school-contrast-TOTAL');
    expect(new Map(all.rows.map((r) => [r[0]!, r.slice(1, 3)]))).toEqual(new Map([['联考全体', ['5', '11']], ['示例中学', ['2', '12']], ['育才中学', ['3', '10.33']]]));
    expect(crashes()).toEqual([]);
    expect(ycCrashes()).toEqual([]);
  }, 400_000);
});
