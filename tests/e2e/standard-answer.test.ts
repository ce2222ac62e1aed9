import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { releaseExam } from '../../apps/api/src/modules/release/release.service.js';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { multipart, workbook } from '../fixtures/small-exam.js';
import { chooseOption, loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * 录入标准答案 in Chromium as the school administrator, on an exam made here (数学, full 20) where four students'
 * letters are recorded. Every figure on screen worked by hand (docs/DOMAIN-RULES.md §2):
 *        Q1 single 4   Q2 multiple 6   Q3 judge 2   Q4 written 8
 *   A1   C             ACD             T            5
 *   A2   C             AC              F            6
 *   A3   C             A               F            7
 *   A4   B             ABD             F            8
 * Q1 key B: 1 of 4 right, mean 1, 得分率 25%; C chosen by 3 of 4 = 75 % → suspect. Key → C: 3 right, 得分率 75% (A1–A3 0 → 4, A4 4 → 0: 4 scores; with Q2's two, 6 re-scored).
 * Q2 key ACD, 少选 half (3): 6, 3, 3, 0 → 得分率 50%; 每选对一项 2.5: 6, 5, 2.5, 0 → mean 3.375, 得分率 56.25%.
 * Q3 key T: 1 of 4, 25%; imported key F: 3 of 4, 75%.
 * After release, Q1 back to B changes A1–A3 (4 → 0) and A4 (0 → 4): 4 scores of 4 students.
 */
describe('录入标准答案 in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let examId: number;
  let subjectId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-answer-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const admin = await server.tokenFor('admin');
    const db = server.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高二').executeTakeFirstOrThrow();
    const klass = await db.selectFrom('school_class').select('id').where('grade_id', '=', grade.id).orderBy('sort').executeTakeFirstOrThrow();
    const made = await server.call({ method: 'POST', url: '/api/v1/exam_manage/add_single_exam', token: admin, payload: {
      name: 'E2E标准答案', examType: 5, gradeId: grade.id, startDate: '2026-11-20', endDate: '2026-11-20', subjects: [{ courseCode: 'SX', fullScore: 20 }], classIds: [klass.id],
    } });
    expect(made.body.code, made.body.msg).toBe(200);
    examId = made.body.data.id;
    subjectId = made.body.data.subjects[0].id;
    const saved = await server.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: subjectId, questions: [
      { no: '1', type: 'single', fullScore: 4, answer: 'B' }, { no: '2', type: 'multiple', fullScore: 6, answer: 'ACD' },
      { no: '3', type: 'judge', fullScore: 2, answer: 'T' }, { no: '4', type: 'subjective', fullScore: 8 },
    ] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const list = (await server.call({ url: `/api/v1/exam_student/find_page?examId=${examId}&size=200`, token: admin })).body.data.records as { examNo: string; name: string }[];
    const marks = [['C', 'ACD', 'T', 5], ['C', 'AC', 'F', 6], ['C', 'A', 'F', 7], ['B', 'ABD', 'F', 8]];
    const file = await workbook({ 数学: [['考号', '姓名', '班级', '1', '2', '3', '4', '缺考'], ...marks.map((m, i) => [list[i]!.examNo, list[i]!.name, '', ...m])] });
    const imported = await server.call({ method: 'POST', url: `/api/v1/grade_import/import_question?examId=${examId}`, token: admin, ...multipart(file) });
    expect(imported.body.code, imported.body.msg).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const open = async (page: Page) => {
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/examDetailsEdit/enterStandardAnswer?examId=${examId}&examSubjectId=${subjectId}`);
    await page.getByTestId('answer-table').waitFor();
  };
  const stats = (page: Page, no: string) => page.getByTestId(`stats-${no}`).innerText();

  it('enters keys, sees the objective scores change, imports a key from Excel and keeps knowledge points', async () => {
    const page = await newPage(browser, { acceptDownloads: true });
    const crashes = watchForCrashes(page);
    await open(page);
    expect(await stats(page, '1')).toContain('得分率 25%');
    expect(await page.getByTestId('suspect-1').innerText()).toContain('选“C”的考生最多（75%），与答案“B”不同，请核对答案');
    expect(await page.getByTestId('suspect-keys').innerText()).toContain('第 1、3 题疑似答案有误');

    // 连续录入 fills the objective questions in paper order; 撤销修改 puts them back
    await page.getByLabel('连续录入答案').fill('D AB F');
    await page.getByRole('button', { name: '填入' }).click();
    expect(await page.getByLabel('第2题答案').inputValue()).toBe('AB');
    await page.getByRole('button', { name: '撤销修改' }).click();
    expect(await page.getByLabel('第2题答案').inputValue()).toBe('ACD');

    await page.getByLabel('第1题答案').fill('c');
    await chooseOption(page, page.getByLabel('第2题少选规则'), '每选对一项得分');
    await page.getByLabel('第2题少选得分').fill('2.5');
    await page.getByRole('button', { name: /保存答案（2 题）/ }).click();
    await page.getByText('保存成功，6 个客观题得分已按新答案重新计算').waitFor();
    await expect.poll(() => stats(page, '1')).toContain('得分率 75%');
    expect(await stats(page, '2')).toContain('得分率 56.25%');
    expect(await page.getByLabel('第1题答案').inputValue()).toBe('C');

    // a key from Excel: Q3 → F
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('标准答案').addRows([['题号', '题型', '满分', '答案', '部分得分', '选对一项得分'], ['3', '判断题', 2, 'F']]);
    await page.getByTestId('answer-keys').locator('.ant-upload input[type=file]').setInputFiles({ name: '答案.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await wb.xlsx.writeBuffer()) });
    await page.getByText('导入成功：新增 0 条，更新 1 条，未变化 0 条').waitFor();
    await expect.poll(() => page.getByLabel('第3题答案').inputValue()).toBe('F');
    expect(await stats(page, '3')).toContain('得分率 75%');
    expect(await page.getByTestId('suspect-keys').count()).toBe(0);

    // a bad file names the cell, nothing changes
    const bad = new ExcelJS.Workbook();
    bad.addWorksheet('标准答案').addRows([['题号', '题型', '满分', '答案', '部分得分', '选对一项得分'], ['1', '', '', 'AB']]);
    await page.getByTestId('answer-keys').locator('.ant-upload input[type=file]').setInputFiles({ name: '错误.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await bad.xlsx.writeBuffer()) });
    const dialog = page.getByRole('dialog').filter({ hasText: '导入失败' });
    await dialog.getByText('第 1 题：单选题答案只能是一个字母').waitFor();
    await dialog.getByRole('button', { name: '知道了' }).click();
    expect(await page.getByLabel('第1题答案').inputValue()).toBe('C');

    // the exported workbook holds what the screen shows
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '导出答案' }).click();
    const got = await download;
    expect(got.suggestedFilename()).toBe('E2E标准答案-数学-标准答案.xlsx');
    const back = new ExcelJS.Workbook();
    await back.xlsx.readFile(await got.path());
    expect([1, 2, 3, 4, 5].map((r) => (back.worksheets[0]!.getRow(r).values as unknown[]).slice(1, 7))).toEqual([
      ['题号', '题型', '满分', '答案', '部分得分', '选对一项得分'], ['1', '单选题', 4, 'C', '', ''], ['2', '多选题', 6, 'ACD', '', 2.5], ['3', '判断题', 2, 'F', '', ''], ['4', '解答题', 8, '', '', ''],
    ]);

    // knowledge points
    await page.getByRole('tab', { name: '知识点' }).click();
    const tags = page.getByLabel('第1题知识点');
    await tags.click();
    await tags.fill('函数');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /保存知识点（1 题）/ }).click();
    await page.getByText('保存成功').first().waitFor();
    await expect.poll(() => page.getByTestId('knowledge-points').innerText()).toContain('函数');
    expect(crashes()).toEqual([]);
    await page.context().close();
  });

  it('after release a key correction is confirmed with what it changes', async () => {
    await releaseExam(server.database.db, examId);
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await open(page);
    await page.getByText('成绩已发布：更正答案会重新计算考生得分、排名和全部分析报告').waitFor();
    await page.getByLabel('第1题答案').fill('B');
    await page.getByRole('button', { name: /保存答案/ }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确认更正标准答案' });
    await confirm.getByText('成绩已发布：更正答案将改变 4 名考生的 4 个小题得分，并重新计算成绩、排名和全部分析报告。确认更正吗？').waitFor();
    expect(await confirm.getByTestId('key-change-preview').innerText()).toMatch(/1\s+C\s+B\s+4/);
    await confirm.getByRole('button', { name: '确认更正' }).click();
    await page.getByText('保存成功，4 个客观题得分已按新答案重新计算').waitFor();
    await expect.poll(() => stats(page, '1')).toContain('得分率 25%');
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
