/**
 * 混合阅卷 (docs/DECISIONS.md "Joint exams: shared marking"): the organiser of a joint exam assigns teachers of every
 * confirmed school to the blocks of a subject, and may give each school a share of a block's marks (else the block
 * is a free pool). The markers of another school reach only the blocks they are on (marking.access blockFor), and
 * see what every marker sees: the block crop, no school, no name, no 考号.
 */
import type { Db, Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { setupBlockFor, setupSubjectFor, type SchoolUser } from './marking.access.js';
import * as repo from './marking.repository.js';
import * as joint from './marking-joint.repository.js';
import { regionCut } from './marking-region.service.js';

/**
 * Checks the markers and leaders of an allocation: leaders are the organiser's teachers (they arbitrate and check);
 * markers its teachers or, for a joint exam, teachers of its confirmed schools.
 */
export async function checkAllocationUsers(q: Db | Tx, examId: number, schoolId: number, markerIds: number[], leaderIds: number[]): Promise<void> {
  const ownLeaders = await repo.schoolUsersIn(q, schoolId, leaderIds);
  if (leaderIds.some((u) => !ownLeaders.has(u))) throw new BizError('阅卷老师不存在或不是本校教师');
  const pool = await joint.markingSchools(q, examId);
  const ok = await joint.teachersIn(q, pool.joint ? pool.schoolIds : [schoolId], markerIds);
  if (markerIds.some((u) => !ok.has(u))) throw new BizError(pool.joint ? '阅卷老师不存在或不是参加联考学校的教师' : '阅卷老师不存在或不是本校教师');
}

/** The teachers who may mark the subject: the school's own, or for a joint exam every confirmed school's (by school). */
export async function markerCandidates(db: Db, user: SchoolUser, examSubjectId: number) {
  const s = await setupSubjectFor(db, user, examSubjectId);
  const pool = await joint.markingSchools(db, s.exam.id);
  return joint.teachersOfSchools(db, pool.joint ? pool.schoolIds : [user.schoolId]);
}

/** joint_marking/teachers: the candidates grouped by school, the organiser first, each with its blocks' shares. */
export async function teacherGroups(db: Db, user: SchoolUser, examSubjectId: number) {
  const rows = await markerCandidates(db, user, examSubjectId);
  const groups: { schoolId: number; schoolName: string; organiser: boolean; teachers: { userId: number; userName: string; loginId: string }[] }[] = [];
  for (const r of rows) {
    let g = groups.find((x) => x.schoolId === r.schoolId);
    if (!g) groups.push(g = { schoolId: r.schoolId, schoolName: r.schoolName, organiser: r.schoolId === user.schoolId, teachers: [] });
    g.teachers.push({ userId: r.userId, userName: r.userName, loginId: r.loginId });
  }
  return groups;
}

/** joint_marking/shares: each block of the subject with its schools' shares (empty: free pool). */
export async function sharesOfSubject(db: Db, user: SchoolUser, examSubjectId: number) {
  await setupSubjectFor(db, user, examSubjectId);
  const blocks = await repo.blocksOfSubject(db, user.schoolId, examSubjectId);
  const shares = await joint.sharesOf(db, blocks.map((b) => b.id));
  return blocks.map((b) => ({ blockId: b.id, blockName: b.name, shares: shares.filter((x) => x.blockId === b.id).map(({ schoolId, percent }) => ({ schoolId, percent })) }));
}

/** joint_marking/save_shares: a joint exam's block split among its schools (percentages adding up to 100), or [] for a free pool. */
export async function saveShares(db: Db, user: SchoolUser, body: { blockId: number; shares: { schoolId: number; percent: number }[] }): Promise<void> {
  const block = await setupBlockFor(db, user, body.blockId);
  const pool = await joint.markingSchools(db, block.examId);
  if (!pool.joint) throw new BizError('只有联考可以按学校分配阅卷量');
  const ids = body.shares.map((x) => x.schoolId);
  if (new Set(ids).size !== ids.length) throw new BizError('同一学校只能设置一次');
  if (ids.some((id) => !pool.schoolIds.includes(id))) throw new BizError('学校不是该联考已确认的学校');
  const sum = body.shares.reduce((a, x) => a + x.percent, 0);
  if (body.shares.length && sum !== 100) throw new BizError(`各校比例之和须为 100%（现为 ${sum}%）`);
  await db.transaction().execute((tx) => joint.setShares(tx, block.examId, block.id, body.shares.filter((x) => x.percent > 0)));
}

/**
 * How many more marks the school's markers may take in the block: null without shares (a free pool, or not a
 * joint exam: no read at all); 0 for a school without a share. The cap is ⌈percent × 评分任务 ÷ 100⌉ over the
 * block's marks so far; once it looks used up the papers are made from every scanned sheet and it is counted again
 * (papers are made as the pool runs dry, as 平均分配 does). `share` is the school's share as blockFor read it.
 */
export async function schoolShareLeft(tx: Tx, block: repo.BlockRow, schoolId: number, rounds: 1 | 2, elective: boolean, share: repo.SchoolShare | null): Promise<number | null> {
  if (block.examMode !== 'joint' || repo.schoolMarked(block)) return null; // 各校阅卷: each school has its own papers
  if (!share?.any) return null;
  if (share.percent === null) return 0;
  const left = async () => {
    const c = await joint.schoolTaken(tx, block.id, schoolId);
    return Math.ceil((c.tasks * share.percent!) / 100) - c.taken;
  };
  let n = await left();
  if (n <= 0) {
    await repo.syncPapers(tx, block.id, rounds, elective, await regionCut(tx, block));
    n = await left();
  }
  return Math.max(0, n);
}
