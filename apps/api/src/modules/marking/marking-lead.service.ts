/**
 * The leader's side of online marking (题组长 of the block, or whoever may edit the subject): problem papers,
 * arbitration, 抽查 (checking final papers, overriding with a reason) and the audit trail. Every score the
 * leader gives is the paper's round-4 mark, which is final (rules.decide); an arbitrator never first-marked
 * the paper.
 */
import type { MarkingPaper } from '@jz/shared/marking';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { withScoreWrites, type ScoreTx } from '../score/score-write.service.js';
import { blockFor, paperForLeader, type SchoolUser } from './marking.access.js';
import * as repo from './marking.repository.js';
import { checkedScores, chosenOf, paperImageUrl } from './marking.service.js';
import { settlePaper, type SubmitState } from './marking.settle.js';

export async function problems(db: Db, user: SchoolUser, blockId: number) {
  await blockFor(db, user, blockId, 'leader');
  const rows = await repo.openProblems(db, blockId);
  const chosen = await repo.chosenOfPapers(db, rows.map((p) => p.paperId));
  return rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString(), imageUrl: paperImageUrl(p.paperId), ...chosenOf(chosen.get(p.paperId)?.questionId ?? null, chosen.get(p.paperId)?.no ?? null) }));
}

async function refuseFirstMarker(tx: ScoreTx, paperId: number, userId: number): Promise<void> {
  if ((await repo.tasksOfPaper(tx, paperId)).some((t) => t.round < 4 && t.markerId === userId && t.submittedAt)) throw new BizError('您评过该试卷，不能仲裁');
}

type Access = Awaited<ReturnType<typeof paperForLeader>>;
async function audit(tx: ScoreTx, a: Access, userId: number, kind: string, old: unknown, next: unknown, reason: string, requestId?: string) {
  await repo.insertAudit(tx, {
    schoolId: a.block.schoolId, examSubjectId: a.block.examSubjectId, blockId: a.block.id, paperId: a.paper.id, examStudentId: a.paper.examStudentId,
    userId, kind, old, new: next, reason, requestId,
  });
}

/** A problem paper: scored by the leader (final), or returned to the pool. */
export async function resolveProblem(db: Db, user: SchoolUser, body: { paperId: number; scores?: number[]; action: 'score' | 'return' }): Promise<{ state: SubmitState }> {
  const a = await paperForLeader(db, user, body.paperId);
  const checked = body.action === 'score' ? await checkedScores(db, a.block.id, body.scores ?? [], a.paper.chosenQuestionId) : null;
  return withScoreWrites(db, a.block.examId, async (tx) => {
    const paper = await repo.lockPaper(tx, a.paper.id);
    if (paper.status !== 'problem') throw new BizError('该试卷不是问题卷');
    if (checked) {
      await refuseFirstMarker(tx, paper.id, user.id);
      await repo.putLeaderMark(tx, { schoolId: a.block.schoolId, blockId: a.block.id, paperId: paper.id, userId: user.id, ...checked, requestId: null });
    }
    await repo.resolveProblems(tx, paper.id, user.id, body.action);
    await repo.setPaper(tx, paper.id, { status: 'marking' });
    await audit(tx, a, user.id, body.action === 'score' ? 'problemScore' : 'problemReturn', { status: 'problem' }, checked ?? { status: 'marking' }, '');
    return { state: (await settlePaper(tx, a.block, paper.id)).state };
  });
}

export async function arbitrations(db: Db, user: SchoolUser, blockId: number) {
  await blockFor(db, user, blockId, 'leader');
  const out = [];
  const papers = await repo.papersOfBlock(db, blockId, 'arbitration');
  const chosen = await repo.chosenOfPapers(db, papers.map((p) => p.id));
  for (const p of papers) {
    const marks = (await repo.tasksOfPaper(db, p.id)).filter((t) => t.round < 4 && t.submittedAt);
    out.push({ paperId: p.id, imageUrl: paperImageUrl(p.id), scores: marks.map((t) => ({ marker: t.markerName ?? '', total: t.total ?? 0 })),
      ...chosenOf(chosen.get(p.id)?.questionId ?? null, chosen.get(p.id)?.no ?? null) });
  }
  return out;
}

export async function arbitrate(db: Db, user: SchoolUser, body: { paperId: number; scores: number[]; requestId: string }): Promise<{ total: number; state: SubmitState }> {
  const a = await paperForLeader(db, user, body.paperId);
  const checked = await checkedScores(db, a.block.id, body.scores, a.paper.chosenQuestionId);
  return withScoreWrites(db, a.block.examId, async (tx) => {
    const prior = await repo.taskByRequest(tx, body.requestId);
    if (prior) {
      if (prior.paperId !== a.paper.id || prior.markerId !== user.id || prior.round !== 4) throw new BizError('请求编号重复');
      return { total: prior.total ?? 0, state: 'final' as const };
    }
    const paper = await repo.lockPaper(tx, a.paper.id);
    if (paper.status !== 'arbitration') throw new BizError('该试卷不需要仲裁');
    await refuseFirstMarker(tx, paper.id, user.id);
    const marks = (await repo.tasksOfPaper(tx, paper.id)).filter((t) => t.round < 4 && t.submittedAt).map((t) => ({ round: t.round, total: t.total }));
    await repo.putLeaderMark(tx, { schoolId: a.block.schoolId, blockId: a.block.id, paperId: paper.id, userId: user.id, ...checked, requestId: body.requestId });
    await audit(tx, a, user.id, 'arbitrate', marks, checked, '');
    const { state } = await settlePaper(tx, a.block, paper.id);
    return { total: checked.total, state };
  });
}

/** 抽查: a random final paper of the block with the score it was given. */
export async function checkNext(db: Db, user: SchoolUser, blockId: number): Promise<(MarkingPaper & { paperId: number }) | null> {
  await blockFor(db, user, blockId, 'leader');
  const p = await repo.pickForCheck(db, blockId, []);
  if (!p) return null;
  const tasks = (await repo.tasksOfPaper(db, p.id)).filter((t) => t.submittedAt);
  const last = tasks.at(-1)!;
  const chosen = (await repo.chosenOfPapers(db, [p.id])).get(p.id);
  return {
    taskId: last.id, paperId: p.id, round: last.round, imageUrl: paperImageUrl(p.id), leaseExpiresAt: new Date().toISOString(),
    given: { scores: p.finalScores ?? [], total: p.finalTotal ?? 0 }, ...chosenOf(chosen?.questionId, chosen?.no),
  };
}

/** The leader replaces a final score (reason required; audit row kept). */
export async function override(db: Db, user: SchoolUser, body: { paperId?: number; taskId?: number; scores: number[]; reason: string }): Promise<{ total: number; state: SubmitState }> {
  let paperId = body.paperId;
  if (paperId === undefined && body.taskId !== undefined) paperId = (await repo.findTask(db, user.schoolId, body.taskId))?.paperId ?? 0;
  if (!paperId) throw new BizError('缺少参数 paperId');
  if (!body.reason.trim()) throw new BizError('请填写改分原因');
  const a = await paperForLeader(db, user, paperId);
  const checked = await checkedScores(db, a.block.id, body.scores, a.paper.chosenQuestionId);
  return withScoreWrites(db, a.block.examId, async (tx) => {
    const paper = await repo.lockPaper(tx, a.paper.id);
    if (paper.status !== 'final') throw new BizError('只能修改已给出最终分的试卷');
    await repo.putLeaderMark(tx, { schoolId: a.block.schoolId, blockId: a.block.id, paperId: paper.id, userId: user.id, ...checked, requestId: null });
    await audit(tx, a, user.id, 'override', { scores: paper.finalScores, total: paper.finalTotal }, checked, body.reason.trim());
    const { state } = await settlePaper(tx, a.block, paper.id);
    return { total: checked.total, state };
  });
}

export async function auditRows(db: Db, user: SchoolUser, blockId: number) {
  await blockFor(db, user, blockId, 'leader');
  return (await repo.auditOf(db, blockId)).map((r) => ({ ...r, at: r.at.toISOString() }));
}
