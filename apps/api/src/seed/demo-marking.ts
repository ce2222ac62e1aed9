/**
 * The online-marking demo, seeded after the scanning demo: on the newest unreleased exam subject of
 * 示例中学 whose sheets were recognised with cut blocks (the scanning demo 2026学年高一数学周测（扫描演示）), the
 * default blocks (one per written-answer question), the first block double-marked with arbitration (双评+仲裁, tolerance
 * 10 % of its full score) and the others single, 题组长 lesson1, markers teacher1 and two other 高一 数学 teachers, and a
 * partly marked state: teacher1 marks 10 papers of the first block and a second marker 6 of them again (5 agree: final;
 * one at the other end of the scale: waiting for lesson1's arbitration; 4 wait for a second mark), teacher1 3 of every
 * other block. Scores are seeded (mulberry32), so the demo is the same on every first start. Goes through the marking services, as a
 * marker's clicks would. Nothing happens when no such subject exists or it has blocks already.
 */
import { mulberry32 } from '@jz/shared/random';
import type { Db } from '../db/database.js';
import type { SchoolUser } from '../modules/exam/exam.access.js';
import { groupList, saveAllocation } from '../modules/marking/marking-setup.service.js';
import { blockInfo, next, submit } from '../modules/marking/marking.service.js';
import { actingAdmin, DEMO_SCHOOL_CODE } from './demo-exam-build.js';

function markerUser(u: { id: number; login_id: string; user_name: string }, schoolId: number): SchoolUser {
  return { id: u.id, schoolId, loginId: u.login_id, userName: u.user_name, userType: 'teacher', sessionId: 0, kind: 'user', roles: [], permissions: new Set(['exam:marking:do']) };
}

type Item = { fullScore: number; step: number };

/** Seeds the marking demo; answers the number of marks given, or null when skipped. */
export async function seedDemoMarking(db: Db, log: (line: string) => void = () => {}): Promise<number | null> {
  const school = await db.selectFrom('school').select('id').where('code', '=', DEMO_SCHOOL_CODE).executeTakeFirst();
  if (!school) return null;
  const subject = await db.selectFrom('scan_page as p').innerJoin('exam_subject as s', 's.id', 'p.exam_subject_id').innerJoin('exam as e', 'e.id', 's.exam_id')
    .select('s.id').where('e.school_id', '=', school.id).where('e.released_at', 'is', null).where('p.status', '=', 'ok')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('marking_block as b').select('b.id').whereRef('b.exam_subject_id', '=', 's.id'))))
    .orderBy('s.id', 'desc').limit(1).executeTakeFirst();
  if (!subject) { log('网上阅卷演示：没有已扫描的未发布考试，跳过'); return null; }
  const admin = await actingAdmin(db, school.id);
  const groups = await groupList(db, admin, subject.id);
  if (!groups.length) return null;
  const people = await db.selectFrom('app_user').select(['id', 'login_id', 'user_name']).where('school_id', '=', school.id).where('login_id', 'in', ['teacher1', 'lesson1']).execute();
  const byLogin = new Map(people.map((p) => [p.login_id, p]));
  const maths = await db.selectFrom('app_user as u').innerJoin('user_role as r', 'r.user_id', 'u.id').innerJoin('school_grade as g', 'g.id', 'r.grade_id')
    .select(['u.id', 'u.login_id', 'u.user_name']).distinct()
    .where('u.school_id', '=', school.id).where('r.role_code', '=', 'subject_teacher').where('r.course_code', '=', 'SX').where('g.name', '=', '高一')
    .where('u.login_id', '<>', 'teacher1').orderBy('u.login_id').limit(2).execute();
  const teacher1 = byLogin.get('teacher1')!;
  const markers = [teacher1, ...maths];
  await saveAllocation(db, admin, {
    examSubjectId: subject.id,
    blocks: groups.map((g, i) => ({
      blockId: g.blockId, name: g.name, questionIds: g.questions.map((q) => q.questionId), ratingMode: i === 0 ? 4 : 1, tolerance: g.tolerance,
      allocation: 'free', leaderUserId: byLogin.get('lesson1')?.id ?? null, markers: markers.map((m) => ({ userId: m.id })),
    })),
  });
  const rand = mulberry32(20261111);
  let marks = 0;
  /** `count` marks of `who` in the block, the k-th paper's scores from score(k, items). */
  const mark = async (who: SchoolUser, blockId: number, count: number, score: (k: number, items: Item[]) => number[]) => {
    const info = await blockInfo(db, who, blockId);
    const items: Item[] = info.questions.flatMap((q): Item[] => (q.points.length ? q.points : [q]));
    for (let k = 0; k < count; k++) {
      const p = (await next(db, who, blockId, false)).paper;
      if (!p) return;
      await submit(db, who, { taskId: p.taskId, scores: score(k, items), requestId: `demo-${blockId}-${who.id}-${k}` });
      marks++;
    }
  };
  const drawn = (items: Item[]) => items.map((it) => Math.round(Math.floor(rand() * (it.fullScore / it.step + 1)) * it.step * 100) / 100);
  const t1 = markerUser(teacher1, school.id);
  // first block (双评+仲裁): teacher1 marks 10 papers; the second marker gives 6 of them their second mark — the same
  // scores on five (final), the opposite end of the scale on the first (beyond tolerance: waiting for 题组长 lesson1's arbitration)
  const first: number[][] = [];
  await mark(t1, groups[0]!.blockId, 10, (k, items) => (first[k] = drawn(items)));
  const opposite = (scores: number[], items: Item[]) => scores.map((v, i) => (v * 2 >= items[i]!.fullScore ? 0 : Math.round(Math.floor(items[i]!.fullScore / items[i]!.step) * items[i]!.step * 100) / 100));
  if (maths[0]) await mark(markerUser(maths[0], school.id), groups[0]!.blockId, 6, (k, items) => (k === 0 ? opposite(first[0]!, items) : first[k]!));
  for (const g of groups.slice(1)) await mark(t1, g.blockId, 3, (_k, items) => drawn(items));
  log(`网上阅卷演示：${groups.length} 个题块，已评 ${marks} 份`);
  return marks;
}
