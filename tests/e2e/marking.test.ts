import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import type { BlockQuestion, MarkingBlockInfo, MarkingTaskRow, ReviewRow } from '@jz/shared/marking';
import { loginAs, newPage, watchForCrashes } from './helpers.js';
import { apiOf, startMarkingWalk, type MarkingWalk } from './marking-helpers.js';

/**
 * The marking walk in Chromium against the real server: teacher1 logs in
 * and lands on 阅卷任务, opens a block with papers left, marks ten papers with the keyboard only (digits for each
 * scoring point, Enter to submit), the next paper's image always fetched before the current one is submitted
 * (preloading), then reports one 问题卷 (Q, 2 = 图像不清, Enter) and the page moves on to another paper.
 * The scores sent are chosen here per item (a different one per paper, worked out below from the block's full scores
 * and steps), and the api's 回评 list must then hold exactly those totals for those papers.
 */

type Item = { fullScore: number; step: number };
const itemsOf = (qs: BlockQuestion[]): Item[] => qs.flatMap((q): Item[] => (q.points.length ? q.points : [q]));

/** The score given to item i of paper k: k + i steps, wrapped into 0…full (whole steps, as the server checks). */
function chosenScore(item: Item, k: number, i: number): number {
  const steps = Math.floor(Math.round(item.fullScore * 100) / Math.round(item.step * 100));
  return ((k + i) % (steps + 1)) * Math.round(item.step * 100) / 100;
}

/** Types a score as a marker would: its digits ('.' for halves), then Enter to close it (the last Enter submits). */
async function typeScore(page: Page, v: number) {
  for (const ch of String(v)) await page.keyboard.press(ch);
  await page.keyboard.press('Enter');
}

describe('online marking walk in Chromium', () => {
  let walk: MarkingWalk;
  let server: MarkingWalk['server'];
  let browser: Browser;

  beforeAll(async () => {
    walk = await startMarkingWalk('marking');
    ({ server, browser } = walk);
  }, 300_000); // seeding the scanning demo recognises every sheet
  afterAll(async () => { await walk?.close(); });

  it('teacher1 marks ten papers by keyboard only and reports one 问题卷', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    const api = apiOf(page);

    await loginAs(page, server.url, 'teacher1');
    // every teacher lands on 阅卷任务
    await page.waitForURL(/#\/examMarking\/markingTasks/);
    await page.getByTestId('marking-tasks').waitFor();
    const tasks = await api<MarkingTaskRow[]>('GET', 'marking/tasks');
    expect(tasks.code).toBe(200);
    // what teacher1 may still mark: its fixed share's remainder, or under 自由领取 the block's 待领取
    const task = tasks.data.find((t) => t.canMark && (t.fixed ? t.remaining : t.unclaimed) >= 12);
    expect(task, 'the demo gives teacher1 a block with at least 12 papers left (ten marked, one 问题卷, one to move on to)').toBeTruthy();
    const row = page.locator('[data-testid="marking-task-table"] .ant-table-row', { hasText: task!.blockName }).filter({ hasText: task!.examName }).first();
    await row.getByText(task!.fixed ? `已阅 ${task!.done} / ${task!.assigned}` : `已阅 ${task!.done}（自由领取），题块 ${task!.blockDone} / ${task!.blockTasks}，待领取 ${task!.unclaimed}`).waitFor();

    // the requests of the page, in order: images fetched and scores submitted
    const log: { kind: 'image' | 'submit' | 'next'; url: string; at: number; req: Request }[] = [];
    page.on('request', (r) => {
      const u = r.url();
      if (u.includes('/api/v1/marking/submit')) log.push({ kind: 'submit', url: u, at: Date.now(), req: r });
      else if (u.includes('/api/v1/marking/next')) log.push({ kind: 'next', url: u, at: Date.now(), req: r });
      else if (r.resourceType() === 'fetch' && /\/api\/v1\/.*(image|img|jpg|jpeg|png)/i.test(u)) log.push({ kind: 'image', url: u, at: Date.now(), req: r });
    });

    await row.getByRole('button', { name: '开始阅卷' }).click();
    await page.waitForURL(new RegExp(`#/markDetail\\?blockId=${task!.blockId}`));
    await page.getByTestId('paper-image').waitFor();
    const block = await api<MarkingBlockInfo>('GET', `marking/block?blockId=${task!.blockId}`);
    expect(block.code).toBe(200);
    // blind: nothing of the student on the page
    await expect(page.getByTestId('mark-detail').innerText()).resolves.not.toMatch(/考号|班级|姓名/);
    const items = itemsOf(block.data.questions);
    const reviewBefore = await api<{ rows: ReviewRow[]; total: number }>('GET', `marking/review?blockId=${task!.blockId}&page=1&size=1`);

    const shownTask = async () => Number(await page.getByTestId('mark-work').getAttribute('data-task-id'));
    /** Waits until the page shows a paper other than `taskId` (keys typed before would still go to the old one). */
    const movedOn = (taskId: number) => page.waitForFunction((id) => {
      const v = document.querySelector('[data-testid="mark-work"]')?.getAttribute('data-task-id');
      return !!v && Number(v) !== id && !!document.querySelector('[data-testid="paper-image"]');
    }, taskId);

    const imageUrls = () => new Set(log.filter((l) => l.kind === 'image').map((l) => l.url));
    const imageOfTask = (taskId: number) => new RegExp(`[?&]taskId=${taskId}(&|$)`);
    const sent: { taskId: number; total: number }[] = [];
    for (let k = 0; k < 10; k++) {
      const scores = items.map((it, i) => chosenScore(it, k, i));
      const shown = await shownTask();
      // a marker looks at the paper before typing; meanwhile the page asks for the next paper and fetches its image.
      // Wait for that fetch to start (not a fixed pause): on a loaded machine the keys could otherwise outrun it
      await expect.poll(() => imageUrls().size, { timeout: 60_000 }).toBeGreaterThanOrEqual(k + 2);
      const answered = page.waitForResponse((r) => r.url().includes('/api/v1/marking/submit'));
      for (const v of scores) await typeScore(page, v);
      const res = await answered;
      const body = JSON.parse(res.request().postData() ?? '{}') as { taskId: number; scores: number[]; requestId: string };
      expect(body.taskId).toBe(shown);
      expect(body.scores).toEqual(scores);
      expect(((await res.json()) as { code: number }).code).toBe(200);
      sent.push({ taskId: body.taskId, total: Math.round(scores.reduce((a, b) => a + b, 0) * 100) / 100 });
      const submitAt = log.filter((l) => l.kind === 'submit').at(-1)!.at;
      const imagesBefore = new Set(log.filter((l) => l.kind === 'image' && l.at <= submitAt).map((l) => l.url)).size;
      expect(imagesBefore, `paper ${k + 1}: the next image was loaded ahead`).toBeGreaterThanOrEqual(k + 2);
      await page.getByTestId('mark-progress').getByText(String(task!.done + k + 1), { exact: true }).waitFor();
      await movedOn(shown);
      // preloading: the paper shown now is the prefetched one, its image fetched before the submit above
      const now = await shownTask();
      expect(log.some((l) => l.kind === 'image' && imageOfTask(now).test(l.url) && l.at <= submitAt), `paper ${k + 2} was preloaded`).toBe(true);
    }
    expect(new Set(sent.map((s) => s.taskId)).size).toBe(10);
    // the prefetch call of the contract was used
    expect(log.some((l) => l.kind === 'next' && (l.req.postData() ?? '').includes('"prefetch":1'))).toBe(true);

    // the api kept exactly these scores (回评 = own papers)
    const review = await api<{ rows: ReviewRow[]; total: number }>('GET', `marking/review?blockId=${task!.blockId}&page=1&size=100`);
    expect(review.code).toBe(200);
    expect(review.data.total).toBe(reviewBefore.data.total + 10);
    for (const s of sent) expect(review.data.rows.find((r) => r.taskId === s.taskId)?.total, `task ${s.taskId}`).toBe(s.total);

    // 问题卷 by keyboard: Q, 2 (图像不清), Enter; the page goes on to another paper
    const current = await shownTask();
    const reported = page.waitForResponse((r) => r.url().includes('/api/v1/marking/problem'));
    await page.keyboard.press('q');
    await page.getByRole('dialog', { name: '问题卷' }).waitFor();
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    const pr = await reported;
    const prBody = JSON.parse(pr.request().postData() ?? '{}') as { taskId: number; kind: string };
    expect(prBody).toMatchObject({ taskId: current, kind: 'unclear' });
    expect(((await pr.json()) as { code: number }).code).toBe(200);
    await page.getByRole('dialog', { name: '问题卷' }).waitFor({ state: 'hidden' });
    await movedOn(current);
    if (task!.role === 'leader') {
      const problems = await api<{ taskId: number; kind: string }[]>('GET', `marking/problems?blockId=${task!.blockId}`);
      expect(problems.data.some((p) => p.taskId === current && p.kind === 'unclear')).toBe(true);
    }

    // the help card lists the keys; Esc closes it and keeps the scores given, a second Esc clears them
    await page.keyboard.press('m'); // 满分 on every item
    const drawn = page.getByTestId('panel-text');
    const drawnText = async () => (await drawn.innerText()).trim();
    await expect.poll(drawnText).not.toBe('');
    const given = await drawnText();
    await page.keyboard.press('?');
    await page.getByTestId('help-card').getByText('问题卷').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('help-card').waitFor({ state: 'detached' });
    expect(await drawnText()).toBe(given);
    await page.keyboard.press('Escape');
    await expect.poll(drawnText).toBe('');

    // 回评 (R): Enter on a focused 查看改分 opens that paper to change its score
    await page.keyboard.press('r');
    const reviewList = page.getByTestId('review-list');
    const see = reviewList.getByRole('button', { name: '查看改分' }).first();
    await see.focus();
    await page.keyboard.press('Enter');
    await page.getByText('回评改分', { exact: true }).waitFor();
    expect(crashes()).toEqual([]);
    await page.context().close();
  }, 300_000); // ten papers on a loaded machine: more than the project's 180 s default

  it('what a school meets first on the demo exam: menus that lead somewhere, progress that counts marking, a release that says why not', async () => {
    const demoExam = '2026学年高一数学周测（扫描演示）';
    const card = (page: Page) => page.getByTestId('exam-card').filter({ hasText: demoExam });
    // teacher1 marks but leads nothing: no 阅卷监控 in its menu, no 扫描管理 on the card
    const t1 = await walk.pageAs('teacher1');
    const t1Crashes = watchForCrashes(t1);
    await t1.goto(`${server.url}/#/examMarking/myExamList`);
    await card(t1).waitFor();
    const side = t1.locator('.jz-section-side');
    await side.getByRole('menuitem', { name: '阅卷任务' }).waitFor();
    expect(await side.getByRole('menuitem', { name: '阅卷监控' }).count()).toBe(0);
    expect(await card(t1).getByRole('button', { name: '扫描管理' }).count()).toBe(0);
    expect(t1Crashes()).toEqual([]);
    await t1.context().close();

    // the administrator: the card stands at 成绩录入 below 100 % while marking goes on, and leads to 扫描管理
    const admin = await walk.pageAs('admin');
    const crashes = watchForCrashes(admin);
    const api = apiOf(admin);
    await admin.goto(`${server.url}/#/examMarking/myExamList`);
    await card(admin).waitFor();
    await admin.locator('.jz-section-side').getByRole('menuitem', { name: '阅卷监控' }).waitFor();
    const exam = (await api<{ records: { id: number; name: string; status: number; progress: number }[] }>('GET', 'exam_manage/find_exam_by_page?current=1&size=20')).data.records.find((e) => e.name === demoExam)!;
    expect(exam.status).toBe(2);
    expect(exam.progress).toBeLessThan(100);
    expect(await card(admin).locator('[role="progressbar"]').first().getAttribute('aria-valuenow')).toBe(String(exam.progress));
    await card(admin).getByRole('button', { name: '扫描管理' }).click();
    await admin.waitForURL(/#\/examDetailsEdit\/scanStudentHome\?examId=\d+&examSubjectId=\d+/);
    await admin.getByTestId('counter-uploadCount').waitFor();

    // 发布成绩: the table counts students with some scores; 开始发布 says what is missing — marking per block — and asks nothing
    await admin.goto(`${server.url}/#/examDetailsEdit/scoreUpload?examId=${exam.id}`);
    const check = (await api<{ problems: string[]; subjects: { partial: number }[] }>('GET', `publish/check?examId=${exam.id}`)).data;
    expect(check.problems[0]).toMatch(/^数学网上阅卷未完成（第11题 已完成 \d+\/34 份/);
    const partialShown = async () => (await admin.getByTestId('entry-table').locator('tbody tr.ant-table-row').first().locator('td').allInnerTexts())[4];
    await expect.poll(partialShown, { timeout: 30_000 }).toBe(String(check.subjects[0]!.partial));
    await admin.getByRole('button', { name: '开始发布' }).click();
    const blockers = admin.getByTestId('release-blockers');
    await blockers.getByText(check.problems[0]!).waitFor();
    await blockers.getByRole('cell', { name: '第11题' }).waitFor();
    expect(await admin.getByText('确认开始发布吗').count()).toBe(0);
    await admin.getByRole('button', { name: '知道了' }).click();

    // 阅卷监控: with speeds shown the block's expected finish is shown too, and 任务量 adds up to 评分任务
    const blocks = (await api<{ blocks: { blockId: number; marksNeeded: number }[] }[]>('GET', `monitor/topicList?examId=${exam.id}`)).data[0]!.blocks;
    await admin.goto(`${server.url}/#/examMarking/examMonitor?examId=${exam.id}&blockId=${blocks[0]!.blockId}`);
    await expect.poll(() => admin.getByTestId('monitor-eta').innerText(), { timeout: 30_000 }).toMatch(/预计还需 约 .+，预计完成 \d\d:\d\d/);
    const rows = await admin.getByTestId('monitor-markers').locator('tbody tr.ant-table-row').evaluateAll((trs) => trs.map((tr) => Number((tr.children[1] as HTMLElement).innerText)));
    expect(rows.reduce((a, b) => a + b, 0)).toBe(blocks[0]!.marksNeeded);
    expect(crashes()).toEqual([]);
    await admin.context().close();
  }, 240_000);
});
