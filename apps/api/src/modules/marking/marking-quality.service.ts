/** 阅卷质量 (monitor/qualityList, the monitor export): the block's marks read here, the figures worked out by packages/analysis. */
import { blockScale, markerQuality, selfConsistency } from '@jz/analysis';
import type { Db } from '../../db/database.js';
import { blockFor, type SchoolUser } from './marking.access.js';
import * as repo from './marking.repository.js';
import { recheckPairs } from './marking-check.repository.js';

/** The quality figures of a block (no access check: callers check it), markers named. */
export async function qualityOf(db: Db, block: repo.BlockRow) {
  const [marks, papers, markers, questions] = await Promise.all([
    repo.submittedMarks(db, block.id), repo.qualityPapers(db, block.id), repo.markersOf(db, [block.id]), repo.blockQuestions(db, [block.id]),
  ]);
  const names = new Map(markers.map((m) => [m.userId, m.userName]));
  const scale = blockScale(questions);
  const q = markerQuality(marks, papers, block.tolerance, scale);
  // 个人一致性: answered re-checks per marker (consistency.ts)
  const consistency = new Map(selfConsistency(await recheckPairs(db, block.id), block.tolerance).map((c) => [c.markerId, c]));
  return {
    tolerance: block.tolerance, fullScore: scale.fullScore, step: scale.step, safeScore: q.safeScore, block: q.block,
    rows: q.markers.map((r) => ({ ...r, userId: r.markerId, userName: names.get(r.markerId) ?? '已移除的老师',
      recheckCount: consistency.get(r.markerId)?.checks ?? 0, consistencyPercent: consistency.get(r.markerId)?.percent ?? null })),
  };
}

export async function qualityList(db: Db, user: SchoolUser, blockId: number) {
  const { block } = await blockFor(db, user, blockId, 'leader');
  return qualityOf(db, block);
}
