/**
 * Deciding a paper after each mark and landing final scores as question scores through the one score-write path
 * (score-write.service writeQuestionScores, source 'marking'): when the last paper of a subject becomes final,
 * every final paper of the subject is written; a paper changed after that (回评, arbitration, override) is
 * written again on its own. settlePaper runs inside withScoreWrites (the exam's score lock); a marker's submit
 * runs settleWithoutScoreLock first (docs/DOMAIN-RULES.md §4.1 "Locks"), made again under the lock only when the
 * paper needs a score write.
 */
import { decide, scoresProblems, type Decision, type ItemRule, type Mark, type RatingModeValue } from '@jz/analysis';
import { writeQuestionScores, type QuestionScoreRow, type ScoreTx } from '../score/score-write.service.js';
import { checkPoints } from '../score/scoring.js';
import type { Tx } from '../../db/database.js';
import * as repo from './marking.repository.js';
import * as reopen from './marking-reopen.repository.js';
import { bumpVersion } from './marking-live.repository.js';

export type SubmitState = 'done' | 'waitingSecond' | 'third' | 'arbitration' | 'final';

/** The scored items of a block: each scoring point, or the question itself when it has none; item → question. */
export function itemsOf(questions: repo.BlockQuestionRow[]): { items: (ItemRule & { questionId: number })[] } {
  const items: (ItemRule & { questionId: number })[] = [];
  for (const q of questions) {
    if (q.points.length) for (const p of q.points) items.push({ fullScore: p.fullScore, step: p.step, questionId: q.questionId });
    else items.push({ fullScore: q.fullScore, step: q.step, questionId: q.questionId });
  }
  return { items };
}

/**
 * The questions a paper is scored on: all of the block's, or, on a 选做 block's paper, only the question the
 * student chose (the others of the group get no score).
 */
export function paperQuestions(questions: repo.BlockQuestionRow[], chosenQuestionId: number | null): repo.BlockQuestionRow[] {
  if (chosenQuestionId === null || !questions.some((q) => q.electiveGroup)) return questions;
  return questions.filter((q) => q.questionId === chosenQuestionId);
}

export function stateOf(status: repo.PaperRow['status']): SubmitState {
  return status === 'final' ? 'final' : status === 'marking' ? 'waitingSecond' : status === 'problem' ? 'done' : status;
}

/** Question scores of one paper: the sum of its items per question. */
function questionRows(paper: repo.PaperRow, items: { questionId: number }[]): QuestionScoreRow[] {
  const sums = new Map<number, number>();
  items.forEach((it, i) => sums.set(it.questionId, (sums.get(it.questionId) ?? 0) + Math.round((paper.finalScores?.[i] ?? 0) * 100)));
  return [...sums].map(([questionId, h]) => ({ examStudentId: paper.examStudentId, questionId, score: h / 100 }));
}

/**
 * Whether a final paper can be written under its questions as they stand now: one valid score per item, and each
 * question's sum within its full score and on its step (what the score write checks). Not so when a question's full
 * score or step changed after the paper was marked (docs/DOMAIN-RULES.md §4.1 "A question changed under marking").
 */
export function paperFits(questions: repo.BlockQuestionRow[], paper: repo.PaperRow): boolean {
  const { items } = itemsOf(questions);
  if (!paper.finalScores || scoresProblems(items, paper.finalScores).length) return false;
  const full = new Map(questions.map((q) => [q.questionId, q]));
  return questionRows(paper, items).every((r) => checkPoints(full.get(r.questionId)!, r.score) === null);
}

const REOPEN_REASON = '题目满分或步长已修改，原评分不在新的给分范围内，试卷退回阅卷老师重评';

/** Final papers that no longer fit their questions go back to their markers (marking-reopen.repository), each with an audit row. */
async function sendBack(tx: Tx, examSubjectId: number, papers: repo.PaperRow[]): Promise<void> {
  const ids = papers.map((p) => p.id);
  const marks = await reopen.marksOf(tx, ids);
  await reopen.reopenPapers(tx, ids);
  await reopen.insertReopenAudits(tx, papers.map((p) => ({
    schoolId: p.schoolId, examSubjectId, blockId: p.blockId, paperId: p.id, examStudentId: p.examStudentId, reason: REOPEN_REASON,
    old: { scores: p.finalScores, total: p.finalTotal, marks: marks.filter((m) => m.paperId === p.id).map(({ round, scores }) => ({ round, scores })) },
  })));
  const block = await repo.findBlock(tx, papers[0]!.blockId);
  if (block) await bumpVersion(tx, block.examId, block.schoolId);
}

/**
 * Writes final papers as question scores (score-write, source 'marking'). Papers that no longer fit their questions
 * are sent back to marking instead, and then nothing is written: the subject is not complete until they are marked
 * again, and no subject is ever refused its completion. Answers the ids of the papers sent back.
 */
async function writePapers(tx: ScoreTx, examSubjectId: number, papers: repo.PaperRow[]): Promise<number[]> {
  if (!papers.length) return [];
  const blockIds = [...new Set(papers.map((p) => p.blockId))];
  const questions = await repo.blockQuestions(tx, blockIds);
  const questionsOf = (p: repo.PaperRow) => paperQuestions(questions.filter((q) => q.blockId === p.blockId), p.chosenQuestionId);
  const unfit = papers.filter((p) => !paperFits(questionsOf(p), p));
  if (unfit.length) {
    await sendBack(tx, examSubjectId, unfit);
    return unfit.map((p) => p.id);
  }
  const rows = papers.flatMap((p) => questionRows(p, itemsOf(questionsOf(p)).items));
  await writeQuestionScores(tx, examSubjectId, rows, 'marking');
  await repo.markWritten(tx, papers.map((p) => p.id));
  return [];
}

/** Thrown by settleWithoutScoreLock when the paper needs a score write: the caller does it again under withScoreWrites. */
export class NeedsScoreLock extends Error {
  constructor() { super('needs the exam score lock'); }
}

/**
 * Whether every block of the subject has papers and all are final, checked one transaction at a time per subject
 * (repo.lockCompletion, held to the end of the transaction): of two marks finishing the last two papers at once,
 * the second to check sees the first's commit, so a completion is never missed.
 */
async function subjectComplete(tx: Tx, examSubjectId: number, studentSchoolId: number | null): Promise<boolean> {
  await repo.lockCompletion(tx, examSubjectId);
  const s = await repo.subjectPaperState(tx, examSubjectId, studentSchoolId);
  return !!s.blocks && !!s.papers && s.open === 0 && (await repo.emptyBlocks(tx, examSubjectId, studentSchoolId)) === 0;
}

/**
 * When every block of the subject has papers and all are final: writes the finals not yet written (or sends back
 * those that no longer fit their questions: then the subject is not complete yet). 各校阅卷 (`studentSchoolId`):
 * the same over one school's candidates, so a school's scores are written as soon as its own papers are final.
 */
export async function completeSubject(tx: ScoreTx, examSubjectId: number, studentSchoolId: number | null = null): Promise<{ complete: boolean; sentBack: number[] }> {
  if (!(await subjectComplete(tx, examSubjectId, studentSchoolId))) return { complete: false, sentBack: [] };
  const sentBack = await writePapers(tx, examSubjectId, await repo.unwrittenFinals(tx, examSubjectId, studentSchoolId));
  return { complete: !sentBack.length, sentBack };
}

/** completeSubject of the whole subject, or under 各校阅卷 of each school that has papers in it. */
export async function completeEachSchool(tx: ScoreTx, examSubjectId: number): Promise<void> {
  if (!(await repo.subjectSchoolMarked(tx, examSubjectId))) {
    await completeSubject(tx, examSubjectId);
    return;
  }
  for (const schoolId of await repo.paperSchools(tx, examSubjectId)) await completeSubject(tx, examSubjectId, schoolId);
}

/**
 * Decides the paper from its submitted marks (rules.decide) and stores the outcome: a third-mark task when one
 * is needed; a final score written as question scores when the subject is complete (or was written before).
 * A problem paper stays with the leader.
 */
/** What the caller has read already: the block's questions, the paper locked (FOR UPDATE) in this transaction. */
export interface Known { questions?: repo.BlockQuestionRow[]; paper?: repo.PaperRow }

export function settlePaper(tx: ScoreTx, block: repo.BlockRow, paperId: number, known: Known = {}): Promise<{ decision: Decision | null; state: SubmitState }> {
  return settle(tx, block, paperId, tx, known);
}

/**
 * settlePaper without the exam's score lock (a marker's submit): the same outcome, or NeedsScoreLock when the
 * paper is final and must be written (it was written before, or it completes the subject). Another open paper of
 * the subject held FOR SHARE to the commit (repo.holdOpenPaper) proves the subject cannot complete meanwhile, so
 * the per-subject completion check is needed only near the end of marking.
 */
export function settleWithoutScoreLock(tx: Tx, block: repo.BlockRow, paperId: number, known: Known = {}): Promise<{ decision: Decision | null; state: SubmitState }> {
  return settle(tx, block, paperId, null, known);
}

/**
 * Every settle raises the exam's live version (the live monitor of every instance, marking-live.ts) on the paper's
 * shard: with the paper's update (one statement), or on its own for a problem paper.
 */
async function settle(tx: Tx, block: repo.BlockRow, paperId: number, scoreTx: ScoreTx | null, known: Known): Promise<{ decision: Decision | null; state: SubmitState }> {
  const outcome = await decidePaper(tx, block, paperId, scoreTx, known);
  if (!outcome.decision) await bumpVersion(tx, block.examId, block.schoolId, paperId);
  return outcome;
}

async function decidePaper(tx: Tx, block: repo.BlockRow, paperId: number, scoreTx: ScoreTx | null, known: Known): Promise<{ decision: Decision | null; state: SubmitState }> {
  const paper = known.paper ?? await repo.lockPaper(tx, paperId);
  if (paper.status === 'problem') return { decision: null, state: 'done' };
  const bump = { examId: block.examId, schoolId: block.schoolId };
  const questions = paperQuestions(known.questions ?? await repo.blockQuestions(tx, [block.id]), paper.chosenQuestionId);
  const { items } = itemsOf(questions);
  // read after the paper's lock: a mark of the same paper committed meanwhile is seen
  const marks: Mark[] = (await repo.marksOfPaper(tx, paperId)).map((t) => ({ round: t.round as Mark['round'], scores: t.scores }));
  const decision = decide({ mode: block.ratingMode as RatingModeValue, tolerance: block.tolerance, items }, marks);
  if (decision.state === 'final') {
    await repo.setPaper(tx, paperId, { status: 'final', finalScores: decision.scores, finalTotal: decision.total, finalVia: decision.via }, bump);
    // 各校阅卷: the paper's school completes on its own
    const school = repo.schoolMarked(block) ? await repo.studentSchoolOf(tx, paper.examStudentId) : null;
    // (checked after the paper is final in this transaction, so the subject's state counts it)
    if (!scoreTx && (paper.written || (!(await repo.holdOpenPaper(tx, block.examSubjectId, school)) && (await subjectComplete(tx, block.examSubjectId, school))))) throw new NeedsScoreLock();
    const updated = { ...paper, status: 'final' as const, finalScores: decision.scores, finalTotal: decision.total };
    // a paper written before and changed now is written again on its own; either way it may be sent back (an earlier mark no longer fits)
    const sentBack = !scoreTx ? [] : paper.written ? await writePapers(scoreTx, block.examSubjectId, [updated]) : (await completeSubject(scoreTx, block.examSubjectId, school)).sentBack;
    return sentBack.includes(paperId) ? { decision: null, state: 'waitingSecond' } : { decision, state: 'final' };
  }
  const status = decision.state === 'waitingSecond' ? 'marking' : decision.state;
  if (status === 'third') await repo.addTask(tx, { schoolId: block.schoolId, blockId: block.id, paperId, round: 3 });
  await repo.setPaper(tx, paperId, { status, finalScores: null, finalTotal: null, finalVia: null }, bump);
  return { decision, state: decision.state };
}
