/**
 * 题块 regions on the answer card (docs/DOMAIN-RULES.md §4.1 "Block regions"): the set-up page draws every block's
 * rectangle over the card page (the newest scanned sheet of that page, else the blank card's areas) and the user
 * drags or resizes it. A saved region (normalised page coordinates, @jz/shared/block-region) replaces the card's
 * crops of the block's questions: its papers are cut from each sheet's stored page image along it. Set-up access
 * (canEditSubject); a block with a submitted mark keeps its region.
 */
import type { Readable } from 'node:stream';
import { cutFactors, defaultRegion, fitPixelMap, pageGeometry, regionProblem, roundRect, type BlockRegion, type PageGeometry, type PixelMap } from '@jz/shared/block-region';
import { marksPerPaper, type RatingModeValue } from '@jz/analysis';
import type { Db, Tx } from '../../db/database.js';
import type { AppContext } from '../../core/context.js';
import { BizError, notFound } from '../../core/http.js';
import { StorageNotFound } from '../../core/storage.js';
import { printableCard } from '../card/card.service.js';
import { latestLayout } from '../scan/scan.repository.js';
import { setupBlockFor, setupSubjectFor, type SchoolUser } from './marking.access.js';
import * as repo from './marking.repository.js';
import { newestPages } from './marking-region.repository.js';
import { bumpVersion } from './marking-live.repository.js';

export const regionImageUrl = (examSubjectId: number, page: number) => `task_allocation/block_page_image?examSubjectId=${examSubjectId}&page=${page}`;

/** The card the sheets were recognised against (the newest scan batch's), else the card that would be printed. */
async function geometryOf(db: Db | Tx, user: SchoolUser, examSubjectId: number): Promise<PageGeometry[]> {
  const scanned = await latestLayout(db, examSubjectId);
  return pageGeometry(scanned ?? (await printableCard(db as Db, user, examSubjectId)).layout);
}

/**
 * The ids of the card areas of a block: its questions' numbers, and a 选做 group's box (numbers joined by '/';
 * a K > 1 group's boxes 22/23/24#1 …).
 */
function areaIdsOf(qs: repo.BlockQuestionRow[]): string[] {
  const nos = qs.map((q) => q.no);
  if (!qs.some((q) => q.electiveGroup)) return nos;
  const pick = qs[0]!.electivePick;
  const boxes = pick > 1 ? Array.from({ length: pick }, (_, i) => `${nos.join('/')}#${i + 1}`) : [nos.join('/')];
  return [...boxes, ...nos];
}

/**
 * task_allocation/block_regions: the card pages (size, cut areas, and the newest scanned sheet with its fitted
 * pixel map when one exists) and every block's region (its own, or the card's areas of its questions).
 */
export async function blockRegions(db: Db, user: SchoolUser, examSubjectId: number) {
  await setupSubjectFor(db, user, examSubjectId);
  const pages = await geometryOf(db, user, examSubjectId);
  const scans = new Map((await newestPages(db, user.schoolId, examSubjectId)).map((p) => [p.pageNo, p]));
  const blocks = await repo.blocksOfSubject(db, user.schoolId, examSubjectId);
  const ids = blocks.map((b) => b.id);
  const [questions, started] = await Promise.all([repo.blockQuestions(db, ids), repo.startedBlocks(db, ids)]);
  return {
    pages: pages.map((g) => {
      const scan = scans.get(g.page);
      const map: PixelMap | null = scan ? fitPixelMap(scan.blocks.flatMap((b) => {
        const area = g.areas.find((a) => a.id === b.id);
        return area && scan.blocks.filter((x) => x.id === b.id).length === 1 ? [{ area, px: b.rect }] : [];
      })) : null;
      return { ...g, scan: scan && map ? { imageUrl: regionImageUrl(examSubjectId, g.page), map } : null };
    }),
    blocks: blocks.map((b) => ({
      blockId: b.id, name: b.name, started: started.has(b.id), custom: b.region !== null,
      region: b.region ?? defaultRegion(pages, areaIdsOf(questions.filter((q) => q.blockId === b.id))),
    })),
  };
}

/** The newest scanned sheet of card page `page` (image/jpeg), the background of the region editor. */
export async function pageImage(ctx: AppContext, user: SchoolUser, examSubjectId: number, page: number): Promise<Readable> {
  await setupSubjectFor(ctx.db, user, examSubjectId);
  const [row] = await newestPages(ctx.db, user.schoolId, examSubjectId, page);
  if (!row) throw notFound('图片');
  try {
    return await ctx.storage.getStream(row.imageKey);
  } catch (e) {
    if (e instanceof StorageNotFound) throw notFound('图片');
    throw e;
  }
}

/**
 * How the block's papers are cut when it has its own region: relative to one area of the region's page (the
 * block's own when it is there, else the page's first) whose crop every recognised sheet has. Null: the card's crops.
 */
export async function regionCut(q: Db | Tx, block: repo.BlockRow, pages?: PageGeometry[]): Promise<repo.RegionCut | null> {
  if (!block.region) return null;
  const geometry = pages ?? pageGeometry(await latestLayout(q, block.examSubjectId));
  const page = geometry.find((p) => p.page === block.region!.page);
  if (!page?.areas.length) return null;
  const own = areaIdsOf(await repo.blockQuestions(q, [block.id]));
  const ref = page.areas.find((a) => own.includes(a.id)) ?? page.areas[0]!;
  return { page: page.page, refId: ref.id, ...cutFactors(block.region, ref) };
}

/**
 * task_allocation/save_block_region: the block's own region (null: back to the card's areas), in one transaction
 * under the subject's lock. Refused when the region is not on a page of the card, leaves the page, is empty or
 * smaller than 1 % of a side, lies on a page without cut areas, or once the block has a submitted mark. Papers
 * already made are cut again along it (their marks none yet).
 */
export async function saveRegion(db: Db, user: SchoolUser, body: { blockId: number; region: BlockRegion | null }): Promise<void> {
  const block = await setupBlockFor(db, user, body.blockId);
  const pages = await geometryOf(db, user, block.examSubjectId);
  const region = body.region ? roundRect(body.region) : null;
  if (region) {
    const problem = regionProblem(region, pages.length);
    if (problem) throw new BizError(problem);
    if (!pages.find((p) => p.page === region.page)!.areas.length) throw new BizError(`答题卡第 ${region.page} 页没有作答区域，不能在此页设置题块区域`);
    // a K > 1 group is cut box by box (one paper per box): one region cannot stand for its K boxes
    if ((await repo.blockQuestions(db, [block.id])).some((q) => q.electivePick > 1)) throw new BizError('选做多道题的题块按答题卡上的各选做框切割，不能另设题块区域');
  }
  await db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, block.examSubjectId);
    if ((await repo.startedBlocks(tx, [block.id])).size) throw new BizError('该题块已开始阅卷，不能修改区域');
    await repo.setRegion(tx, block.id, region);
    if (await repo.paperCount(tx, block.id)) {
      const scanned = await latestLayout(tx, block.examSubjectId);
      const cut = region ? await regionCut(tx, { ...block, region }, scanned ? pageGeometry(scanned) : pages) : null;
      const elective = (await repo.blockQuestions(tx, [block.id])).some((q) => q.electiveGroup !== null);
      await repo.syncPapers(tx, block.id, marksPerPaper(block.ratingMode as RatingModeValue), elective, cut);
    }
    await bumpVersion(tx, block.examId, user.schoolId);
  });
}
