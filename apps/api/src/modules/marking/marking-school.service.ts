/**
 * 各校阅卷 (docs/DECISIONS.md "Joint exams", 各校阅卷): in a joint exam's subject scored school by school, each confirmed
 * school's administrator assigns its own teachers to the organiser's blocks (the blocks, rating modes and thresholds
 * stay the organiser's) and watches its own part; its markers are served only its own candidates' papers
 * (marking.service next). The task_allocation, answer and progress calls land here when the caller is a participant
 * of the joint exam rather than its organiser (schoolSideOf answers null for the organiser and any single-school exam).
 */
import type { Db, Tx } from '../../db/database.js';
import { BizError, notFound } from '../../core/http.js';
import { totalOf } from '@jz/analysis';
import * as examRepo from '../exam/exam.repository.js';
import { examScopeFor, type SchoolUser } from '../exam/exam.access.js';
import { subjectScoring } from '../joint/joint.repository.js';
import * as repo from './marking.repository.js';
import * as joint from './marking-joint.repository.js';
import { schoolBlockCounts } from './marking-school.repository.js';
import { bumpVersion } from './marking-live.repository.js';

export interface SchoolSide { exam: examRepo.ExamRow; examSubjectId: number; blocks: repo.BlockRow[] }

export const NOT_SCHOOL_MARKING = '该科目不是各校阅卷，阅卷由组织方安排';

/**
 * The subject as a participating school sets it up under 各校阅卷, or null when the caller's school owns the exam (or
 * the exam is not a joint one): then the usual access applies. A participant must be the administrator of a school
 * that confirmed its classes (examScopeFor), and the subject must be 各校阅卷.
 */
export async function schoolSideOf(q: Db | Tx, user: SchoolUser, examSubjectId: number): Promise<SchoolSide | null> {
  const subject = await examRepo.findSubject(q, examSubjectId);
  if (!subject) throw notFound('考试科目');
  const exam = await examRepo.findExam(q, subject.exam_id);
  if (!exam || exam.schoolId === user.schoolId || exam.mode !== 'joint') return null;
  await examScopeFor(q, user, exam.id, 'edit');
  if (subject.joint_scoring !== 'school_marking') throw new BizError(NOT_SCHOOL_MARKING, 403);
  return { exam, examSubjectId, blocks: await repo.blocksOfSubject(q, exam.schoolId, examSubjectId) };
}

/** schoolSideOf for a block id: the block and its subject's side, or null for the block's own school. */
export async function schoolSideOfBlock(q: Db | Tx, user: SchoolUser, blockId: number): Promise<{ side: SchoolSide; block: repo.BlockRow } | null> {
  const block = await repo.findBlock(q, blockId);
  if (!block) throw notFound('题块');
  if (block.schoolId === user.schoolId) return null;
  const side = await schoolSideOf(q, user, block.examSubjectId);
  // (the exam's owner is the block's school, so a block of a school's own exam never reaches here with a null side)
  if (!side) return null;
  return { side, block };
}

/** find_group_list: the organiser's blocks as they are, with only the school's own markers and its own papers. */
export async function groupList(db: Db, user: SchoolUser, side: SchoolSide) {
  const ids = side.blocks.map((b) => b.id);
  const [questions, markers, counts, started] = await Promise.all([
    repo.blockQuestions(db, ids), repo.markersOf(db, ids, user.schoolId), schoolBlockCounts(db, ids, user.schoolId), repo.startedBlocks(db, ids),
  ]);
  return side.blocks.map((b) => {
    const qs = questions.filter((q) => q.blockId === b.id);
    const c = counts.get(b.id);
    return {
      blockId: b.id, name: b.name, sort: b.sort, ratingMode: b.ratingMode, tolerance: b.tolerance, allocation: b.allocation, leaseSeconds: b.leaseSeconds,
      // the leader is the organiser's (it arbitrates): not named to the school
      leaderUserId: null, leaderName: null, answerText: b.answerText, canMark: b.canMark,
      started: started.has(b.id), fullScore: qs.some((q) => q.electiveGroup) ? qs[0]!.fullScore : totalOf(qs.map((q) => q.fullScore)),
      questions: qs.map((q) => ({ questionId: q.questionId, number: q.no, fullScore: q.fullScore, step: q.step, points: q.points })),
      markers: markers.filter((m) => m.blockId === b.id).map((m) => ({ userId: m.userId, userName: m.userName, loginId: m.loginId, quota: m.quota, classIds: m.classIds })),
      papers: c?.papers ?? 0, finalPapers: c?.final ?? 0, recheckInterval: b.recheckInterval, ...repo.trialOf(b),
    };
  });
}

/** answer/userList: the school's own teachers. */
export function userList(db: Db, user: SchoolUser) {
  return joint.teachersOfSchools(db, [user.schoolId]);
}

async function checkOwnTeachers(q: Db | Tx, user: SchoolUser, ids: number[]): Promise<void> {
  const ok = await joint.teachersIn(q, [user.schoolId], ids);
  if (ids.some((u) => !ok.has(u))) throw new BizError('阅卷老师不存在或不是本校教师');
}

/** Sets the school's markers of one block to `rows` (others' markers untouched); a removed marker's leases go back. */
async function setSchoolMarkers(tx: Tx, user: SchoolUser, side: SchoolSide, blockId: number, rows: { userId: number; quota: number | null; classIds: number[] }[]): Promise<void> {
  const keep = new Set(rows.map((r) => r.userId));
  for (const m of await repo.markersOf(tx, [blockId], user.schoolId)) {
    if (keep.has(m.userId)) continue;
    await repo.releaseLeases(tx, [blockId], m.userId);
    await repo.deleteMarkers(tx, [blockId], m.userId);
  }
  await repo.upsertMarkers(tx, side.exam.schoolId, blockId, rows);
}

/**
 * save_task_allocation by a school: only the markers of each block named change (its own teachers); names,
 * questions, rating modes, thresholds and the leader stay the organiser's whatever the body says.
 */
export async function saveAllocation(db: Db, user: SchoolUser, side: SchoolSide, blocks: { blockId?: number; markers?: { userId: number; quota?: number | null; classIds?: number[] }[] }[]): Promise<void> {
  const ids = new Set(side.blocks.map((b) => b.id));
  for (const b of blocks) if (b.blockId === undefined || !ids.has(b.blockId)) throw new BizError('各校阅卷只能为组织方设置的题块安排阅卷老师');
  await checkOwnTeachers(db, user, [...new Set(blocks.flatMap((b) => (b.markers ?? []).map((m) => m.userId)))]);
  await db.transaction().execute(async (tx) => {
    for (const b of blocks) {
      if (b.markers) await setSchoolMarkers(tx, user, side, b.blockId!, b.markers.map((m) => ({ userId: m.userId, quota: m.quota ?? null, classIds: m.classIds ?? [] })));
    }
    await bumpVersion(tx, side.exam.id, side.exam.schoolId);
  });
}

/** answer/addReader by a school: its own teachers onto the organiser's block. */
export async function addReaders(db: Db, user: SchoolUser, side: SchoolSide, blockId: number, body: { userIds: number[]; quota?: number | null; classIds?: number[] }): Promise<void> {
  await checkOwnTeachers(db, user, body.userIds);
  await db.transaction().execute((tx) => repo.upsertMarkers(tx, side.exam.schoolId, blockId, body.userIds.map((u) => ({ userId: u, quota: body.quota ?? null, classIds: body.classIds ?? [] }))));
}

/** answer/delReader by a school: only its own markers. */
export async function delReader(db: Db, user: SchoolUser, blockId: number, userId: number): Promise<void> {
  if (!(await joint.teachersIn(db, [user.schoolId], [userId])).size) throw new BizError('该老师不是此题块的阅卷老师');
  await db.transaction().execute(async (tx) => {
    await repo.releaseLeases(tx, [blockId], userId);
    if (!(await repo.deleteMarkers(tx, [blockId], userId))) throw new BizError('该老师不是此题块的阅卷老师');
  });
}

/** clean_task_allocation by a school: its own markers of the subject's blocks. */
export async function cleanAllocation(db: Db, user: SchoolUser, side: SchoolSide): Promise<number> {
  return db.transaction().execute(async (tx) => {
    let n = 0;
    for (const m of await repo.markersOf(tx, side.blocks.map((b) => b.id), user.schoolId)) {
      await repo.releaseLeases(tx, [m.blockId], m.userId);
      n += await repo.deleteMarkers(tx, [m.blockId], m.userId);
    }
    return n;
  });
}

/** The school's 阅卷进度 rows of the blocks (progress/find_progress, monitor/topicList): its own candidates' papers only. */
export async function progressOf(db: Db, schoolId: number, blocks: repo.BlockRow[]) {
  const counts = await schoolBlockCounts(db, blocks.map((b) => b.id), schoolId);
  return blocks.map((b) => {
    const c = counts.get(b.id)!;
    return {
      blockId: b.id, blockName: b.name, canMark: b.canMark, papers: c.papers, finalPapers: c.final, marksNeeded: c.needed, marksDone: c.done,
      marksHeld: c.held, unclaimed: c.free, overAssigned: 0, hoursLeft: null, problems: c.problems, arbitrations: c.arbitrations,
      percent: c.papers ? Math.round((c.final / c.papers) * 10000) / 100 : 0,
    };
  });
}

/**
 * monitor/topicList of a participant: the exam's 各校阅卷 subjects with the school's part of each block (403 when it has
 * none). null when the caller's school owns the exam or it is not a joint exam (the usual monitor).
 */
export async function topicList(db: Db, user: SchoolUser, examId: number) {
  const exam = await examRepo.findExam(db, examId);
  if (!exam || exam.schoolId === user.schoolId || exam.mode !== 'joint') return null;
  await examScopeFor(db, user, examId, 'view');
  if (![...(await subjectScoring(db, examId)).values()].includes('school_marking')) throw new BizError(NOT_SCHOOL_MARKING, 403);
  const blocks = (await repo.blocksOfExam(db, exam.schoolId, examId)).filter(repo.schoolMarked);
  const progress = await progressOf(db, user.schoolId, blocks);
  const subjects = [...new Map(blocks.map((b) => [b.examSubjectId, b.subjectName]))];
  return subjects.map(([examSubjectId, subjectName]) => ({
    examSubjectId, subjectName, blocks: progress.filter((p) => blocks.find((b) => b.id === p.blockId)!.examSubjectId === examSubjectId),
  }));
}
