/**
 * 试评, the leader's side (docs/DOMAIN-RULES.md §4.1 "个人一致性 and 试评"): the block's leaders (题组长, subject
 * leaders) score K papers as trial papers (reference scores), see each marker's trial marks against them (within
 * the block tolerance or not), and 通过 a marker (formal marking opens) or let the marker 重评 (a new trial round).
 * Trial marks live in marking_check and never reach a paper's score or the progress counts.
 */
import { marksPerPaper, trialOutcome, type RatingModeValue } from '@jz/analysis';
import type { Db, Tx } from '../../db/database.js';
import { BizError, notFound } from '../../core/http.js';
import { blockFor, type SchoolUser } from './marking.access.js';
import * as checkRepo from './marking-check.repository.js';
import * as repo from './marking.repository.js';
import { chosenOf, paperImageUrl } from './marking.paper.js';
import { checkedScores } from './marking.service.js';

const NO_TRIAL = '本题块未开启试评，请先在分配阅卷任务中设置试评份数';

async function leaderBlock(db: Db, user: SchoolUser, blockId: number) {
  const { block } = await blockFor(db, user, blockId, 'leader');
  if (repo.schoolMarked(block)) throw new BizError(repo.NO_TRIAL_SCHOOL_MARKING);
  return block;
}

/** The trial papers with their reference scores, and per marker the trial marks of the marker's current round. */
export async function trialList(db: Db, user: SchoolUser, blockId: number) {
  const block = await leaderBlock(db, user, blockId);
  const [papers, markers, rounds, marks] = await Promise.all([
    checkRepo.trialPapers(db, blockId), repo.markersOf(db, [blockId]), checkRepo.trialMarkers(db, blockId), checkRepo.trialMarks(db, blockId),
  ]);
  return {
    trialCount: block.trialCount, tolerance: block.tolerance,
    papers: papers.map((p) => ({
      paperId: p.paperId, scores: p.scores, total: p.total, imageUrl: paperImageUrl(p.paperId), ...chosenOf(p.chosenQuestionId, p.chosenNo),
      marked: [...marks.values()].filter((m) => m.has(p.paperId)).length,
    })),
    markers: markers.map((m) => {
      const round = rounds.get(m.userId);
      const o = trialOutcome(papers.map((p) => ({ paperId: p.paperId, reference: p.total, mark: marks.get(m.userId)?.get(p.paperId) ?? null })), block.tolerance);
      return {
        userId: m.userId, userName: m.userName, attempt: round?.attempt ?? 1, passed: !!round?.passedAt, passedAt: round?.passedAt?.toISOString() ?? null,
        done: o.done, total: o.total, within: o.within, finished: o.finished, marks: o.rows,
      };
    }),
  };
}

/** A paper of the block to score as a trial paper: the first one (after afterPaperId) that is not one yet. */
export async function trialNext(db: Db, user: SchoolUser, body: { blockId: number; afterPaperId?: number }) {
  const block = await leaderBlock(db, user, body.blockId);
  if (block.trialCount <= 0) throw new BizError(NO_TRIAL);
  const elective = (await repo.blockQuestions(db, [block.id])).some((q) => q.electiveGroup !== null);
  // papers are made from the scanned sheets on demand, as marking/next makes them
  await db.transaction().execute((tx) => repo.syncPapers(tx, block.id, marksPerPaper(block.ratingMode as RatingModeValue), elective));
  const p = await checkRepo.nextNonTrialPaper(db, block.id, body.afterPaperId ?? 0);
  return p ? { paperId: p.id, imageUrl: paperImageUrl(p.id), ...chosenOf(p.chosenQuestionId, p.chosenNo) } : null;
}

async function blockPaper(db: Db, user: SchoolUser, blockId: number, paperId: number) {
  const paper = await repo.findPaper(db, user.schoolId, paperId);
  if (!paper || paper.blockId !== blockId) throw notFound('试卷');
  return paper;
}

/** Sets (or corrects) a trial paper's reference scores; at most K trial papers. */
export async function trialSet(db: Db, user: SchoolUser, body: { blockId: number; paperId: number; scores: number[] }): Promise<{ total: number; count: number }> {
  const block = await leaderBlock(db, user, body.blockId);
  if (block.trialCount <= 0) throw new BizError(NO_TRIAL);
  const paper = await blockPaper(db, user, block.id, body.paperId);
  const checked = await checkedScores(db, block.id, body.scores, paper.chosenQuestionId);
  return db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, block.examSubjectId); // one set-up change of the subject at a time: the count holds
    const papers = await checkRepo.trialPapers(tx, block.id);
    const already = papers.some((p) => p.paperId === paper.id);
    if (!already && papers.length >= block.trialCount) throw new BizError(`试评卷已达 ${block.trialCount} 份，请先移除一份再添加`);
    await checkRepo.putTrialPaper(tx, { schoolId: block.schoolId, blockId: block.id, paperId: paper.id, ...checked, userId: user.id });
    return { total: checked.total, count: papers.length + (already ? 0 : 1) };
  });
}

/** Takes a paper out of the trial papers; refused once a marker gave it a trial mark. */
export async function trialRemove(db: Db, user: SchoolUser, body: { blockId: number; paperId: number }): Promise<void> {
  const block = await leaderBlock(db, user, body.blockId);
  await blockPaper(db, user, block.id, body.paperId);
  await db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, block.examSubjectId);
    if (await checkRepo.trialMarkCount(tx, block.id, body.paperId)) throw new BizError('已有阅卷老师试评过该卷，不能移除');
    if (!(await checkRepo.deleteTrialPaper(tx, block.id, body.paperId))) throw new BizError('该试卷不是试评卷');
  });
}

async function blockMarker(db: Db, blockId: number, userId: number): Promise<string> {
  const m = (await repo.markersOf(db, [blockId])).find((x) => x.userId === userId);
  if (!m) throw new BizError('该老师不是本题块的阅卷老师');
  return m.userName;
}

/** The marker's current round and how its trial marks stand (inside the caller's transaction, under the subject lock). */
async function roundOf(tx: Tx, block: { id: number; tolerance: number }, userId: number) {
  const round = await checkRepo.trialMarker(tx, block.id, userId);
  const papers = await checkRepo.trialPapers(tx, block.id);
  const marks = (await checkRepo.trialMarks(tx, block.id)).get(userId);
  const o = trialOutcome(papers.map((p) => ({ paperId: p.paperId, reference: p.total, mark: marks?.get(p.paperId) ?? null })), block.tolerance);
  return { round, o, state: { attempt: round.attempt, passed: !!round.passedAt, done: o.done, within: o.within, trialPapers: o.total } };
}

/** 通过 and 重评 are kept in 改分记录 like the score changes (who, when, old, new, why). */
function trialAudit(tx: Tx, user: SchoolUser, block: { id: number; schoolId: number; examSubjectId: number }, kind: 'trialPass' | 'trialRedo', old: object, next: object, reason: string) {
  return repo.insertAudit(tx, { schoolId: block.schoolId, examSubjectId: block.examSubjectId, blockId: block.id, paperId: null, examStudentId: null, userId: user.id, kind, old, new: next, reason });
}

type MarkerBody = { blockId: number; userId: number; reason?: string };

/** 通过: the marker's formal marking opens; only after the marker marked every trial paper of the round. */
export async function trialPass(db: Db, user: SchoolUser, body: MarkerBody): Promise<void> {
  const block = await leaderBlock(db, user, body.blockId);
  const marker = await blockMarker(db, block.id, body.userId);
  await db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, block.examSubjectId);
    const { o, state } = await roundOf(tx, block, body.userId);
    if (!o.finished) throw new BizError('该老师尚未完成试评，不能通过');
    await checkRepo.passTrial(tx, { schoolId: block.schoolId, blockId: block.id, userId: body.userId, by: user.id });
    const who = { userId: body.userId, marker };
    await trialAudit(tx, user, block, 'trialPass', { ...who, ...state }, { ...who, ...state, passed: true },
      body.reason?.trim() || `${marker}第 ${state.attempt} 轮试评误差内 ${o.within}/${o.total} 份，通过`);
  });
}

/** 重评: the marker marks the trial papers again (a new round; the old marks stay on record); formal leases go back. */
export async function trialRedo(db: Db, user: SchoolUser, body: MarkerBody): Promise<void> {
  const block = await leaderBlock(db, user, body.blockId);
  const marker = await blockMarker(db, block.id, body.userId);
  await db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, block.examSubjectId);
    const { round, o, state } = await roundOf(tx, block, body.userId);
    await checkRepo.redoTrial(tx, { schoolId: block.schoolId, blockId: block.id, userId: body.userId, attempt: round.attempt });
    const released = await repo.releaseLeases(tx, [block.id], body.userId);
    const who = { userId: body.userId, marker };
    await trialAudit(tx, user, block, 'trialRedo', { ...who, ...state }, { ...who, attempt: round.attempt + 1, passed: false, done: 0, within: 0, trialPapers: o.total, released },
      body.reason?.trim() || `${marker}第 ${state.attempt} 轮试评误差内 ${o.within}/${o.total} 份，要求重新试评`);
  });
}
