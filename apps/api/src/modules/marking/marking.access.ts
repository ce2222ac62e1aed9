/**
 * Who may do what in online marking (docs/DOMAIN-RULES.md §4.1). Everything is scoped to the caller's school
 * (another school's block, paper or task → 403/404). A block's markers mark it; its leaders are the 题组长
 * (leader_user_id) and whoever may edit the subject (school administrator, grade leader of the exam's grade,
 * lesson leader of the grade and course: exam.access canEditSubject). Set-up needs canEditSubject.
 */
import type { MarkingRole } from '@jz/shared/marking';
import type { Db, Tx } from '../../db/database.js';
import { forbidden, notFound } from '../../core/http.js';
import { canEditSubject, subjectFor, type SchoolUser } from '../exam/exam.access.js';
import * as repo from './marking.repository.js';
import * as checkRepo from './marking-check.repository.js';

export type { SchoolUser };

export interface BlockAccess { block: repo.BlockRow; role: MarkingRole; marker: boolean; leader: boolean; questions: repo.BlockQuestionRow[]; share: repo.SchoolShare | null }

export function leadsBlock(user: SchoolUser, block: repo.BlockRow): boolean {
  return block.leaderUserId === user.id || canEditSubject(user, { gradeId: block.gradeId }, block.courseCode);
}

/**
 * The block when the caller is on it ('marker': marks it; 'leader': leads it; 'any': either), with its questions and
 * his school's share of it (混合阅卷): one round trip, the joint path's school check included.
 */
export async function blockFor(q: Db | Tx, user: SchoolUser, blockId: number, need: 'any' | 'marker' | 'leader' = 'any'): Promise<BlockAccess> {
  const found = await repo.findBlockAs(q, blockId, user.id, user.schoolId);
  if (!found) throw notFound('题块');
  const { isMarker: marker, questions, confirmed, share, ...block } = found;
  if (block.schoolId !== user.schoolId) {
    // 混合阅卷: a teacher of a confirmed school of the joint exam marks the blocks he is assigned to, and leads none
    if (!marker || need === 'leader' || !confirmed) throw forbidden();
    return { block, role: 'marker', marker, leader: false, questions, share };
  }
  const leader = leadsBlock(user, block);
  if (need === 'leader' && !leader) throw forbidden();
  if (need === 'marker' && !marker) throw forbidden();
  if (!leader && !marker) throw forbidden();
  return { block, role: leader ? 'leader' : 'marker', marker, leader, questions, share };
}

/** A task of the caller's school with its block access ('marker' demands the task be the caller's own). */
export async function taskFor(q: Db | Tx, user: SchoolUser, taskId: number) {
  const task = await findTaskFor(q, user, taskId);
  if (!task) throw notFound('阅卷任务');
  const access = await blockFor(q, user, task.blockId);
  return { task, ...access };
}

/** A paper of the caller's school whose block the caller leads. */
export async function paperForLeader(q: Db | Tx, user: SchoolUser, paperId: number) {
  const paper = await repo.findPaper(q, user.schoolId, paperId);
  if (!paper) throw notFound('试卷');
  const access = await blockFor(q, user, paper.blockId, 'leader');
  return { paper, ...access };
}

/** An exam subject whose marking the caller may set up. */
export async function setupSubjectFor(q: Db | Tx, user: SchoolUser, examSubjectId: number) {
  return subjectFor(q, user, examSubjectId, 'edit');
}

/** A block whose set-up the caller may change (canEditSubject on its subject). */
export async function setupBlockFor(q: Db | Tx, user: SchoolUser, blockId: number) {
  const block = await repo.findBlock(q, blockId);
  if (!block) throw notFound('题块');
  if (block.schoolId !== user.schoolId) throw forbidden();
  if (!canEditSubject(user, { gradeId: block.gradeId }, block.courseCode)) throw forbidden();
  return block;
}

/** A task of the caller's school, or of an organiser whose joint exam he marks (混合阅卷; blockFor then checks he is on the block). */
export async function findTaskFor(q: Db | Tx, user: SchoolUser, taskId: number): Promise<repo.TaskRow | undefined> {
  return repo.findTaskReachable(q, user.id, user.schoolId, taskId);
}

/** A re-check or trial paper of the caller's school, or of an organiser whose joint exam he marks (as findTaskFor). */
export async function findCheckFor(q: Db | Tx, user: SchoolUser, id: number): Promise<checkRepo.CheckRow | undefined> {
  return checkRepo.findCheckReachable(q, user.id, user.schoolId, id);
}
