/**
 * The marking kill run shared by scripts/bench/marking-kill.bench.ts and tests/durability/marking-kill.test.ts:
 * every marker of the exam marks until no paper is left for it, against several api addresses (each call to the
 * next address in turn; an unanswered call is sent again, same body and requestId, to the next one). When
 * `killAt` submits have been acknowledged, `kill()` runs once (the caller kills an api process with SIGKILL and
 * starts it again); the markers carry on meanwhile. Then the stored marks are checked against the acknowledged
 * submits (checkMarks) and the subject's question scores counted: every paper is final by then, so the subject
 * is complete and each student has one score per question.
 */
import { sql } from 'kysely';
import type { Db } from '../../apps/api/src/db/database.js';
import { checkMarks, type MarkCheck, type MarkingExam } from './marking-scale.js';
import { newStats, runMarker } from './marking-clients.js';

export interface KillRun extends MarkCheck { acknowledged: number; retried: number; seconds: number; killedAfter: number; questionScores: number; openPapers: number; errors: string[] }

export async function markThroughKill(db: Db, exam: MarkingExam, opts: { urls: string[]; tokens: string[]; killAt: number; kill: () => Promise<void> }): Promise<KillRun> {
  const stats = exam.markers.map(newStats);
  let acked = 0;
  let killedAfter = -1;
  let killing: Promise<void> | undefined;
  const t0 = performance.now();
  await Promise.all(exam.markers.map((m, i) => runMarker({
    urls: opts.urls, token: opts.tokens[i]!, markerId: m.userId, blockId: m.blockId, seed: i + 1, stats: stats[i]!, stop: () => false, retry: true,
    onAck: () => {
      if (++acked >= opts.killAt && !killing) { killedAfter = acked; killing = opts.kill(); }
    },
  }).catch((e: Error) => { stats[i]!.errors.push(e.message); })));
  await killing;
  const seconds = (performance.now() - t0) / 1000;
  const acks = stats.flatMap((s) => s.acks);
  const check = await checkMarks(db, exam, acks);
  const scores = await sql<{ n: number }>`select count(*)::int as n from question_score qs join question q on q.id = qs.question_id
    where q.exam_subject_id = ${exam.examSubjectId} and q.type = 'subjective'`.execute(db);
  const open = await sql<{ n: number }>`select count(*)::int as n from marking_paper where block_id = any(${exam.blocks.map((b) => b.id)}::int[]) and status <> 'final'`.execute(db);
  return {
    ...check, acknowledged: acks.length, retried: stats.reduce((a, s) => a + s.retried, 0), seconds, killedAfter,
    questionScores: scores.rows[0]?.n ?? 0, openPapers: open.rows[0]?.n ?? 0, errors: stats.flatMap((s) => s.errors),
  };
}

/** Whether the run lost, doubled or left anything (the expected count of marks: every paper's marks). */
export function killRunClean(r: KillRun, exam: MarkingExam): boolean {
  const marks = exam.blocks.reduce((a, b) => a + b.papers * (b.ratingMode === 1 ? 1 : 2), 0);
  return r.lost === 0 && r.doubled === 0 && r.samePaperTwice === 0 && r.overMarked === 0 && r.unacknowledged === 0 && r.errors.length === 0
    && r.acknowledged === marks && r.stored === marks && r.openPapers === 0 && r.questionScores === exam.students * 4;
}
