/**
 * Marks that never count (docs/DOMAIN-RULES.md §4.1 "个人一致性 and 试评"), on the marker's side: marking/next hands
 * out trial papers until the leader passes the marker, and every N submitted papers one of the marker's own papers
 * again (a re-check, blind: it looks like any paper); marking/submit, marking/image and marking/problem take a
 * check's id like a task's. A check never touches the paper, its tasks, its score or the progress counts.
 */
import { recheckDue } from '@jz/analysis';
import type { MarkingPaper } from '@jz/shared/marking';
import type { Db, Tx } from '../../db/database.js';
import { BizError, forbidden } from '../../core/http.js';
import { blockFor, type SchoolUser } from './marking.access.js';
import * as checkRepo from './marking-check.repository.js';
import type { CheckRow } from './marking-check.repository.js';
import * as repo from './marking.repository.js';
import { bumpVersion } from './marking-live.repository.js';
import { chosenOf, taskImageUrl } from './marking.paper.js';
import { stateOf, type SubmitState } from './marking.settle.js';

export const TRIAL_DONE = '试评已完成，等待题组长审核';
export const TRIAL_NOT_READY = '试评卷尚未设置完成，请等待题组长设置试评卷';

export const findCheck = checkRepo.findCheck;

/** A check as the page sees it: like a task (its id, round, image, lease); a trial paper says so. */
export function checkPaper(c: CheckRow): MarkingPaper {
  return {
    taskId: c.id, round: c.round, imageUrl: taskImageUrl(c.id), leaseExpiresAt: (c.leaseUntil ?? new Date()).toISOString(),
    ...chosenOf(c.chosenQuestionId, c.chosenNo), ...(c.kind === 'trial' ? { trial: true } : {}),
  };
}

/**
 * 试评 gate, inside marking/next's transaction (the marker row locked): null when the marker may mark formally (no
 * trial on the block, the marker leads the block, or the leader passed the marker); else the next trial paper of
 * the marker's round (want = 2 with prefetch), or why there is none.
 */
export async function trialGate(tx: Tx, block: repo.BlockRow, userId: number, leader: boolean, want: number): Promise<{ paper: MarkingPaper | null; msg: string } | null> {
  // 各校阅卷: no 试评 — its papers are one set picked from every school, and a school's marker sees only his school's
  if (block.trialCount <= 0 || leader || repo.schoolMarked(block)) return null;
  const tm = await checkRepo.trialMarker(tx, block.id, userId);
  if (tm.passedAt) return null;
  if ((await checkRepo.trialPapers(tx, block.id)).length < block.trialCount) return { paper: null, msg: TRIAL_NOT_READY };
  const held = (await checkRepo.heldChecks(tx, block.id, userId, 'trial')).filter((c) => c.attempt === tm.attempt);
  while (held.length < want) {
    const c = await checkRepo.leaseTrial(tx, block.id, userId, tm.attempt, block.leaseSeconds);
    if (!c) break;
    held.push(c);
  }
  const c = held[want - 1];
  return c ? { paper: checkPaper(c), msg: '查询成功' } : { paper: null, msg: TRIAL_DONE };
}

/** The marker's unanswered re-checks with a live lease (they are handed out again like held tasks). */
export function heldRechecks(tx: Tx, blockId: number, userId: number): Promise<CheckRow[]> {
  return checkRepo.heldChecks(tx, blockId, userId, 'recheck');
}

/**
 * 个人一致性: the re-check to hand out now, if any — the marker's unanswered one whose lease ran out, else a new one
 * when due (rules: recheckDue; one open re-check at a time), of the marker's oldest mark not re-checked yet.
 */
export async function recheckNext(tx: Tx, block: repo.BlockRow, userId: number, holding: boolean): Promise<CheckRow | undefined> {
  if (block.recheckInterval <= 0 || holding) return undefined;
  const again = await checkRepo.releaseOpenRecheck(tx, block.id, userId, block.leaseSeconds);
  if (again) return again;
  const n = await checkRepo.recheckCounts(tx, block.id, userId);
  if (!recheckDue(n.submitted, n.issued, block.recheckInterval)) return undefined;
  return checkRepo.issueRecheck(tx, block.id, userId, block.leaseSeconds);
}


/**
 * The mark of a check (scores already checked against the paper's items). Idempotent on requestId like a task's
 * submit; a re-check keeps the marker's standing total of the original task beside the re-mark. Nothing else changes.
 */
export async function submitCheck(db: Db, user: SchoolUser, c0: CheckRow, checked: { scores: number[]; total: number }, requestId: string): Promise<{ total: number; state: SubmitState }> {
  const { block } = await blockFor(db, user, c0.blockId);
  if (c0.markerId !== user.id) throw new BizError('试卷已超时收回，请阅下一份');
  return db.transaction().execute(async (tx) => {
    const prior = await checkRepo.checkByRequest(tx, requestId);
    if ((prior && prior.id !== c0.id) || (await repo.taskByRequest(tx, requestId))) throw new BizError('请求编号重复');
    const c = await checkRepo.lockCheck(tx, c0.id);
    if (!c) throw new BizError('试卷已超时收回，请阅下一份');
    // a re-check answers with its paper's state, as a first mark would: nothing tells it apart
    const state = async (): Promise<SubmitState> => (c.kind === 'trial' ? 'done' : stateOf((await repo.findPaper(tx, c.schoolId, c.paperId))!.status));
    if (c.submittedAt) {
      if (c.requestId === requestId && !c.skipped) return { total: c.total ?? 0, state: await state() };
      throw new BizError(c.skipped ? '试卷已超时收回，请阅下一份' : '该试卷已提交，请在回评中修改');
    }
    const original = c.taskId ? (await repo.findTask(tx, c.schoolId, c.taskId))?.total ?? null : null;
    await checkRepo.answerCheck(tx, c.id, { ...checked, requestId, originalTotal: original });
    if (c.kind === 'recheck') await bumpVersion(tx, block.examId, block.schoolId, c.paperId); // the monitor's 个人一致性 changed
    return { total: checked.total, state: await state() };
  });
}

/** 问题卷 on a check: a re-check is closed unmarked (the paper stays as it is); a trial paper is scored, not reported. */
export async function problemCheck(db: Db, user: SchoolUser, c0: CheckRow): Promise<void> {
  await blockFor(db, user, c0.blockId);
  if (c0.kind === 'trial') throw new BizError('试评卷不能标记为问题卷，请直接给分');
  await db.transaction().execute(async (tx) => {
    const c = await checkRepo.lockCheck(tx, c0.id);
    if (!c || c.markerId !== user.id || c.submittedAt) throw new BizError('只能报告正在评阅的试卷');
    await checkRepo.skipCheck(tx, c.id);
  });
}

/** The paper of a check whose image the caller may see (its marker, or a leader of the block). */
export async function checkImagePaper(db: Db, user: SchoolUser, c: CheckRow): Promise<number> {
  const { leader } = await blockFor(db, user, c.blockId);
  if (!leader && c.markerId !== user.id) throw forbidden();
  return c.paperId;
}
