import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { replaceRecognisedAnswers, withScoreWrites } from '../../apps/api/src/modules/score/score-write.service.js';
import { createMarkingExam, storeScannedSheets, type MarkingExam } from '../helpers/marking-exam.js';
import { chooseOption, readAntTable, watchForCrashes } from './helpers.js';
import { startMarkingWalk, type MarkingWalk } from './marking-helpers.js';

/**
 * The online-marking flow in Chromium, several teachers each in their own browser context (docs/DOMAIN-RULES.md §4.1; rules in packages/analysis/src/marking/rules.ts).
 *
 * Data made here: a 高一1班 数学 exam of three questions — 1 single choice (4 points, key B), 2 written (10 points,
 * step 1), 3 written (6 points, step 0.5) — full 20. The first SHEETS students by 考号 have scanned sheets (their
 * objective answers CHOICES recognised through the scanning write), every other student is recorded 缺考 by it.
 * Blocks: 第2题 双评+三评+仲裁 (mode 5), tolerance 2, markers teacher1, t001, t002, 题组长 t003;
 * 第3题 单评 (mode 1), markers teacher1 and t002.
 *
 * The walk's papers of 第2题, worked by hand from the rules:
 * - X: teacher1 9, t001 3 → |9 − 3| = 6 > 2 → third marker t002 gives 4; |4 − 9| = 5, |4 − 3| = 1 → paired with 3,
 *   |3 − 4| = 1 ≤ 2 → mean 3.5 → half up to the step 1 → final 4.
 * - Y: teacher1 10, t001 2 → 8 > 2 → t002 gives 6; |6 − 10| = 4 = |6 − 2| → a tie pairs with the first mark (10),
 *   4 > 2 → arbitration; the 题组长 t003 gives 7 → final 7 (the leader's mark is final).
 * - Z: teacher1 reports it as a 问题卷 (图像不清); t003 gives 5 in the 问题卷 queue → final 5.
 * - every other paper: both first markers give FILLER[i] (the same score: within tolerance, mean = FILLER[i]).
 * - 抽查: t003 checks a random final paper and overrides it with its score ± 1 and a reason.
 * 第3题: each paper's single mark Q3[i] is final.
 * A student's total = CHOICES[i] = B ? 4 : 0, plus the final of 第2题, plus Q3[i]; everyone else 缺考.
 */

const SHEETS = 6;
const CHOICES = ['B', 'A', 'B', 'C', 'B', 'B'];
const FILLER = [6, 8, 5, 7, 9, 3];
const Q3 = [4.5, 3, 6, 0.5, 5, 2];
const REASON = '复核：第2题漏看一步';

describe('marking flow: double marking, third marker, arbitration, 问题卷, 抽查, monitor, release', () => {
  let walk: MarkingWalk;
  let exam: MarkingExam;
  let blockA = 0; // 第2题
  let blockB = 0; // 第3题
  const tok: Record<string, string> = {};
  const names: Record<string, string> = {};
  /** exam student id → sheet index (0 … SHEETS − 1) */
  const sheetOf = new Map<number, number>();
  /** expected final of each paper of 第2题 and 第3题 (paper id → score), filled in as the walk gives marks */
  const expected = new Map<number, number>();
  /** marks given per block and marker (rounds 1–3), counted here as the walk submits them */
  const done: Record<string, Record<string, number>> = { A: {}, B: {} };
  let X = 0, Y = 0, Z = 0;
  let finished = false;

  const db = () => walk.server.database.db;
  const taskInfo = async (taskId: number) => {
    return db().selectFrom('marking_task as t').innerJoin('marking_paper as p', 'p.id', 't.paper_id')
      .select(['t.paper_id as paperId', 't.round', 'p.exam_student_id as es']).where('t.id', '=', taskId).executeTakeFirstOrThrow();
  };
  const count = (block: 'A' | 'B', who: string) => { done[block]![who] = (done[block]![who] ?? 0) + 1; };

  beforeAll(async () => {
    walk = await startMarkingWalk('markflow', { demos: false });
    const t = walk.server;
    exam = await createMarkingExam(t, { name: '阅卷流程测试', fullScore: 20, questions: [
      { no: '1', type: 'single', fullScore: 4, answer: 'B' }, { no: '2', type: 'subjective', fullScore: 10, step: 1 }, { no: '3', type: 'subjective', fullScore: 6, step: 0.5 }] });
    const sheets = exam.students.slice(0, SHEETS);
    sheets.forEach((es, i) => sheetOf.set(es, i));
    await storeScannedSheets(t, walk.dataDir, exam, sheets, ['2', '3']);
    // The objective reading of the sheets and the 缺考 of the others, written as scanning writes them.
    await withScoreWrites(db(), exam.examId, (tx) => replaceRecognisedAnswers(tx, exam.subjectId, exam.students.map((es) => {
      const i = sheetOf.get(es);
      return i === undefined ? { examStudentId: es, absent: true, answers: [] } : { examStudentId: es, absent: false, answers: [{ questionId: exam.qid['1']!, choice: CHOICES[i]! }] };
    })));
    for (const u of ['admin', 'teacher1', 't001', 't002', 't003', 'lesson1']) {
      tok[u] = await t.tokenFor(u);
      names[u] = (await db().selectFrom('app_user').select('user_name').where('login_id', '=', u).executeTakeFirstOrThrow()).user_name;
    }
    const groups = await t.call({ url: `/api/v1/task_allocation/find_group_list?examSubjectId=${exam.subjectId}`, token: tok.admin });
    const users = (await t.call({ url: `/api/v1/answer/userList?examSubjectId=${exam.subjectId}`, token: tok.admin })).body.data as { userId: number; loginId: string }[];
    const uid = (l: string) => ({ userId: users.find((u) => u.loginId === l)!.userId });
    [blockA, blockB] = groups.body.data.map((b: { blockId: number }) => b.blockId);
    const saved = await t.call({ method: 'POST', url: '/api/v1/task_allocation/save_task_allocation', token: tok.admin, payload: { examSubjectId: exam.subjectId, blocks: [
      { blockId: blockA, name: '第2题', questionIds: [exam.qid['2']], ratingMode: 5, tolerance: 2, allocation: 'free', leaderUserId: uid('t003').userId, markers: ['teacher1', 't001', 't002'].map(uid) },
      { blockId: blockB, name: '第3题', questionIds: [exam.qid['3']], ratingMode: 1, tolerance: 0.5, allocation: 'free', leaderUserId: null, markers: ['teacher1', 't002'].map(uid) },
    ] } });
    expect(saved.body.code, saved.body.msg).toBe(200);
  });
  afterAll(async () => { await walk?.close(); });

  /** The task id of the paper on screen, once its image shows. */
  const shownTask = async (page: Page) => {
    await page.getByTestId('paper-image').waitFor();
    return Number(await page.getByTestId('mark-work').getAttribute('data-task-id'));
  };
  /** Waits until the page shows a paper other than `taskId`, or says there is none left. */
  const movedOn = (page: Page, taskId: number) => page.waitForFunction((id) => {
    const v = document.querySelector('[data-testid="mark-work"]')?.getAttribute('data-task-id');
    if (v && Number(v) !== id && document.querySelector('[data-testid="paper-image"]')) return true;
    return !v && document.body.innerText.includes('当前没有可阅的试卷');
  }, taskId);
  /** Types a score as a marker does (digits, Enter submits) and answers the api's reply to the submit. */
  const markShown = async (page: Page, score: number) => {
    const taskId = await shownTask(page);
    const info = await taskInfo(taskId);
    const answered = page.waitForResponse((r) => r.url().includes('/api/v1/marking/submit'));
    for (const ch of String(score)) await page.keyboard.press(ch);
    await page.keyboard.press('Enter');
    const res = await answered;
    const body = JSON.parse(res.request().postData() ?? '{}') as { taskId: number; scores: number[] };
    expect(body).toMatchObject({ taskId, scores: [score] });
    const json = (await res.json()) as { code: number; msg: string; data: { state: string } };
    expect(json.code, json.msg).toBe(200);
    await movedOn(page, taskId);
    return { ...info, state: json.data.state };
  };
  /**
   * The leader opens a queue row's paper (clicked again when the list reloaded under the click, until the panel's
   * title shows) and gives it `score` by keyboard; answers the api's reply to `route`.
   */
  const leaderGives = async (page: Page, row: Locator, button: string, title: string, score: number, route: string) => {
    await expect.poll(async () => {
      await row.getByRole('button', { name: button }).click({ timeout: 5_000 }).catch(() => undefined);
      return page.getByText(title, { exact: true }).isVisible();
    }, { timeout: 60_000 }).toBe(true);
    await page.getByTestId('paper-image').waitFor();
    const answered = page.waitForResponse((r) => r.url().includes(`/api/v1/marking/${route}`));
    for (const ch of String(score)) await page.keyboard.press(ch);
    await page.keyboard.press('Enter');
    return answered;
  };
  /** Opens a block from 阅卷任务 (the row of this exam) with 开始阅卷. */
  const openBlock = async (page: Page, blockName: string, role: '阅卷老师' | '题组长') => {
    await page.goto(`${walk.server.url}/#/examMarking/markingTasks`);
    const row = page.locator('[data-testid="marking-task-table"] .ant-table-row', { hasText: '阅卷流程测试' }).filter({ hasText: blockName });
    await row.getByText(role, { exact: true }).waitFor();
    await row.getByRole('button', { name: '开始阅卷' }).click();
    await page.getByTestId('mark-title').filter({ hasText: blockName }).waitFor();
  };
  /** Marks in the browser until every paper of `want` has this marker's mark; other papers get their FILLER score. */
  const markUntil = async (page: Page, who: string, want: Map<number, number>) => {
    const states = new Map<number, string>();
    for (let n = 0; want.size > states.size; n++) {
      expect(n, `${who} reached the walk's papers`).toBeLessThan(SHEETS);
      const info = await taskInfo(await shownTask(page));
      const score = want.get(info.paperId) ?? FILLER[sheetOf.get(info.es)!]!;
      const r = await markShown(page, score);
      count('A', who);
      if (want.has(r.paperId)) states.set(r.paperId, r.state);
      else expected.set(r.paperId, score);
    }
    return states;
  };
  const api = async <T,>(who: string, method: 'GET' | 'POST', url: string, payload?: object) => {
    const r = await walk.server.call<T>({ method, url: `/api/v1/${url}`, token: tok[who], payload });
    expect(r.body.code, r.body.msg).toBe(200);
    return r.body.data;
  };
  /** One mark through the api (the marking page's calls): false when the marker has nothing left. */
  const markViaApi = async (who: string, block: 'A' | 'B', score: (es: number) => number) => {
    const p = await api<{ taskId: number } | null>(who, 'POST', 'marking/next', { blockId: block === 'A' ? blockA : blockB });
    if (!p) return false;
    const info = await taskInfo(p.taskId);
    const v = score(info.es);
    await api(who, 'POST', 'marking/submit', { taskId: p.taskId, scores: [v], requestId: `api-${p.taskId}` });
    count(block, who);
    expected.set(info.paperId, v);
    return true;
  };
  const finishViaApi = async (block: 'A' | 'B', markers: string[], score: (es: number) => number) => {
    for (let round = 0; round < 4 * SHEETS; round++) {
      let any = false;
      for (const who of markers) any = (await markViaApi(who, block, score)) || any;
      if (!any) return;
    }
    throw new Error('marking did not finish');
  };

  it('two markers disagree beyond the tolerance: a third marker, then the 题组长 arbitrates; a 问题卷 is scored', async () => {
    // teacher1: X = 9, Y = 10, then Z as 问题卷 (Q, 2 = 图像不清, Enter)
    const t1 = await walk.pageAs('teacher1');
    const crashes1 = watchForCrashes(t1);
    await openBlock(t1, '第2题', '阅卷老师');
    X = (await markShown(t1, 9)).paperId;
    Y = (await markShown(t1, 10)).paperId;
    count('A', 'teacher1'); count('A', 'teacher1');
    const zTask = await shownTask(t1);
    Z = (await taskInfo(zTask)).paperId;
    const reported = t1.waitForResponse((r) => r.url().includes('/api/v1/marking/problem'));
    await t1.keyboard.press('q');
    await t1.getByRole('dialog', { name: '问题卷' }).waitFor();
    await t1.keyboard.press('2');
    await t1.keyboard.press('Enter');
    expect(((await (await reported).json()) as { code: number }).code).toBe(200);
    await movedOn(t1, zTask);
    expect(new Set([X, Y, Z]).size).toBe(3);
    expect(crashes1()).toEqual([]);
    await t1.context().close();

    // t001 on another machine: X = 3 and Y = 2 → both beyond the tolerance of 2 → third marks
    const t2 = await walk.pageAs('t001');
    const crashes2 = watchForCrashes(t2);
    await openBlock(t2, '第2题', '阅卷老师');
    const second = await markUntil(t2, 't001', new Map([[X, 3], [Y, 2]]));
    expect(Object.fromEntries(second)).toEqual({ [X]: 'third', [Y]: 'third' });
    expect(crashes2()).toEqual([]);
    await t2.context().close();

    // t002: the third marks come first — X appears at once (round 3); X = 4 → final 4; Y = 6 → arbitration
    const t3 = await walk.pageAs('t002');
    const crashes3 = watchForCrashes(t3);
    await openBlock(t3, '第2题', '阅卷老师');
    const first = await taskInfo(await shownTask(t3));
    expect([first.round, [X, Y].includes(first.paperId)]).toEqual([3, true]);
    const third = await markUntil(t3, 't002', new Map([[X, 4], [Y, 6]]));
    expect(Object.fromEntries(third)).toEqual({ [X]: 'final', [Y]: 'arbitration' });
    expected.set(X, 4);
    expect(crashes3()).toEqual([]);
    await t3.context().close();

    // the 题组长 t003: Y in 仲裁 with the three marks, arbitrated 7; Z in 问题卷, given 5
    const lead = await walk.pageAs('t003');
    const crashesL = watchForCrashes(lead);
    await openBlock(lead, '第2题', '题组长');
    // t003 leads the block without marking it: the page opens on the 问题卷 queue, with no 正评 / 回评 to refuse him
    await lead.getByTestId('problem-list').waitFor();
    expect(await lead.getByTestId('mark-modes').innerText()).not.toMatch(/正评|回评/);
    expect(await lead.getByTestId('mark-detail').innerText()).not.toContain('无权限');
    await lead.getByTestId('mark-modes').getByText('仲裁', { exact: true }).click();
    const arbRow = lead.getByTestId('arbitration-list').locator('.ant-table-row').filter({ has: lead.getByRole('cell', { name: String(Y), exact: true }) });
    for (const tag of [`${names.teacher1}：10`, `${names.t001}：2`, `${names.t002}：6`]) await arbRow.getByText(tag, { exact: true }).waitFor();
    expect(await lead.getByTestId('arbitration-list').locator('.ant-table-row').count()).toBe(1);
    const arbitrated = await leaderGives(lead, arbRow, '仲裁', '仲裁给分', 7, 'arbitrate');
    expect(((await arbitrated.json()) as { data: unknown }).data).toEqual({ total: 7, state: 'final' });
    await lead.getByText('仲裁完成，最终得分 7').waitFor();
    await lead.getByTestId('arbitration-list').getByText('暂无待仲裁试卷').waitFor();
    expected.set(Y, 7);

    await lead.getByTestId('mark-modes').getByText('问题卷', { exact: true }).click();
    const problemRow = lead.getByTestId('problem-list').locator('.ant-table-row').filter({ hasText: '图像不清' });
    await problemRow.getByRole('cell', { name: names.teacher1, exact: true }).waitFor();
    const resolved = await leaderGives(lead, problemRow, '给分', '问题卷给分', 5, 'resolveProblem');
    const resolvedBody = JSON.parse(resolved.request().postData() ?? '{}') as { paperId: number; scores: number[] };
    expect(resolvedBody).toMatchObject({ paperId: Z, scores: [5] });
    await lead.getByText('问题卷已给分').waitFor();
    await lead.getByTestId('problem-list').getByText('暂无问题卷').waitFor();
    expected.set(Z, 5);
    expect(crashesL()).toEqual([]);
    await lead.context().close();

    const stored = await db().selectFrom('marking_paper').select(['id', 'status', 'final_total', 'final_via']).where('id', 'in', [X, Y, Z]).execute();
    expect(Object.fromEntries(stored.map((p) => [p.id, [p.status, Number(p.final_total), p.final_via]])))
      .toEqual({ [X]: ['final', 4, 'third'], [Y]: ['final', 7, 'arbitration'], [Z]: ['final', 5, 'arbitration'] });
  }, 400_000);

  it('the rest of 第2题 through the api; the 题组长 checks a paper, overrides it, and 改分记录 shows who, old, new and why', async () => {
    await finishViaApi('A', ['teacher1', 't001', 't002'], (es) => FILLER[sheetOf.get(es)!]!);
    const papersA = await db().selectFrom('marking_paper').select(['id', 'status', 'final_total']).where('block_id', '=', blockA).execute();
    expect(papersA).toHaveLength(SHEETS);
    for (const p of papersA) expect([p.id, p.status, Number(p.final_total)]).toEqual([p.id, 'final', expected.get(p.id)]);

    const lead = await walk.pageAs('t003');
    const crashes = watchForCrashes(lead);
    await openBlock(lead, '第2题', '题组长');
    await lead.getByTestId('mark-modes').getByText('抽查', { exact: true }).click();
    const picked = lead.waitForResponse((r) => r.url().includes('/api/v1/marking/check/next'));
    await lead.getByRole('button', { name: '抽查下一份' }).click();
    const check = ((await (await picked).json()) as { data: { paperId: number; given: { total: number } } }).data;
    const old = expected.get(check.paperId)!;
    expect(check.given.total).toBe(old);
    await lead.getByText(`原评分：${old}（${old}）`).waitFor();
    const changed = old === 10 ? 9 : old + 1;
    await lead.getByLabel('改分原因').fill(REASON);
    await lead.getByRole('button', { name: '撤销' }).click();
    await lead.getByTestId('panel-total').filter({ hasText: /^0$/ }).waitFor();
    for (const ch of String(changed)) await lead.keyboard.press(ch);
    await lead.getByTestId('panel-total').filter({ hasText: new RegExp(`^${changed}$`) }).waitFor();
    const overridden = lead.waitForResponse((r) => r.url().includes('/api/v1/marking/override'));
    await lead.getByRole('button', { name: '保存' }).click();
    const ov = await overridden;
    expect(JSON.parse(ov.request().postData() ?? '{}')).toMatchObject({ paperId: check.paperId, scores: [changed], reason: REASON });
    expect(((await ov.json()) as { data: unknown }).data).toEqual({ total: changed, state: 'final' });
    await lead.getByText('抽查改分已保存').waitFor();
    expected.set(check.paperId, changed);

    await lead.getByTestId('mark-modes').getByText('改分记录', { exact: true }).click();
    const audit = lead.getByTestId('audit-list');
    const overrideRow = audit.locator('.ant-table-row').filter({ hasText: '抽查改分' });
    await overrideRow.waitFor();
    const cells = (await overrideRow.locator('td').allInnerTexts()).map((x) => x.trim());
    // 试卷, 操作人, 时间, 类型, 原分, 新分, 原因
    expect([cells[0], cells[1], cells[3], cells[4], cells[5], cells[6]]).toEqual([String(check.paperId), names.t003, '抽查改分', `${old}（${old}）`, `${changed}（${changed}）`, REASON]);
    const arbRow = audit.locator('.ant-table-row').filter({ hasText: '仲裁' }).filter({ has: lead.getByRole('cell', { name: String(Y), exact: true }) });
    expect((await arbRow.locator('td').allInnerTexts()).map((x) => x.trim())[5]).toBe('7（7）');
    const problemScore = audit.locator('.ant-table-row').filter({ hasText: '问题卷给分' });
    expect((await problemScore.locator('td').allInnerTexts()).map((x) => x.trim())[5]).toBe('5（5）');
    expect(crashes()).toEqual([]);
    await lead.context().close();
  }, 300_000);

  it('阅卷监控 shows the papers, marks and each marker\'s done and remaining the walk produced', async () => {
    // 第3题: teacher1 marks two papers and t002 one (single marking): 3 of 6 final, 3 left to each of them
    await markViaApi('teacher1', 'B', (es) => Q3[sheetOf.get(es)!]!);
    await markViaApi('teacher1', 'B', (es) => Q3[sheetOf.get(es)!]!);
    await markViaApi('t002', 'B', (es) => Q3[sheetOf.get(es)!]!);
    const page = await walk.pageAs('lesson1');
    const crashes = watchForCrashes(page);
    // 第2题: 6 papers, all final; marks given = 2 per paper, + 2 third marks, − the 2 never given on Z (the
    // 题组长 scored it) = 6 × 2 + 2 − 2 = 12, and no mark is still needed (12 / 12).
    const marksA = Object.values(done.A!).reduce((a, b) => a + b, 0);
    expect(marksA).toBe(12);
    // 题块, 试卷, 已完成, 已阅 / 评分任务, 问题卷, 待仲裁; the 进度 bar: final ÷ papers (6 / 6 = 100 %, 3 / 6 = 50 %)
    const wantSubject = [
      ['第2题', String(SHEETS), String(SHEETS), `${marksA} / ${marksA}`, '0', '0'],
      ['第3题', String(SHEETS), '3', '3 / 6', '0', '0'],
    ];
    await page.goto(`${walk.server.url}/#/examMarking/examMonitor?examId=${exam.examId}&blockId=${blockA}`);
    const subject = page.getByTestId(`monitor-subject-${exam.subjectId}`);
    // (columns 4–7: 正在阅, 待领取, 进度, 预计还需)
    await expect.poll(async () => (await readAntTable(page, `monitor-subject-${exam.subjectId}`)).rows.map((r) => [...r.slice(0, 4), ...r.slice(8, 10)]), { timeout: 60_000 })
      .toEqual(wantSubject);
    expect(await subject.locator('.ant-table-row [role="progressbar"]').evaluateAll((bars) => bars.map((b) => b.getAttribute('aria-valuenow')))).toEqual(['100', '50']);
    // per marker of 第2题 (自由领取: 任务量 = 已阅 + 正在阅), 已阅 as counted above, nothing left, nothing held
    const markerRows = (block: 'A' | 'B') => Object.entries(done[block]!).map(([who, n]) => [names[who]!, String(n), String(n), '0', '0']).sort();
    const readMarkers = async () => (await readAntTable(page, 'monitor-markers')).rows.map((r) => r.slice(0, 5)).sort();
    await expect.poll(readMarkers, { timeout: 60_000 }).toEqual(markerRows('A'));
    // 第3题: teacher1 2 done, t002 1; the 3 unmarked papers are 待领取 (open to both): 2 + 1 + 3 = 6 marks
    await page.goto(`${walk.server.url}/#/examMonitor/detail/progress?examId=${exam.examId}&blockId=${blockB}`);
    const progress = page.getByTestId('monitor-detail-progress');
    await progress.getByText(`试卷 ${SHEETS} 份，已完成 3 份`).waitFor();
    expect(done.B).toEqual({ teacher1: 2, t002: 1 });
    const readProgress = async () => (await progress.locator('.ant-table-row').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c as HTMLElement).innerText.trim()))))
      .map((r) => r.slice(0, 4)).sort();
    await expect.poll(readProgress, { timeout: 60_000 }).toEqual([...markerRows('B').map((r) => r.slice(0, 4)), ['待领取', '3', '0', '3']].sort());
    expect(crashes()).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('the subject finished, the exam released in the browser: the 成绩单 totals are objective + marked scores', async () => {
    await finishViaApi('B', ['teacher1', 't002'], (es) => Q3[sheetOf.get(es)!]!);
    const written = await db().selectFrom('marking_paper').select(['written']).where('block_id', 'in', [blockA, blockB]).execute();
    expect(written.map((w) => w.written)).toEqual(Array(2 * SHEETS).fill(true));

    const page = await walk.pageAs('admin');
    const crashes = watchForCrashes(page);
    await page.goto(`${walk.server.url}/#/examDetailsEdit/scoreUpload?examId=${exam.examId}`);
    await page.getByRole('button', { name: '开始发布' }).click();
    await page.getByRole('dialog').filter({ hasText: '确认开始发布吗' }).getByRole('button', { name: '确定' }).click();
    for (const step of [1, 2, 3, 4]) await page.locator(`[data-testid="publish-step-${step}"][data-status="finish"]`).waitFor({ timeout: 120_000 });
    await page.getByTestId('publish-message').getByText(/完成/).waitFor();
    finished = true;

    await page.goto(`${walk.server.url}/#/analysisReportList/reportDetails/scrolReport?examId=${exam.examId}`);
    await page.getByRole('heading', { level: 1, name: '成绩单' }).waitFor();
    const table = page.getByTestId('report-table-transcript');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const sizer = page.locator('.ant-pagination-options .ant-select').first();
    if (await sizer.count()) await chooseOption(page, sizer, '200 条/页');
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(exam.students.length);
    const { header, rows } = await readAntTable(page, 'report-table-transcript');
    const col = (test: (h: string[]) => boolean) => header.findIndex(test);
    const noCol = col((h) => h.join() === '考号');
    const mathCol = col((h) => h[0]!.startsWith('数学') && h.at(-1) === '成绩');
    expect([noCol, mathCol].every((c) => c >= 0), JSON.stringify(header)).toBe(true);
    const examNos = new Map((await db().selectFrom('exam_student').select(['id', 'exam_no']).where('exam_id', '=', exam.examId).execute()).map((r) => [r.id, r.exam_no]));
    const q2 = new Map<number, number>();
    const q3 = new Map<number, number>();
    for (const p of await db().selectFrom('marking_paper').select(['id', 'block_id', 'exam_student_id']).where('block_id', 'in', [blockA, blockB]).execute()) {
      (p.block_id === blockA ? q2 : q3).set(p.exam_student_id, expected.get(p.id)!);
    }
    for (const es of exam.students) {
      const row = rows.find((r) => r[noCol] === examNos.get(es))!;
      expect(row, `student ${examNos.get(es)}`).toBeTruthy();
      const i = sheetOf.get(es);
      if (i === undefined) { expect(row[mathCol]).toBe('缺考'); continue; }
      // by hand: 4 for the key B, else 0; plus the marked finals worked out above
      const total = (CHOICES[i] === 'B' ? 4 : 0) + q2.get(es)! + q3.get(es)!;
      expect(Number(row[mathCol]), `student ${examNos.get(es)}`).toBe(total);
    }
    expect(crashes()).toEqual([]);
    await page.context().close();
    expect(finished).toBe(true);
  }, 300_000);
});
