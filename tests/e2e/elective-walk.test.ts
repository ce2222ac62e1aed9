import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { mathGradeClass, sheetJpeg, type Layout } from '../helpers/scan-sheets.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';
import { apiOf } from './marking-helpers.js';

/**
 * 选做 2 of 3 in Chromium against the real server (docs/DOMAIN-RULES.md 选做题), as the school
 * administrator, on an exam made here: 数学 with 1 (single, key A, 5 分) and 22/23/24 (written, 10 分 each, 选做二,
 * K = 2; full score 5 + 2 × 10 = 25), its default card saved (two 选做 boxes, each with the bubbles 22 23 24).
 * Sheets drawn from the card (tests/helpers/scan-sheets.ts): s0 boxes 22 | 24, s1 23 | 23 (both boxes name 23: 识别存疑).
 * They are uploaded on the scanning page; on /scanUnnormalDetail confirming 23 | 23 is refused on screen, then box 2
 * is set to 24 and confirmed. The one block 第22/23/24题（选做） is marked on /markDetail by keyboard: each of the four
 * papers (a paper per box) shows 本卷选做第N题 and gets the score chosen here for (student, question): s0 22 → 7,
 * 24 → 8; s1 23 → 9, 24 → 6. 小题成绩 then shows those and nothing for the unchosen question (s0 23, s1 22).
 */
describe('选做 2 of 3 in Chromium: card → scan → doubt fixed → marking → 小题成绩', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let examId: number;
  let subjectId: number;
  let layout: Layout;
  let students: { id: number; examNo: string }[];
  const G = '22/23/24';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-elective-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const db = server.database.db;
    const { gradeId, classId } = await mathGradeClass(db);
    const page = await newPage(browser);
    await loginAs(page, server.url, 'admin');
    const api = apiOf(page);
    const ex = await api<{ id: number; subjects: { id: number }[] }>('POST', 'exam_manage/add_single_exam', {
      name: 'E2E选做二', examType: 1, gradeId, startDate: '2026-11-20', endDate: '2026-11-20', subjects: [{ courseCode: 'SX', fullScore: 25 }], classIds: [classId],
    });
    expect(ex.code, ex.msg).toBe(200);
    examId = ex.data.id;
    subjectId = ex.data.subjects[0]!.id;
    const q = await api('POST', 'question_template/save', { examSubjectId: subjectId, questions: [
      { no: '1', type: 'single', fullScore: 5, step: 1, answer: 'A' },
      ...['22', '23', '24'].map((no) => ({ no, type: 'subjective', fullScore: 10, step: 1, electiveGroup: '选做二', electivePick: 2 })),
    ] });
    expect(q.code, q.msg).toBe(200);
    const saved = await api<{ layout: Layout }>('POST', 'card/save', { examSubjectId: subjectId, settings: {} });
    expect(saved.code, saved.msg).toBe(200);
    layout = saved.data.layout;
    await page.context().close();
    students = await db.selectFrom('exam_student').select(['id', 'exam_no as examNo']).where('exam_id', '=', examId).orderBy('exam_no').execute();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('walks a 选做 2 of 3 group from the printed card to 小题成绩', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    await loginAs(page, server.url, 'admin');
    const api = apiOf(page);
    const q = `examId=${examId}&examSubjectId=${subjectId}`;
    // the card: two 选做 boxes of the group, on one page
    const boxes = layout.pages.flatMap((p) => p.elements.filter((e) => e.kind === 'choice').map((e) => [p.index, e.slot, e.nos.map(String)]));
    expect(boxes.map((b) => b.slice(1))).toEqual([[1, ['22', '23', '24']], [2, ['22', '23', '24']]]);
    expect(boxes[0]![0]).toBe(boxes[1]![0]);

    // sheets filled and uploaded through the scanning page
    const s = (i: number) => students[i]!.examNo;
    const files = [];
    const fills = [{ [`${G}#1`]: ['22'], [`${G}#2`]: ['24'] }, { [`${G}#1`]: ['23'], [`${G}#2`]: ['23'] }];
    for (const [i, chosen] of fills.entries()) {
      for (let p = 1; p <= layout.pages.length; p++) {
        files.push({ name: `s${i}-${p}.jpg`, mimeType: 'image/jpeg', buffer: await sheetJpeg(layout, p, p === 1 ? { examNo: s(i), answers: { 1: 'A' }, chosen } : { chosen }) });
      }
    }
    await page.goto(`${server.url}/#/examDetailsEdit/scanStudentHome?${q}`);
    await page.getByTestId('counter-noScanCount').waitFor();
    await page.locator('.ant-upload input[type=file]').first().setInputFiles(files);
    await page.getByTestId('batch-files').getByText(files[files.length - 1]!.name).waitFor();
    await page.getByRole('button', { name: '开始上传' }).click();
    const row = page.getByTestId('batch-table').locator('tbody tr.ant-table-row').filter({ hasText: `/${files.length} 页` });
    await row.filter({ hasText: '识别完成' }).waitFor({ timeout: 120_000 });

    // the doubtful 选做 marks fixed on screen: both boxes of s1 name 23
    await page.goto(`${server.url}/#/scanUnnormalDetail?${q}`);
    const list = page.getByTestId('abnormal-list');
    const fix = page.getByTestId('abnormal-fix');
    await list.locator('.ant-list-item').filter({ hasText: '识别存疑' }).first().click();
    // the doubt is on s1's sheet of the card page holding the boxes
    await fix.getByText(`s1-${boxes[0]![0]}.jpg`, { exact: true }).waitFor();
    const clash = '选做题第 1、2 个答题框填涂了同一题号（第 23 题），请确认各框所选的题';
    const box = (n: number) => fix.getByTestId(`doubt-question-选做:${G}#${n}`);
    await box(1).getByText(clash).waitFor();
    await box(2).getByText(clash).waitFor();
    await box(1).getByText(`选做题 ${G} 第 1 框`).waitFor();
    await box(2).getByTestId(`crop-question-选做:${G}#2`).locator('img').waitFor();
    // as read (23 | 23): refused with the reason
    await fix.getByRole('button', { name: '确认涂点' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: `选做题 ${G}：第 1、2 个答题框选了同一道题（第 23 题），各框须选不同的题` }).waitFor();
    // box 2 answers 24
    await box(2).getByRole('radio', { name: '第24题' }).check();
    await fix.getByRole('button', { name: '确认涂点' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '已确认' }).waitFor();
    await page.getByText('没有待处理的异常卷').first().waitFor();

    // marking: the one block of the group, the administrator as its marker
    const blocks = await api<{ blockId: number; name: string }[]>('GET', `task_allocation/find_group_list?examSubjectId=${subjectId}`);
    expect(blocks.data.map((b) => b.name)).toEqual(['第22/23/24题（选做）']);
    const blockId = blocks.data[0]!.blockId;
    const me = (await server.database.db.selectFrom('app_user').select('id').where('login_id', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect((await api('POST', 'answer/addReader', { blockId, userIds: [me] })).code).toBe(200);

    const marks = new Map([[`${students[0]!.id}|22`, 7], [`${students[0]!.id}|24`, 8], [`${students[1]!.id}|23`, 9], [`${students[1]!.id}|24`, 6]]);
    await page.goto(`${server.url}/#/markDetail?blockId=${blockId}`);
    const seen: string[] = [];
    for (let k = 0; k < 4; k++) {
      await page.getByTestId('paper-image').waitFor();
      const taskId = await shownTask(page, seen.length ? Number(seen[seen.length - 1]!.split(':')[0]) : 0);
      const chosen = await page.getByTestId('mark-chosen').innerText();
      const paper = await server.database.db.selectFrom('marking_task as t').innerJoin('marking_paper as p', 'p.id', 't.paper_id').innerJoin('question as qu', 'qu.id', 'p.chosen_question_id')
        .select(['p.exam_student_id', 'qu.no']).where('t.id', '=', taskId).executeTakeFirstOrThrow();
      // the screen names the question the paper's box answers
      expect(chosen).toBe(`本卷选做第${paper.no}题`);
      seen.push(`${taskId}:${paper.exam_student_id}|${paper.no}`);
      const answered = page.waitForResponse((r) => r.url().includes('/api/v1/marking/submit'));
      for (const ch of String(marks.get(`${paper.exam_student_id}|${paper.no}`))) await page.keyboard.press(ch);
      await page.keyboard.press('Enter');
      expect(((await (await answered).json()) as { code: number }).code).toBe(200);
    }
    expect(seen.map((x) => x.split(':')[1]).sort()).toEqual([...marks.keys()].sort());

    // 小题成绩: the chosen questions' scores, nothing for the unchosen one
    const points = (no: string) => page.getByLabel(`第${no}题得分`).inputValue();
    const open = async (i: number) => {
      await page.goto(`${server.url}/#/examAnalysisMana/smallQuestionScore?examId=${examId}`);
      await page.getByLabel('姓名/考号').fill(s(i));
      await page.getByRole('button', { name: '搜索' }).click();
      await page.locator('tbody tr.ant-table-row').filter({ hasText: s(i) }).getByRole('button', { name: '查看小题得分' }).click();
      await expect.poll(() => points('1')).toBe('5');
    };
    await open(0);
    expect([await points('22'), await points('23'), await points('24')]).toEqual(['7', '', '8']);
    await open(1);
    expect([await points('22'), await points('23'), await points('24')]).toEqual(['', '9', '6']);

    expect(crashes()).toEqual([]);
    await page.context().close();
  });
});

/** The task the marking page shows once it differs from `previous` (keys typed before would go to the old one). */
async function shownTask(page: Page, previous: number): Promise<number> {
  await page.waitForFunction((id) => {
    const v = document.querySelector('[data-testid="mark-work"]')?.getAttribute('data-task-id');
    return !!v && Number(v) !== id && !!document.querySelector('[data-testid="paper-image"]');
  }, previous);
  return Number(await page.getByTestId('mark-work').getAttribute('data-task-id'));
}
