/**
 * 录入标准答案 (docs/DOMAIN-RULES.md §2 "Answer keys on 录入标准答案"): a subject's keys and the rule for a correct
 * but incomplete multiple choice, stored on the questions themselves (question_template's rows), with how the
 * students answered each objective question.
 *
 * Saving keys re-scores the recorded option letters through the one score-write path (score-write.service:
 * rescoreObjective under the exam's score lock). Before release the subject's editors save (school administrator,
 * grade leader, the subject's lesson leader). After release only those who approve corrections (school
 * administrator, grade leader of the grade) may correct a key, and only with `confirm`: the scores it changes are
 * written, kept as approved corrections (成绩更正 lists them), and the whole release is computed again in the same
 * transaction, as for an approved correction. Without `confirm` the answer is 409 with what would change.
 */
import { SUSPECT_KEY_SHARE, type AnswerInput, type AnswerSheet, type AnswerStats, type KeyChangePreview } from '@jz/shared/api/standard-answer';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { canEditExam, canEditSubject, subjectFor, type SchoolUser } from '../exam/exam.access.js';
import * as examRepo from '../exam/exam.repository.js';
import * as questionRepo from '../exam/exam-question.repository.js';
import { checkKey } from '../exam/exam-question.service.js';
import { cardOptionCounts } from '../score/score.repository.js';
import { rescoreObjective, withScoreWrites, type RescoredScore } from '../score/score-write.service.js';
import { isObjective, optionLetters, round2 } from '../score/scoring.js';
import * as repo from './standard-answer.repository.js';

type QuestionRow = examRepo.QuestionRow;

/** Statistics of one objective question from its stored scores and recorded letters. */
function statsOf(q: QuestionRow, s: repo.ScoreStatRow | undefined, choices: { choice: string; count: number }[]): AnswerStats {
  const students = s?.students ?? 0;
  const sorted = [...choices].sort((a, b) => b.count - a.count || a.choice.localeCompare(b.choice));
  const answered = s?.answered ?? 0;
  const top = sorted[0];
  // Most answering students chose one other answer: the key may be wrong (a typo in the key is the usual cause).
  const suspect = q.answer && top && top.choice !== q.answer && answered > 0 && top.count / answered >= SUSPECT_KEY_SHARE
    ? `选“${top.choice}”的考生最多（${Math.round((top.count / answered) * 1000) / 10}%），与答案“${q.answer}”不同，请核对答案`
    : null;
  const mean = s && s.mean !== null && students ? round2(Number(s.mean)) : null;
  return {
    students, answered, correct: s?.correct ?? 0, mean,
    scoreRate: mean === null ? null : Math.round((Number(s!.mean) / q.fullScore) * 10000) / 10000,
    choices: sorted, suspect,
  };
}

/** May the caller save keys of this subject now, and is the exam released? */
function rightsOf(user: SchoolUser, exam: { gradeId: number; releasedAt: Date | null }, courseCode: string) {
  const released = !!exam.releasedAt;
  return { released, editable: released ? canEditExam(user, exam) : canEditSubject(user, exam, courseCode) };
}

/** standard_answer/find_answers: the subject's questions with their keys; for editors also how the students answered. */
export async function findAnswers(db: Db, user: SchoolUser, examSubjectId: number): Promise<AnswerSheet> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId);
  const { released, editable } = rightsOf(user, exam, subject.course_code);
  const questions = await examRepo.questionsOf(db, [examSubjectId]);
  const objective = questions.filter((q) => isObjective(q.type));
  const optionCount = (await cardOptionCounts(db, user.schoolId, [examSubjectId])).get(examSubjectId);
  // Answer statistics are grade-wide: shown to the subject's editors only (a subject teacher sees its classes only).
  const withStats = canEditSubject(user, exam, subject.course_code);
  const ids = objective.map((q) => q.id);
  const [stats, choices] = withStats ? await Promise.all([repo.scoreStats(db, ids), repo.choiceCounts(db, ids)]) : [[], []];
  const statOf = new Map(stats.map((s) => [s.questionId, s]));
  const missing = objective.filter((q) => !q.answer).map((q) => q.no);
  return {
    examId: exam.id,
    examSubjectId,
    courseName: subject.course_name,
    subjectFullScore: subject.full_score,
    released,
    editable,
    finished: objective.length > 0 && missing.length === 0,
    objectiveCount: objective.length,
    missingNos: missing,
    questions: questions.map((q) => {
      const obj = isObjective(q.type);
      return {
        id: q.id, no: q.no, type: q.type, fullScore: q.fullScore, step: q.step, answer: q.answer, partialScore: q.partialScore,
        optionScore: q.optionScore, knowledgePoints: q.knowledgePoints, objective: obj,
        options: q.type === 'judge' ? 'TF' : obj ? optionLetters(q, optionCount) : '',
        stats: obj && withStats ? statsOf(q, statOf.get(q.id), choices.filter((c) => c.questionId === q.id)) : null,
      };
    }),
  };
}

/** A key as a user reads it: the letters, or 未设置. */
const keyText = (q: { answer: string | null; partialScore: number | null; optionScore: number | null; type: string }) =>
  `${q.answer ?? '未设置'}${q.type === 'multiple' && q.optionScore ? `（选对一项 ${q.optionScore} 分）` : q.type === 'multiple' && q.partialScore !== null ? `（少选 ${q.partialScore} 分）` : ''}`;

/** The entered keys checked against their questions; every problem named by question number, nothing saved on any. */
function normalised(questions: Map<number, QuestionRow>, answers: AnswerInput[]) {
  const problems: string[] = [];
  const seen = new Set<number>();
  const out: { q: QuestionRow; answer: string | null; partialScore: number | null; optionScore: number | null }[] = [];
  for (const a of answers) {
    const q = questions.get(a.questionId);
    if (!q) throw new BizError('题目不属于该科目');
    if (seen.has(q.id)) { problems.push(`第 ${q.no} 题重复`); continue; }
    seen.add(q.id);
    const key = checkKey({ type: q.type, fullScore: q.fullScore, answer: a.answer, partialScore: a.partialScore, optionScore: a.optionScore });
    problems.push(...key.problems.map((p) => `第 ${q.no} 题${p.reason}`));
    out.push({ q, answer: key.answer, partialScore: key.partialScore, optionScore: key.optionScore });
  }
  if (problems.length) throw new BizError(problems.slice(0, 10).join('；') + (problems.length > 10 ? `；等 ${problems.length} 处问题` : ''));
  return out;
}

export interface SaveOutcome { changed: number; rescored: number }

/** Refuses a caller who may not save the subject's keys now (see the module comment); returns the subject. */
export async function keysEditableBy(db: Db, user: SchoolUser, examSubjectId: number) {
  const s = await subjectFor(db, user, examSubjectId);
  const rights = rightsOf(user, s.exam, s.subject.course_code);
  if (!rights.editable) {
    throw new BizError(rights.released ? '成绩已发布，只有学校管理员或本年级的年级主任可以更正标准答案' : '无权限访问', 403);
  }
  return { ...s, rights };
}

/**
 * standard_answer/{id}/finished_enter_answer: saves the given questions' keys (others stay) and re-scores their
 * recorded letters; records the subject's 标准答案 step when every objective question has a key.
 */
export async function saveAnswers(db: Db, user: SchoolUser, examSubjectId: number, answers: AnswerInput[], confirm: boolean): Promise<SaveOutcome> {
  const { exam, rights } = await keysEditableBy(db, user, examSubjectId);
  const questions = new Map((await examRepo.questionsOf(db, [examSubjectId])).map((q) => [q.id, q]));
  const next = normalised(questions, answers);
  const changes = next.filter(({ q, answer, partialScore, optionScore }) => q.answer !== answer || q.partialScore !== partialScore || q.optionScore !== optionScore);
  if (!changes.length) return { changed: 0, rescored: 0 };
  return withScoreWrites(db, exam.id, async (tx) => {
    // The exam may have been released (or not) since the rights were read: decide again under the lock.
    if (!!(await examRepo.examReleasedAt(tx, exam.id))?.released_at !== rights.released) throw new BizError('考试的发布状态已变化，请刷新后重试', 409);
    if (rights.released) {
      const pending = await repo.questionsWithPendingCorrections(tx, changes.map((c) => c.q.id));
      if (pending.length) throw new BizError(`第 ${changes.filter((c) => pending.includes(c.q.id)).map((c) => c.q.no).join('、')} 题有待审核的成绩更正申请，请先审核后再更正答案`);
    }
    for (const c of changes) {
      await questionRepo.updateQuestion(tx, c.q.id, { answer: c.answer, partial_score: c.partialScore, option_score: c.optionScore });
    }
    // Always through the score writes: after release this recomputes the reports (the key is shown in 试卷分析).
    const rescored = await rescoreObjective(tx, examSubjectId, changes.filter((c) => isObjective(c.q.type)).map((c) => c.q.id));
    if (rights.released) {
      const byId = new Map(changes.map((c) => [c.q.id, c]));
      if (!confirm) throw new BizError(confirmMessage(rescored), 409, preview(changes, rescored));
      const reason = (id: number) => { const c = byId.get(id)!; return `更正标准答案：第 ${c.q.no} 题 ${keyText(c.q)} → ${keyText({ ...c, type: c.q.type })}`; };
      await repo.insertKeyCorrections(tx, exam.id, user.id, rescored.map((r) => ({ ...r, reason: reason(r.questionId) })));
    }
    const keyed = new Map([...questions.values()].filter((q) => isObjective(q.type)).map((q) => [q.id, !!q.answer]));
    for (const c of changes) if (keyed.has(c.q.id)) keyed.set(c.q.id, !!c.answer);
    if (keyed.size && [...keyed.values()].every(Boolean)) await examRepo.markFlow(tx, examSubjectId, 'answer');
    return { changed: changes.length, rescored: rescored.length };
  });
}

/** standard_answer/{id}/finished_enter_answer: the save, the sheet after it and the message. */
export async function finishEnterAnswers(db: Db, user: SchoolUser, examSubjectId: number, answers: AnswerInput[], confirm: boolean) {
  const r = await saveAnswers(db, user, examSubjectId, answers, confirm);
  const sheet = await findAnswers(db, user, examSubjectId);
  const msg = !r.changed ? '答案没有变化'
    : `保存成功${r.rescored ? `，${r.rescored} 个客观题得分已按新答案重新计算` : ''}${sheet.missingNos.length ? `；还有 ${sheet.missingNos.length} 道客观题未录入答案` : ''}`;
  return { data: { sheet, rescored: r.rescored }, msg };
}

function preview(changes: { q: QuestionRow; answer: string | null; partialScore: number | null; optionScore: number | null }[], rescored: RescoredScore[]): KeyChangePreview {
  return {
    scores: rescored.length,
    students: new Set(rescored.map((r) => r.examStudentId)).size,
    questions: changes.map((c) => ({ no: c.q.no, from: keyText(c.q), to: keyText({ ...c, type: c.q.type }), scores: rescored.filter((r) => r.questionId === c.q.id).length })),
  };
}

const confirmMessage = (rescored: RescoredScore[]) =>
  `成绩已发布：更正答案将改变 ${new Set(rescored.map((r) => r.examStudentId)).size} 名考生的 ${rescored.length} 个小题得分，并重新计算成绩、排名和全部分析报告。确认更正吗？`;
