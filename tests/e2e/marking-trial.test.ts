import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { BlockQuestion, MarkingTaskRow } from '@jz/shared/marking';
import { loginAs, newPage, watchForCrashes } from './helpers.js';
import { apiOf, startMarkingWalk, type MarkingWalk } from './marking-helpers.js';

/**
 * 试评 in Chromium (docs/DOMAIN-RULES.md §4.1 "个人一致性 and 试评"): the school administrator turns on one trial
 * paper for a demo block teacher1 marks and scores it as the reference (through the api, as the page does);
 * teacher1 opens the block and sees the paper marked 试评, scores it with the keyboard and is told
 * 试评已完成，等待题组长审核; the administrator opens the block's 试评 mode, sees teacher1 待审核 and clicks 通过; teacher1
 * then gets a formal paper (no 试评). 阅卷质量 has the 个人一致性 column.
 */

interface Group { blockId: number; name: string; ratingMode: number; tolerance: number; allocation: string; leaseSeconds: number; leaderUserId: number | null; answerText: string; questions: BlockQuestion[] }

describe('试评 walk in Chromium', () => {
  let walk: MarkingWalk;
  let server: MarkingWalk['server'];
  let browser: Browser;

  beforeAll(async () => {
    walk = await startMarkingWalk('trial');
    ({ server, browser } = walk);
  });
  afterAll(async () => { await walk?.close(); });

  it('teacher1 marks the trial paper, waits, and marks formally after the administrator passes them', async () => {
    const marker = await newPage(browser);
    const crashes = watchForCrashes(marker);
    await loginAs(marker, server.url, 'teacher1');
    const tasks = await apiOf(marker)<MarkingTaskRow[]>('GET', 'marking/tasks');
    const task = tasks.data.find((t) => t.canMark && t.role === 'marker' && (t.fixed ? t.remaining : t.unclaimed) >= 3);
    expect(task, 'the demo gives teacher1 a block with papers left').toBeTruthy();
    const blockId = task!.blockId;

    const lead = await newPage(browser);
    await loginAs(lead, server.url, 'admin');
    const api = apiOf(lead);
    const groups = (await api<Group[]>('GET', `task_allocation/find_group_list?examSubjectId=${task!.examSubjectId}`)).data;
    const saved = await api('POST', 'task_allocation/save_task_allocation', { examSubjectId: task!.examSubjectId, blocks: groups.map((g) => ({
      blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: g.ratingMode, tolerance: g.tolerance, allocation: g.allocation,
      leaseSeconds: g.leaseSeconds, leaderUserId: g.leaderUserId, answerText: g.answerText, ...(g.blockId === blockId ? { trialCount: 1 } : {}),
    })) });
    expect(saved.code, saved.msg).toBe(200);
    const block = groups.find((g) => g.blockId === blockId)!;
    const items = block.questions.flatMap((q) => (q.points.length ? q.points.map(() => 0) : [0]));
    const paper = await api<{ paperId: number }>('POST', 'marking/trial/next', { blockId });
    expect(paper.code, paper.msg).toBe(200);
    const set = await api('POST', 'marking/trial/set', { blockId, paperId: paper.data.paperId, scores: items.map(() => 0) });
    expect(set.code, set.msg).toBe(200);

    await marker.goto(`${server.url}/#/markDetail?blockId=${blockId}`);
    await marker.getByTestId('mark-trial').waitFor();
    await marker.getByTestId('paper-image').waitFor();
    const answered = marker.waitForResponse((r) => r.url().includes('/api/v1/marking/submit'));
    for (let i = 0; i < items.length; i++) { await marker.keyboard.press('0'); await marker.keyboard.press('Enter'); }
    expect((await (await answered).json()).code).toBe(200);
    await marker.getByText('试评已完成，等待题组长审核').waitFor();

    await lead.goto(`${server.url}/#/markDetail?blockId=${blockId}`);
    await lead.getByTestId('mark-modes').getByText('试评', { exact: true }).click();
    const panel = lead.getByTestId('trial-panel');
    const row = panel.locator('.ant-table-row').filter({ hasText: '待审核' });
    await row.waitFor();
    await row.getByRole('button', { name: '通过' }).click();
    await panel.locator('.ant-table-row').filter({ hasText: '已通过' }).waitFor();
    // 改分记录 keeps the 通过 (who, the round before and after, why)
    await lead.getByTestId('mark-modes').getByText('改分记录', { exact: true }).click();
    const passRow = lead.getByTestId('audit-list').locator('.ant-table-row').filter({ hasText: '试评通过' });
    await passRow.getByText(/第 1 轮 已通过，误差内 1\/1 份/).waitFor();
    await passRow.getByText('第 1 轮试评误差内 1/1 份，通过', { exact: false }).waitFor();

    await marker.reload();
    await marker.getByTestId('mark-work').waitFor();
    expect(await marker.getByTestId('mark-trial').count()).toBe(0);

    await lead.goto(`${server.url}/#/examMonitor/detail/quality?examId=${task!.examId}&blockId=${blockId}`);
    await lead.getByTestId('monitor-detail-quality').getByRole('columnheader', { name: '个人一致性' }).waitFor();
    expect(crashes()).toEqual([]);
  }, 240_000);

  /**
   * 个人一致性 with N = 1 on a single-marked block where teacher1 has marks: re-checks come blind, between pool papers.
   * After each submit in the page, 已阅 must equal the server's count (marking/block done), and by the rule it grew
   * by one exactly when the paper submitted was a real task (a marking_task row), not a re-check (marking_check).
   */
  it('已阅 on the marking page follows the server: a blind re-check adds nothing', async () => {
    const marker = await newPage(browser);
    const crashes = watchForCrashes(marker);
    await loginAs(marker, server.url, 'teacher1');
    const api = apiOf(marker);
    const trialBlocks = (await server.database.db.selectFrom('marking_block').select('id').where('trial_count', '>', 0).execute()).map((b) => b.id);
    const task = (await api<MarkingTaskRow[]>('GET', 'marking/tasks')).data
      .find((t) => t.canMark && t.ratingMode === 1 && t.done > 0 && (t.fixed ? t.remaining : t.unclaimed) >= 3 && !trialBlocks.includes(t.blockId));
    expect(task, 'a single-marked demo block teacher1 marked some of').toBeTruthy();
    const blockId = task!.blockId;
    const lead = await newPage(browser);
    await loginAs(lead, server.url, 'admin');
    const groups = (await apiOf(lead)<Group[]>('GET', `task_allocation/find_group_list?examSubjectId=${task!.examSubjectId}`)).data;
    const saved = await apiOf(lead)('POST', 'task_allocation/save_task_allocation', { examSubjectId: task!.examSubjectId, blocks: groups.map((g) => ({
      blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: g.ratingMode, tolerance: g.tolerance, allocation: g.allocation,
      leaseSeconds: g.leaseSeconds, leaderUserId: g.leaderUserId, answerText: g.answerText, ...(g.blockId === blockId ? { recheckInterval: 1 } : {}),
    })) });
    expect(saved.code, saved.msg).toBe(200);
    const block = groups.find((g) => g.blockId === blockId)!;
    const items = block.questions.flatMap((q) => (q.points.length ? q.points.map(() => 0) : [0]));
    const serverDone = async () => (await api<{ done: number }>('GET', `marking/block?blockId=${blockId}`)).data.done;
    const shownDone = async () => Number(await marker.getByTestId('mark-progress').locator('b').innerText());
    const isCheck = async (id: number) => !!(await server.database.db.selectFrom('marking_check').select('id').where('id', '=', id).executeTakeFirst());

    await marker.goto(`${server.url}/#/markDetail?blockId=${blockId}`);
    await marker.getByTestId('paper-image').waitFor();
    let counter = task!.done;
    expect(await shownDone()).toBe(counter);
    let rechecks = 0;
    for (let k = 0; k < 5; k++) {
      const shown = Number(await marker.getByTestId('mark-work').getAttribute('data-task-id'));
      const answered = marker.waitForResponse((r) => r.url().includes('/api/v1/marking/submit'));
      for (let i = 0; i < items.length; i++) { await marker.keyboard.press('0'); await marker.keyboard.press('Enter'); }
      const res = await answered;
      expect((await res.json()).code).toBe(200);
      const recheck = await isCheck(shown);
      if (recheck) rechecks++; else counter++;
      // the page moves on to another paper; 已阅 is then the hand count and the server's
      await marker.waitForFunction((id) => {
        const v = document.querySelector('[data-testid="mark-work"]')?.getAttribute('data-task-id');
        return !!v && Number(v) !== id && !!document.querySelector('[data-testid="paper-image"]');
      }, shown);
      expect(await shownDone(), `submit ${k + 1} (${recheck ? 're-check' : 'task'})`).toBe(counter);
      expect(await serverDone()).toBe(counter);
    }
    // N = 1 with marks already given: the re-checks of those marks are due at once (at least one in five papers)
    expect(rechecks).toBeGreaterThan(0);
    expect(crashes()).toEqual([]);
  }, 240_000);
});
