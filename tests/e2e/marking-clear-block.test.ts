import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '@jz/shared';
import { readAntTable, watchForCrashes } from './helpers.js';
import { apiOf, startMarkingWalk, type MarkingWalk } from './marking-helpers.js';

/**
 * 阅卷进度 (/examDetailsEdit/markPaperProcess) in Chromium: the school administrator clears the marking of one block
 * (清除 on its row, the login password; a wrong one is refused in the dialog), the way to change a question's full
 * score once its marking started (docs/DOMAIN-RULES.md §4.1 "A question changed under marking"). The block's papers and
 * marks are gone, the subject's other blocks keep theirs, and question_template/save then accepts the change.
 */
describe('阅卷进度: clearing one block in Chromium', () => {
  let walk: MarkingWalk;
  beforeAll(async () => { walk = await startMarkingWalk('clearblock'); });
  afterAll(async () => { await walk?.close(); });

  it('admin clears the started block of the scanning demo; the other blocks keep their papers', async () => {
    const page = await walk.pageAs('admin');
    const crashes = watchForCrashes(page);
    const api = apiOf(page);
    type Block = { blockId: number; blockName: string; papers: number; marksDone: number };
    const exams = await api<{ records: { id: number; subjects: { id: number }[] }[] }>('GET', 'exam_manage/find_exam_by_page?current=1&size=100');
    let found: { examId: number; examSubjectId: number; blocks: Block[] } | null = null;
    for (const e of exams.data.records) {
      const topics = await api<{ examSubjectId: number; blocks: Block[] }[]>('GET', `monitor/topicList?examId=${e.id}`);
      const t = topics.code === 200 ? topics.data.find((x) => x.blocks.length > 1 && x.blocks.some((b) => b.marksDone > 0)) : undefined;
      if (t) { found = { examId: e.id, examSubjectId: t.examSubjectId, blocks: t.blocks }; break; }
    }
    expect(found, 'the marking demo has a subject of several blocks, one of them started').toBeTruthy();
    const { examId, examSubjectId, blocks } = found!;
    const started = blocks.find((b) => b.marksDone > 0)!;

    await page.goto(`${walk.server.url}/#/examDetailsEdit/markPaperProcess?examId=${examId}&examSubjectId=${examSubjectId}`);
    const table = page.getByTestId('mark-progress-table');
    const row = table.locator('.ant-table-row').filter({ has: page.getByRole('cell', { name: started.blockName, exact: true }) });
    await row.waitFor();
    expect((await row.locator('td').nth(1).innerText()).trim()).toBe(String(started.papers));
    await row.getByRole('button', { name: '清除' }).click();
    const dialog = page.getByRole('dialog', { name: `清除题块“${started.blockName}”的阅卷数据` });
    await expect.poll(() => dialog.innerText()).toContain('将删除该题块的全部评分');
    await dialog.getByLabel('登录密码').fill('not-the-password');
    await dialog.getByRole('button', { name: '确认清除' }).click();
    await expect.poll(() => dialog.getByRole('alert').last().innerText()).toBe('密码错误');
    await dialog.getByLabel('登录密码').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: '确认清除' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // the block's row: no papers, no marks; every other block as before
    const want = blocks.map((b) => [b.blockName, b.blockId === started.blockId ? '0' : String(b.papers)]);
    await expect.poll(async () => (await readAntTable(page, 'mark-progress-table')).rows.map((r) => r.slice(0, 2)), { timeout: 60_000 }).toEqual(want);
    const progress = await api<Block[]>('GET', `progress/find_progress?examSubjectId=${examSubjectId}`);
    expect(progress.data.find((b) => b.blockId === started.blockId)).toMatchObject({ papers: 0, marksDone: 0 });
    const audit = await api<{ kind: string; reason: string }[]>('GET', `marking/audit?blockId=${started.blockId}`);
    expect(audit.data.filter((a) => a.kind === 'clear').map((a) => a.reason)).toEqual([`清除题块“${started.blockName}”的阅卷数据`]);
    expect(crashes()).toEqual([]);
  }, 300_000);
});
