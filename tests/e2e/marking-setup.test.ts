import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { chooseOption, loginAs, newPage, watchForCrashes } from './helpers.js';
import { apiOf, startMarkingWalk, type Api, type MarkingWalk } from './marking-helpers.js';

/**
 * Setting up online marking in Chromium against the real server: the school administrator (admin, who may edit
 * every subject) opens 分配阅卷任务 on a subject whose marking has not started, sets a block to 双评+仲裁 and gives
 * it the markers teacher1 and lesson1, saves, reloads and sees both; then on 设置给分点 adds a scoring point worth the
 * question's full score and sees it listed without the sum warning. The api's own answers are checked too.
 */

interface Group { blockId: number; name: string; ratingMode: number; started: boolean; questions: { questionId: number; number: string; fullScore: number; step: number; points: unknown[] }[]; markers: { loginId: string }[] }

/** The first exam subject of the demo with blocks none of which is marked yet (the scanning demo's subject is partly marked). */
async function freshSubject(api: Api): Promise<{ examId: number; examSubjectId: number; groups: Group[] } | null> {
  const exams = await api<{ records: { id: number; subjects: { id: number }[] }[] }>('GET', 'exam_manage/find_exam_by_page?current=1&size=100');
  expect(exams.code).toBe(200);
  for (const e of exams.data.records) {
    for (const s of e.subjects) {
      const g = await api<Group[]>('GET', `task_allocation/find_group_list?examSubjectId=${s.id}`);
      if (g.code === 200 && g.data.length && g.data.every((b) => !b.started && b.ratingMode !== 4)) return { examId: e.id, examSubjectId: s.id, groups: g.data };
    }
  }
  return null;
}

describe('marking set-up walk in Chromium', () => {
  let walk: MarkingWalk;
  let server: MarkingWalk['server'];
  let browser: Browser;

  beforeAll(async () => {
    walk = await startMarkingWalk('markset');
    ({ server, browser } = walk);
  });
  afterAll(async () => { await walk?.close(); });

  it('admin sets a block to 双评+仲裁 with two markers, saves, reloads, and adds a scoring point', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    const api = apiOf(page);
    await loginAs(page, server.url, 'admin');
    const subject = await freshSubject(api);
    expect(subject, 'the demo has an exam subject with written-answer questions whose marking has not started').toBeTruthy();
    const { examId, examSubjectId, groups } = subject!;
    const block = groups[0]!;
    const query = `?examId=${examId}&examSubjectId=${examSubjectId}`;

    await page.goto(`${server.url}/#/examDetailsEdit/assignWork${query}`);
    const card = page.getByTestId(`assign-block-${block.blockId}`);
    await card.waitFor();
    await chooseOption(page, card.locator('.ant-select').filter({ has: page.getByLabel('评卷方式') }), '双评+仲裁');
    await card.getByRole('button', { name: '选择阅卷老师' }).click();
    const dialog = page.getByRole('dialog', { name: '选择阅卷老师' });
    for (const login of ['teacher1', 'lesson1']) {
      await dialog.getByLabel('搜索老师').fill(login);
      const row = dialog.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: login, exact: true }) });
      await row.locator('.ant-checkbox-input').check();
    }
    await dialog.getByRole('button', { name: '确定' }).click();
    await card.getByRole('cell', { name: 'teacher1', exact: true }).waitFor();
    await page.getByText('有未保存的修改').waitFor();
    await page.getByRole('button', { name: '保存分配' }).click();
    await page.getByText('保存成功').first().waitFor();

    await page.reload();
    await card.waitFor();
    await card.getByRole('cell', { name: 'lesson1', exact: true }).waitFor();
    await expect.poll(() => card.locator('.ant-select', { has: page.getByLabel('评卷方式') }).innerText()).toContain('双评+仲裁');
    const saved = await api<Group[]>('GET', `task_allocation/find_group_list?examSubjectId=${examSubjectId}`);
    const after = saved.data.find((b) => b.blockId === block.blockId)!;
    expect(after.ratingMode).toBe(4);
    expect(after.markers.map((m) => m.loginId).sort()).toEqual(['lesson1', 'teacher1']);

    // 设置给分点: one point worth the whole question (so the sum equals the full score)
    const q = block.questions[0]!;
    await page.goto(`${server.url}/#/examDetailsEdit/setSamplingPoint${query}`);
    const table = page.getByTestId('sampling-points');
    const qRow = table.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: `第${q.number}题`, exact: true }) });
    await qRow.getByRole('button', { name: '添加给分点' }).click();
    const pd = page.getByRole('dialog');
    await pd.getByLabel('给分点名称').fill('步骤分');
    await pd.getByLabel('给分点满分').fill(String(q.fullScore));
    await pd.getByLabel('给分步长').fill(String(q.step));
    await pd.getByRole('button', { name: '保存' }).click();
    await qRow.getByText('步骤分').waitFor();
    await expect.poll(() => qRow.getByRole('alert').count()).toBe(0);
    const points = await api<{ questionId: number; points: { name: string; fullScore: number }[] }[]>('GET', `sampling/find_all?examSubjectId=${examSubjectId}`);
    expect(points.data.find((r) => r.questionId === q.questionId)!.points).toEqual([expect.objectContaining({ name: '步骤分', fullScore: q.fullScore })]);
    expect(crashes()).toEqual([]);
  }, 240_000);

  // Reads the marking demo (seedDemoMarking) seeded in beforeAll.
  it('the subject leader lesson1 sees 阅卷进度 and 阅卷质量 of the double-marked demo block as the api answers them', async () => {
    const page = await newPage(browser);
    const crashes = watchForCrashes(page);
    const api = apiOf(page);
    await loginAs(page, server.url, 'lesson1');
    const exams = await api<{ records: { id: number; name: string }[] }>('GET', 'exam_manage/find_exam_by_page?current=1&size=100');
    let found: { examId: number; examName: string; blockId: number; blockName: string } | null = null;
    for (const e of exams.data.records) {
      const topics = await api<{ blocks: { blockId: number; blockName: string; marksDone: number; papers: number; finalPapers: number }[] }[]>('GET', `monitor/topicList?examId=${e.id}`);
      const b = topics.code === 200 ? topics.data.flatMap((x) => x.blocks).find((x) => x.finalPapers > 0 && x.marksDone > x.finalPapers) : undefined;
      if (b) { found = { examId: e.id, examName: e.name, blockId: b.blockId, blockName: b.blockName }; break; }
    }
    expect(found, 'the marking demo has a double-marked block with final papers that lesson1 leads').toBeTruthy();
    type Figures = { marks: number; withinPercent: number | null; safePercent: number | null };
    const quality = await api<{ safeScore: number; block: Figures & { mean: number | null }; rows: (Figures & { userName: string; mean: number; diff: number; sd: number })[] }>('GET', `monitor/qualityList?blockId=${found!.blockId}`);
    expect(quality.code).toBe(200);
    expect(quality.data.rows.length).toBeGreaterThanOrEqual(2);

    await page.goto(`${server.url}/#/examMonitor/detail/quality?examId=${found!.examId}&blockId=${found!.blockId}`);
    const box = page.getByTestId('monitor-detail-quality');
    for (const r of quality.data.rows) {
      const row = box.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: r.userName, exact: true }) });
      await row.waitFor();
      const cells = (await row.locator('td').allInnerTexts()).map((x) => x.trim());
      expect(cells.slice(0, 5)).toEqual([r.userName, String(r.marks), String(r.mean), r.diff > 0 ? `+${r.diff}` : String(r.diff), String(r.sd)]);
      expect(cells[6]).toBe(r.withinPercent === null ? '—' : `${r.withinPercent}%`);
      expect(cells[9]).toBe(r.safePercent === null ? '—' : `${r.safePercent}%`);
    }
    // the block's own row (all markers) for comparison, and the help text names the safe score
    const whole = (await box.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: '题块整体', exact: true }) }).locator('td').allInnerTexts()).map((x) => x.trim());
    const b = quality.data.block;
    expect([whole[1], whole[2], whole[9]]).toEqual([String(b.marks), b.mean === null ? '—' : String(b.mean), b.safePercent === null ? '—' : `${b.safePercent}%`]);
    await expect.poll(() => box.innerText()).toContain(`保险分 ${quality.data.safeScore} 分`);
    expect(await box.innerText()).not.toContain('保险分系数暂未提供');
    // 导出Excel saves the workbook under the api's Chinese name
    const [download] = await Promise.all([page.waitForEvent('download'), box.getByTestId('monitor-export').click()]);
    expect(download.suggestedFilename()).toBe(`阅卷监控_${found!.examName}.xlsx`);
    await page.goto(`${server.url}/#/examMonitor/detail/progress?examId=${found!.examId}&blockId=${found!.blockId}`);
    const progress = page.getByTestId('monitor-detail-progress');
    await progress.locator('.ant-table-row').first().waitFor();
    const markers = await api<{ userName: string; done: number }[]>('GET', `monitor/markingList?blockId=${found!.blockId}`);
    for (const m of markers.data) {
      const row = progress.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: m.userName, exact: true }) });
      await row.waitFor();
      expect((await row.locator('td').nth(2).innerText()).trim()).toBe(String(m.done));
    }
    expect(crashes()).toEqual([]);
  }, 240_000);
});
