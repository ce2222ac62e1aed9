import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { startServer } from '../helpers/server.js';
import { newScanExam } from '../helpers/scan-sheets.js';
import { FIXTURES, samplesDir } from '../helpers/third-party-sets.js';
import { cardDragger } from './card-canvas.js';
import { loginAs, watchForCrashes } from './helpers.js';

/**
 * 模板确认 as a school uses it on a card made elsewhere: boxes dragged roughly with the mouse around the corner
 * marks and a block of bubbles are snapped onto the print (the L-shaped corner mark onto its ink centroid, the grid
 * onto the printed circles), the confirmed template carries those positions; then another tool's template file is
 * imported onto a vendor's blank (FormScanner's Test form) and shown over it.
 * The blank (1240 × 1754, A4 at 150 dpi) is drawn below: an L block at the top left (60 px square without its
 * bottom-right 30 px quarter: ink centroid (85, 85) — three 30 px squares centred at (75, 75), (105, 75), (75, 105)),
 * solid 40 px squares at the other corners, and 5 rows × 4 columns of circles (radius 12) with their letter inside,
 * centred at (300 + 70·c, 500 + 45·r).
 */
const W = 1240;
const H = 1754;
const at = (r: number, c: number) => [300 + 70 * c, 500 + 45 * r] as const;

function blankSvg(): Buffer {
  const parts = ['<path d="M60 60 H120 V90 H90 V120 H60 Z" fill="#000"/>'];
  for (const [x, y] of [[W - 100, 60], [W - 100, H - 100], [60, H - 100]]) parts.push(`<rect x="${x}" y="${y}" width="40" height="40" fill="#000"/>`);
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 4; c++) {
      const [x, y] = at(r, c);
      parts.push(`<circle cx="${x}" cy="${y}" r="11" fill="none" stroke="#000" stroke-width="2"/>`,
        `<text x="${x}" y="${y + 5}" font-size="13" text-anchor="middle" font-family="sans-serif">${'ABCD'[c]}</text>`);
    }
  }
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#fff"/>${parts.join('')}</svg>`);
}

const dragOnCard = cardDragger(W);

describe('模板确认 in Chromium: snapping and template import', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let browser: Browser;
  let dir: string;
  let examId: number;
  let subjectId: number;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'jz-e2e-snap-'));
    server = await startServer('pglite', { dataDir: path.join(dir, 'data') });
    browser = await launchBrowser();
    ({ examId, subjectId } = await newScanExam(server, await server.tokenFor('admin'), '第三方答题卡吸附', 100));
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('rough boxes snap onto the printed marks and bubbles; a FormScanner template file is imported onto its blank', async () => {
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(60_000);
    const page = await context.newPage();
    const crashes = watchForCrashes(page);
    let sent: any = null;
    page.on('request', (r) => { if (r.url().endsWith('/api/v1/make_template/save')) sent = r.postDataJSON(); });
    await loginAs(page, server.url, 'admin');
    await page.goto(`${server.url}/#/examDetailsEdit/templateConfirm?examId=${examId}&examSubjectId=${subjectId}`);
    const png = await sharp(blankSvg()).flatten({ background: '#fff' }).greyscale().png().toBuffer();
    await page.locator('.ant-upload input[type=file]').first().setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('template-canvas').locator('canvas').first().waitFor();

    // the L block boxed loosely (40..135), the three squares likewise; each box lands on its mark once snapped
    const boxes = [[40, 45, 135, 130], [W - 115, 45, W - 45, 115], [W - 120, H - 120, W - 50, H - 45], [45, H - 115, 115, H - 50]] as const;
    for (const [x0, y0, x1, y1] of boxes) {
      await page.getByRole('button', { name: '定位点', exact: true }).click();
      await dragOnCard(page, x0, y0, x1, y1);
      await page.getByTestId('shape-form').getByText('已对准定位块的中心').waitFor();
    }
    // the grid boxed a quarter of a pitch off on every side: cells 70 × 45 from (265, 477.5) in truth
    await page.getByRole('button', { name: '客观题组', exact: true }).click();
    await dragOnCard(page, 282, 465, 560, 720);
    // 5 questions × 4 options is the tool's default; the grid is snapped as soon as it is drawn
    await page.getByTestId('bubble-measured').waitFor();
    await page.getByText('模板完整，可以确认').waitFor();
    await page.getByRole('button', { name: '确认模板' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '模板已保存' }).waitFor();

    const t = sent.template;
    const centre = (r: { x: number; y: number; w: number; h: number }) => [r.x + r.w / 2, r.y + r.h / 2];
    // the L's point is its ink centroid (85, 85), whatever box was drawn
    const [ax, ay] = centre(t.anchors[0]);
    expect(Math.abs(ax! - 85) <= 1 && Math.abs(ay! - 85) <= 1, JSON.stringify(t.anchors[0])).toBe(true);
    // question 3 option C is the circle at (440, 590); its rect is the printed circle (22–26 px across)
    const c = t.questions[2].bubbles[2];
    const [cx, cy] = centre(c);
    expect(c.value).toBe('C');
    expect(Math.abs(cx! - 440) <= 1.5 && Math.abs(cy! - 590) <= 1.5 && c.w >= 21 && c.w <= 27, JSON.stringify(c)).toBe(true);
    // the server found the letters printed inside the bubbles on the blank
    const found = await server.call({ url: `/api/v1/make_template/find?examSubjectId=${subjectId}`, token: await server.tokenFor('admin') });
    expect(found.body.data.template.printedLabels).toBe(true);

    // another tool's template: FormScanner's Test form (blank PDF), then its .xtmpl imported and shown
    const [blankRes] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/make_template/blank')),
      page.locator('.ant-upload input[type=file]').first().setInputFiles({ name: 'Test.pdf', mimeType: 'application/pdf', buffer: readFileSync(path.join(samplesDir(), 'formscanner/Test/Test.pdf')) }),
    ]);
    expect((await blankRes.json()).code).toBe(200);
    const [importRes] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/make_template/import')),
      page.getByTestId('import-template').locator('xpath=ancestor::span[contains(@class,"ant-upload")]').locator('input[type=file]')
        .setInputFiles({ name: 'test_template.xtmpl', mimeType: 'application/xml', buffer: readFileSync(path.join(FIXTURES, 'formscanner/Test/test_template.xtmpl')) }),
    ]);
    const imp = await importRes.json();
    expect(imp.code, imp.msg).toBe(200);
    await page.getByTestId('imported-tag').waitFor();
    expect(await page.getByTestId('imported-tag').innerText()).toContain('已导入 FormScanner 模板');
    const imported = await server.call({ url: `/api/v1/make_template/find?examSubjectId=${subjectId}`, token: await server.tokenFor('admin') });
    // 40 questions A–D (numbered 1–40 as the exam's questions), a 6-digit 考号, ring corner marks
    expect(imported.body.data.template.questions.map((q: { id: string }) => q.id).slice(0, 3)).toEqual(['1', '2', '3']);
    expect(imported.body.data.template).toMatchObject({ anchorShape: 'ring' });
    expect(imported.body.data.template.admission.digits).toHaveLength(6);
    if (process.env.SNAP_E2E_SHOTS) await page.screenshot({ path: '/tmp/thirdparty-imported.png', fullPage: true });
    expect(crashes()).toEqual([]);
    await context.close();
  });
});
