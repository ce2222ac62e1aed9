import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { chooseOption, loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * The school's analysis defaults (/analyzeManageSystemSettings/systemSetting), copying an exam's set-up (/copeSettiing)
 * and an exam's readiness (/tabscroll) in Chromium on the demo school. Expected values come from the database and
 * the rules of the pages (a new exam copies the school's defaults; a copy previews each item).
 */
describe('school defaults, copying set-ups and exam readiness in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let admin: string;
  let gradeId: number;
  let classId: number;

  const newExam = async (name: string, subjects: { courseCode: string; fullScore: number }[]) => {
    const r = await server.call({ method: 'POST', url: '/api/v1/exam_manage/add_multipart_exam', token: admin, payload: {
      name, examType: 4, gradeId, startDate: '2026-11-21', endDate: '2026-11-21', classIds: [classId], subjects,
    } });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data as { id: number; subjects: { id: number; courseCode: string }[] };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-settings-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    admin = await server.tokenFor('admin');
    const db = server.database.db;
    const school = await db.selectFrom('school').select('id').where('name', '=', '示例中学').executeTakeFirstOrThrow();
    gradeId = (await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高三').executeTakeFirstOrThrow()).id;
    classId = (await db.selectFrom('school_class').select('id').where('grade_id', '=', gradeId).orderBy('sort').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const tabPanel = (page: Page, name: string) => page.getByRole('tabpanel', { name });

  it('the school administrator sets a default that a new exam then shows, and resets it', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/examMarking/analysisMana`);
    await page.getByRole('button', { name: '学校分析默认设置' }).click();
    await page.waitForURL(/analyzeManageSystemSettings\/systemSetting/);
    await page.getByRole('tab', { name: 'G组' }).click();
    const panel = page.getByTestId('school-setting-gGroups');
    expect(await panel.getByText('平台默认', { exact: true }).count()).toBe(1);
    await panel.getByLabel('G组分组数').fill('6');
    await panel.getByRole('button', { name: '保存' }).click();
    await page.getByText('保存成功').first().waitFor();
    await panel.getByText('学校设置', { exact: true }).waitFor();

    const exam = await newExam('E2E默认设置考试', [{ courseCode: 'SX', fullScore: 150 }]);
    await page.goto(`${server.url}/#/examAnalysisMana/examSetting?examId=${exam.id}`);
    await page.getByRole('tab', { name: 'G组' }).click();
    const examPanel = tabPanel(page, 'G组');
    await expect.poll(() => examPanel.getByLabel('G组分组数').inputValue()).toBe('6');
    expect(await examPanel.getByText('学校默认值', { exact: true }).count()).toBe(1);

    await page.goto(`${server.url}/#/analyzeManageSystemSettings/systemSetting`);
    await page.getByRole('button', { name: '全部恢复平台默认' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByText('已全部恢复平台默认').waitFor();
    await page.getByRole('tab', { name: 'G组' }).click();
    await expect.poll(() => page.getByTestId('school-setting-gGroups').getByLabel('G组分组数').inputValue()).toBe('10');
    expect(crashes()).toEqual([]);
    await page.context().close();

    const leader = await newPage(browser);
    await loginAs(leader, server.url, 'grade1');
    await leader.goto(`${server.url}/#/analyzeManageSystemSettings/systemSetting`);
    await leader.getByText('仅学校管理员可以修改学校默认设置。').waitFor();
    expect(await leader.getByRole('button', { name: '保存' }).count()).toBe(0);
    await leader.context().close();
  });

  it('copies one exam\'s settings and questions onto another after a preview', async () => {
    const from = await newExam('E2E复制源', [{ courseCode: 'SX', fullScore: 20 }, { courseCode: 'WL', fullScore: 100 }]);
    const sx = from.subjects.find((s) => s.courseCode === 'SX')!;
    const saved = await server.call({ method: 'POST', url: '/api/v1/question_template/save', token: admin, payload: { examSubjectId: sx.id, questions: [
      { no: '1', type: 'single', fullScore: 5, answer: 'D' }, { no: '2', type: 'subjective', fullScore: 15 },
    ] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect((await server.call({ method: 'POST', url: '/api/v1/systemConfig/update', token: admin, payload: { examId: from.id, family: 'criticalBuffer', value: { points: 6 } } })).body.code).toBe(200);
    const to = await newExam('E2E复制目标', [{ courseCode: 'SX', fullScore: 20 }, { courseCode: 'WL', fullScore: 150 }]);

    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/examMarking/analysisMana`);
    const card = page.getByTestId('exam-card').filter({ hasText: 'E2E复制目标' });
    await card.getByRole('button', { name: '更多操作' }).click();
    await page.getByRole('menuitem', { name: '复制设置' }).click();
    await page.waitForURL(/copeSettiing\?toExamId=/);
    await chooseOption(page, page.getByLabel('源考试'), 'E2E复制源（高三）');
    const preview = page.getByTestId('copy-preview');
    await preview.waitFor();
    const buffer = preview.getByTestId('copy-settings-table').locator('tr', { hasText: '临界生范围' });
    expect(await buffer.innerText()).toMatch(/上下 6 分\s+上下 10 分\s+将复制/);
    const subjects = preview.getByTestId('copy-subjects-table');
    expect(await subjects.locator('tr', { hasText: '数学' }).innerText()).toContain('将复制');
    expect(await subjects.locator('tr', { hasText: '物理' }).innerText()).toContain('源考试的该科目还没有设置小题');
    await preview.getByRole('button', { name: '确认复制（2 项）' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认复制' }).click();
    await page.getByText('已复制 1 项分析设置、1 个科目的小题与答案').waitFor();
    await preview.getByText('没有需要复制的内容').waitFor();
    const tgtSx = to.subjects.find((s) => s.courseCode === 'SX')!;
    const tpl = await server.call({ url: `/api/v1/question_template/find?examSubjectId=${tgtSx.id}`, token: admin });
    expect(tpl.body.data.questions.map((q: { no: string; answer: string | null }) => [q.no, q.answer])).toEqual([['1', 'D'], ['2', null]]);
    expect(crashes()).toEqual([]);
    await page.context().close();
  });

  it('/tabscroll shows each subject\'s steps with a tab that scrolls to it and links to the step\'s page', async () => {
    const exam = await newExam('E2E准备进度', ['YW', 'SX', 'YY', 'WL', 'HX', 'SW'].map((courseCode) => ({ courseCode, fullScore: 100 })));
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/tabscroll?examId=${exam.id}`);
    const root = page.getByTestId('exam-readiness');
    // every subject: 小题设置, 成绩录入 and 成绩发布 to do; 标准答案 waits for the questions: 3 × 6 = 18
    await expect.poll(() => root.getByTestId('readiness-total').innerText()).toBe('共 18 步待完成');
    const last = exam.subjects[exam.subjects.length - 1]!;
    await page.getByRole('tab', { name: /生物/ }).click();
    await expect.poll(() => page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), `readiness-${last.id}`)).toBeLessThan(200);
    await expect.poll(() => page.getByRole('tab', { name: /生物/ }).getAttribute('aria-selected')).toBe('true');
    const section = page.locator(`#readiness-${last.id}`);
    await section.getByRole('button', { name: '去完成' }).first().click();
    await page.waitForURL(new RegExp(`smallQuestionsEdit\\?examId=${exam.id}&examSubjectId=${last.id}`));
    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});
