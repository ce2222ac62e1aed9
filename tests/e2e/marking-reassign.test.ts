import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BlockQuestion, MarkingTaskRow } from '@jz/shared/marking';
import { splitEvenly } from '@jz/shared/marking-progress';
import { watchForCrashes } from './helpers.js';
import { apiOf, startMarkingWalk, type MarkingWalk } from './marking-helpers.js';

/**
 * 回收未阅 in Chromium (docs/DOMAIN-RULES.md §4.1 "回收未阅"), on the marking demo: a single-marked block of the demo
 * subject (markers teacher1 and two 高一 数学 teachers, 题组长 lesson1; teacher1 marked 3 of it) is switched to
 * 平均分配 by the administrator, and teacher1 holds one more paper. The 题组长 lesson1 opens 阅卷进度, clicks 回收未阅
 * on teacher1's row, gives the unfinished share to the last marker in the dialog and confirms. Expected by hand from
 * the rule (docs/DOMAIN-RULES.md §4.1, 题块计数): N papers split in login order, ⌊N ÷ 3⌋ each and the first N mod 3
 * one more (the rows of markingList come in that order); teacher1 (done 3, share S1) keeps 3 (任务量 3, 剩余 0, 正在阅 0)
 * and its u = S1 − 3 go to the chosen marker (任务量 and 剩余 Sr → Sr + S1 − 3); the third marker keeps its share. The
 * shares add up to N before and after. teacher1 then gets no paper (当前没有可阅的试卷).
 */

interface Group { blockId: number; name: string; ratingMode: number; tolerance: number; allocation: string; leaseSeconds: number; leaderUserId: number | null; answerText: string; questions: BlockQuestion[] }
interface Row { userId: number; userName: string; assigned: number; done: number; remaining: number; held: number }

/** The on-screen figures of a marker's row of 阅卷进度: 任务量, 已阅, 剩余, 正在阅. */
async function shownFigures(page: Page, userName: string): Promise<number[]> {
  const row = page.getByTestId('monitor-progress-table').locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: userName, exact: true }) });
  const cells = await row.locator('td').allInnerTexts();
  return cells.slice(1, 5).map(Number);
}

describe('回收未阅 in Chromium', () => {
  let walk: MarkingWalk;

  beforeAll(async () => { walk = await startMarkingWalk('reassign'); });
  afterAll(async () => { await walk?.close(); });

  it('the 题组长 reclaims teacher1\'s unfinished papers through the dialog and the figures change as the rule says', async () => {
    const { server } = walk;
    const marker = await walk.pageAs('teacher1');
    const markerApi = apiOf(marker);
    const tasks = await markerApi<MarkingTaskRow[]>('GET', 'marking/tasks');
    const task = tasks.data.find((t) => t.canMark && t.ratingMode === 1 && t.done === 3);
    expect(task, 'the demo has single-marked blocks where teacher1 marked 3').toBeTruthy();
    const blockId = task!.blockId;

    // the administrator switches the block to 平均分配 (everything else as it is)
    const admin = await walk.pageAs('admin');
    const adminApi = apiOf(admin);
    const groups = (await adminApi<Group[]>('GET', `task_allocation/find_group_list?examSubjectId=${task!.examSubjectId}`)).data;
    const saved = await adminApi('POST', 'task_allocation/save_task_allocation', { examSubjectId: task!.examSubjectId, blocks: groups.map((g) => ({
      blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: g.ratingMode, tolerance: g.tolerance,
      allocation: g.blockId === blockId ? 'average' : g.allocation, leaseSeconds: g.leaseSeconds, leaderUserId: g.leaderUserId, answerText: g.answerText,
    })) });
    expect(saved.code, saved.msg).toBe(200);
    // teacher1 holds a paper (正在阅 1)
    const held = await markerApi<{ taskId: number } | null>('POST', 'marking/next', { blockId });
    expect(held.data, held.msg).toBeTruthy();

    // N: the block's papers, every scanned sheet made into one (marking/next made them)
    const db = server.database.db;
    const n = Number((await db.selectFrom('marking_paper').select((eb) => eb.fn.countAll().as('n')).where('block_id', '=', blockId).executeTakeFirstOrThrow()).n);

    const lead = await walk.pageAs('lesson1');
    const crashes = watchForCrashes(lead);
    const leadApi = apiOf(lead);
    const before = (await leadApi<Row[]>('GET', `monitor/markingList?blockId=${blockId}`)).data;
    expect(before.map((r) => r.userName)).toHaveLength(3);
    const split = splitEvenly(n, 3); // the rows are in login order
    const shareOf = (r: Row) => split[before.findIndex((x) => x.userId === r.userId)]!;
    const t1 = before.find((r) => r.done === 3)!;
    const [receiver, other] = before.filter((r) => r.userId !== t1.userId) as [Row, Row];
    const share = shareOf(t1);
    expect(share - 3, 'enough papers for an unfinished share').toBeGreaterThan(0);
    await lead.goto(`${server.url}/#/examMonitor/detail/progress?examId=${task!.examId}&blockId=${blockId}`);
    const table = lead.getByTestId('monitor-progress-table');
    await table.getByRole('cell', { name: t1.userName, exact: true }).waitFor();
    // before, on screen: 任务量, 已阅, 剩余, 正在阅
    expect(await shownFigures(lead, t1.userName)).toEqual([share, 3, share - 3, 1]);
    expect(await shownFigures(lead, receiver.userName)).toEqual([shareOf(receiver), 0, shareOf(receiver), 0]);
    expect(await shownFigures(lead, other.userName)).toEqual([shareOf(other), 0, shareOf(other), 0]);

    // the dialog: what is taken back, and to whom
    await table.locator('.ant-table-row').filter({ has: lead.getByRole('cell', { name: t1.userName, exact: true }) }).getByRole('button', { name: '回收未阅' }).click();
    const dialog = lead.getByRole('dialog', { name: `回收未阅：${t1.userName}` });
    await dialog.getByText(`收回该老师领取中的试卷（1 份）和未阅的任务量（剩余 ${share - 3} 份）`).waitFor();
    await dialog.getByRole('radio', { name: '分给所选老师' }).check();
    await dialog.getByRole('combobox', { name: '接收的阅卷老师' }).click();
    await lead.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').locator(`.ant-select-item-option[title="${receiver.userName}"]`).click();
    await lead.keyboard.press('Escape');
    await dialog.locator('.ant-select-selection-item', { hasText: receiver.userName }).waitFor();
    const answered = lead.waitForResponse((r) => r.url().includes('/api/v1/marking/reassign'));
    await dialog.getByRole('button', { name: '回收', exact: true }).click();
    const res = await answered;
    expect(JSON.parse(res.request().postData() ?? '{}')).toEqual({ blockId, userId: t1.userId, toUserIds: [receiver.userId] });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    await lead.getByText(`已回收${t1.userName}的未阅任务：领取中的试卷 1 份，未阅任务量 ${share - 3} 份`).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // after, on screen (the table reloads): teacher1 keeps its marks only, the receiver takes the share
    await expect.poll(() => shownFigures(lead, t1.userName), { timeout: 30_000 }).toEqual([3, 3, 0, 0]);
    expect(await shownFigures(lead, receiver.userName)).toEqual([shareOf(receiver) + share - 3, 0, shareOf(receiver) + share - 3, 0]);
    expect(await shownFigures(lead, other.userName)).toEqual([shareOf(other), 0, shareOf(other), 0]);
    // nothing left to take back from teacher1; the api says the same as the screen
    expect(await table.locator('.ant-table-row').filter({ has: lead.getByRole('cell', { name: t1.userName, exact: true }) }).getByRole('button', { name: '回收未阅' }).isDisabled()).toBe(true);
    const after = (await leadApi<Row[]>('GET', `monitor/markingList?blockId=${blockId}`)).data;
    for (const r of after) expect(await shownFigures(lead, r.userName), r.userName).toEqual([r.assigned, r.done, r.remaining, r.held]);
    // teacher1 takes no more papers
    expect(await markerApi('POST', 'marking/next', { blockId })).toMatchObject({ code: 200, data: null, msg: '当前没有可阅的试卷' });
    expect(crashes()).toEqual([]);
  }, 240_000);
});
