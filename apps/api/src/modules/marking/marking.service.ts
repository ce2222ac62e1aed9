/**
 * The marker's side of online marking (docs/DOMAIN-RULES.md §4.1): the task list, a block's details, leasing the
 * next paper, the blind image, submitting, flagging a problem paper, 回评 (own papers) and rescoring.
 * Writes that may decide a paper run in withScoreWrites (the exam's score lock), so a final score lands as
 * question scores in the same transaction; a marker's submit takes the lock only when it writes (submit).
 */
import { marksPerPaper, onGrid, scoresProblems, totalOf, type RatingModeValue } from '@jz/analysis';
import type { MarkingBlockInfo, MarkingPaper, MarkingTaskRow, ProblemKind, RatingMode, ReviewRow } from '@jz/shared/marking';
import type { Db, Tx } from '../../db/database.js';
import type { AppContext } from '../../core/context.js';
import { BizError, notFound } from '../../core/http.js';
import { StorageNotFound } from '../../core/storage.js';
import { withScoreWrites, type ScoreTx } from '../score/score-write.service.js';
import { blockFor, findCheckFor, findTaskFor, leadsBlock, taskFor, type SchoolUser } from './marking.access.js';
import { schoolShareLeft } from './marking-joint.service.js';
import { paperImage } from './marking.image.js';
import { answerImageUrl } from './marking-answer.service.js';
import * as repo from './marking.repository.js';
import { bumpVersion } from './marking-live.repository.js';
import { chosenOf, paperImageUrl, taskImageUrl } from './marking.paper.js';
import * as checks from './marking-check.service.js';
import { regionCut } from './marking-region.service.js';
import { countBlock } from './marking-counts.service.js';
import { itemsOf, NeedsScoreLock, paperQuestions, settlePaper, settleWithoutScoreLock, stateOf, type SubmitState } from './marking.settle.js';

export const NO_PAPER = '当前没有可阅的试卷';

export { chosenOf, paperImageUrl, taskImageUrl };

export function toPaper(t: repo.TaskRow): MarkingPaper {
  return { taskId: t.id, round: t.round, imageUrl: taskImageUrl(t.id), leaseExpiresAt: (t.leaseUntil ?? new Date()).toISOString(), ...chosenOf(t.chosenQuestionId, t.chosenNo) };
}

/**
 * Scores checked against the paper's items (one per scoring point, or per question without points); a 选做
 * paper is scored on its chosen question only.
 */
export async function checkedScores(q: Db, blockId: number, scores: number[], chosenQuestionId: number | null): Promise<{ scores: number[]; total: number }> {
  return scoresChecked(await repo.blockQuestions(q, [blockId]), scores, chosenQuestionId);
}

/** checkedScores on the block's questions already read; the scores as their grid values (what is stored). */
export function scoresChecked(questions: repo.BlockQuestionRow[], scores: number[], chosenQuestionId: number | null): { scores: number[]; total: number } {
  const { items } = itemsOf(paperQuestions(questions, chosenQuestionId));
  const problems = scoresProblems(items, scores);
  if (problems.length) throw new BizError(`分数不合法：${problems.slice(0, 5).join('；')}`);
  const grid = onGrid(scores);
  return { scores: grid, total: totalOf(grid) };
}

/**
 * The most marks the marker takes in the block: its quota, or under 平均分配 its equal share of the block's marks
 * (docs/DOMAIN-RULES.md §4.1, 题块计数: blockShares); null = no cap.
 */
export async function quotaOf(q: Db | Tx, block: repo.BlockRow, marker: { userId: number; quota: number | null }): Promise<number | null> {
  if (marker.quota !== null) return marker.quota;
  if (block.allocation !== 'average') return null;
  return (await countBlock(q, block)).markers.find((m) => m.userId === marker.userId && m.current)?.assigned ?? 0;
}

/** The caller's counts in a block (its own share, or the block's when it leads without marking) and the block's. */
async function markerFigures(q: Db, block: repo.BlockRow, userId: number) {
  const c = await countBlock(q, block);
  const mine = c.markers.find((m) => m.userId === userId && m.current);
  const own = mine ? { assigned: mine.assigned, done: mine.done, remaining: mine.remaining, fixed: mine.fixed }
    : { assigned: c.tasks, done: c.done, remaining: c.tasks - c.done, fixed: true };
  return { ...own, blockTasks: c.tasks, blockDone: c.done, unclaimed: c.unclaimed };
}

export async function tasks(db: Db, user: SchoolUser): Promise<MarkingTaskRow[]> {
  const out: MarkingTaskRow[] = [];
  for (const b of await repo.blocksOfUser(db, user.schoolId, user.id)) {
    const f = await markerFigures(db, b, user.id);
    out.push({
      examId: b.examId, examName: b.examName, examSubjectId: b.examSubjectId, subjectName: b.subjectName, blockId: b.id, blockName: b.name,
      role: leadsBlock(user, b) ? 'leader' : 'marker', ...f, ratingMode: b.ratingMode as RatingMode, canMark: b.canMark,
    });
  }
  return out;
}

export async function blockInfo(db: Db, user: SchoolUser, blockId: number): Promise<MarkingBlockInfo> {
  const { block, role, marker } = await blockFor(db, user, blockId);
  const questions = await repo.blockQuestions(db, [blockId]);
  const f = await markerFigures(db, block, user.id);
  return {
    blockId, blockName: block.name, examName: block.examName, subjectName: block.subjectName,
    questions: questions.map((q) => ({ questionId: q.questionId, number: q.no, fullScore: q.fullScore, step: q.step, points: q.points })),
    // a 选做 block is scored on one question: its full score is one question's
    fullScore: questions.some((q) => q.electiveGroup) ? questions[0]!.fullScore : totalOf(questions.map((q) => q.fullScore)), ratingMode: block.ratingMode as RatingMode, leaseSeconds: block.leaseSeconds,
    standardAnswer: { text: block.answerText, images: block.answerImages.map((n) => answerImageUrl(blockId, n)) }, ...f, role, marks: marker,
    trialCount: repo.trialOf(block).trialCount,
  };
}

/**
 * Leases the caller's next paper (docs/DOMAIN-RULES.md §4.1): the paper already held, or one from the pool
 * (repo.leaseNext, SKIP LOCKED). prefetch = the one after the current, also leased. Expired leases of the
 * caller go back to the pool first, so an old paper can never be submitted beside a new round of it.
 */
export async function next(db: Db, user: SchoolUser, blockId: number, prefetch: boolean): Promise<{ paper: MarkingPaper | null; msg: string }> {
  const { block, leader, questions: blockQs, share } = await blockFor(db, user, blockId, 'marker');
  if (!block.canMark) return { paper: null, msg: '该题块已暂停阅卷' };
  const { items } = itemsOf(blockQs);
  if (!items.length) throw new BizError('题块没有题目，请先设置题块');
  const elective = blockQs.some((q) => q.electiveGroup !== null);
  const want = prefetch ? 2 : 1;
  const rounds = marksPerPaper(block.ratingMode as RatingModeValue);
  return db.transaction().execute(async (tx) => {
    const marker = await repo.lockMarker(tx, blockId, user.id);
    if (!marker) return { paper: null, msg: NO_PAPER };
    // 试评: until the leader passes the marker, trial papers only (marking-check.service)
    const trial = await checks.trialGate(tx, block, user.id, leader, want);
    if (trial) return trial;
    // expired leases back to the pool; held tasks and re-checks, oldest lease first (a re-check looks like any paper)
    const heldTasks = await repo.releaseExpiredAndHeld(tx, blockId, user.id);
    const rechecks = block.recheckInterval > 0 ? await checks.heldRechecks(tx, blockId, user.id) : []; // off: no extra read
    const held: MarkingPaper[] = [...heldTasks.map(toPaper), ...rechecks.map(checks.checkPaper)]
      .sort((a, b) => a.leaseExpiresAt.localeCompare(b.leaseExpiresAt) || a.taskId - b.taskId);
    let quota = await quotaOf(tx, block, { ...marker, userId: user.id });
    let taken = quota === null ? 0 : await repo.takenCount(tx, blockId, user.id);
    const thirds = block.ratingMode === 3 || block.ratingMode === 5; // the modes with a third marker
    let synced = false;
    // 个人一致性: a re-check due (every N submitted papers) comes before the pool, one at a time
    if (held.length < want) {
      const r = await checks.recheckNext(tx, block, user.id, rechecks.length > 0);
      if (r) held.push(checks.checkPaper(r));
    }
    // 平均分配's share counts the papers made so far: before the first sheet is made into a paper it is 0, so once the
    // share looks used up the papers are made from every scanned sheet and the share counted again
    if (quota !== null && taken >= quota && marker.quota === null && block.allocation === 'average') {
      synced = true;
      await repo.syncPapers(tx, blockId, rounds, elective, await regionCut(tx, block));
      quota = await quotaOf(tx, block, { ...marker, userId: user.id });
    }
    // 混合阅卷: the caller's school takes at most its share of the block (null: no share set)
    let schoolLeft = await schoolShareLeft(tx, block, user.schoolId, rounds, elective, share);
    // 各校阅卷: the caller's school's candidates only
    const own = repo.schoolMarked(block) ? user.schoolId : null;
    while (held.length < want && (quota === null || taken < quota) && (schoolLeft === null || schoolLeft > 0)) {
      let t = await repo.leaseNext(tx, blockId, user.id, block.leaseSeconds, marker.classIds, thirds, own);
      if (!t && !synced) {
        synced = true;
        await repo.syncPapers(tx, blockId, rounds, elective, await regionCut(tx, block));
        t = await repo.leaseNext(tx, blockId, user.id, block.leaseSeconds, marker.classIds, thirds, own);
      }
      if (!t) break;
      held.push(toPaper(t));
      taken++;
      if (schoolLeft !== null) schoolLeft--;
    }
    const paper = held[want - 1];
    return paper ? { paper, msg: '查询成功' } : { paper: null, msg: NO_PAPER };
  });
}

/** The block crop of a task (its marker or a leader) or of a paper (a leader): image/jpeg, nothing else. */
export async function image(ctx: AppContext, user: SchoolUser, q: { taskId?: number; paperId?: number }): Promise<Buffer> {
  const { db } = ctx;
  let paperId: number;
  // the paper's school: the caller's, or the organiser's when he marks a joint exam (混合阅卷)
  let paperSchool = user.schoolId;
  const check = q.taskId !== undefined ? await findCheckFor(db, user, q.taskId) : undefined;
  if (check) {
    paperId = await checks.checkImagePaper(db, user, check);
    paperSchool = check.schoolId;
  } else if (q.taskId !== undefined) {
    const { task, leader } = await taskFor(db, user, q.taskId);
    if (!leader && task.markerId !== user.id) throw new BizError('无权限访问', 403);
    paperId = task.paperId;
    paperSchool = task.schoolId;
  } else if (q.paperId !== undefined) {
    paperId = q.paperId;
  } else throw new BizError('缺少参数 taskId');
  const paper = await repo.findPaper(db, paperSchool, paperId);
  if (!paper) throw notFound('试卷');
  if (q.taskId === undefined) await blockFor(db, user, paper.blockId, 'leader');
  if (!paper.imageKeys.length) throw notFound('图片');
  try {
    return await paperImage(ctx.storage, paper.imageKeys);
  } catch (e) {
    if (e instanceof StorageNotFound) throw notFound('图片');
    throw e;
  }
}

/**
 * A first, second or third mark. Idempotent on requestId: the same request again answers the same result.
 * Run without the exam's score lock (marks of different papers go side by side: docs/DOMAIN-RULES.md §4.1
 * "Locks"); when the paper must be written as question scores it is rolled back and made again under the lock.
 */
export async function submit(db: Db, user: SchoolUser, body: SubmitInput): Promise<{ total: number; state: SubmitState; done: number }> {
  // a task first (the usual case: one read); a check's id is never a task's (one sequence)
  const t0 = await findTaskFor(db, user, body.taskId);
  if (t0) return submitMark(db, user, body, t0);
  const check = await findCheckFor(db, user, body.taskId);
  if (!check) throw notFound('阅卷任务');
  const r = await checks.submitCheck(db, user, check, await checkedScores(db, check.blockId, body.scores, check.chosenQuestionId), body.requestId);
  return { ...r, done: await doneIn(db, check.blockId, user.id) };
}

type SubmitInput = { taskId: number; scores: number[]; requestId: string };

/** The caller's 已阅 in the block, as marking/block counts it (a re-check or trial mark adds nothing): the page shows this. */
const doneIn = async (q: Db | Tx, blockId: number, userId: number) => (await repo.userDone(q, [blockId], userId)).get(blockId) ?? 0;

/**
 * A task's mark. The caller's 已阅 is read inside the mark's transaction, so the commit is the submit's last step:
 * a mark stored is always answered (no read after the commit that a busy pool could fail).
 */
async function submitMark(db: Db, user: SchoolUser, body: SubmitInput, t0: repo.TaskRow): Promise<{ total: number; state: SubmitState; done: number }> {
  const { block, questions } = await blockFor(db, user, t0.blockId);
  const checked = scoresChecked(questions, body.scores, t0.chosenQuestionId);
  // done: the caller's 已阅, read with the mark (a request sent again reads it on its own)
  const mark = async (tx: Tx, scoreTx: ScoreTx | null): Promise<{ total: number; state: SubmitState; done?: number }> => {
    const task = await repo.lockTaskWithPrior(tx, t0.id, body.requestId);
    if (task.priorId !== null && (task.priorId !== body.taskId || task.priorMarkerId !== user.id)) throw new BizError('请求编号重复');
    if (task.submittedAt) {
      if (task.requestId === body.requestId && task.markerId === user.id) return { total: task.total ?? 0, state: stateOf((await repo.lockPaper(tx, task.paperId)).status) };
      throw new BizError('该试卷已提交，请在回评中修改');
    }
    if (task.markerId !== user.id || task.round > 3) throw new BizError('试卷已超时收回，请阅下一份');
    const { done, ...paper } = await repo.submitTaskLockPaper(tx, { id: task.id, blockId: block.id, markerId: user.id }, { ...checked, requestId: body.requestId }, task.paperId);
    const { state } = scoreTx ? await settlePaper(scoreTx, block, task.paperId, { questions, paper }) : await settleWithoutScoreLock(tx, block, task.paperId, { questions, paper });
    return { total: checked.total, state, done };
  };
  const withDone = async (tx: Tx, scoreTx: ScoreTx | null) => {
    const r = await mark(tx, scoreTx);
    return { total: r.total, state: r.state, done: r.done ?? await doneIn(tx, block.id, user.id) };
  };
  try {
    return await db.transaction().execute((tx) => withDone(tx, null));
  } catch (e) {
    if (e instanceof NeedsScoreLock) return withScoreWrites(db, block.examId, (tx) => withDone(tx, tx));
    // the same requestId sent for another task at the same moment: the unique index refuses the second
    if ((e as { code?: string }).code === '23505' && String((e as { constraint?: string }).constraint ?? (e as Error).message).includes('request_id')) throw new BizError('请求编号重复');
    throw e;
  }
}

/** Flags the caller's current paper: it leaves the pool for the leader's queue (问题卷). */
export async function problem(db: Db, user: SchoolUser, body: { taskId: number; kind: ProblemKind; note?: string }): Promise<void> {
  const check = await findCheckFor(db, user, body.taskId);
  if (check) return checks.problemCheck(db, user, check);
  const { task, block } = await taskFor(db, user, body.taskId);
  await db.transaction().execute(async (tx) => {
    const t = await repo.lockTask(tx, task.id);
    if (t.markerId !== user.id || t.submittedAt || t.round > 3) throw new BizError('只能报告正在评阅的试卷');
    const paper = await repo.lockPaper(tx, t.paperId);
    await repo.setPaper(tx, paper.id, { status: 'problem' });
    await bumpVersion(tx, block.examId, block.schoolId, paper.id);
    await repo.releaseTask(tx, t.id);
    await repo.insertProblem(tx, { schoolId: block.schoolId, blockId: block.id, paperId: paper.id, taskId: t.id, kind: body.kind, note: body.note ?? '', userId: user.id });
    await repo.insertAudit(tx, {
      schoolId: block.schoolId, examSubjectId: block.examSubjectId, blockId: block.id, paperId: paper.id, examStudentId: paper.examStudentId, userId: user.id,
      kind: 'problem', old: { status: paper.status }, new: { status: 'problem', kind: body.kind }, reason: body.note ?? '',
    });
  });
}

export async function review(db: Db, user: SchoolUser, q: { blockId: number; score?: number; page?: number; size?: number }): Promise<{ rows: ReviewRow[]; total: number }> {
  await blockFor(db, user, q.blockId, 'marker');
  const size = q.size ?? 20;
  const page = q.page ?? 1;
  const r = await repo.ownSubmitted(db, q.blockId, user.id, q.score, (page - 1) * size, size);
  const chosen = await repo.chosenOfPapers(db, r.rows.map((x) => x.paperId));
  return { total: r.total, rows: r.rows.map((x) => ({
    taskId: x.taskId, total: x.total, scores: x.scores, submittedAt: x.submittedAt.toISOString(), imageUrl: taskImageUrl(x.taskId),
    ...chosenOf(chosen.get(x.paperId)?.questionId ?? null, chosen.get(x.paperId)?.no ?? null),
  })) };
}

/** 回评: a new score for the caller's own submitted mark (audit row kept); refused once the leader decided the paper. */
export async function rescore(db: Db, user: SchoolUser, body: { taskId: number; scores: number[]; requestId: string; reason?: string }): Promise<{ total: number; state: SubmitState }> {
  const { task: t0, block } = await taskFor(db, user, body.taskId);
  const checked = await checkedScores(db, block.id, body.scores, t0.chosenQuestionId);
  return withScoreWrites(db, block.examId, async (tx) => {
    const prior = await repo.auditByRequest(tx, body.requestId);
    if (prior) {
      if (prior.userId !== user.id) throw new BizError('请求编号重复');
      const paper = await repo.lockPaper(tx, t0.paperId);
      return { total: (prior.new as { total: number }).total, state: stateOf(paper.status) };
    }
    if (await repo.taskByRequest(tx, body.requestId)) throw new BizError('请求编号重复');
    const task = await repo.lockTask(tx, t0.id);
    if (task.markerId !== user.id || !task.submittedAt || task.round > 3) throw new BizError('只能回评自己已提交的试卷');
    const paper = await repo.lockPaper(tx, task.paperId);
    if ((await repo.tasksOfPaper(tx, paper.id)).some((t) => t.round === 4 && t.submittedAt)) throw new BizError('该试卷已由题组长评定，不能回评');
    await repo.rescoreTask(tx, task.id, checked);
    await repo.insertAudit(tx, {
      schoolId: block.schoolId, examSubjectId: block.examSubjectId, blockId: block.id, paperId: paper.id, examStudentId: paper.examStudentId, userId: user.id,
      kind: 'rescore', old: { scores: task.scores, total: task.total }, new: checked, reason: body.reason ?? '', requestId: body.requestId,
    });
    const { state } = await settlePaper(tx, block, paper.id);
    return { total: checked.total, state };
  });
}
