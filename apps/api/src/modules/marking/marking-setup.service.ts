/**
 * Setting up online marking of an exam subject (spec §7 task_allocation/*, answer/*, sampling/*) and watching it
 * (monitor/*, progress/*). Shapes: docs/DOMAIN-RULES.md §4.1. Needs canEditSubject (school administrator, the
 * exam's grade leader, the subject's lesson leader); monitoring a block is open to its 题组长 too.
 */
import { randomUUID } from 'node:crypto';
import { defaultTolerance, rateOf, totalOf } from '@jz/analysis';
import type { Db, Tx } from '../../db/database.js';
import { BizError, forbidden } from '../../core/http.js';
import { verifyPassword } from '../../core/crypto.js';
import * as examRepo from '../exam/exam.repository.js';
import { isObjective } from '../score/scoring.js';
import { electiveGroupsOf, electiveLabel } from '@jz/shared/elective';
import { blockFor, setupBlockFor, setupSubjectFor, type SchoolUser } from './marking.access.js';
import * as repo from './marking.repository.js';
import { bumpVersion } from './marking-live.repository.js';
import { countBlock, countBlocks } from './marking-counts.service.js';
import { qualityOf } from './marking-quality.service.js';
import { answerFilesOf } from './marking-answer.service.js';
import { checkAllocationUsers, markerCandidates } from './marking-joint.service.js';
import * as school from './marking-school.service.js';

type SubjectAccess = Awaited<ReturnType<typeof setupSubjectFor>>;

/** Questions that are marked online: not objective, not a total row, not the parent of sub-questions. */
async function markedQuestions(q: Db | Tx, examSubjectId: number) {
  const all = await examRepo.questionsOf(q, [examSubjectId]);
  const parents = new Set(all.map((x) => x.parentNo).filter(Boolean));
  return all.filter((x) => !isObjective(x.type) && !parents.has(x.no));
}

/**
 * Default blocks (one per marked question, as the card prints a block per written-answer question): made once,
 * when the subject has none, under the subject's row lock so two callers cannot both make them.
 */
async function ensureBlocks(db: Db, s: SubjectAccess): Promise<void> {
  if ((await repo.blocksOfSubject(db, s.exam.schoolId, s.subject.id)).length) return;
  await db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, s.subject.id);
    if ((await repo.blocksOfSubject(tx, s.exam.schoolId, s.subject.id)).length) return;
    const marked = await markedQuestions(tx, s.subject.id);
    // the card prints a group as one box (K boxes for K > 1), all marked in one block
    const groups = new Map(electiveGroupsOf(marked).map((g) => [g.name, g]));
    let i = 0;
    for (const q of marked) {
      // a 选做 group is one block (the card prints one box for it), where its first question stands
      const g = q.electiveGroup ? groups.get(q.electiveGroup) : undefined;
      if (g && g.questions[0] !== q) continue;
      const qs = g ? g.questions : [q];
      const id = await repo.insertBlock(tx, {
        schoolId: s.exam.schoolId, examId: s.exam.id, examSubjectId: s.subject.id, name: g ? `${electiveLabel(g)}（选做）` : `第${q.no}题`, sort: i++, ratingMode: 1,
        tolerance: defaultTolerance([q]), allocation: 'free', leaseSeconds: 600, leaderUserId: null, answerText: '',
      });
      await repo.setBlockQuestions(tx, id, s.subject.id, qs.map((x) => x.id));
    }
  });
}

export async function groupList(db: Db, user: SchoolUser, examSubjectId: number) {
  const side = await school.schoolSideOf(db, user, examSubjectId);
  if (side) return school.groupList(db, user, side);
  const s = await setupSubjectFor(db, user, examSubjectId);
  await ensureBlocks(db, s);
  const blocks = await repo.blocksOfSubject(db, user.schoolId, examSubjectId);
  const ids = blocks.map((b) => b.id);
  const [questions, markers, progress, started, users] = await Promise.all([
    repo.blockQuestions(db, ids), repo.markersOf(db, ids), repo.blockProgress(db, ids), repo.startedBlocks(db, ids), repo.teachersOf(db, user.schoolId),
  ]);
  const names = new Map(users.map((u) => [u.userId, u.userName]));
  return blocks.map((b) => {
    const qs = questions.filter((q) => q.blockId === b.id);
    const p = progress.get(b.id);
    return {
      blockId: b.id, name: b.name, sort: b.sort, ratingMode: b.ratingMode, tolerance: b.tolerance, allocation: b.allocation, leaseSeconds: b.leaseSeconds,
      leaderUserId: b.leaderUserId, leaderName: b.leaderUserId ? names.get(b.leaderUserId) ?? null : null, answerText: b.answerText, canMark: b.canMark,
      started: started.has(b.id), fullScore: qs.some((q) => q.electiveGroup) ? qs[0]!.fullScore : totalOf(qs.map((q) => q.fullScore)),
      questions: qs.map((q) => ({ questionId: q.questionId, number: q.no, fullScore: q.fullScore, step: q.step, points: q.points })),
      markers: markers.filter((m) => m.blockId === b.id).map((m) => ({ userId: m.userId, userName: m.userName, loginId: m.loginId, quota: m.quota, classIds: m.classIds })),
      papers: p?.papers ?? 0, finalPapers: p?.final ?? 0, recheckInterval: b.recheckInterval, ...repo.trialOf(b),
    };
  });
}

export interface BlockInput {
  blockId?: number; name: string; questionIds: number[]; ratingMode: number; tolerance?: number; allocation?: 'average' | 'free' | 'class';
  leaseSeconds?: number; leaderUserId?: number | null; answerText?: string; recheckInterval?: number; trialCount?: number; markers?: { userId: number; quota?: number | null; classIds?: number[] }[];
}

/**
 * Replaces the subject's blocks by the list (save_task_allocation). A block that has marks keeps its questions
 * and rating mode (已开始阅卷的题块不能修改题目或评卷方式) and cannot be dropped; markers, leader, quotas,
 * lease and answer may change at any time.
 */
/** Answers the storage keys of the 标答 images of the blocks it deleted (the caller drops them after the commit: dropAnswerFiles). */
export async function saveAllocation(db: Db, user: SchoolUser, body: { examSubjectId: number; blocks: BlockInput[] }): Promise<string[]> {
  const side = await school.schoolSideOf(db, user, body.examSubjectId);
  if (side) {
    await school.saveAllocation(db, user, side, body.blocks);
    return [];
  }
  const s = await setupSubjectFor(db, user, body.examSubjectId);
  // 各校阅卷 skips the 试评 gate: turning it on would promise a check that never happens
  if (repo.schoolMarked({ examMode: s.exam.mode, jointScoring: s.subject.joint_scoring }) && body.blocks.some((b) => (b.trialCount ?? 0) > 0)) throw new BizError(repo.NO_TRIAL_SCHOOL_MARKING);
  const questions = new Map((await markedQuestions(db, s.subject.id)).map((q) => [q.id, q]));
  const seen = new Set<number>();
  for (const b of body.blocks) {
    for (const qid of b.questionIds) {
      if (!questions.has(qid)) throw new BizError(`题块“${b.name}”含有不能网上阅卷的题目`);
      if (seen.has(qid)) throw new BizError(`第${questions.get(qid)!.no}题分在了多个题块中`);
      seen.add(qid);
    }
    checkElectiveBlock(b, questions);
  }
  // markers: the school's teachers, or for a joint exam every confirmed school's (混合阅卷); leaders: the school's
  await checkAllocationUsers(db, s.exam.id, user.schoolId, [...new Set(body.blocks.flatMap((b) => (b.markers ?? []).map((m) => m.userId)))],
    [...new Set(body.blocks.flatMap((b) => (b.leaderUserId ? [b.leaderUserId] : [])))]);
  return db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, s.subject.id);
    const existing = await repo.blocksOfSubject(tx, user.schoolId, s.subject.id);
    const byId = new Map(existing.map((b) => [b.id, b]));
    const started = await repo.startedBlocks(tx, existing.map((b) => b.id));
    const oldQuestions = await repo.blockQuestions(tx, existing.map((b) => b.id));
    const kept = new Set(body.blocks.map((b) => b.blockId).filter((x): x is number => x !== undefined));
    for (const b of body.blocks) if (b.blockId !== undefined && !byId.has(b.blockId)) throw new BizError('题块不存在');
    for (const b of existing) if (!kept.has(b.id) && started.has(b.id)) throw new BizError(`题块“${b.name}”已开始阅卷，不能删除`);
    const points = await repo.subjectPoints(tx, s.subject.id);
    const dropped = existing.filter((b) => !kept.has(b.id)).map((b) => b.id);
    const files = await answerFilesOf(tx, { blockIds: dropped });
    await repo.deleteBlocks(tx, dropped);
    await repo.releaseQuestions(tx, s.subject.id);
    for (const [i, b] of body.blocks.entries()) {
      const qs = b.questionIds.map((qid) => questions.get(qid)!);
      const fields = {
        name: b.name, sort: i, ratingMode: b.ratingMode, tolerance: b.tolerance ?? defaultTolerance(qs), allocation: b.allocation ?? 'free',
        leaseSeconds: b.leaseSeconds ?? 600, leaderUserId: b.leaderUserId ?? null, answerText: b.answerText ?? '',
        // quality control may change at any time; left out = unchanged (a new block: off)
        recheckInterval: b.recheckInterval, trialCount: b.trialCount,
      };
      let id = b.blockId;
      if (id !== undefined) {
        const old = byId.get(id)!;
        const oldIds = oldQuestions.filter((o) => o.blockId === id).map((o) => o.questionId).sort((x, y) => x - y);
        const sameQuestions = oldIds.join() === [...b.questionIds].sort((x, y) => x - y).join();
        if (started.has(id) && (!sameQuestions || old.ratingMode !== b.ratingMode || old.tolerance !== fields.tolerance)) throw new BizError(`题块“${old.name}”已开始阅卷，不能修改题目或评卷方式`);
        await repo.updateBlock(tx, id, fields);
      } else {
        id = await repo.insertBlock(tx, { schoolId: user.schoolId, examId: s.exam.id, examSubjectId: s.subject.id, ...fields });
      }
      await repo.setBlockQuestions(tx, id, s.subject.id, b.questionIds, points);
      if (b.markers) {
        await repo.releaseLeases(tx, [id]);
        await repo.deleteMarkers(tx, [id]);
        await repo.upsertMarkers(tx, user.schoolId, id, b.markers.map((m) => ({ userId: m.userId, quota: m.quota ?? null, classIds: m.classIds ?? [] })));
      }
    }
    await bumpVersion(tx, s.exam.id, user.schoolId);
    return files;
  });
}

/**
 * A block holding a 选做 question holds exactly its group: the card's box (K boxes for K > 1), each paper scored
 * on the question its box answers.
 */
function checkElectiveBlock(b: BlockInput, questions: Map<number, Awaited<ReturnType<typeof markedQuestions>>[number]>): void {
  const qs = b.questionIds.map((id) => questions.get(id)!);
  const groups = electiveGroupsOf([...questions.values()]);
  const names = new Set(qs.map((q) => q.electiveGroup));
  const group = groups.find((g) => names.has(g.name));
  if (!group) return;
  if (names.size > 1 || qs.length !== group.questions.length) {
    throw new BizError(`题块“${b.name}”：选做题${electiveLabel(group).slice(1)}须单独成一个题块，并包含该组的每一道题`);
  }
}

/** clean_task_allocation: removes every marker of the subject's blocks (their leases go back to the pool). */
export async function cleanAllocation(db: Db, user: SchoolUser, examSubjectId: number): Promise<number> {
  const side = await school.schoolSideOf(db, user, examSubjectId);
  if (side) return school.cleanAllocation(db, user, side);
  await setupSubjectFor(db, user, examSubjectId);
  return db.transaction().execute(async (tx) => {
    const ids = (await repo.blocksOfSubject(tx, user.schoolId, examSubjectId)).map((b) => b.id);
    await repo.releaseLeases(tx, ids);
    return repo.deleteMarkers(tx, ids);
  });
}

/** clean_painting_task: removes the subject's blocks (defaults come back on the next find_group_list); refused once marking started. */
export async function cleanBlocks(db: Db, user: SchoolUser, examSubjectId: number): Promise<string[]> {
  await setupSubjectFor(db, user, examSubjectId);
  return db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, examSubjectId);
    const ids = (await repo.blocksOfSubject(tx, user.schoolId, examSubjectId)).map((b) => b.id);
    if ((await repo.startedBlocks(tx, ids)).size) throw new BizError('已开始阅卷，请先清除阅卷数据');
    const files = await answerFilesOf(tx, { blockIds: ids });
    await repo.deleteBlocks(tx, ids);
    return files; // 标答 images: dropped by the caller after the commit
  });
}

export async function saveLeader(db: Db, user: SchoolUser, body: { blockId: number; userId: number | null }): Promise<void> {
  await setupBlockFor(db, user, body.blockId);
  if (body.userId !== null && !(await repo.schoolUsersIn(db, user.schoolId, [body.userId])).size) throw new BizError('题组长不存在或不是本校教师');
  await db.transaction().execute((tx) => repo.updateBlock(tx, body.blockId, { leaderUserId: body.userId }));
}

/** answer/userList: the teachers who may mark (a joint exam: every confirmed school's, by school, with its name). */
export async function userList(db: Db, user: SchoolUser, examSubjectId: number) {
  if (await school.schoolSideOf(db, user, examSubjectId)) return school.userList(db, user);
  return markerCandidates(db, user, examSubjectId);
}

export async function leaderList(db: Db, user: SchoolUser, examSubjectId: number) {
  await setupSubjectFor(db, user, examSubjectId);
  const names = new Map((await repo.teachersOf(db, user.schoolId)).map((u) => [u.userId, u.userName]));
  return (await repo.blocksOfSubject(db, user.schoolId, examSubjectId)).map((b) => ({
    blockId: b.id, blockName: b.name, userId: b.leaderUserId, userName: b.leaderUserId ? names.get(b.leaderUserId) ?? null : null,
  }));
}

export async function addReaders(db: Db, user: SchoolUser, body: { blockId: number; userIds: number[]; quota?: number | null; classIds?: number[] }): Promise<void> {
  const part = await school.schoolSideOfBlock(db, user, body.blockId);
  if (part) return school.addReaders(db, user, part.side, body.blockId, body);
  const block = await setupBlockFor(db, user, body.blockId);
  await checkAllocationUsers(db, block.examId, user.schoolId, body.userIds, []);
  await db.transaction().execute((tx) => repo.upsertMarkers(tx, user.schoolId, body.blockId, body.userIds.map((u) => ({ userId: u, quota: body.quota ?? null, classIds: body.classIds ?? [] }))));
}

/** Removes a marker; the marks already given stay, the papers held go back to the pool. */
export async function delReader(db: Db, user: SchoolUser, body: { blockId: number; userId: number }): Promise<void> {
  if (await school.schoolSideOfBlock(db, user, body.blockId)) return school.delReader(db, user, body.blockId, body.userId);
  await setupBlockFor(db, user, body.blockId);
  await db.transaction().execute(async (tx) => {
    await repo.releaseLeases(tx, [body.blockId], body.userId);
    if (!(await repo.deleteMarkers(tx, [body.blockId], body.userId))) throw new BizError('该老师不是此题块的阅卷老师');
  });
}

// ---------------------------------------------------------------- sampling points (给分点)

export async function samplingList(db: Db, user: SchoolUser, examSubjectId: number) {
  await setupSubjectFor(db, user, examSubjectId);
  const blocks = await repo.blocksOfSubject(db, user.schoolId, examSubjectId);
  return (await repo.blockQuestions(db, blocks.map((b) => b.id))).map((q) => ({ questionId: q.questionId, number: q.no, blockId: q.blockId, fullScore: q.fullScore, step: q.step, points: q.points }));
}

async function editPoints(db: Db, user: SchoolUser, examSubjectId: number, questionId: number, fn: (points: repo.PointRow[], q: repo.BlockQuestionRow) => repo.PointRow[]): Promise<void> {
  await setupSubjectFor(db, user, examSubjectId);
  await db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, examSubjectId);
    const blocks = await repo.blocksOfSubject(tx, user.schoolId, examSubjectId);
    const q = (await repo.blockQuestions(tx, blocks.map((b) => b.id))).find((x) => x.questionId === questionId);
    if (!q) throw new BizError('该题不在任何题块中');
    if ((await repo.startedBlocks(tx, [q.blockId])).size) throw new BizError('该题块已开始阅卷，不能修改给分点');
    const points = fn(q.points, q);
    const sum = totalOf(points.map((p) => p.fullScore));
    if (sum > q.fullScore) throw new BizError(`给分点满分之和 ${sum} 超过题目满分 ${q.fullScore}`);
    await repo.setPoints(tx, examSubjectId, questionId, points);
  });
}

function checkPoint(p: { fullScore: number; step: number }) {
  if (Math.round(p.fullScore * 100) % Math.round(p.step * 100) !== 0) throw new BizError('给分点满分须为步长的整数倍');
}

export async function samplingAdd(db: Db, user: SchoolUser, b: { examSubjectId: number; questionId: number; name: string; fullScore: number; step: number }): Promise<void> {
  checkPoint(b);
  await editPoints(db, user, b.examSubjectId, b.questionId, (ps) => [...ps, { id: randomUUID().slice(0, 8), name: b.name, fullScore: b.fullScore, step: b.step }]);
}

export async function samplingUpdate(db: Db, user: SchoolUser, b: { examSubjectId: number; questionId: number; id: string; name: string; fullScore: number; step: number }): Promise<void> {
  checkPoint(b);
  await editPoints(db, user, b.examSubjectId, b.questionId, (ps) => {
    if (!ps.some((p) => p.id === b.id)) throw new BizError('给分点不存在');
    return ps.map((p) => (p.id === b.id ? { id: p.id, name: b.name, fullScore: b.fullScore, step: b.step } : p));
  });
}

export async function samplingDelete(db: Db, user: SchoolUser, b: { examSubjectId: number; questionId: number; id: string }): Promise<void> {
  await editPoints(db, user, b.examSubjectId, b.questionId, (ps) => {
    if (!ps.some((p) => p.id === b.id)) throw new BizError('给分点不存在');
    return ps.filter((p) => p.id !== b.id);
  });
}

export async function samplingDeleteAll(db: Db, user: SchoolUser, examSubjectId: number): Promise<void> {
  await setupSubjectFor(db, user, examSubjectId);
  await db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, examSubjectId);
    const ids = (await repo.blocksOfSubject(tx, user.schoolId, examSubjectId)).map((b) => b.id);
    if ((await repo.startedBlocks(tx, ids)).size) throw new BizError('已开始阅卷，不能修改给分点');
    await repo.clearPoints(tx, examSubjectId);
  });
}

// ---------------------------------------------------------------- progress and monitoring

/** The block rows of 阅卷进度 and the monitor (marking-counts.service: one definition for every screen). */
async function progressOf(db: Db, blocks: repo.BlockRow[]) {
  const counts = await countBlocks(db, blocks);
  return blocks.map((b) => {
    const c = counts.get(b.id)!;
    return {
      blockId: b.id, blockName: b.name, canMark: b.canMark, papers: c.papers, finalPapers: c.finalPapers, marksNeeded: c.tasks, marksDone: c.done,
      marksHeld: c.held, unclaimed: c.unclaimed, overAssigned: c.over, hoursLeft: c.hoursLeft,
      problems: c.problems, arbitrations: c.arbitrations, percent: c.papers ? Math.round((c.finalPapers / c.papers) * 10000) / 100 : 0,
    };
  });
}

export async function findProgress(db: Db, user: SchoolUser, examSubjectId: number) {
  const side = await school.schoolSideOf(db, user, examSubjectId);
  if (side) return school.progressOf(db, user.schoolId, side.blocks);
  await setupSubjectFor(db, user, examSubjectId);
  return progressOf(db, await repo.blocksOfSubject(db, user.schoolId, examSubjectId));
}

export async function updateCanMark(db: Db, user: SchoolUser, body: { examSubjectId: number; blockId?: number; canMark: boolean }): Promise<void> {
  const s = await setupSubjectFor(db, user, body.examSubjectId);
  const ids = (await repo.blocksOfSubject(db, user.schoolId, body.examSubjectId)).map((b) => b.id).filter((id) => body.blockId === undefined || id === body.blockId);
  if (body.blockId !== undefined && !ids.length) throw new BizError('题块不存在');
  await db.transaction().execute(async (tx) => { await repo.setCanMark(tx, ids, body.canMark); await bumpVersion(tx, s.exam.id, user.schoolId); });
}

/**
 * Clears every paper, mark and problem of the subject's blocks, or of one block (blockId), after the caller's
 * password (audit row kept). The password arrives RSA-encrypted like every other password (`decrypt` is the
 * server's cipher), opened only after the access check.
 */
export async function clearMarking(db: Db, user: SchoolUser, body: { examSubjectId: number; blockId?: number; password: string }, decrypt: (s: string) => string): Promise<number> {
  const s = await setupSubjectFor(db, user, body.examSubjectId);
  const block = body.blockId === undefined ? undefined : (await repo.blocksOfSubject(db, user.schoolId, s.subject.id)).find((b) => b.id === body.blockId);
  if (body.blockId !== undefined && !block) throw new BizError('题块不存在');
  const hash = await repo.passwordHashOf(db, user.id);
  if (!hash || !(await verifyPassword(decrypt(body.password), hash))) throw new BizError('密码错误');
  return db.transaction().execute(async (tx) => {
    await repo.lockSubject(tx, s.subject.id);
    const n = block ? await repo.clearBlockMarking(tx, block.id) : await repo.clearSubjectMarking(tx, s.subject.id);
    await bumpVersion(tx, s.exam.id, user.schoolId);
    await repo.insertAudit(tx, {
      schoolId: user.schoolId, examSubjectId: s.subject.id, blockId: block?.id ?? null, paperId: null, examStudentId: null, userId: user.id, kind: 'clear',
      old: { papers: n }, new: null, reason: block ? `清除题块“${block.name}”的阅卷数据` : '清除阅卷数据',
    });
    return n;
  });
}

/** The exam's blocks the caller leads (the monitor's scope); 403 for another school's exam or when it leads none of them. */
export async function monitorBlocks(db: Db, user: SchoolUser, examId: number) {
  const blocks = await repo.blocksOfExam(db, user.schoolId, examId);
  const visible: repo.BlockRow[] = [];
  for (const b of blocks) {
    try { await blockFor(db, user, b.id, 'leader'); visible.push(b); } catch { /* not the caller's block */ }
  }
  const exam = await examRepo.findExam(db, examId);
  if (!exam || exam.schoolId !== user.schoolId) throw forbidden();
  if (!visible.length && blocks.length) throw forbidden();
  return { exam, blocks: visible };
}

/** monitor/topicList: the exam's subjects with each block's progress (subjects the caller sets up, blocks the caller leads). */
export async function topicList(db: Db, user: SchoolUser, examId: number) {
  const own = await school.topicList(db, user, examId);
  if (own) return own;
  const { blocks: visible } = await monitorBlocks(db, user, examId);
  const progress = await progressOf(db, visible);
  const subjects = [...new Map(visible.map((b) => [b.examSubjectId, b.subjectName]))];
  return subjects.map(([examSubjectId, subjectName]) => ({
    examSubjectId, subjectName, blocks: progress.filter((p) => visible.find((b) => b.id === p.blockId)!.examSubjectId === examSubjectId),
  }));
}

/**
 * monitor/markingList: per marker of the block (and anyone since removed who gave marks), the counts of
 * marking-counts.service — 任务量, 已阅, 剩余, 正在阅, papers per hour (marks ÷ hours between the first and last
 * submission, at least one minute), hours left — and the quality figures of @jz/analysis markerQuality: the
 * marker's mean, SD and agreement rate beside the block's.
 */
export async function markingList(db: Db, user: SchoolUser, blockId: number) {
  const { block } = await blockFor(db, user, blockId, 'leader');
  return markerProgressRows(db, block);
}

/** The rows of monitor/markingList for a block (no access check: callers check it); `known`: its quality, when read already. */
export async function markerProgressRows(db: Db, block: repo.BlockRow, known?: Awaited<ReturnType<typeof qualityOf>>) {
  const counts = await countBlock(db, block);
  const quality = known ?? await qualityOf(db, block);
  return counts.markers.map((m) => {
    const q = quality.rows.find((x) => x.markerId === m.userId);
    return {
      userId: m.userId, userName: m.userName, assigned: m.assigned, done: m.done, remaining: m.remaining, held: m.held, fixed: m.fixed, current: m.current,
      papersPerHour: m.papersPerHour, hoursLeft: m.hoursLeft, mean: q?.mean ?? null, sd: q?.sd ?? null, agreeRate: q ? rateOf(q.within, q.paired) : null,
      blockMean: quality.block.mean, blockSd: quality.block.sd, blockAgreeRate: rateOf(quality.block.within, quality.block.paired),
      thirdRate: rateOf(quality.block.third, quality.block.paired),
    };
  });
}
