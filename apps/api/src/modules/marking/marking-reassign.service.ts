/**
 * 回收未阅 (docs/DOMAIN-RULES.md §4.1 "Reassigning a marker's unfinished papers"): a block's leader takes back what a
 * marker has not marked. In one transaction under the subject's lock and the markers' row locks (their own
 * marking/next calls wait): the marker's leases (live or expired, unsubmitted) go back to the pool, the marker's
 * quota becomes the marks already given (so it takes no more; its submitted marks stay), and its unfinished share —
 * the quota it had less those marks — goes to the chosen markers of the block, split evenly (the first ones in the
 * order given take one more when it does not divide). Under 平均分配 every marker's share is made an explicit quota
 * first (the equal split of the block's marks in login order: blockShares, papers made from every scanned sheet), and with no one chosen the
 * share goes to all the others, so the quotas still cover every mark. Under free or class allocation a chosen
 * marker without a cap keeps none, and with no one chosen the share simply returns to the pool. Audit row kind
 * `reassign`.
 */
import { marksPerPaper, type RatingModeValue } from '@jz/analysis';
import { splitEvenly } from '@jz/shared/marking-progress';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { blockFor, type SchoolUser } from './marking.access.js';
import * as repo from './marking.repository.js';
import { bumpVersion } from './marking-live.repository.js';
import { regionCut } from './marking-region.service.js';
import { quotaOf } from './marking.service.js';

export { splitEvenly };

export async function reassign(db: Db, user: SchoolUser, body: { blockId: number; userId: number; toUserIds?: number[] }) {
  const { block } = await blockFor(db, user, body.blockId, 'leader');
  const targets = [...new Set(body.toUserIds ?? [])];
  if (targets.includes(body.userId)) throw new BizError('不能把未阅任务分给该老师本人');
  return db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, block.examSubjectId);
    const markers = await repo.markersOf(tx, [block.id]);
    const from = markers.find((m) => m.userId === body.userId);
    if (!from) throw new BizError('该老师不是此题块的阅卷老师');
    if (targets.some((t) => !markers.some((m) => m.userId === t))) throw new BizError('所选老师不是此题块的阅卷老师');
    const average = block.allocation === 'average';
    // markers whose quota may change, locked in user order (as marking/next locks its caller's row)
    const touched = average ? markers.map((m) => m.userId) : [from.userId, ...targets];
    for (const id of [...touched].sort((a, b) => a - b)) await repo.lockMarker(tx, block.id, id);
    if (average) {
      // the equal share counts every paper the scanned sheets make, not only those asked for so far
      const elective = (await repo.blockQuestions(tx, [block.id])).some((q) => q.electiveGroup !== null);
      await repo.syncPapers(tx, block.id, marksPerPaper(block.ratingMode as RatingModeValue), elective, await regionCut(tx, block));
    }
    const done = (await repo.userDone(tx, [block.id], from.userId)).get(block.id) ?? 0;
    const before = await quotaOf(tx, block, from);
    const returned = before === null ? null : Math.max(0, before - done);
    const quotas = new Map<number, number | null>([[from.userId, done]]);
    const others = markers.filter((m) => m.userId !== from.userId);
    if (average) {
      const receivers = targets.length ? targets : others.map((m) => m.userId);
      if (!receivers.length) throw new BizError('该题块没有其他阅卷老师，不能回收未阅任务');
      for (const m of others) quotas.set(m.userId, await quotaOf(tx, block, m));
      splitEvenly(returned ?? 0, receivers.length).forEach((n, i) => quotas.set(receivers[i]!, (quotas.get(receivers[i]!) ?? 0) + n));
    } else if (targets.length && returned !== null) {
      splitEvenly(returned, targets.length).forEach((n, i) => {
        const q = others.find((m) => m.userId === targets[i])!.quota;
        if (q !== null) quotas.set(targets[i]!, q + n);
      });
    }
    const released = await repo.releaseLeases(tx, [block.id], from.userId);
    await repo.setQuotas(tx, block.id, quotas);
    const rows = markers.filter((m) => quotas.has(m.userId)).map((m) => ({ userId: m.userId, userName: m.userName, quota: quotas.get(m.userId)! }));
    await repo.insertAudit(tx, {
      schoolId: block.schoolId, examSubjectId: block.examSubjectId, blockId: block.id, paperId: null, examStudentId: null, userId: user.id, kind: 'reassign',
      old: { userId: from.userId, quota: before, done, released }, new: { quotas: rows.map((r) => ({ userId: r.userId, quota: r.quota })) },
      reason: targets.length ? `回收${from.userName}的未阅任务，分给${rows.filter((r) => targets.includes(r.userId)).map((r) => r.userName).join('、') || '所选老师'}` : `回收${from.userName}的未阅任务，退回题块`,
    });
    await bumpVersion(tx, block.examId, user.schoolId);
    return { released, returned, quotas: rows };
  });
}
