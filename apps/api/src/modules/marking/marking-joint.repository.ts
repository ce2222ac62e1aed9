/**
 * SQL of 混合阅卷 (docs/DECISIONS.md "Joint exams: shared marking"): which schools' teachers may mark a joint exam's
 * blocks, the schools' shares of a block, and what a school's markers took of it.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database.js';

type Q = Db | Tx;

/** The exam's mode and the schools whose teachers may mark it: the owner and, for a joint exam, its confirmed schools. */
export async function markingSchools(q: Q, examId: number): Promise<{ joint: boolean; schoolIds: number[] }> {
  const r = await sql<{ mode: string; school_id: number; ids: number[] | null }>`
    select e.mode, e.school_id, (select array_agg(x.school_id order by x.code) from exam_school x where x.exam_id = e.id and x.status = 'confirmed') as ids
    from exam e where e.id = ${examId}`.execute(q);
  const row = r.rows[0];
  if (!row) return { joint: false, schoolIds: [] };
  const joint = row.mode === 'joint';
  return { joint, schoolIds: [row.school_id, ...(joint ? (row.ids ?? []).filter((id) => id !== row.school_id) : [])] };
}

/**
 * Is `school` (a column) an organiser whose joint-exam blocks the user marks while his school is a confirmed
 * participant: where a task, paper or check named by him may live besides his own school. A condition, so the
 * row and the right to reach it are read in one round trip.
 */
export function markedOrganiser(school: RawBuilder<unknown>, userId: number, schoolId: number): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from marking_marker m join marking_block b on b.id = m.block_id
    join exam e on e.id = b.exam_id and e.mode = 'joint'
    join exam_school x on x.exam_id = e.id and x.school_id = ${schoolId} and x.status = 'confirmed'
    where m.user_id = ${userId} and b.school_id = ${school} and b.school_id <> ${schoolId})`;
}

export interface JointTeacherRow { userId: number; userName: string; loginId: string; schoolId: number; schoolName: string }

/** Teachers of the schools, grouped by school (in the order given), then by login. */
export async function teachersOfSchools(q: Q, schoolIds: number[]): Promise<JointTeacherRow[]> {
  if (!schoolIds.length) return [];
  const rows = await q.selectFrom('app_user as u').innerJoin('school as s', 's.id', 'u.school_id')
    .select(['u.id as userId', 'u.user_name as userName', 'u.login_id as loginId', 'u.school_id as schoolId', 's.name as schoolName'])
    .where('u.school_id', 'in', schoolIds).where('u.user_type', '=', 'teacher')
    .orderBy(sql`array_position(${schoolIds}::int[], u.school_id)`).orderBy('u.login_id').execute();
  return rows.map((r) => ({ ...r, schoolId: r.schoolId! })); // the join to school makes it present
}

/** The subset of `ids` that are teachers of the schools. */
export async function teachersIn(q: Q, schoolIds: number[], ids: number[]): Promise<Set<number>> {
  if (!ids.length || !schoolIds.length) return new Set();
  const rows = await q.selectFrom('app_user').select('id').where('school_id', 'in', schoolIds).where('user_type', '=', 'teacher').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export interface ShareRow { blockId: number; schoolId: number; percent: number }

export async function sharesOf(q: Q, blockIds: number[]): Promise<ShareRow[]> {
  if (!blockIds.length) return [];
  return q.selectFrom('marking_school_share').select(['block_id as blockId', 'school_id as schoolId', 'percent'])
    .where('block_id', 'in', blockIds).orderBy('block_id').orderBy('school_id').execute();
}

export async function setShares(tx: Tx, examId: number, blockId: number, rows: { schoolId: number; percent: number }[]): Promise<void> {
  await tx.deleteFrom('marking_school_share').where('block_id', '=', blockId).execute();
  if (!rows.length) return;
  await tx.insertInto('marking_school_share').values(rows.map((r) => ({ exam_id: examId, block_id: blockId, school_id: r.schoolId, percent: r.percent }))).execute();
}

/** Marks of the block's rounds 1–3 (评分任务 so far) and those the school's teachers hold or gave. */
export async function schoolTaken(q: Q, blockId: number, schoolId: number): Promise<{ tasks: number; taken: number }> {
  const r = await sql<{ tasks: number; taken: number }>`select count(*)::int as tasks,
      count(*) filter (where t.marker_id is not null and (t.submitted_at is not null or t.lease_until > now())
        and exists (select 1 from app_user u where u.id = t.marker_id and u.school_id = ${schoolId}))::int as taken
    from marking_task t where t.block_id = ${blockId} and t.round < 4`.execute(q);
  return { tasks: r.rows[0]?.tasks ?? 0, taken: r.rows[0]?.taken ?? 0 };
}
