import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toPixels, type BlockRegion, type PixelMap } from '@jz/shared/block-region';
import { seedDemoScan } from '../../apps/api/src/seed/demo-scan.js';
import { watchForCrashes } from './helpers.js';
import { apiOf, startMarkingWalk, type MarkingWalk } from './marking-helpers.js';

/**
 * 题块区域 in Chromium: the scanning demo alone is seeded (its sheets recognised, no marking yet), so every default
 * block of its subject may still move. The school administrator opens 划分阅卷块, sees the scanned sheet with the
 * blocks drawn over it, selects the first block and drags its right edge 60 screen pixels further; the saved
 * region (block_regions) is wider by 60 px ÷ the canvas scale ÷ the sheet's pixels per page width, and keeps its
 * left edge, top and height.
 */

interface Regions { pages: { page: number; scan: { map: PixelMap } | null }[]; blocks: { blockId: number; name: string; custom: boolean; started: boolean; region: BlockRegion }[] }

describe('题块区域 on the card image in Chromium', () => {
  let walk: MarkingWalk;

  beforeAll(async () => {
    walk = await startMarkingWalk('region', { demos: false });
    await seedDemoScan(walk.server.database.db, walk.server.storage);
  });
  afterAll(async () => { await walk?.close(); });

  it('drags a block edge on the scanned sheet and the wider region is saved', async () => {
    const db = walk.server.database.db;
    const subject = await db.selectFrom('scan_page as p').innerJoin('exam_subject as s', 's.id', 'p.exam_subject_id')
      .select(['s.id', 's.exam_id']).where('p.status', '=', 'ok').orderBy('s.id', 'desc').executeTakeFirstOrThrow();
    const page = await walk.pageAs('admin');
    const crashes = watchForCrashes(page);
    const api = apiOf(page);
    await page.goto(`${walk.server.url}/#/examDetailsEdit/reviewBlock?examId=${subject.exam_id}&examSubjectId=${subject.id}`);
    const box = page.getByTestId('block-region-canvas');
    await expect.poll(async () => Number(await box.getAttribute('data-stage-w')), { timeout: 60_000 }).toBeGreaterThan(0);
    const pageNo = Number(await box.getAttribute('data-page'));
    const before = await api<Regions>('GET', `task_allocation/block_regions?examSubjectId=${subject.id}`);
    expect(before.code, before.msg).toBe(200);
    const map = before.data.pages.find((p) => p.page === pageNo)!.scan!.map;
    expect(map, 'the sheet of the page is scanned: the fitted pixel map').toBeTruthy();
    const block = before.data.blocks.find((b) => b.region?.page === pageNo && !b.started)!;
    expect(block.custom).toBe(false);

    const canvas = box.locator('canvas').first();
    await canvas.scrollIntoViewIfNeeded();
    const stageW = Number(await box.getAttribute('data-stage-w'));
    const at = (await canvas.boundingBox())!;
    const k = at.width / stageW; // screen px per sheet px
    const r = toPixels(map, block.region);
    // select the block (a click inside it), then drag the transformer's middle-right handle 60 px to the right
    await page.mouse.click(at.x + (r.x + r.w / 2) * k, at.y + (r.y + r.h / 2) * k);
    const hx = at.x + (r.x + r.w) * k;
    const hy = at.y + (r.y + r.h / 2) * k;
    await page.mouse.move(hx, hy);
    await page.mouse.down();
    await page.mouse.move(hx + 30, hy, { steps: 5 });
    await page.mouse.move(hx + 60, hy, { steps: 5 });
    await page.mouse.up();
    await page.getByText('题块区域已保存').first().waitFor();

    const after = await api<Regions>('GET', `task_allocation/block_regions?examSubjectId=${subject.id}`);
    const saved = after.data.blocks.find((b) => b.blockId === block.blockId)!;
    expect(saved.custom).toBe(true);
    const grown = 60 / k / map.sx; // normalised width added
    expect(saved.region.page).toBe(pageNo);
    expect(saved.region.w).toBeCloseTo(block.region.w + grown, 2);
    expect(Math.abs(saved.region.x - block.region.x)).toBeLessThan(0.002);
    expect(Math.abs(saved.region.y - block.region.y)).toBeLessThan(0.002);
    expect(Math.abs(saved.region.h - block.region.h)).toBeLessThan(0.002);
    // the page draws the saved rectangle again after reading it back (no error banner)
    await expect.poll(() => box.locator('..').getByRole('alert').count()).toBe(0);
    expect(crashes()).toEqual([]);
  }, 300_000);
});
