/**
 * SQL of online marking (migrations/0018_marking.ts): blocks, markers, papers, tasks (the lease pool), problems
 * and audit rows. Every read of a row named by the caller is filtered by school.
 */
import { sql, type ExpressionBuilder, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { BlockRegion } from '@jz/shared/block-region';
import { anyId } from '../../db/any-id.js';
import type { Db, Tx } from '../../db/database.js';
import { versionBump } from './marking-live.repository.js';
import { markedOrganiser } from './marking-joint.repository.js';

type Q = Db | Tx;
type MarkingFrom = DB & { b: DB['marking_block']; e: DB['exam']; s: DB['exam_subject'] };

export interface PointRow { id: string; name: string; fullScore: number; step: number }

// ---------------------------------------------------------------- blocks

export interface BlockRow {
  id: number; schoolId: number; examId: number; examSubjectId: number; name: string; sort: number; ratingMode: number; tolerance: number;
  allocation: 'average' | 'free' | 'class'; leaseSeconds: number; leaderUserId: number | null; answerText: string; answerImages: string[]; canMark: boolean;
  /** The block's own region on the card (0027_block_region), null = the card's areas of its questions. */
  region: BlockRegion | null;
  examName: string; subjectName: string; courseCode: string; gradeId: number;
  /** 个人一致性: a re-check every N submitted papers (0 = off); 试评: trial papers first (0 = off). */
  recheckInterval: number; trialCount: number;
  /** 'joint' for a joint exam (混合阅卷: markers of the confirmed schools, schools' shares). */
  examMode: string;
  /** How a joint exam's subject is scored (exam_subject.joint_scoring); 'school_marking' = 各校阅卷 (schoolMarked). */
  jointScoring: string;
}

/**
 * 各校阅卷: the block of a joint exam's subject whose papers each school marks for its own candidates
 * (docs/DECISIONS.md "Joint exams", 各校阅卷). A single-school exam never reads the column.
 */
export function schoolMarked(block: Pick<BlockRow, 'examMode' | 'jointScoring'>): boolean {
  return block.examMode === 'joint' && block.jointScoring === 'school_marking';
}

/** 各校阅卷 has no 试评 (the gate is skipped): the refusal when the organiser turns it on for such a subject. */
export const NO_TRIAL_SCHOOL_MARKING = '各校阅卷的科目不进行试评（各校只评本校考生的试卷），请把试评份数设为 0';

/** The block's 试评 as the screens show it: off under 各校阅卷 whatever an earlier scoring choice stored. */
export function trialOf(block: Pick<BlockRow, 'examMode' | 'jointScoring' | 'trialCount'>): { trialCount: number; schoolMarked: boolean } {
  const off = schoolMarked(block);
  return { trialCount: off ? 0 : block.trialCount, schoolMarked: off };
}

function blockSelect(q: Q) {
  return q.selectFrom('marking_block as b')
    .innerJoin('exam_subject as s', 's.id', 'b.exam_subject_id')
    .innerJoin('exam as e', 'e.id', 'b.exam_id')
    .select([
      'b.id', 'b.school_id as schoolId', 'b.exam_id as examId', 'b.exam_subject_id as examSubjectId', 'b.name', 'b.sort', 'b.rating_mode as ratingMode',
      'b.tolerance', 'b.allocation', 'b.lease_seconds as leaseSeconds', 'b.leader_user_id as leaderUserId', 'b.answer_text as answerText',
      'b.answer_images as answerImages', 'b.can_mark as canMark', 'b.region', 'e.name as examName', 's.course_name as subjectName', 's.course_code as courseCode',
      'e.grade_id as gradeId', 'b.recheck_interval as recheckInterval', 'b.trial_count as trialCount', 'e.mode as examMode', 's.joint_scoring as jointScoring',
    ]);
}
const toBlock = (r: Record<string, unknown>): BlockRow => ({ ...(r as unknown as BlockRow), tolerance: Number(r.tolerance), answerImages: (r.answerImages as string[]) ?? [], region: (r.region as BlockRegion | null) ?? null });

export async function findBlock(q: Q, blockId: number): Promise<BlockRow | undefined> {
  const r = await blockSelect(q).where('b.id', '=', blockId).executeTakeFirst();
  return r ? toBlock(r) : undefined;
}

/** A joint exam's share of a block for one school: any = the block has shares; percent = the school's (null: none). */
export interface SchoolShare { any: boolean; percent: number | null }

/**
 * The block as the user sees it, in one round trip (it starts every marker's call): the block, whether the user
 * marks it, its questions as blockQuestions gives them, and for 混合阅卷 whether the user's school (another than
 * the block's) is a confirmed school of the joint exam and that school's share of the block (null: not joint).
 */
export async function findBlockAs(q: Q, blockId: number, userId: number, schoolId: number): Promise<(BlockRow & { isMarker: boolean; questions: BlockQuestionRow[]; confirmed: boolean; share: SchoolShare | null }) | undefined> {
  const r = await blockSelect(q).select([
    sql<boolean>`exists (select 1 from marking_marker m where m.block_id = b.id and m.user_id = ${userId})`.as('isMarker'),
    sql<BlockQuestionRow[]>`coalesce((select json_agg(json_build_object('blockId', bq.block_id, 'questionId', bq.question_id, 'no', qu.no,
      'fullScore', qu.full_score, 'step', qu.step, 'points', bq.points, 'sort', bq.sort, 'electiveGroup', qu.elective_group, 'electivePick', ${electivePick})
      order by bq.sort, qu.sort, qu.id) from marking_block_question bq join question qu on qu.id = bq.question_id where bq.block_id = b.id), '[]'::json)`.as('questions'),
    sql<boolean>`(e.mode = 'joint' and b.school_id <> ${schoolId} and exists (select 1 from exam_school x
      where x.exam_id = b.exam_id and x.school_id = ${schoolId} and x.status = 'confirmed'))`.as('confirmed'),
    sql<SchoolShare | null>`case when e.mode = 'joint' then (select json_build_object('any', count(*) > 0, 'percent', max(ss.percent) filter (where ss.school_id = ${schoolId}))
      from marking_school_share ss where ss.block_id = b.id) end`.as('share'),
  ]).where('b.id', '=', blockId).executeTakeFirst();
  return r ? { ...toBlock(r), isMarker: r.isMarker, questions: r.questions.map(toQuestion), confirmed: r.confirmed, share: r.share } : undefined;
}

export async function blocksOfSubject(q: Q, schoolId: number, examSubjectId: number): Promise<BlockRow[]> {
  const rows = await blockSelect(q).where('b.school_id', '=', schoolId).where('b.exam_subject_id', '=', examSubjectId).orderBy('b.sort').orderBy('b.id').execute();
  return rows.map(toBlock);
}

/** The subject's blocks whose marking has begun (they have papers). */
export async function begunBlocks(q: Q, examSubjectId: number): Promise<BlockRow[]> {
  const rows = await blockSelect(q).where('b.exam_subject_id', '=', examSubjectId)
    .where(sql<boolean>`exists (select 1 from marking_paper mp where mp.block_id = b.id)`).orderBy('b.sort').orderBy('b.id').execute();
  return rows.map(toBlock);
}

export async function blocksOfExam(q: Q, schoolId: number, examId: number): Promise<BlockRow[]> {
  const rows = await blockSelect(q).where('b.school_id', '=', schoolId).where('b.exam_id', '=', examId).orderBy('s.sort').orderBy('b.sort').orderBy('b.id').execute();
  return rows.map(toBlock);
}

/**
 * Blocks where the user marks or is 题组长 (the task list): of his school, and the blocks of joint exams his
 * school confirmed for where he marks (混合阅卷).
 */
export async function blocksOfUser(q: Q, schoolId: number, userId: number): Promise<BlockRow[]> {
  const marks = (eb: ExpressionBuilder<MarkingFrom, 'b'>) => eb.exists(eb.selectFrom('marking_marker as m').select('m.user_id').whereRef('m.block_id', '=', 'b.id').where('m.user_id', '=', userId));
  const rows = await blockSelect(q)
    .where((eb) => eb.or([
      eb.and([eb('b.school_id', '=', schoolId), eb.or([eb('b.leader_user_id', '=', userId), marks(eb)])]),
      eb.and([eb('e.mode', '=', 'joint'), marks(eb), eb.exists(eb.selectFrom('exam_school as x').select('x.school_id').whereRef('x.exam_id', '=', 'b.exam_id')
        .where('x.school_id', '=', schoolId).where('x.status', '=', 'confirmed'))]),
    ]))
    .orderBy('e.id', 'desc').orderBy('s.sort').orderBy('b.sort').orderBy('b.id').execute();
  return rows.map(toBlock);
}

export interface BlockQuestionRow { blockId: number; questionId: number; no: string; fullScore: number; step: number; points: PointRow[]; sort: number;
  /** The question's 选做 group (each box of a student is a paper on the question it answers), else null. */
  electiveGroup: string | null;
  /** The group's K (1 without a group). */
  electivePick: number }

const electivePick = sql<number>`coalesce(qu.elective_pick, 1)::int`;
const toQuestion = (r: Omit<BlockQuestionRow, 'points'> & { points: unknown }): BlockQuestionRow => ({ ...r, fullScore: Number(r.fullScore), step: Number(r.step), points: (r.points as PointRow[]) ?? [] });

export async function blockQuestions(q: Q, blockIds: number[]): Promise<BlockQuestionRow[]> {
  if (!blockIds.length) return [];
  const rows = await q.selectFrom('marking_block_question as bq').innerJoin('question as qu', 'qu.id', 'bq.question_id')
    .select(['bq.block_id as blockId', 'bq.question_id as questionId', 'qu.no', 'qu.full_score as fullScore', 'qu.step', 'bq.points', 'bq.sort',
      'qu.elective_group as electiveGroup', electivePick.as('electivePick')])
    .where('bq.block_id', 'in', blockIds).orderBy('bq.block_id').orderBy('bq.sort').orderBy('qu.sort').orderBy('qu.id').execute();
  return rows.map(toQuestion);
}

/** Serialises set-up changes of one exam subject (the subject row lock, held to the end of the transaction). */
export async function lockSubject(tx: Tx, examSubjectId: number): Promise<void> {
  await sql`select id from exam_subject where id = ${examSubjectId} for update`.execute(tx);
}

export interface NewBlock {
  schoolId: number; examId: number; examSubjectId: number; name: string; sort: number; ratingMode: number; tolerance: number;
  allocation: 'average' | 'free' | 'class'; leaseSeconds: number; leaderUserId: number | null; answerText: string;
  recheckInterval?: number; trialCount?: number;
}

export async function insertBlock(tx: Tx, b: NewBlock): Promise<number> {
  const r = await tx.insertInto('marking_block').values({
    school_id: b.schoolId, exam_id: b.examId, exam_subject_id: b.examSubjectId, name: b.name, sort: b.sort, rating_mode: b.ratingMode, tolerance: b.tolerance,
    allocation: b.allocation, lease_seconds: b.leaseSeconds, leader_user_id: b.leaderUserId, answer_text: b.answerText,
    recheck_interval: b.recheckInterval ?? 0, trial_count: b.trialCount ?? 0,
  }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateBlock(tx: Tx, id: number, b: Partial<Omit<NewBlock, 'schoolId' | 'examId' | 'examSubjectId'>> & { canMark?: boolean }): Promise<void> {
  const set = {
    ...(b.name !== undefined ? { name: b.name } : {}), ...(b.sort !== undefined ? { sort: b.sort } : {}),
    ...(b.ratingMode !== undefined ? { rating_mode: b.ratingMode } : {}), ...(b.tolerance !== undefined ? { tolerance: b.tolerance } : {}),
    ...(b.allocation !== undefined ? { allocation: b.allocation } : {}), ...(b.leaseSeconds !== undefined ? { lease_seconds: b.leaseSeconds } : {}),
    ...(b.leaderUserId !== undefined ? { leader_user_id: b.leaderUserId } : {}), ...(b.answerText !== undefined ? { answer_text: b.answerText } : {}),
    ...(b.canMark !== undefined ? { can_mark: b.canMark } : {}),
    ...(b.recheckInterval !== undefined ? { recheck_interval: b.recheckInterval } : {}), ...(b.trialCount !== undefined ? { trial_count: b.trialCount } : {}),
  };
  if (Object.keys(set).length) await tx.updateTable('marking_block').set(set).where('id', '=', id).execute();
}

export async function setCanMark(tx: Tx, blockIds: number[], canMark: boolean): Promise<void> {
  if (blockIds.length) await tx.updateTable('marking_block').set({ can_mark: canMark }).where('id', 'in', blockIds).execute();
}

export async function deleteBlocks(tx: Tx, blockIds: number[]): Promise<void> {
  if (blockIds.length) await tx.deleteFrom('marking_block').where('id', 'in', blockIds).execute();
}

/** Scoring points of the subject's questions, by question (kept while blocks are rebuilt). */
export async function subjectPoints(tx: Tx, examSubjectId: number): Promise<Map<number, unknown>> {
  const rows = await tx.selectFrom('marking_block_question').select(['question_id', 'points']).where('exam_subject_id', '=', examSubjectId).execute();
  return new Map(rows.map((r) => [r.question_id, r.points]));
}

export async function setBlockQuestions(tx: Tx, blockId: number, examSubjectId: number, questionIds: number[], points = new Map<number, unknown>()): Promise<void> {
  await tx.deleteFrom('marking_block_question').where('block_id', '=', blockId).execute();
  if (!questionIds.length) return;
  await tx.insertInto('marking_block_question').values(questionIds.map((qid, i) => ({
    block_id: blockId, question_id: qid, exam_subject_id: examSubjectId, sort: i, points: JSON.stringify(points.get(qid) ?? []),
  }))).execute();
}

/** Takes every question of the subject out of its block (before the blocks are rebuilt). */
export async function releaseQuestions(tx: Tx, examSubjectId: number): Promise<void> {
  await tx.deleteFrom('marking_block_question').where('exam_subject_id', '=', examSubjectId).execute();
}

export async function setPoints(tx: Tx, examSubjectId: number, questionId: number, points: PointRow[]): Promise<number> {
  const r = await tx.updateTable('marking_block_question').set({ points: JSON.stringify(points) })
    .where('exam_subject_id', '=', examSubjectId).where('question_id', '=', questionId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function clearPoints(tx: Tx, examSubjectId: number): Promise<void> {
  await tx.updateTable('marking_block_question').set({ points: '[]' }).where('exam_subject_id', '=', examSubjectId).execute();
}

/** Sets (or, null, clears) the block's own region. */
export async function setRegion(tx: Tx, blockId: number, region: BlockRegion | null): Promise<void> {
  await tx.updateTable('marking_block').set({ region: region ? JSON.stringify(region) : null }).where('id', '=', blockId).execute();
}

/** Blocks (of the given ones) with at least one submitted mark: their questions and mode are fixed. */
export async function startedBlocks(q: Q, blockIds: number[]): Promise<Set<number>> {
  if (!blockIds.length) return new Set();
  const rows = await q.selectFrom('marking_task').select('block_id').distinct().where('block_id', 'in', blockIds).where('submitted_at', 'is not', null).execute();
  return new Set(rows.map((r) => r.block_id));
}

// ---------------------------------------------------------------- markers

export interface MarkerRow { blockId: number; userId: number; userName: string; loginId: string; quota: number | null; classIds: number[] }

/** The blocks' markers; `schoolId`: only that school's teachers (各校阅卷: a school sees its own markers). */
export async function markersOf(q: Q, blockIds: number[], schoolId?: number): Promise<MarkerRow[]> {
  if (!blockIds.length) return [];
  let s = q.selectFrom('marking_marker as m').innerJoin('app_user as u', 'u.id', 'm.user_id')
    .select(['m.block_id as blockId', 'm.user_id as userId', 'u.user_name as userName', 'u.login_id as loginId', 'm.quota', 'm.class_ids as classIds'])
    .where('m.block_id', 'in', blockIds);
  if (schoolId !== undefined) s = s.where('u.school_id', '=', schoolId);
  return s.orderBy('m.block_id').orderBy('u.login_id').execute();
}

/** The marker's row, locked: one marker's next/submit calls in a block run one after another. */
export async function lockMarker(tx: Tx, blockId: number, userId: number): Promise<{ quota: number | null; classIds: number[] } | undefined> {
  const r = await sql<{ quota: number | null; class_ids: number[] }>`select quota, class_ids from marking_marker where block_id = ${blockId} and user_id = ${userId} for update`.execute(tx);
  const row = r.rows[0];
  return row ? { quota: row.quota, classIds: row.class_ids ?? [] } : undefined;
}

export async function isMarker(q: Q, blockId: number, userId: number): Promise<boolean> {
  return !!(await q.selectFrom('marking_marker').select('user_id').where('block_id', '=', blockId).where('user_id', '=', userId).executeTakeFirst());
}

export async function upsertMarkers(tx: Tx, schoolId: number, blockId: number, rows: { userId: number; quota: number | null; classIds: number[] }[]): Promise<void> {
  if (!rows.length) return;
  await tx.insertInto('marking_marker').values(rows.map((r) => ({ block_id: blockId, user_id: r.userId, school_id: schoolId, quota: r.quota, class_ids: r.classIds })))
    .onConflict((oc) => oc.columns(['block_id', 'user_id']).doUpdateSet((eb) => ({ quota: eb.ref('excluded.quota'), class_ids: eb.ref('excluded.class_ids') }))).execute();
}

export async function deleteMarkers(tx: Tx, blockIds: number[], userId?: number): Promise<number> {
  if (!blockIds.length) return 0;
  let d = tx.deleteFrom('marking_marker').where('block_id', 'in', blockIds);
  if (userId !== undefined) d = d.where('user_id', '=', userId);
  return Number((await d.executeTakeFirst()).numDeletedRows);
}

/** Leases of the user (not yet submitted) in the blocks go back to the pool. */
export async function releaseLeases(tx: Tx, blockIds: number[], userId?: number, onlyExpired = false): Promise<number> {
  if (!blockIds.length) return 0;
  let u = tx.updateTable('marking_task').set({ marker_id: null, lease_until: null }).where('block_id', 'in', blockIds).where('submitted_at', 'is', null).where('round', '<', 4);
  if (userId !== undefined) u = u.where('marker_id', '=', userId);
  if (onlyExpired) u = u.where(sql<boolean>`lease_until < now()`);
  return Number((await u.executeTakeFirst()).numUpdatedRows);
}

/** Sets markers' quotas in the block (null = no cap). */
export async function setQuotas(tx: Tx, blockId: number, quotas: Map<number, number | null>): Promise<void> {
  for (const [userId, quota] of quotas) await tx.updateTable('marking_marker').set({ quota }).where('block_id', '=', blockId).where('user_id', '=', userId).execute();
}

/** Teachers of the school (candidates for markers and leaders). */
export async function teachersOf(q: Q, schoolId: number) {
  return q.selectFrom('app_user').select(['id as userId', 'user_name as userName', 'login_id as loginId'])
    .where('school_id', '=', schoolId).where('user_type', '=', 'teacher').orderBy('login_id').execute();
}

export async function schoolUsersIn(q: Q, schoolId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await q.selectFrom('app_user').select('id').where('school_id', '=', schoolId).where('user_type', '=', 'teacher').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------- papers

/**
 * A scanned page a paper may be made from: recognised (status ok), of a known student, not 缺考, and the student's
 * sheet 上传成功 (scan_student: a 缺考 or 异常 student gives no paper; docs/DOMAIN-RULES.md §4.1, 题块计数).
 */
const paperPage = (p: RawBuilder<unknown>) => sql`${p}.status = 'ok' and ${p}.exam_student_id is not null and not ${p}.absent
  and not exists (select 1 from scan_student ss0 where ss0.exam_subject_id = ${p}.exam_subject_id and ss0.exam_student_id = ${p}.exam_student_id and ss0.state <> 'uploaded')`;

/**
 * Creates the missing papers of a block from the scanned sheets: one per exam student whose recognised page
 * (paperPage) carries a cut block with the id of one of the block's questions (the card element's number);
 * image_keys in block question order. Existing papers get the current image keys (after a rescan). A paper whose
 * sheet no longer qualifies (the student became 缺考 or 异常, or lost the page) goes when none of its marks was ever
 * handed out; one already marked stays with its marks. Then the first marks (round 1, and 2 when double-marked) of
 * every paper are added to the pool.
 */
export async function syncPapers(tx: Tx, blockId: number, rounds: 1 | 2, elective = false, cut: RegionCut | null = null): Promise<void> {
  // one filler per block at a time: concurrent inserts of the same papers in different orders could deadlock
  await sql`select id from marking_block where id = ${blockId} for no key update`.execute(tx);
  await sql`
    delete from marking_paper mp using marking_block b
    where mp.block_id = ${blockId} and b.id = mp.block_id and mp.status = 'marking'
      and not exists (select 1 from scan_page p where p.exam_subject_id = b.exam_subject_id and p.exam_student_id = mp.exam_student_id and ${paperPage(sql.ref('p'))})
      and not exists (select 1 from marking_task t where t.paper_id = mp.id and (t.submitted_at is not null or t.marker_id is not null))
      and not exists (select 1 from marking_check c where c.paper_id = mp.id)
      and not exists (select 1 from marking_trial_paper tp where tp.paper_id = mp.id)`.execute(tx);
  if (cut) await syncRegionPapers(tx, blockId, cut, elective);
  else if (elective) await syncElectivePapers(tx, blockId);
  else await sql`
    with crops as (
      select p.exam_student_id, bq.sort, min(bq.question_id) as qid, (array_agg(blk->>'key' order by p.id desc))[1] as key
      from marking_block_question bq
      join question qu on qu.id = bq.question_id
      join scan_page p on p.exam_subject_id = bq.exam_subject_id and ${paperPage(sql.ref('p'))}
      cross join lateral jsonb_array_elements(coalesce(p.rec->'blocks', '[]'::jsonb)) blk
      where bq.block_id = ${blockId} and blk->>'id' = qu.no and blk->>'key' is not null
      group by p.exam_student_id, bq.sort
    ), per_student as (
      select exam_student_id, array_agg(key order by sort) as keys from crops group by exam_student_id
    )
    insert into marking_paper (school_id, block_id, exam_student_id, class_id, image_keys)
    select b.school_id, b.id, ps.exam_student_id, es.class_id, ps.keys
    from per_student ps join marking_block b on b.id = ${blockId} join exam_student es on es.id = ps.exam_student_id
    on conflict (block_id, exam_student_id, slot) do update set image_keys = excluded.image_keys
      where marking_paper.image_keys is distinct from excluded.image_keys`.execute(tx);
  await addFirstRounds(tx, blockId, rounds);
}

/**
 * How a block with its own region is cut (block-region.ts cutFactors): on card page `page`, relative to the crop
 * rectangle of reference area `refId` that recognition stored for that sheet.
 */
export interface RegionCut { page: number; refId: string; kx: number; ky: number; kw: number; kh: number }

/**
 * Papers of a block with its own region: one per student whose recognised page `cut.page` has the reference crop;
 * the one image key is `cut:<page image key>#x,y,w,h` (pixels of the stored upright page, cut when shown:
 * marking.image.ts). A 选做 block's paper still needs the student's known choice.
 */
async function syncRegionPapers(tx: Tx, blockId: number, cut: RegionCut, elective: boolean): Promise<void> {
  const grp = elective
    ? sql`select string_agg(qu.no, '/' order by qu.sort, qu.id) as crop_id, min(bq.exam_subject_id) as sid from marking_block_question bq join question qu on qu.id = bq.question_id where bq.block_id = ${blockId}`
    : sql`select null::text as crop_id, min(bq.exam_subject_id) as sid from marking_block_question bq where bq.block_id = ${blockId}`;
  await sql`
    with grp as (${grp}), pages as (
      select distinct on (p.exam_student_id) p.exam_student_id, p.image_key, (blk->'rect'->>'x')::float8 as rx, (blk->'rect'->>'y')::float8 as ry,
        (blk->'rect'->>'w')::float8 as rw, (blk->'rect'->>'h')::float8 as rh
      from grp join scan_page p on p.exam_subject_id = grp.sid and ${paperPage(sql.ref('p'))}
        and p.page_no = ${cut.page} and p.image_key is not null
      cross join lateral jsonb_array_elements(coalesce(p.rec->'blocks', '[]'::jsonb)) blk
      where blk->>'id' = ${cut.refId}
      order by p.exam_student_id, p.id desc
    ), keyed as (
      select pg.exam_student_id, 'cut:' || pg.image_key || '#' || round(pg.rx + ${cut.kx}::float8 * pg.rw)::int || ',' || round(pg.ry + ${cut.ky}::float8 * pg.rh)::int
        || ',' || greatest(1, round(${cut.kw}::float8 * pg.rw))::int || ',' || greatest(1, round(${cut.kh}::float8 * pg.rh))::int as key,
        (select qu.id from scan_student ss join marking_block_question bq on bq.block_id = ${blockId} join question qu on qu.id = bq.question_id
          where grp.crop_id is not null and ss.exam_subject_id = grp.sid and ss.exam_student_id = pg.exam_student_id and qu.no = ss.elective->>grp.crop_id) as qid
      from pages pg cross join grp
    )
    insert into marking_paper (school_id, block_id, exam_student_id, class_id, image_keys, chosen_question_id)
    select b.school_id, b.id, k.exam_student_id, es.class_id, array[k.key], k.qid
    from keyed k join marking_block b on b.id = ${blockId} join exam_student es on es.id = k.exam_student_id
    where ${elective} = false or k.qid is not null
    on conflict (block_id, exam_student_id, slot) do update set image_keys = excluded.image_keys, chosen_question_id = excluded.chosen_question_id
      where marking_paper.image_keys is distinct from excluded.image_keys or marking_paper.chosen_question_id is distinct from excluded.chosen_question_id`.execute(tx);
}

/**
 * A 选做 block's papers: the card's box of the group (cut block id 22/23, the group's numbers in question order)
 * of every student whose choice is known (scan_student.elective, read or confirmed); the paper carries the chosen
 * question. A K > 1 group has K boxes (22/23/24#1 …), each of a student its own paper (slot 1..K). A sheet whose
 * choice is open is abnormal (识别存疑) and makes no paper until a person settles it.
 */
async function syncElectivePapers(tx: Tx, blockId: number): Promise<void> {
  await sql`
    with grp as (
      select string_agg(qu.no, '/' order by qu.sort, qu.id) as nos, max(coalesce(qu.elective_pick, 1))::int as pick, min(bq.exam_subject_id) as sid
      from marking_block_question bq join question qu on qu.id = bq.question_id where bq.block_id = ${blockId}
    ), boxes as (
      select g.sid, s.slot, case when g.pick = 1 then g.nos else g.nos || '#' || s.slot end as crop_id
      from grp g cross join generate_series(1, (select pick from grp)) s(slot)
    ), crops as (
      select bx.slot, bx.crop_id, bx.sid, p.exam_student_id, (array_agg(blk->>'key' order by p.id desc))[1] as key
      from boxes bx join scan_page p on p.exam_subject_id = bx.sid and ${paperPage(sql.ref('p'))}
      cross join lateral jsonb_array_elements(coalesce(p.rec->'blocks', '[]'::jsonb)) blk
      where blk->>'id' = bx.crop_id and blk->>'key' is not null
      group by bx.slot, bx.crop_id, bx.sid, p.exam_student_id
    ), chosen as (
      select c.exam_student_id, c.slot, c.key, qu.id as qid
      from crops c
      join scan_student ss on ss.exam_subject_id = c.sid and ss.exam_student_id = c.exam_student_id
      join marking_block_question bq on bq.block_id = ${blockId}
      join question qu on qu.id = bq.question_id and qu.no = ss.elective->>c.crop_id
    )
    insert into marking_paper (school_id, block_id, exam_student_id, class_id, image_keys, chosen_question_id, slot)
    select b.school_id, b.id, c.exam_student_id, es.class_id, array[c.key], c.qid, c.slot
    from chosen c join marking_block b on b.id = ${blockId} join exam_student es on es.id = c.exam_student_id
    on conflict (block_id, exam_student_id, slot) do update set image_keys = excluded.image_keys, chosen_question_id = excluded.chosen_question_id
      where marking_paper.image_keys is distinct from excluded.image_keys or marking_paper.chosen_question_id is distinct from excluded.chosen_question_id`.execute(tx);
}

/** Tasks of rounds 1..rounds for every paper of the block that lacks them. */
export async function addFirstRounds(tx: Tx, blockId: number, rounds: 1 | 2): Promise<void> {
  await sql`
    insert into marking_task (school_id, block_id, paper_id, round)
    select p.school_id, p.block_id, p.id, r from marking_paper p cross join generate_series(1, ${rounds}::int) r
    where p.block_id = ${blockId}
    on conflict (paper_id, round) do nothing`.execute(tx);
}

export async function insertPaper(tx: Tx, v: { schoolId: number; blockId: number; examStudentId: number; classId: number; imageKeys: string[] }): Promise<number> {
  const r = await tx.insertInto('marking_paper').values({ school_id: v.schoolId, block_id: v.blockId, exam_student_id: v.examStudentId, class_id: v.classId, image_keys: v.imageKeys })
    .onConflict((oc) => oc.columns(['block_id', 'exam_student_id', 'slot']).doUpdateSet({ image_keys: v.imageKeys })).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export interface PaperRow {
  id: number; schoolId: number; blockId: number; examStudentId: number; classId: number; imageKeys: string[];
  status: 'marking' | 'third' | 'arbitration' | 'problem' | 'final'; finalScores: number[] | null; finalTotal: number | null; finalVia: string | null; written: boolean;
  /** A 选做 block's paper: the chosen question. */
  chosenQuestionId: number | null;
}
const paperCols = ['id', 'school_id as schoolId', 'block_id as blockId', 'exam_student_id as examStudentId', 'class_id as classId', 'image_keys as imageKeys',
  'status', 'final_scores as finalScores', 'final_total as finalTotal', 'final_via as finalVia', 'written', 'chosen_question_id as chosenQuestionId'] as const;
const toPaper = (r: Record<string, unknown>): PaperRow => ({ ...(r as unknown as PaperRow), finalTotal: r.finalTotal === null ? null : Number(r.finalTotal) });

export async function findPaper(q: Q, schoolId: number, paperId: number): Promise<PaperRow | undefined> {
  const r = await q.selectFrom('marking_paper').select(paperCols).where('id', '=', paperId).where('school_id', '=', schoolId).executeTakeFirst();
  return r ? toPaper(r) : undefined;
}

export async function lockPaper(tx: Tx, paperId: number): Promise<PaperRow> {
  const r = await tx.selectFrom('marking_paper').select(paperCols).where('id', '=', paperId).forUpdate().executeTakeFirstOrThrow();
  return toPaper(r);
}

/** Sets the paper's state; with `bump`, the exam's live version (bumpVersion, the paper's shard) in the same statement. */
export async function setPaper(tx: Tx, paperId: number, v: { status: PaperRow['status']; finalScores?: number[] | null; finalTotal?: number | null; finalVia?: string | null; written?: boolean },
  bump?: { examId: number; schoolId: number }): Promise<void> {
  const set = {
    status: v.status, updated_at: new Date(),
    ...(v.finalScores !== undefined ? { final_scores: v.finalScores === null ? null : JSON.stringify(v.finalScores) } : {}),
    ...(v.finalTotal !== undefined ? { final_total: v.finalTotal } : {}), ...(v.finalVia !== undefined ? { final_via: v.finalVia } : {}),
    ...(v.written !== undefined ? { written: v.written } : {}),
  };
  if (!bump) return void await tx.updateTable('marking_paper').set(set).where('id', '=', paperId).execute();
  await tx.with('bumped', (w) => versionBump(w, bump.examId, bump.schoolId, paperId)).updateTable('marking_paper').set(set).where('id', '=', paperId).execute();
}

export async function papersOfBlock(q: Q, blockId: number, status?: PaperRow['status']): Promise<PaperRow[]> {
  let s = q.selectFrom('marking_paper').select(paperCols).where('block_id', '=', blockId);
  if (status) s = s.where('status', '=', status);
  return (await s.orderBy('id').execute()).map(toPaper);
}

/**
 * Papers of the subject's blocks: how many, how many not final. `studentSchoolId` (各校阅卷): only the papers of
 * that school's candidates, and a block counts as empty when it has none of them.
 */
export async function subjectPaperState(q: Q, examSubjectId: number, studentSchoolId: number | null = null): Promise<{ blocks: number; papers: number; open: number }> {
  const r = await sql<{ blocks: number; papers: number; open: number }>`
    select (select count(*)::int from marking_block where exam_subject_id = ${examSubjectId}) as blocks,
      count(p.id)::int as papers, count(p.id) filter (where p.status <> 'final')::int as open
    from marking_block b left join marking_paper p on p.block_id = b.id ${ofSchool(sql.ref('p'), studentSchoolId)} where b.exam_subject_id = ${examSubjectId}`.execute(q);
  return r.rows[0] ?? { blocks: 0, papers: 0, open: 0 };
}

/** `and` the paper `p` is of a candidate of the school (nothing when null). */
function ofSchool(p: RawBuilder<unknown>, studentSchoolId: number | null) {
  return studentSchoolId === null ? sql``
    : sql`and exists (select 1 from exam_student es0 where es0.id = ${p}.exam_student_id and es0.school_id = ${studentSchoolId})`;
}

/** Blocks of the subject that have no paper at all (nothing scanned for them yet), or none of the school's candidates. */
export async function emptyBlocks(q: Q, examSubjectId: number, studentSchoolId: number | null = null): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from marking_block b where b.exam_subject_id = ${examSubjectId}
    and not exists (select 1 from marking_paper p where p.block_id = b.id ${ofSchool(sql.ref('p'), studentSchoolId)})`.execute(q);
  return r.rows[0]?.n ?? 0;
}

/** The school of the paper's candidate (各校阅卷 completes a subject school by school). */
export async function studentSchoolOf(q: Q, examStudentId: number): Promise<number | null> {
  const r = await q.selectFrom('exam_student').select('school_id').where('id', '=', examStudentId).executeTakeFirst();
  return r?.school_id ?? null;
}

/** Is the subject a joint exam's 各校阅卷 subject (schoolMarked)? */
export async function subjectSchoolMarked(q: Q, examSubjectId: number): Promise<boolean> {
  const r = await q.selectFrom('exam_subject as s').innerJoin('exam as e', 'e.id', 's.exam_id').select(['e.mode', 's.joint_scoring'])
    .where('s.id', '=', examSubjectId).executeTakeFirst();
  return !!r && schoolMarked({ examMode: r.mode, jointScoring: r.joint_scoring });
}

/** The schools whose candidates have papers in the subject. */
export async function paperSchools(q: Q, examSubjectId: number): Promise<number[]> {
  const r = await sql<{ school_id: number }>`select distinct es.school_id from marking_paper p join marking_block b on b.id = p.block_id
    join exam_student es on es.id = p.exam_student_id where b.exam_subject_id = ${examSubjectId} order by es.school_id`.execute(q);
  return r.rows.map((x) => x.school_id);
}

/** Second key space of the advisory locks: a subject's completion check ('JM'; the exam score lock is 'JZ'). */
const COMPLETION_LOCK_SPACE = 0x4a4d;

/** One completion check of the subject at a time: held to the end of the transaction. */
export async function lockCompletion(tx: Tx, examSubjectId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${COMPLETION_LOCK_SPACE}::int, ${examSubjectId}::int)`.execute(tx);
}

/**
 * Holds one open (not final) paper of the subject FOR SHARE to the end of the transaction, if one is free: while
 * it is held nobody can make it final, so the subject cannot complete before this transaction commits. The
 * newest papers first (the pool hands papers out oldest first); papers being written by others are skipped.
 */
export async function holdOpenPaper(tx: Tx, examSubjectId: number, studentSchoolId: number | null = null): Promise<boolean> {
  const r = await sql<{ id: number }>`select p.id from marking_paper p
    where p.block_id in (select id from marking_block where exam_subject_id = ${examSubjectId}) and p.status <> 'final' ${ofSchool(sql.ref('p'), studentSchoolId)}
    order by p.id desc limit 1 for share of p skip locked`.execute(tx);
  return r.rows.length > 0;
}

export async function unwrittenFinals(tx: Tx, examSubjectId: number, studentSchoolId: number | null = null): Promise<(PaperRow & { questionIds: number[] })[]> {
  let s = tx.selectFrom('marking_paper as p').innerJoin('marking_block as b', 'b.id', 'p.block_id')
    .select(paperCols.map((c) => `p.${c}` as const)).where('b.exam_subject_id', '=', examSubjectId).where('p.status', '=', 'final').where('p.written', '=', false);
  if (studentSchoolId !== null) s = s.where(sql<boolean>`true ${ofSchool(sql.ref('p'), studentSchoolId)}`);
  const rows = await s.orderBy('p.id').execute();
  return rows.map((r) => ({ ...toPaper(r), questionIds: [] }));
}

export async function markWritten(tx: Tx, paperIds: number[]): Promise<void> {
  if (paperIds.length) await tx.updateTable('marking_paper').set({ written: true }).where(anyId('id', paperIds)).execute();
}

// ---------------------------------------------------------------- tasks

export interface TaskRow {
  id: number; schoolId: number; blockId: number; paperId: number; round: number; markerId: number | null; leaseUntil: Date | null;
  scores: number[] | null; total: number | null; submittedAt: Date | null; requestId: string | null; leaseLive: boolean;
  /** The paper's chosen question of a 选做 block (id and number), else null. */
  chosenQuestionId: number | null; chosenNo: string | null;
}
function taskSelect(q: Pick<Q, 'selectFrom'>) {
  return q.selectFrom('marking_task').select([
    'id', 'school_id as schoolId', 'block_id as blockId', 'paper_id as paperId', 'round', 'marker_id as markerId', 'lease_until as leaseUntil', 'scores', 'total',
    'submitted_at as submittedAt', 'request_id as requestId', sql<boolean>`coalesce(lease_until > now(), false)`.as('leaseLive'),
    sql<number | null>`(select mp.chosen_question_id from marking_paper mp where mp.id = marking_task.paper_id)`.as('chosenQuestionId'),
    sql<string | null>`(select cq.no from marking_paper mp join question cq on cq.id = mp.chosen_question_id where mp.id = marking_task.paper_id)`.as('chosenNo'),
  ]);
}
const toTask = (r: Record<string, unknown>): TaskRow => ({ ...(r as unknown as TaskRow), total: r.total === null ? null : Number(r.total) });

export async function findTask(q: Q, schoolId: number, taskId: number): Promise<TaskRow | undefined> {
  const r = await taskSelect(q).where('id', '=', taskId).where('school_id', '=', schoolId).executeTakeFirst();
  return r ? toTask(r) : undefined;
}

/** A task of the user's school, or of an organiser whose joint exam he marks (混合阅卷): one round trip. */
export async function findTaskReachable(q: Q, userId: number, schoolId: number, taskId: number): Promise<TaskRow | undefined> {
  const r = await taskSelect(q).where('id', '=', taskId)
    .where((eb) => eb.or([eb('school_id', '=', schoolId), markedOrganiser(sql.ref('marking_task.school_id'), userId, schoolId)])).executeTakeFirst();
  return r ? toTask(r) : undefined;
}

export async function lockTask(tx: Tx, taskId: number): Promise<TaskRow> {
  return toTask(await taskSelect(tx).where('id', '=', taskId).forUpdate().executeTakeFirstOrThrow());
}

/**
 * lockTask and taskByRequest in one round trip (a marker's submit): the task locked, with the task already stored
 * under requestId, if any (id and marker). Read before the lock is granted, the prior task may be stale only for a
 * request being stored at this moment: the unique index on request_id refuses one of the two.
 */
export async function lockTaskWithPrior(tx: Tx, taskId: number, requestId: string): Promise<TaskRow & { priorId: number | null; priorMarkerId: number | null }> {
  const r = await taskSelect(tx).select([
    sql<number | null>`(select o.id from marking_task o where o.request_id = ${requestId})`.as('priorId'),
    sql<number | null>`(select o.marker_id from marking_task o where o.request_id = ${requestId})`.as('priorMarkerId'),
  ]).where('id', '=', taskId).forUpdate().executeTakeFirstOrThrow();
  return { ...toTask(r), priorId: r.priorId, priorMarkerId: r.priorMarkerId };
}

/** The submitted marks of a paper in round order (deciding it: no names needed). */
export async function marksOfPaper(tx: Tx, paperId: number): Promise<{ round: number; scores: number[] }[]> {
  const rows = await tx.selectFrom('marking_task').select(['round', 'scores']).where('paper_id', '=', paperId).where('submitted_at', 'is not', null)
    .where('scores', 'is not', null).orderBy('round').execute();
  return rows.map((r) => ({ round: r.round, scores: r.scores as number[] }));
}

export async function taskByRequest(q: Q, requestId: string): Promise<TaskRow | undefined> {
  const r = await taskSelect(q).where('request_id', '=', requestId).executeTakeFirst();
  return r ? toTask(r) : undefined;
}

export async function tasksOfPaper(q: Q, paperId: number): Promise<(TaskRow & { markerName: string | null })[]> {
  const rows = await q.selectFrom('marking_task as t').leftJoin('app_user as u', 'u.id', 't.marker_id').select([
    't.id', 't.school_id as schoolId', 't.block_id as blockId', 't.paper_id as paperId', 't.round', 't.marker_id as markerId', 't.lease_until as leaseUntil',
    't.scores', 't.total', 't.submitted_at as submittedAt', 't.request_id as requestId', sql<boolean>`coalesce(t.lease_until > now(), false)`.as('leaseLive'),
    'u.user_name as markerName',
  ]).where('t.paper_id', '=', paperId).orderBy('t.round').execute();
  return rows.map((r) => ({ ...toTask(r), markerName: r.markerName }));
}

/** The caller's live leases in the block, oldest first. */
export async function heldTasks(q: Q, blockId: number, userId: number): Promise<TaskRow[]> {
  const rows = await taskSelect(q).where('block_id', '=', blockId).where('marker_id', '=', userId).where('submitted_at', 'is', null)
    .where(sql<boolean>`lease_until > now()`).orderBy('lease_until').orderBy('id').execute();
  return rows.map(toTask);
}

/**
 * releaseLeases(expired only) and heldTasks in one statement (marking/next): the user's expired leases in the block
 * go back to the pool and the live ones come back, oldest first. The two sets are disjoint (lease_until < now() or
 * > now()), so the select, which sees the rows as they were before the update, reads the same rows as after it.
 */
export async function releaseExpiredAndHeld(tx: Tx, blockId: number, userId: number): Promise<TaskRow[]> {
  const rows = await taskSelect(tx.with('released', (w) => w.updateTable('marking_task').set({ marker_id: null, lease_until: null })
    .where('block_id', '=', blockId).where('marker_id', '=', userId).where('submitted_at', 'is', null).where('round', '<', 4)
    .where(sql<boolean>`lease_until < now()`).returning('id')))
    .where('block_id', '=', blockId).where('marker_id', '=', userId).where('submitted_at', 'is', null)
    .where(sql<boolean>`lease_until > now()`).orderBy('lease_until').orderBy('id').execute();
  return rows.map(toTask);
}

/** Marks the user holds or gave in the block (for the quota). */
export async function takenCount(q: Q, blockId: number, userId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from marking_task where block_id = ${blockId} and marker_id = ${userId} and round < 4
    and (submitted_at is not null or lease_until > now())`.execute(q);
  return r.rows[0]?.n ?? 0;
}

/**
 * Leases one task of the pool to the user: unsubmitted, of a paper being marked, with no marker or an expired
 * lease, of a paper the user has neither marked nor holds in another round, within the user's classes if any.
 * Third marks go first, then papers in order (both rounds of a paper before the next paper). FOR UPDATE SKIP LOCKED: two markers never get the same task.
 * Two reads, each in index order (marking_task_pool for third marks, only in modes with a third marker — thirds —
 * and marking_task_queue for the rest: migration 0021), so a call stops at the head of the queue instead of
 * sorting the block's open tasks. The leased row comes back locked (FOR UPDATE of the pick).
 */
export async function leaseNext(tx: Tx, blockId: number, userId: number, leaseSeconds: number, classIds: number[], thirds: boolean, studentSchoolId: number | null = null): Promise<TaskRow | undefined> {
  return (thirds ? await leaseFrom(tx, blockId, userId, leaseSeconds, classIds, sql`t.round = 3`, sql`t.paper_id`, studentSchoolId) : undefined)
    ?? leaseFrom(tx, blockId, userId, leaseSeconds, classIds, sql`t.round < 3`, sql`t.paper_id, t.round`, studentSchoolId);
}

/** studentSchoolId (各校阅卷): only papers of that school's candidates. */
async function leaseFrom(tx: Tx, blockId: number, userId: number, leaseSeconds: number, classIds: number[], rounds: RawBuilder<unknown>, order: RawBuilder<unknown>,
  studentSchoolId: number | null): Promise<TaskRow | undefined> {
  const classFilter = classIds.length ? sql`and p.class_id = any(${classIds}::int[])` : sql``;
  const schoolFilter = ofSchool(sql.ref('p'), studentSchoolId);
  const r = await sql<Record<string, unknown>>`
    with pick as (
      select t.id from marking_task t join marking_paper p on p.id = t.paper_id
      where t.block_id = ${blockId} and ${rounds} and t.submitted_at is null and p.status in ('marking', 'third')
        and (t.marker_id is null or t.lease_until is null or t.lease_until < now())
        ${classFilter} ${schoolFilter}
        and not exists (select 1 from marking_task o where o.paper_id = t.paper_id and o.id <> t.id and o.marker_id = ${userId}
          and (o.submitted_at is not null or o.lease_until > now()))
      order by ${order}
      limit 1
      for update of t skip locked
    )
    update marking_task set marker_id = ${userId}, lease_until = now() + make_interval(secs => ${leaseSeconds}::int)
    from pick where marking_task.id = pick.id
    returning marking_task.id, school_id as "schoolId", block_id as "blockId", paper_id as "paperId", round, marker_id as "markerId",
      lease_until as "leaseUntil", scores, total, submitted_at as "submittedAt", request_id as "requestId", true as "leaseLive",
      (select mp.chosen_question_id from marking_paper mp where mp.id = marking_task.paper_id) as "chosenQuestionId",
      (select cq.no from marking_paper mp join question cq on cq.id = mp.chosen_question_id where mp.id = marking_task.paper_id) as "chosenNo"`.execute(tx);
  return r.rows[0] ? toTask(r.rows[0]) : undefined;
}

/**
 * Stores a marker's mark on the task and locks its paper (lockPaper), one statement (a marker's submit; the task is
 * locked already, so the lock order task → paper is kept). `done`: the marker's 已阅 in the block with this mark
 * (userDone's count: his other submitted marks of rounds 1–3, read in the same statement, plus this one).
 */
export async function submitTaskLockPaper(tx: Tx, task: { id: number; blockId: number; markerId: number }, v: { scores: number[]; total: number; requestId: string }, paperId: number): Promise<PaperRow & { done: number }> {
  const submitted = { scores: JSON.stringify(v.scores), total: v.total, request_id: v.requestId, submitted_at: new Date(), lease_until: null };
  const r = await tx.with('submitted', (w) => w.updateTable('marking_task').set(submitted).where('id', '=', task.id).returning('id'))
    .selectFrom('marking_paper').select(paperCols).select(sql<number>`(select count(*)::int + 1 from marking_task d where d.block_id = ${task.blockId}
      and d.marker_id = ${task.markerId} and d.submitted_at is not null and d.round < 4 and d.id <> ${task.id})`.as('done'))
    .where('id', '=', paperId).forUpdate().executeTakeFirstOrThrow();
  return { ...toPaper(r), done: r.done };
}

export async function rescoreTask(tx: Tx, taskId: number, v: { scores: number[]; total: number }): Promise<void> {
  await tx.updateTable('marking_task').set({ scores: JSON.stringify(v.scores), total: v.total }).where('id', '=', taskId).execute();
}

export async function addTask(tx: Tx, v: { schoolId: number; blockId: number; paperId: number; round: number }): Promise<void> {
  await tx.insertInto('marking_task').values({ school_id: v.schoolId, block_id: v.blockId, paper_id: v.paperId, round: v.round })
    .onConflict((oc) => oc.columns(['paper_id', 'round']).doNothing()).execute();
}

/** The leader's round-4 mark of a paper (arbitration, problem score, override): inserted or replaced. */
export async function putLeaderMark(tx: Tx, v: { schoolId: number; blockId: number; paperId: number; userId: number; scores: number[]; total: number; requestId: string | null }): Promise<void> {
  await tx.insertInto('marking_task').values({
    school_id: v.schoolId, block_id: v.blockId, paper_id: v.paperId, round: 4, marker_id: v.userId, scores: JSON.stringify(v.scores), total: v.total,
    submitted_at: new Date(), request_id: v.requestId,
  }).onConflict((oc) => oc.columns(['paper_id', 'round']).doUpdateSet({
    marker_id: v.userId, scores: JSON.stringify(v.scores), total: v.total, submitted_at: new Date(), ...(v.requestId ? { request_id: v.requestId } : {}),
  })).execute();
}

/** Releases one task back to the pool (a problem paper; its marker gives it up). */
export async function releaseTask(tx: Tx, taskId: number): Promise<void> {
  await tx.updateTable('marking_task').set({ marker_id: null, lease_until: null }).where('id', '=', taskId).where('submitted_at', 'is', null).execute();
}

export interface ReviewDbRow { taskId: number; paperId: number; total: number; scores: number[]; submittedAt: Date }
export async function ownSubmitted(q: Q, blockId: number, userId: number, score: number | undefined, offset: number, limit: number): Promise<{ rows: ReviewDbRow[]; total: number }> {
  let base = q.selectFrom('marking_task').where('block_id', '=', blockId).where('marker_id', '=', userId).where('round', '<', 4).where('submitted_at', 'is not', null);
  if (score !== undefined) base = base.where('total', '=', score);
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base.select(['id as taskId', 'paper_id as paperId', 'total', 'scores', 'submitted_at as submittedAt']).orderBy('submitted_at', 'desc').orderBy('id', 'desc')
    .offset(offset).limit(limit).execute();
  return { rows: rows.map((r) => ({ ...r, total: Number(r.total), scores: r.scores as number[], submittedAt: r.submittedAt! })), total: count.n };
}

/** A final paper of the block for 抽查: the least recently checked first, random among equals. */
export async function pickForCheck(q: Q, blockId: number, excludePaperIds: number[]): Promise<PaperRow | undefined> {
  let s = q.selectFrom('marking_paper').select(paperCols).where('block_id', '=', blockId).where('status', '=', 'final');
  if (excludePaperIds.length) s = s.where('id', 'not in', excludePaperIds);
  const r = await s.orderBy(sql`random()`).limit(1).executeTakeFirst();
  return r ? toPaper(r) : undefined;
}

// ---------------------------------------------------------------- progress

export interface BlockProgress { blockId: number; papers: number; final: number; needed: number; done: number; problems: number; arbitrations: number }

/**
 * Per block: papers, final papers, marks needed so far (tasks of rounds 1–3, less those of a final paper never given:
 * a 问题卷 the leader scored keeps first-mark tasks nobody will mark), marks given, open problems and arbitrations.
 */
export async function blockProgress(q: Q, blockIds: number[]): Promise<Map<number, BlockProgress>> {
  if (!blockIds.length) return new Map();
  const r = await sql<BlockProgress>`
    select b.id as "blockId",
      (select count(*)::int from marking_paper p where p.block_id = b.id) as papers,
      (select count(*)::int from marking_paper p where p.block_id = b.id and p.status = 'final') as final,
      (select count(*)::int from marking_task t join marking_paper p on p.id = t.paper_id where t.block_id = b.id and t.round < 4
        and (t.submitted_at is not null or p.status <> 'final')) as needed,
      (select count(*)::int from marking_task t where t.block_id = b.id and t.round < 4 and t.submitted_at is not null) as done,
      (select count(*)::int from marking_paper p where p.block_id = b.id and p.status = 'problem') as problems,
      (select count(*)::int from marking_paper p where p.block_id = b.id and p.status = 'arbitration') as arbitrations
    from marking_block b where b.id = any(${blockIds}::int[])`.execute(q);
  return new Map(r.rows.map((x) => [x.blockId, x]));
}

export interface MarkerProgress { blockId: number; userId: number; userName: string; done: number; held: number; mean: number | null; firstAt: Date | null; lastAt: Date | null }

/** Per block and user who marked or holds a task of it (rounds 1–3): marks given, live leases, mean, first and last submission. */
export async function markerProgress(q: Q, blockIds: number[]): Promise<MarkerProgress[]> {
  if (!blockIds.length) return [];
  const r = await sql<MarkerProgress>`
    select t.block_id as "blockId", t.marker_id as "userId", min(u.user_name) as "userName", count(*) filter (where t.submitted_at is not null)::int as done,
      count(*) filter (where t.submitted_at is null and t.lease_until > now())::int as held,
      avg(t.total) filter (where t.submitted_at is not null)::float8 as mean,
      min(t.submitted_at) as "firstAt", max(t.submitted_at) as "lastAt"
    from marking_task t join app_user u on u.id = t.marker_id
    where t.block_id = any(${blockIds}::int[]) and t.round < 4 group by t.block_id, t.marker_id`.execute(q);
  return r.rows;
}

export async function userDone(q: Q, blockIds: number[], userId: number): Promise<Map<number, number>> {
  if (!blockIds.length) return new Map();
  const r = await sql<{ blockId: number; n: number }>`select block_id as "blockId", count(*)::int as n from marking_task
    where block_id = any(${blockIds}::int[]) and marker_id = ${userId} and submitted_at is not null and round < 4 group by block_id`.execute(q);
  return new Map(r.rows.map((x) => [x.blockId, x.n]));
}

// ---------------------------------------------------------------- problems and audit

export async function insertProblem(tx: Tx, v: { schoolId: number; blockId: number; paperId: number; taskId: number; kind: string; note: string; userId: number }): Promise<void> {
  await tx.insertInto('marking_problem').values({
    school_id: v.schoolId, block_id: v.blockId, paper_id: v.paperId, task_id: v.taskId, kind: v.kind as 'blank', note: v.note, reporter_id: v.userId,
  }).execute();
}

/** The chosen question of 选做 papers (others absent): paper id → { questionId, no }. */
export async function chosenOfPapers(q: Q, paperIds: number[]): Promise<Map<number, { questionId: number; no: string }>> {
  if (!paperIds.length) return new Map();
  const rows = await q.selectFrom('marking_paper as p').innerJoin('question as qu', 'qu.id', 'p.chosen_question_id')
    .select(['p.id', 'qu.id as questionId', 'qu.no']).where('p.id', 'in', paperIds).execute();
  return new Map(rows.map((r) => [r.id, { questionId: r.questionId, no: r.no }]));
}

export async function openProblems(q: Q, blockId: number) {
  return q.selectFrom('marking_problem as pr').leftJoin('app_user as u', 'u.id', 'pr.reporter_id')
    .select(['pr.paper_id as paperId', 'pr.task_id as taskId', 'pr.kind', 'pr.note', 'u.user_name as reporter', 'pr.created_at as createdAt'])
    .where('pr.block_id', '=', blockId).where('pr.resolved_at', 'is', null).orderBy('pr.id').execute();
}

export async function resolveProblems(tx: Tx, paperId: number, userId: number, resolution: string): Promise<void> {
  await tx.updateTable('marking_problem').set({ resolved_at: new Date(), resolved_by: userId, resolution }).where('paper_id', '=', paperId).where('resolved_at', 'is', null).execute();
}

export interface AuditInsert {
  schoolId: number; examSubjectId: number; blockId: number | null; paperId: number | null; examStudentId: number | null; userId: number;
  kind: string; old: unknown; new: unknown; reason: string; requestId?: string | null;
}
export async function insertAudit(tx: Tx, a: AuditInsert): Promise<void> {
  await tx.insertInto('marking_audit').values({
    school_id: a.schoolId, exam_subject_id: a.examSubjectId, block_id: a.blockId, paper_id: a.paperId, exam_student_id: a.examStudentId, user_id: a.userId,
    kind: a.kind, old: a.old === undefined ? null : JSON.stringify(a.old), new: a.new === undefined ? null : JSON.stringify(a.new), reason: a.reason,
    request_id: a.requestId ?? null,
  }).execute();
}

export async function auditByRequest(q: Q, requestId: string) {
  return q.selectFrom('marking_audit').select(['user_id as userId', 'paper_id as paperId', 'new']).where('request_id', '=', requestId).executeTakeFirst();
}

export async function auditOf(q: Q, blockId: number) {
  return q.selectFrom('marking_audit as a').leftJoin('app_user as u', 'u.id', 'a.user_id')
    .select(['a.paper_id as paperId', 'u.user_name as userName', 'a.at', 'a.kind', 'a.old', 'a.new', 'a.reason'])
    .where('a.block_id', '=', blockId).orderBy('a.id').execute();
}

/** Everything marked in the subject's blocks (papers, marks, problems); blocks, markers and audit rows stay. */
export async function clearSubjectMarking(tx: Tx, examSubjectId: number): Promise<number> {
  const r = await sql<{ n: number }>`with d as (delete from marking_paper p using marking_block b where b.id = p.block_id and b.exam_subject_id = ${examSubjectId} returning p.id)
    select count(*)::int as n from d`.execute(tx);
  return r.rows[0]?.n ?? 0;
}

/** Everything marked in one block (papers, marks, problems); the block, its markers and audit rows stay. */
export async function clearBlockMarking(tx: Tx, blockId: number): Promise<number> {
  const r = await sql<{ n: number }>`with d as (delete from marking_paper where block_id = ${blockId} returning id) select count(*)::int as n from d`.execute(tx);
  return r.rows[0]?.n ?? 0;
}

export async function passwordHashOf(q: Q, userId: number): Promise<string | undefined> {
  return (await q.selectFrom('app_user').select('password_hash').where('id', '=', userId).executeTakeFirst())?.password_hash;
}

/** Card layout of the subject (saved card), for default blocks when nothing was scanned. */
export async function classOfExamStudent(q: Q, examStudentId: number): Promise<number | undefined> {
  return (await q.selectFrom('exam_student').select('class_id').where('id', '=', examStudentId).executeTakeFirst())?.class_id;
}

/** Papers the user could still take a mark of in the block (same filter as leaseNext, without locking; one mark per paper). */
export async function poolCount(q: Q, blockId: number, userId: number, classIds: number[]): Promise<number> {
  const classFilter = classIds.length ? sql`and p.class_id = any(${classIds}::int[])` : sql``;
  const r = await sql<{ n: number }>`
    select count(distinct t.paper_id)::int as n from marking_task t join marking_paper p on p.id = t.paper_id
    where t.block_id = ${blockId} and t.round < 4 and t.submitted_at is null and p.status in ('marking', 'third')
      and (t.marker_id is null or t.lease_until is null or t.lease_until < now()) ${classFilter}
      and not exists (select 1 from marking_task o where o.paper_id = t.paper_id and o.id <> t.id and o.marker_id = ${userId}
        and (o.submitted_at is not null or o.lease_until > now()))`.execute(q);
  return r.rows[0]?.n ?? 0;
}

export async function markerCount(q: Q, blockId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from marking_marker where block_id = ${blockId}`.execute(q);
  return r.rows[0]?.n ?? 0;
}

export async function paperCount(q: Q, blockId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from marking_paper where block_id = ${blockId}`.execute(q);
  return r.rows[0]?.n ?? 0;
}

/** Submitted marks of the block's markers (rounds 1–3), for the quality figures (markingQuality, markerQuality). */
export async function submittedMarks(q: Q, blockId: number): Promise<{ paperId: number; round: number; markerId: number; total: number }[]> {
  const rows = await q.selectFrom('marking_task').select(['paper_id as paperId', 'round', 'marker_id as markerId', 'total'])
    .where('block_id', '=', blockId).where('round', '<', 4).where('submitted_at', 'is not', null).where('marker_id', 'is not', null).execute();
  return rows.map((r) => ({ paperId: r.paperId, round: r.round, markerId: r.markerId!, total: Number(r.total) }));
}

// ---------------------------------------------------------------- quality (阅卷质量)

/** Whether each paper of a block went to a third mark or to the 题组长's arbitration. */
export async function qualityPapers(q: Q, blockId: number): Promise<{ paperId: number; third: boolean; arbitration: boolean }[]> {
  const r = await sql<{ paperId: number; third: boolean; arbitration: boolean }>`
    select p.id as "paperId",
      (p.status = 'third' or exists (select 1 from marking_task t where t.paper_id = p.id and t.round = 3)) as third,
      (p.status = 'arbitration' or p.final_via = 'arbitration' or exists (select 1 from marking_task t where t.paper_id = p.id and t.round = 4)) as arbitration
    from marking_paper p where p.block_id = ${blockId}`.execute(q);
  return r.rows;
}

/** Names of the school's classes among the ids. */
export async function classNamesOf(q: Q, schoolId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await q.selectFrom('school_class').select(['id', 'name']).where('school_id', '=', schoolId).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
