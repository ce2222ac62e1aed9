/**
 * The one path for writes of question scores and absences (docs/DOMAIN-RULES.md §10): imports, the score edit
 * form, approved corrections, question set-up (re-scoring after a key change, clearing after a structural
 * change), exam deletion — and next scanned-sheet recognition and online marking.
 *
 * Every write runs in a transaction opened by withScoreWrites, which holds the exam's score lock
 * (job/exam-lock.repository.ts: serialised with every other writer, refused while a release holds the exam).
 * The write functions accept only that transaction (ScoreTx) and check at run time that the subject belongs to
 * the locked exam. At the end of the transaction the derived data is brought up to date the same way for every
 * writer (settle): before release the exam's status and progress, after release (corrections) the whole
 * release computation — subject scores, totals, ranks, reports.
 */
import type { Db, Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import * as examRepo from '../exam/exam.repository.js';
import { refreshExamStatus } from '../exam/exam.status.js';
import { withExamLock, type ExamLockOptions } from '../job/exam-lock.repository.js';
import { computeRelease, storeRelease } from '../release/release.service.js';
import { cardOptionCounts } from './score.repository.js';
import * as repo from './score-write.repository.js';
import { checkPoints, isObjective, optionLetters, round2, scoreAnswer, scoreChoice, type ScoredQuestion } from './scoring.js';

/** Who writes: the rules differ only in when a write is allowed (corrections after release, the rest before). */
export type ScoreSource = 'import' | 'edit' | 'correction' | 'recognition' | 'marking';

declare const scoreLock: unique symbol;
/** A transaction holding an exam's score lock, opened by withScoreWrites: the only kind the writes accept. */
export type ScoreTx = Tx & { readonly [scoreLock]: true };

/** One question score of one exam student. `choice`: the option letters it was scored from, if any. */
export interface QuestionScoreRow { examStudentId: number; questionId: number; score: number; choice?: string | null }
/** Option letters marked by one exam student on one objective question (null or '' = nothing marked). */
export interface AnswerRow { examStudentId: number; questionId: number; answer: string | null }
export type { ScoreColumns } from './score-write.repository.js';

interface Held { examId: number; schoolId: number; released: boolean; dirty: boolean }
const held = new WeakMap<Tx, Held>();

/**
 * Runs fn in one transaction holding the exam's score lock (refused with 409 while a release holds the exam;
 * with `unreleased`, refused when the exam is released), then settles what the writes changed.
 */
export function withScoreWrites<T>(db: Db, examId: number, fn: (tx: ScoreTx) => Promise<T>, opts: ExamLockOptions = {}): Promise<T> {
  return withExamLock(db, examId, async (tx) => {
    const exam = await repo.examState(tx, examId);
    if (!exam) throw new BizError('考试不存在', 404);
    const h: Held = { examId, schoolId: exam.schoolId, released: exam.released, dirty: false };
    held.set(tx, h);
    const out = await fn(tx as ScoreTx);
    if (h.dirty) await settle(tx, h);
    held.delete(tx);
    return out;
  }, opts);
}

/** Derived data after writes: the status of an unreleased exam, or the whole release of a released one. */
async function settle(tx: Tx, h: Held): Promise<void> {
  if (!h.released) {
    await refreshExamStatus(tx, h.examId);
    return;
  }
  await storeRelease(tx, await computeRelease(tx, h.examId));
}

/** The lock state of tx, checked against the subject (and the source's moment: before or after release). */
async function enter(tx: ScoreTx, examSubjectId: number, source: ScoreSource | null): Promise<Held> {
  const h = held.get(tx);
  if (!h) throw new Error('score write outside withScoreWrites');
  if ((await repo.examOfSubject(tx, examSubjectId)) !== h.examId) throw new Error(`exam subject ${examSubjectId} is not of the locked exam ${h.examId}`);
  if (source === 'correction' && !h.released) throw new BizError('成绩尚未发布，请直接在小题成绩中修改');
  if (source !== null && source !== 'correction' && h.released) throw new BizError('成绩已发布，不能直接修改，请通过成绩更正申请修改');
  h.dirty = true;
  return h;
}

const scored = (q: examRepo.QuestionRow): ScoredQuestion => q;

/**
 * Checks rows before writing: questions of the subject, students of the exam, points within full score and step.
 * Bad ids are a caller's bug (Error); bad points a user's input (BizError naming the question).
 */
async function checkRows(tx: Tx, h: Held, examSubjectId: number, rows: repo.ScoreColumns): Promise<Map<number, examRepo.QuestionRow>> {
  const questions = new Map((await examRepo.questionsOf(tx, [examSubjectId], true)).map((q) => [q.id, q]));
  const students = await repo.examStudentIdsIn(tx, h.examId, [...new Set(rows.studentIds)]);
  const problems: string[] = [];
  for (let i = 0; i < rows.scores.length; i++) {
    const q = questions.get(rows.questionIds[i]!);
    if (!q) throw new Error(`question ${rows.questionIds[i]} is not of exam subject ${examSubjectId}`);
    if (!students.has(rows.studentIds[i]!)) throw new Error(`exam student ${rows.studentIds[i]} is not of exam ${h.examId}`);
    // points scored from option letters follow the key's rule (a partial score need not be a multiple of the step)
    const reason = rows.choices[i] ? checkPoints({ fullScore: q.fullScore, step: 0.01 }, rows.scores[i]!) : checkPoints(q, rows.scores[i]!);
    if (reason) problems.push(`第 ${q.no} 题：${reason}`);
  }
  if (problems.length) throw new BizError([...new Set(problems)].slice(0, 10).join('；'));
  return questions;
}

function columns(rows: QuestionScoreRow[]): repo.ScoreColumns {
  return {
    studentIds: rows.map((r) => r.examStudentId), questionIds: rows.map((r) => r.questionId),
    scores: rows.map((r) => round2(r.score)), choices: rows.map((r) => r.choice ?? null),
  };
}

// ---------------------------------------------------------------- whole subjects, whole students

/**
 * Replaces every score and absence of a subject (an import of its sheet): the rows given, and `absent` exam
 * students marked 缺考. Exam students in neither have no score in the subject afterwards. With `only` (one school's
 * candidates in a joint exam) just those exam students are replaced; every row must be one of them.
 */
export async function replaceSubjectScores(tx: ScoreTx, examSubjectId: number, data: { rows: repo.ScoreColumns; absent: number[] }, source: ScoreSource,
  only?: number[]): Promise<void> {
  const h = await enter(tx, examSubjectId, source);
  await checkRows(tx, h, examSubjectId, data.rows);
  if (only) {
    const allowed = new Set(only);
    const stray = [...data.rows.studentIds, ...data.absent].find((id) => !allowed.has(id));
    if (stray !== undefined) throw new Error(`exam student ${stray} is outside the replaced candidates`);
    const questionIds = (await examRepo.questionsOf(tx, [examSubjectId], true)).map((q) => q.id);
    await repo.deleteStudentsQuestions(tx, examSubjectId, only, questionIds);
  } else {
    await repo.deleteSubject(tx, examSubjectId);
  }
  await repo.insertAbsences(tx, examSubjectId, data.absent);
  await repo.insertScores(tx, data.rows);
  await checkElective(tx, examSubjectId);
  await examRepo.markFlow(tx, examSubjectId, 'score');
}

/** Replaces one student's scores in one subject with `rows`, or marks the student absent (the edit form). */
export async function replaceStudentScores(tx: ScoreTx, examSubjectId: number, examStudentId: number, rows: Omit<QuestionScoreRow, 'examStudentId'>[] | 'absent', source: ScoreSource): Promise<void> {
  const h = await enter(tx, examSubjectId, source);
  const cols = columns(rows === 'absent' ? [] : rows.map((r) => ({ ...r, examStudentId })));
  await checkRows(tx, h, examSubjectId, cols);
  await repo.deleteStudentSubject(tx, examSubjectId, examStudentId);
  if (rows === 'absent') await repo.insertAbsences(tx, examSubjectId, [examStudentId]);
  else await repo.insertScores(tx, cols);
  await checkElective(tx, examSubjectId);
  await examRepo.markFlow(tx, examSubjectId, 'score');
}

// ---------------------------------------------------------------- single scores

/**
 * Writes some question scores, keeping the student's others (online marking: a block's final scores; an
 * approved correction). A student given a score is no longer absent in the subject. A correction changes only
 * scores already stored (原成绩不存在，不能更正 otherwise).
 */
export async function writeQuestionScores(tx: ScoreTx, examSubjectId: number, rows: QuestionScoreRow[], source: ScoreSource): Promise<void> {
  const h = await enter(tx, examSubjectId, source);
  const cols = columns(rows);
  await checkRows(tx, h, examSubjectId, cols);
  if (source === 'correction') {
    if ((await repo.updateScores(tx, cols)) !== rows.length) throw new BizError('原成绩不存在，不能更正');
    return;
  }
  if (source === 'marking') await clearUnchosen(tx, examSubjectId, rows);
  await repo.insertScores(tx, cols, true);
  await repo.deleteAbsences(tx, examSubjectId, [...new Set(cols.studentIds)]);
  await checkElective(tx, examSubjectId);
  await examRepo.markFlow(tx, examSubjectId, 'score');
}

/**
 * Marking decides which questions of a 选做 group the student answered: for K = 1 the written one; for K > 1 the
 * questions the student's boxes (papers) were chosen as. The group's other questions lose any score they had,
 * so the subject counts the chosen ones only (and never more than K: checkElective).
 */
async function clearUnchosen(tx: ScoreTx, examSubjectId: number, rows: QuestionScoreRow[]): Promise<void> {
  const questions = await examRepo.questionsOf(tx, [examSubjectId]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const done = new Set<string>();
  for (const r of rows) {
    const q = byId.get(r.questionId);
    if (!q?.electiveGroup || done.has(`${r.examStudentId}|${q.electiveGroup}`)) continue;
    const group = questions.filter((x) => x.electiveGroup === q.electiveGroup).map((x) => x.id);
    const keep = (q.electivePick ?? 1) === 1 ? new Set([r.questionId]) : await repo.chosenByPapers(tx, r.examStudentId, group);
    if ((q.electivePick ?? 1) > 1) done.add(`${r.examStudentId}|${q.electiveGroup}`);
    await repo.deleteStudentQuestions(tx, r.examStudentId, group.filter((id) => !keep.has(id)));
  }
}

/** No student may keep more scores in a 选做 group than its K (a guard behind every writer's own check). */
async function checkElective(tx: ScoreTx, examSubjectId: number): Promise<void> {
  const over = await repo.electiveOverflow(tx, examSubjectId);
  if (over.length) throw new BizError(`选做题组“${over[0]!.group}”只计 ${over[0]!.pick} 道题，有考生填写了 ${over[0]!.n} 道题的成绩`);
}

/** An approved correction: the new score of one stored question score (the exam is released). */
export async function writeCorrection(tx: ScoreTx, row: Omit<QuestionScoreRow, 'choice'>): Promise<void> {
  const examSubjectId = await repo.subjectOfQuestion(tx, row.questionId);
  if (examSubjectId === undefined) throw new BizError('原成绩不存在，不能更正');
  await writeQuestionScores(tx, examSubjectId, [row], 'correction');
}

/**
 * Writes marked option letters of objective questions (recognised on scanned sheets), each scored from the
 * question's key by the rule of docs/DOMAIN-RULES.md §2 (partial credit on multiple choice). Letters the
 * answer card does not print, a question that is not objective or has no key → BizError naming them, nothing
 * written. Returns the scores written.
 */
export async function writeObjectiveAnswers(tx: ScoreTx, examSubjectId: number, rows: AnswerRow[], source: ScoreSource = 'recognition'): Promise<QuestionScoreRow[]> {
  const h = await enter(tx, examSubjectId, source);
  const questions = new Map((await examRepo.questionsOf(tx, [examSubjectId])).map((q) => [q.id, q]));
  const optionCount = (await cardOptionCounts(tx, h.schoolId, [examSubjectId])).get(examSubjectId);
  const problems: string[] = [];
  const out: QuestionScoreRow[] = [];
  for (const r of rows) {
    const q = questions.get(r.questionId);
    if (!q) throw new Error(`question ${r.questionId} is not of exam subject ${examSubjectId}`);
    if (!isObjective(q.type)) { problems.push(`第 ${q.no} 题不是客观题，不能按选项给分`); continue; }
    const res = scoreAnswer(scored(q), r.answer, optionLetters(q, optionCount));
    if ('error' in res) problems.push(`第 ${q.no} 题（“${r.answer ?? ''}”）：${res.error}`);
    else out.push({ examStudentId: r.examStudentId, questionId: q.id, score: res.score, choice: res.choice });
  }
  if (problems.length) throw new BizError([...new Set(problems)].slice(0, 10).join('；'));
  await writeQuestionScores(tx, examSubjectId, out, source);
  return out;
}

/** One scanned student's objective reading: 缺考, or the letters of each objective question (null = none marked). */
export interface RecognisedSheet { examStudentId: number; absent: boolean; answers: { questionId: number; choice: string | null }[] }

/**
 * Scanning's write (docs/DOMAIN-RULES.md §5, §10): replaces these students' objective scores in a subject by
 * what their sheets read. 缺考 clears every score of the student in the subject and records the absence; a
 * student given no answers (a sheet that is no longer clean) keeps no objective score at all. Letters are kept
 * with the score, so a key change re-scores them (rescoreObjective); a question without a key scores 0 until
 * it has one. Written-answer (subjective) scores of a present student are untouched.
 */
export async function replaceRecognisedAnswers(tx: ScoreTx, examSubjectId: number, sheets: RecognisedSheet[]): Promise<void> {
  if (!sheets.length) return;
  await enter(tx, examSubjectId, 'recognition');
  const objective = (await examRepo.questionsOf(tx, [examSubjectId])).filter((q) => isObjective(q.type));
  const byId = new Map(objective.map((q) => [q.id, q]));
  await repo.deleteStudentsQuestions(tx, examSubjectId, sheets.map((r) => r.examStudentId), objective.map((q) => q.id));
  const absent = sheets.filter((r) => r.absent).map((r) => r.examStudentId);
  for (const id of absent) await repo.deleteStudentSubject(tx, examSubjectId, id);
  await repo.insertAbsences(tx, examSubjectId, absent);
  const rows: QuestionScoreRow[] = [];
  for (const r of sheets) {
    if (r.absent) continue;
    for (const a of r.answers) {
      const q = byId.get(a.questionId);
      if (!q) throw new Error(`question ${a.questionId} is not an objective question of exam subject ${examSubjectId}`);
      rows.push({ examStudentId: r.examStudentId, questionId: q.id, score: a.choice && q.answer ? scoreChoice(q, a.choice) : 0, choice: a.choice || null });
    }
  }
  if (rows.length) await repo.insertScores(tx, columns(rows));
}

/** A stored score that a re-scoring changed. */
export interface RescoredScore { examStudentId: number; questionId: number; oldScore: number; newScore: number }

/**
 * Scores the recorded option letters of objective questions again from their current key (after a key or
 * partial-credit change); a question without a key scores 0. Typed points (no recorded letters) stay.
 * Returns the scores that changed.
 */
export async function rescoreObjective(tx: ScoreTx, examSubjectId: number, questionIds: number[]): Promise<RescoredScore[]> {
  await enter(tx, examSubjectId, null);
  const ids = new Set(questionIds);
  const questions = new Map((await examRepo.questionsOf(tx, [examSubjectId])).filter((q) => ids.has(q.id) && isObjective(q.type)).map((q) => [q.id, q]));
  const recorded = await repo.recordedChoices(tx, [...questions.keys()]);
  if (!recorded.length) return [];
  const scores = recorded.map((r) => { const q = questions.get(r.questionId)!; return round2(q.answer ? scoreChoice(q, r.choice) : 0); });
  await repo.updateScores(tx, {
    studentIds: recorded.map((r) => r.examStudentId),
    questionIds: recorded.map((r) => r.questionId),
    scores,
    choices: recorded.map((r) => r.choice),
  });
  return recorded.flatMap((r, i) => (Math.abs(r.score - scores[i]!) > 1e-9 ? [{ examStudentId: r.examStudentId, questionId: r.questionId, oldScore: r.score, newScore: scores[i]! }] : []));
}

/**
 * Something the reports show changed without a score (knowledge points of a released exam): settles the locked exam
 * like a write (after release the whole release is computed again in this transaction).
 */
export function touchReports(tx: ScoreTx): void {
  const h = held.get(tx);
  if (!h) throw new Error('touchReports outside withScoreWrites');
  h.dirty = true;
}

// ---------------------------------------------------------------- deletes

/** Removes one student's scores and absence in one subject. */
export async function deleteStudentScores(tx: ScoreTx, examSubjectId: number, examStudentId: number, source: ScoreSource): Promise<void> {
  await enter(tx, examSubjectId, source);
  await repo.deleteStudentSubject(tx, examSubjectId, examStudentId);
}

/** Removes every score and absence of a subject (a structural change of its questions). */
export async function deleteSubjectScores(tx: ScoreTx, examSubjectId: number): Promise<void> {
  await enter(tx, examSubjectId, null);
  await repo.deleteSubject(tx, examSubjectId);
}

/** Removes the scores of questions of a subject that are about to be deleted. */
export async function deleteQuestionScores(tx: ScoreTx, examSubjectId: number, questionIds: number[]): Promise<void> {
  await enter(tx, examSubjectId, null);
  const own = new Set((await examRepo.questionsOf(tx, [examSubjectId], true)).map((q) => q.id));
  const stray = questionIds.find((id) => !own.has(id));
  if (stray !== undefined) throw new Error(`question ${stray} is not of exam subject ${examSubjectId}`);
  await repo.deleteQuestions(tx, questionIds);
}

/** Removes every score and absence of the locked exam (before the exam is deleted). */
export async function deleteExamScores(tx: ScoreTx, examId: number): Promise<void> {
  const h = held.get(tx);
  if (!h || h.examId !== examId) throw new Error(`exam ${examId} is not the locked exam`);
  h.dirty = true;
  await repo.deleteExam(tx, examId);
}
