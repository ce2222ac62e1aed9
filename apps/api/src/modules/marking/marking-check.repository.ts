/**
 * SQL of the marks that never count (migrations/0026_marking_trial.ts): 个人一致性 re-checks and 试评 trial marks
 * (marking_check), the trial papers with their reference scores and each marker's trial round. A check's id comes
 * from marking_task's sequence, so a taskId names a task or a check, never both.
 */
import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.js';
import { markedOrganiser } from './marking-joint.repository.js';

type Q = Db | Tx;

export interface CheckRow {
  id: number; schoolId: number; blockId: number; paperId: number; markerId: number; kind: 'recheck' | 'trial'; taskId: number | null; attempt: number;
  leaseUntil: Date | null; scores: number[] | null; total: number | null; skipped: boolean; submittedAt: Date | null; requestId: string | null;
  /** The round of the re-checked task (so the paper looks like it did); 1 for a trial paper. */
  round: number;
  chosenQuestionId: number | null; chosenNo: string | null;
}

const checkCols = sql`c.id, c.school_id as "schoolId", c.block_id as "blockId", c.paper_id as "paperId", c.marker_id as "markerId", c.kind, c.task_id as "taskId",
  c.attempt, c.lease_until as "leaseUntil", c.scores, c.total, c.skipped, c.submitted_at as "submittedAt", c.request_id as "requestId",
  coalesce((select t.round from marking_task t where t.id = c.task_id), 1) as round,
  (select mp.chosen_question_id from marking_paper mp where mp.id = c.paper_id) as "chosenQuestionId",
  (select cq.no from marking_paper mp join question cq on cq.id = mp.chosen_question_id where mp.id = c.paper_id) as "chosenNo"`;
const toCheck = (r: Record<string, unknown>): CheckRow => ({ ...(r as unknown as CheckRow), total: r.total === null ? null : Number(r.total) });

export async function findCheck(q: Q, schoolId: number, id: number): Promise<CheckRow | undefined> {
  const r = await sql<Record<string, unknown>>`select ${checkCols} from marking_check c where c.id = ${id} and c.school_id = ${schoolId}`.execute(q);
  return r.rows[0] ? toCheck(r.rows[0]) : undefined;
}

/** A check of the user's school, or of an organiser whose joint exam he marks (混合阅卷): one round trip. */
export async function findCheckReachable(q: Q, userId: number, schoolId: number, id: number): Promise<CheckRow | undefined> {
  const r = await sql<Record<string, unknown>>`select ${checkCols} from marking_check c where c.id = ${id}
    and (c.school_id = ${schoolId} or ${markedOrganiser(sql.ref('c.school_id'), userId, schoolId)})`.execute(q);
  return r.rows[0] ? toCheck(r.rows[0]) : undefined;
}

export async function lockCheck(tx: Tx, id: number): Promise<CheckRow | undefined> {
  const r = await sql<Record<string, unknown>>`select ${checkCols} from marking_check c where c.id = ${id} for update`.execute(tx);
  return r.rows[0] ? toCheck(r.rows[0]) : undefined;
}

export async function checkByRequest(q: Q, requestId: string): Promise<CheckRow | undefined> {
  const r = await sql<Record<string, unknown>>`select ${checkCols} from marking_check c where c.request_id = ${requestId}`.execute(q);
  return r.rows[0] ? toCheck(r.rows[0]) : undefined;
}

/** The user's checks of the block with a live lease, not yet answered (of the kind given). */
export async function heldChecks(q: Q, blockId: number, userId: number, kind: 'recheck' | 'trial'): Promise<CheckRow[]> {
  const r = await sql<Record<string, unknown>>`select ${checkCols} from marking_check c where c.block_id = ${blockId} and c.marker_id = ${userId}
    and c.kind = ${kind} and c.submitted_at is null and c.lease_until > now() order by c.lease_until, c.id`.execute(q);
  return r.rows.map(toCheck);
}

// ---------------------------------------------------------------- 个人一致性 (re-checks)

/** The user's submitted marks of rounds 1–3 in the block and the re-checks already given to the user. */
export async function recheckCounts(q: Q, blockId: number, userId: number): Promise<{ submitted: number; issued: number }> {
  const r = await sql<{ submitted: number; issued: number }>`select
    (select count(*)::int from marking_task where block_id = ${blockId} and marker_id = ${userId} and round < 4 and submitted_at is not null) as submitted,
    (select count(*)::int from marking_check where block_id = ${blockId} and marker_id = ${userId} and kind = 'recheck') as issued`.execute(q);
  return r.rows[0] ?? { submitted: 0, issued: 0 };
}

/** Leases again the user's re-check whose lease ran out unanswered (it stays the user's: the same paper comes back). */
export async function releaseOpenRecheck(tx: Tx, blockId: number, userId: number, leaseSeconds: number): Promise<CheckRow | undefined> {
  const r = await sql<{ id: number }>`update marking_check set lease_until = now() + make_interval(secs => ${leaseSeconds}::int)
    where id = (select id from marking_check where block_id = ${blockId} and marker_id = ${userId} and kind = 'recheck' and submitted_at is null
      and (lease_until is null or lease_until <= now()) order by id limit 1)
    returning id`.execute(tx);
  return r.rows[0] ? lockCheck(tx, r.rows[0].id) : undefined;
}

/**
 * A new re-check leased to the user: the user's oldest submitted mark (rounds 1–3, by submission time) not
 * re-checked yet, of a paper not taken out as a 问题卷. None when every mark was re-checked.
 */
export async function issueRecheck(tx: Tx, blockId: number, userId: number, leaseSeconds: number): Promise<CheckRow | undefined> {
  const r = await sql<{ id: number }>`insert into marking_check (school_id, block_id, paper_id, marker_id, kind, task_id, lease_until)
    select t.school_id, t.block_id, t.paper_id, t.marker_id, 'recheck', t.id, now() + make_interval(secs => ${leaseSeconds}::int)
    from marking_task t join marking_paper p on p.id = t.paper_id
    where t.block_id = ${blockId} and t.marker_id = ${userId} and t.round < 4 and t.submitted_at is not null and p.status <> 'problem'
      and not exists (select 1 from marking_check c where c.task_id = t.id and c.kind = 'recheck')
    order by t.submitted_at, t.id limit 1
    returning id`.execute(tx);
  return r.rows[0] ? lockCheck(tx, r.rows[0].id) : undefined;
}

export async function answerCheck(tx: Tx, id: number, v: { scores: number[]; total: number; requestId: string; originalTotal: number | null }): Promise<void> {
  await tx.updateTable('marking_check').set({
    scores: JSON.stringify(v.scores), total: v.total, request_id: v.requestId, original_total: v.originalTotal, submitted_at: new Date(), lease_until: null,
  }).where('id', '=', id).execute();
}

/** A re-check reported as a 问题卷: closed without a mark (not counted), the paper untouched. */
export async function skipCheck(tx: Tx, id: number): Promise<void> {
  await tx.updateTable('marking_check').set({ skipped: true, submitted_at: new Date(), lease_until: null }).where('id', '=', id).execute();
}

/** Answered re-checks of the block: the marker's original total (when re-marked) and the re-mark. */
export async function recheckPairs(q: Q, blockId: number): Promise<{ markerId: number; original: number; remark: number }[]> {
  const r = await sql<{ markerId: number; original: string; remark: string }>`select marker_id as "markerId", original_total as original, total as remark
    from marking_check where block_id = ${blockId} and kind = 'recheck' and submitted_at is not null and not skipped and original_total is not null`.execute(q);
  return r.rows.map((x) => ({ markerId: x.markerId, original: Number(x.original), remark: Number(x.remark) }));
}

// ---------------------------------------------------------------- 试评 (trial papers and marks)

export interface TrialPaperRow { paperId: number; scores: number[]; total: number; chosenQuestionId: number | null; chosenNo: string | null }

/** The block's trial papers in the order they were set. */
export async function trialPapers(q: Q, blockId: number): Promise<TrialPaperRow[]> {
  const r = await sql<Record<string, unknown>>`select tp.paper_id as "paperId", tp.scores, tp.total, p.chosen_question_id as "chosenQuestionId", cq.no as "chosenNo"
    from marking_trial_paper tp join marking_paper p on p.id = tp.paper_id left join question cq on cq.id = p.chosen_question_id
    where tp.block_id = ${blockId} order by tp.set_at, tp.paper_id`.execute(q);
  return r.rows.map((x) => ({ ...(x as unknown as TrialPaperRow), total: Number(x.total) }));
}

export async function putTrialPaper(tx: Tx, v: { schoolId: number; blockId: number; paperId: number; scores: number[]; total: number; userId: number }): Promise<void> {
  await tx.insertInto('marking_trial_paper').values({
    school_id: v.schoolId, block_id: v.blockId, paper_id: v.paperId, scores: JSON.stringify(v.scores), total: v.total, set_by: v.userId,
  }).onConflict((oc) => oc.columns(['block_id', 'paper_id']).doUpdateSet({ scores: JSON.stringify(v.scores), total: v.total, set_by: v.userId })).execute();
}

export async function deleteTrialPaper(tx: Tx, blockId: number, paperId: number): Promise<number> {
  const r = await tx.deleteFrom('marking_trial_paper').where('block_id', '=', blockId).where('paper_id', '=', paperId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Trial marks of the paper in the block (any marker, any round): a trial paper with marks stays. */
export async function trialMarkCount(q: Q, blockId: number, paperId: number): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from marking_check where block_id = ${blockId} and paper_id = ${paperId} and kind = 'trial'
    and submitted_at is not null`.execute(q);
  return r.rows[0]?.n ?? 0;
}

/** The first paper of the block (by id, after afterPaperId) that is not a trial paper: the leader scores it as one. */
export async function nextNonTrialPaper(q: Q, blockId: number, afterPaperId: number): Promise<{ id: number; chosenQuestionId: number | null; chosenNo: string | null } | undefined> {
  const r = await sql<{ id: number; chosenQuestionId: number | null; chosenNo: string | null }>`select p.id, p.chosen_question_id as "chosenQuestionId", cq.no as "chosenNo"
    from marking_paper p left join question cq on cq.id = p.chosen_question_id
    where p.block_id = ${blockId} and p.id > ${afterPaperId} and p.status <> 'problem'
      and not exists (select 1 from marking_trial_paper tp where tp.block_id = p.block_id and tp.paper_id = p.id)
    order by p.id limit 1`.execute(q);
  return r.rows[0];
}

export interface TrialMarkerRow { userId: number; attempt: number; passedAt: Date | null }

/** Each marker's trial round (no row: round 1, not passed). */
export async function trialMarkers(q: Q, blockId: number): Promise<Map<number, TrialMarkerRow>> {
  const rows = await q.selectFrom('marking_trial_marker').select(['user_id as userId', 'attempt', 'passed_at as passedAt']).where('block_id', '=', blockId).execute();
  return new Map(rows.map((r) => [r.userId, r]));
}

export async function trialMarker(q: Q, blockId: number, userId: number): Promise<TrialMarkerRow> {
  return (await trialMarkers(q, blockId)).get(userId) ?? { userId, attempt: 1, passedAt: null };
}

export async function passTrial(tx: Tx, v: { schoolId: number; blockId: number; userId: number; by: number }): Promise<void> {
  await tx.insertInto('marking_trial_marker').values({ school_id: v.schoolId, block_id: v.blockId, user_id: v.userId, passed_at: new Date(), passed_by: v.by })
    .onConflict((oc) => oc.columns(['block_id', 'user_id']).doUpdateSet({ passed_at: new Date(), passed_by: v.by })).execute();
}

/** 重评: the marker's next trial round (not passed); the unanswered trial leases of the old round go. */
export async function redoTrial(tx: Tx, v: { schoolId: number; blockId: number; userId: number; attempt: number }): Promise<void> {
  await tx.insertInto('marking_trial_marker').values({ school_id: v.schoolId, block_id: v.blockId, user_id: v.userId, attempt: v.attempt + 1, passed_at: null, passed_by: null })
    .onConflict((oc) => oc.columns(['block_id', 'user_id']).doUpdateSet({ attempt: v.attempt + 1, passed_at: null, passed_by: null })).execute();
  await tx.deleteFrom('marking_check').where('block_id', '=', v.blockId).where('marker_id', '=', v.userId).where('kind', '=', 'trial').where('submitted_at', 'is', null).execute();
}

/** Trial marks of the block given in each marker's current round: marker → paper → total. */
export async function trialMarks(q: Q, blockId: number): Promise<Map<number, Map<number, number>>> {
  const r = await sql<{ markerId: number; paperId: number; total: string }>`select c.marker_id as "markerId", c.paper_id as "paperId", c.total
    from marking_check c left join marking_trial_marker m on m.block_id = c.block_id and m.user_id = c.marker_id
    where c.block_id = ${blockId} and c.kind = 'trial' and c.submitted_at is not null and c.attempt = coalesce(m.attempt, 1)`.execute(q);
  const out = new Map<number, Map<number, number>>();
  for (const x of r.rows) out.set(x.markerId, (out.get(x.markerId) ?? new Map()).set(x.paperId, Number(x.total)));
  return out;
}

/**
 * Leases the user the next trial paper of the round not yet marked or held (trial papers in order); the same
 * row again when its lease ran out.
 */
export async function leaseTrial(tx: Tx, blockId: number, userId: number, attempt: number, leaseSeconds: number): Promise<CheckRow | undefined> {
  const r = await sql<{ id: number }>`insert into marking_check (school_id, block_id, paper_id, marker_id, kind, attempt, lease_until)
    select tp.school_id, tp.block_id, tp.paper_id, ${userId}, 'trial', ${attempt}, now() + make_interval(secs => ${leaseSeconds}::int)
    from marking_trial_paper tp
    where tp.block_id = ${blockId} and not exists (select 1 from marking_check c where c.paper_id = tp.paper_id and c.marker_id = ${userId} and c.kind = 'trial'
      and c.attempt = ${attempt} and (c.submitted_at is not null or c.lease_until > now()))
    order by tp.set_at, tp.paper_id limit 1
    on conflict (paper_id, marker_id, attempt) where kind = 'trial' do update set lease_until = excluded.lease_until
    returning id`.execute(tx);
  return r.rows[0] ? lockCheck(tx, r.rows[0].id) : undefined;
}
