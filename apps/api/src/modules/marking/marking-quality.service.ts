/** 阅卷质量 (monitor/qualityList): the block's marks read here, the figures worked out by packages/analysis. */
import { markerQuality, selfConsistency } from '@jz/analysis';
import type { Db } from '../../db/database.js';
import { blockFor, type SchoolUser } from './marking.access.js';
import * as repo from './marking.repository.js';
import { recheckPairs } from './marking-check.repository.js';

export async function qualityList(db: Db, user: SchoolUser, blockId: number) {
  const { block } = await blockFor(db, user, blockId, 'leader');
  const [marks, papers, markers] = await Promise.all([repo.submittedMarks(db, blockId), repo.qualityPapers(db, blockId), repo.markersOf(db, [blockId])]);
  const names = new Map(markers.map((m) => [m.userId, m.userName]));
  // 个人一致性: answered re-checks per marker (consistency.ts)
  const consistency = new Map(selfConsistency(await recheckPairs(db, blockId), block.tolerance).map((c) => [c.markerId, c]));
  return {
    tolerance: block.tolerance,
    rows: markerQuality(marks, papers, block.tolerance).map((r) => ({ ...r, userId: r.markerId, userName: names.get(r.markerId) ?? '已移除的老师',
      recheckCount: consistency.get(r.markerId)?.checks ?? 0, consistencyPercent: consistency.get(r.markerId)?.percent ?? null })),
  };
}
