/** 阅卷质量 (monitor/qualityList): the block's marks read here, the figures worked out by packages/analysis. */
import { markerQuality } from '@jz/analysis';
import type { Db } from '../../db/database.js';
import { blockFor, type SchoolUser } from './marking.access.js';
import * as repo from './marking.repository.js';

export async function qualityList(db: Db, user: SchoolUser, blockId: number) {
  const { block } = await blockFor(db, user, blockId, 'leader');
  const [marks, papers, markers] = await Promise.all([repo.submittedMarks(db, blockId), repo.qualityPapers(db, blockId), repo.markersOf(db, [blockId])]);
  const names = new Map(markers.map((m) => [m.userId, m.userName]));
  return {
    tolerance: block.tolerance,
    rows: markerQuality(marks, papers, block.tolerance).map((r) => ({ ...r, userId: r.markerId, userName: names.get(r.markerId) ?? '已移除的老师' })),
  };
}
