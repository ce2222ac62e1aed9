/**
 * Papers follow the scanned sheets (docs/DOMAIN-RULES.md §4.1, 题块计数): after every change of a subject's scanned
 * sheets (scan.sync, in its transaction under the exam's score lock), every block whose marking has begun is made
 * again from the sheets now 上传成功 — a fixed 异常卷 becomes a paper at once, a sheet that became 缺考 or 异常 loses
 * its paper while nothing of it was handed out — so 试卷 and 评分任务 are the same on every screen. A block not begun
 * makes its papers when its first marker asks (marking/next).
 */
import { marksPerPaper, type RatingModeValue } from '@jz/analysis';
import type { Tx } from '../../db/database.js';
import * as repo from './marking.repository.js';
import { regionCut } from './marking-region.service.js';

export async function syncSubjectPapers(tx: Tx, examSubjectId: number): Promise<void> {
  for (const b of await repo.begunBlocks(tx, examSubjectId)) {
    const elective = (await repo.blockQuestions(tx, [b.id])).some((q) => q.electiveGroup !== null);
    await repo.syncPapers(tx, b.id, marksPerPaper(b.ratingMode as RatingModeValue), elective, await regionCut(tx, b));
  }
}
