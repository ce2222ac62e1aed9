import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { makeJointReportExam } from '../helpers/joint-report.js';
import { startServer } from '../helpers/server.js';
import { loginAs, newPage, readAntTable, watchForCrashes } from './helpers.js';

/**
 * The student lists of a joint report in Chromium (tests/helpers/joint-report.ts: 示例中学's first 高一 class and
 * both of 第二示范中学's, organised by bureauA): the organiser's 成绩单 has a 学校 column after 姓名 whose every row
 * names the school the database holds for that 考号 (exam_student.school_id, read here), both schools appear; the
 * participant 示例中学's 成绩单 names only itself as 学校, lists only its own 考号, and no name of the other school's
 * candidates is anywhere on its page. Ranks (docs/DECISIONS.md "Joint ranks"): the screen calls the joint rank
 * 联考排名 and shows 校内排名 beside it, as the Excel and the slips do. 总分 by hand from JOINT_SCORES (数学 + 语文 of
 * the first three candidates of each school by 考号): 示例中学 180, 150, 130; 第二示范中学 170, 100, 50; so
 * 联考排名 1, 3, 4 and 2, 5, 6, 校内排名 1, 2, 3 in each school.
 */
describe('joint report student lists in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  /** 考号 → [school name, student name] */
  const byNo = new Map<string, [string, string]>();
  /** 考号 → [总分, 校内排名, 联考排名] of the six candidates who sat (by hand, above) */
  const ranks = new Map<string, string[]>();

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-joint-students-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const made = await makeJointReportExam(server);
    const db = server.database.db;
    // the organiser signs in with the demo password (its account was made with the initial one)
    const hash = (await db.selectFrom('app_user').select('password_hash').where('login_id', '=', 'admin').executeTakeFirstOrThrow()).password_hash;
    await db.updateTable('app_user').set({ password_hash: hash }).where('login_id', '=', 'bureauA').execute();
    const rows = await db.selectFrom('exam_student as es').innerJoin('school as s', 's.id', 'es.school_id').innerJoin('student as st', 'st.id', 'es.student_id')
      .select(['es.exam_no', 's.name as school', 'st.name']).where('es.exam_id', '=', made.examId).execute();
    for (const r of rows) byNo.set(r.exam_no, [r.school, r.name]);
    const byHand: Record<string, string[][]> = { 示例中学: [['180', '1', '1'], ['150', '2', '3'], ['130', '3', '4']], 第二示范中学: [['170', '1', '2'], ['100', '2', '5'], ['50', '3', '6']] };
    for (const [school, list] of Object.entries(byHand)) {
      const nos = [...byNo].filter(([, [sc]]) => sc === school).map(([no]) => no).sort();
      list.forEach((v, i) => ranks.set(nos[i]!, v));
    }
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** 联考列表 → 查看报告 → 成绩单, every row on one page; the table read back. */
  async function transcript(page: Page) {
    await page.goto(`${server.url}/#/jointExamination/list`);
    await page.locator('tr', { hasText: '高一联考报告测试' }).getByRole('button', { name: '查看报告' }).click();
    await page.waitForURL(/schoolReportDetails\/dataScreening/);
    await page.getByRole('menuitem', { name: '成绩单' }).click();
    await page.getByTestId('report-table-transcript').locator('tbody tr.ant-table-row').first().waitFor();
    const t = await readAntTable(page, 'report-table-transcript');
    const col = (name: string) => t.header.findIndex((h) => h[0] === name);
    const total = (f: string) => t.header.findIndex((h) => h[0]!.startsWith('总分') && h[1] === f);
    // 总分 成绩 / 校内排名 / 联考排名 of every candidate who sat
    const shown = new Map(t.rows.filter((r) => ranks.has(r[col('考号')]!)).map((r) => [r[col('考号')]!, ['成绩', '校内排名', '联考排名'].map((f) => r[total(f)])]));
    return { ...t, col, shown };
  }

  it('the organiser\'s 成绩单 names each student\'s school; a school\'s names only its own students', async () => {
    const org = await newPage(browser);
    const crashes = watchForCrashes(org);
    await loginAs(org, server.url, 'bureauA');
    const t = await transcript(org);
    const [name, school, no] = [t.col('姓名'), t.col('学校'), t.col('考号')];
    expect(school, JSON.stringify(t.header)).toBe(name + 1);
    expect(no).toBeGreaterThanOrEqual(0);
    expect(t.header.map((h) => h.join('/'))).not.toContain('总分（200）/年级排名');
    expect(Object.fromEntries(t.shown)).toEqual(Object.fromEntries(ranks));
    for (const r of t.rows) expect([r[name], r[school]], r[no]).toEqual([byNo.get(r[no]!)![1], byNo.get(r[no]!)![0]]);
    expect(new Set(t.rows.map((r) => r[school]))).toEqual(new Set(['示例中学', '第二示范中学']));
    expect(crashes()).toEqual([]);
    await org.context().close();

    const own = await newPage(browser);
    const ownCrashes = watchForCrashes(own);
    await loginAs(own, server.url, 'admin');
    const s = await transcript(own);
    // the joint 成绩单 names the school on every row (as its Excel does): here always its own
    if (s.col('学校') >= 0) expect(new Set(s.rows.map((r) => r[s.col('学校')]))).toEqual(new Set(['示例中学']));
    expect(Object.fromEntries(s.shown)).toEqual(Object.fromEntries([...ranks].filter(([no]) => byNo.get(no)![0] === '示例中学')));
    const mine = [...byNo].filter(([, [sc]]) => sc === '示例中学');
    expect(s.rows.map((r) => r[s.col('考号')]).sort()).toEqual(mine.map(([n]) => n).sort());
    const html = await own.content();
    const mineNames = new Set(mine.map(([, [, n]]) => n));
    for (const [, [sc, n]] of byNo) if (sc !== '示例中学' && !mineNames.has(n)) expect(html, n).not.toContain(n);
    expect(html).not.toContain('第二示范中学');
    expect(ownCrashes()).toEqual([]);
    await own.context().close();
  }, 180_000);
});
