import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '@jz/shared';
import { launchBrowser } from '../helpers/browser.js';
import { pdfText } from '../helpers/pdf.js';
import { startServer } from '../helpers/server.js';
import { localStorageConfig, openStorage } from '../../apps/api/src/core/storage-open.js';
import { loginAs, newPage, watchForCrashes } from './helpers.js';

/**
 * The student portal on a phone (375×812) in Chromium against the real server: student1 logs in, sees her
 * released exams newest first, opens the newest, sees her total and a subject's questions, downloads her score
 * slip PDF (read back with mupdf: her name), and no page scrolls sideways. Expected values come from
 * plain SQL over the raw tables (question_score), not from the api.
 */
describe('student portal in Chromium (phone)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let me: { id: number; name: string };
  let exams: { id: number; name: string }[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-student-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    const db = server.database.db;
    me = await db.selectFrom('student as s').innerJoin('app_user as u', 'u.id', 's.user_id').select(['s.id', 's.name'])
      .where('u.login_id', '=', 'student1').executeTakeFirstOrThrow();
    exams = await db.selectFrom('exam').select(['id', 'name']).where('released_at', 'is not', null)
      .where('id', 'in', db.selectFrom('exam_student').select('exam_id').where('student_id', '=', me.id))
      .orderBy('start_date', 'desc').orderBy('id', 'desc').execute();
    // one scanned page of hers (the newest exam's first subject), as scanning stores it: an upright JPEG
    const es = await db.selectFrom('exam_student').select(['id']).where('exam_id', '=', exams[0]!.id).where('student_id', '=', me.id).executeTakeFirstOrThrow();
    const sub = await db.selectFrom('exam_subject').select('id').where('exam_id', '=', exams[0]!.id).orderBy('sort').orderBy('id').executeTakeFirstOrThrow();
    const school = (await db.selectFrom('student').select('school_id').where('id', '=', me.id).executeTakeFirstOrThrow()).school_id;
    const b = await db.insertInto('scan_batch').values({ school_id: school, exam_id: exams[0]!.id, exam_subject_id: sub.id, no: 1, name: 'e2e', status: 'done', created_by: null })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('scan_page').values({ school_id: school, batch_id: b.id, exam_subject_id: sub.id, file_seq: 1, file_name: 'e2e.jpg', recognized: true, status: 'ok',
      page_no: 1, exam_student_id: es.id, image_key: 'e2e/sheet-1.jpg', width: 1240, height: 1754 }).execute();
    await openStorage(localStorageConfig(path.join(dir, 'data'))).put('e2e/sheet-1.jpg',
      await sharp({ create: { width: 1240, height: 1754, channels: 3, background: '#eeeeee' } }).jpeg().toBuffer());
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function phonePage(): Promise<Page> {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, acceptDownloads: true });
    context.setDefaultTimeout(60_000);
    return context.newPage();
  }
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('student1 sees her exams, her scores and questions, downloads her slip; nothing scrolls sideways', async () => {
    const page = await phonePage();
    const crashes = watchForCrashes(page);
    await page.goto(`${server.url}/#/studentLogin`);
    await page.getByLabel('账号', { exact: true }).fill('student1');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/student\/home/);

    // the released exams that include her, newest first
    const items = page.getByTestId('student-exam-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(exams.length);
    expect(exams.length).toBe(3);
    for (let i = 0; i < exams.length; i++) expect(await items.nth(i).innerText()).toContain(exams[i]!.name);
    await expect.poll(() => page.getByText('学校发布的成绩与分析报告将在这里显示').count()).toBe(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    // the newest exam: her total = Σ her question points over every subject (plain SQL)
    const exam = exams[0]!;
    const total = await sql<{ total: number }>`
      select sum(qs.score)::float8 as total from question_score qs join exam_student es on es.id = qs.exam_student_id
      where es.exam_id = ${exam.id} and es.student_id = ${me.id}`.execute(server.database.db);
    await items.first().click();
    await page.waitForURL(new RegExp(`#/student/exam\\?examId=${exam.id}`));
    await expect.poll(() => page.getByTestId('student-total').innerText()).toBe(String(Number(total.rows[0]!.total)));
    await page.getByTestId('student-subjects').locator('tbody tr.ant-table-row').first().waitFor();

    // the first subject's questions, with her points per question
    const qs = await sql<{ no: string; score: number }>`
      select q.no, qs.score::float8 as score from question q
      join exam_subject s on s.id = q.exam_subject_id
      join question_score qs on qs.question_id = q.id
      join exam_student es on es.id = qs.exam_student_id
      where s.exam_id = ${exam.id} and es.student_id = ${me.id} and not q.is_total
        and s.id = (select id from exam_subject where exam_id = ${exam.id} order by sort, id limit 1)
      order by q.sort, q.id`.execute(server.database.db);
    const rows = page.getByTestId('student-questions').locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(qs.rows.length);
    const first = await rows.first().locator('td').allInnerTexts();
    expect(first[0]).toBe(qs.rows[0]!.no);
    expect(first[1]).toMatch(new RegExp(`^${Number(qs.rows[0]!.score)} / `));
    await page.getByTestId('student-knowledge').waitFor();
    // her answer card: the scanned page (1240 px wide) fits the phone's width and enlarges on click
    const sheet = page.getByTestId('student-sheets').locator('img');
    await sheet.waitFor();
    await expect.poll(() => sheet.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1240);
    expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(375);
    await page.waitForTimeout(300); // charts laid out
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await sheet.click();
    await page.locator('.ant-image-preview-img').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview-img').waitFor({ state: 'detached' });

    // her score slip as a PDF
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByTestId('student-slip').click()]);
    const file = path.join(dir, 'slip.pdf');
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/成绩单\.pdf$/);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(file);
    expect(text).toContain(me.name);
    expect(text).toContain(exam.name);
    expect(crashes()).toEqual([]);
    await page.context().close();
  });

  it('the administrator turns class ranks off in 任课与权限管理 → 学生端; the student no longer sees them', async () => {
    const admin = await newPage(browser);
    await loginAs(admin, server.url, 'admin');
    await admin.goto(`${server.url}/#/userInfo/schoolManaPerson`);
    await admin.getByRole('tab', { name: '学生端' }).click();
    const classRank = admin.getByRole('switch', { name: '显示班级排名' });
    await classRank.waitFor();
    expect(await classRank.getAttribute('aria-checked')).toBe('true');
    await classRank.click();
    await admin.getByTestId('student-rank-settings').getByRole('button', { name: '保存' }).click();
    await admin.getByText('保存成功').waitFor();
    const row = await server.database.db.selectFrom('student_portal_setting').select(['show_class_rank', 'show_grade_rank']).executeTakeFirstOrThrow();
    expect(row).toEqual({ show_class_rank: false, show_grade_rank: true });
    await admin.context().close();

    const page = await phonePage();
    await page.goto(`${server.url}/#/studentLogin`);
    await page.getByLabel('账号', { exact: true }).fill('student1');
    await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/student\/home/);
    await page.goto(`${server.url}/#/student/exam?examId=${exams[0]!.id}`);
    await page.getByTestId('student-total').waitFor();
    const summary = await page.getByTestId('student-exam-summary').innerText();
    expect(summary).toContain('年级排名');
    expect(summary).not.toContain('班级排名');
    expect(await page.getByTestId('student-subjects').locator('thead').innerText()).not.toContain('班级排名');
    await page.context().close();
  });
});
