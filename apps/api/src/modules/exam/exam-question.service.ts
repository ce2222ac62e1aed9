/** question_template: a subject's questions, full scores, steps and answer keys. */
import type { QuestionInput, QuestionTemplate } from '@jz/shared/api/exam';
import { countedFullScore, electiveGroupsOf, electiveProblems } from '@jz/shared/elective';
import type { Db, Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { isObjective, isMultipleOf, normalizeKey } from '../score/scoring.js';
import { assertNotReleased, canEditSubject, subjectFor, type SchoolUser } from './exam.access.js';
import { refreshExamStatus } from './exam.status.js';
import * as repo from './exam.repository.js';
import { deleteQuestionScores, deleteSubjectScores, rescoreObjective, withScoreWrites, type ScoreTx } from '../score/score-write.service.js';
import * as questionRepo from './exam-question.repository.js';
import { assertQuestionChangesAllowed, rewriteMarkedScores } from '../marking/marking-question-change.service.js';

export async function findQuestions(db: Db, user: SchoolUser, examSubjectId: number): Promise<QuestionTemplate> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId);
  const [questions, groups] = await Promise.all([repo.questionsOf(db, [examSubjectId]), repo.groupsOf(db, examSubjectId)]);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return {
    examId: exam.id,
    examSubjectId,
    courseCode: subject.course_code,
    courseName: subject.course_name,
    subjectFullScore: subject.full_score,
    questionFullScore: countedFullScore(questions),
    editable: !exam.releasedAt && canEditSubject(user, exam, subject.course_code),
    questions: questions.map((q) => ({
      id: q.id, no: q.no, parentNo: q.parentNo, sort: q.sort, type: q.type, fullScore: q.fullScore, step: q.step, answer: q.answer,
      partialScore: q.partialScore, optionScore: q.optionScore, groupId: q.groupId, groupName: q.groupId ? groupName.get(q.groupId) ?? null : null, knowledgePoints: q.knowledgePoints,
      electiveGroup: q.electiveGroup, electivePick: q.electiveGroup ? q.electivePick ?? 1 : null,
    })),
    electiveGroups: electiveGroupsOf(questions).map((g) => ({ name: g.name, pick: g.pick, nos: g.questions.map((x) => x.no), fullScore: g.fullScore })),
    groups: groups.map((g) => ({ id: g.id, name: g.name, questionIds: questions.filter((q) => q.groupId === g.id).map((q) => q.id) })),
  };
}

/** A subject's question set as the input that saves it again elsewhere (copy_subject, 复制考试设置). */
export async function questionInputsOf(db: Db | Tx, examSubjectId: number): Promise<QuestionInput[]> {
  const [questions, groups] = await Promise.all([repo.questionsOf(db, [examSubjectId]), repo.groupsOf(db, examSubjectId)]);
  const groupName = new Map(groups.map((g) => [g.id, g.name]));
  return questions.map((q) => ({
    no: q.no, parentNo: q.parentNo, type: q.type, fullScore: q.fullScore, step: q.step, answer: q.answer,
    partialScore: q.partialScore, optionScore: q.optionScore, groupName: q.groupId ? groupName.get(q.groupId) ?? null : null, knowledgePoints: q.knowledgePoints,
    electiveGroup: q.electiveGroup, electivePick: q.electivePick,
  }));
}

/** 13（1） → 13(1); spaces removed. The form used to compare question numbers and sheet headers. */
export const normalizeNo = (no: string) => no.replace(/（/g, '(').replace(/）/g, ')').replace(/\s+/g, '');

/** The key fields of one question, as entered: the key and the two rules for a correct but incomplete multiple choice. */
export interface KeyInput { type: QuestionInput['type']; fullScore: number; answer?: string | null; partialScore?: number | null; optionScore?: number | null }
export type KeyField = 'answer' | 'partialScore' | 'optionScore';

/**
 * Checks and normalises a question's key (docs/DOMAIN-RULES.md §2): the answer by its type, a partial score or an
 * option score (选对一项得分) only on multiple choice, not both, and neither reaching the full score when an answer
 * misses an option. Returns the normalised fields and every problem with the field it is about.
 */
export function checkKey(q: KeyInput): { answer: string | null; partialScore: number | null; optionScore: number | null; problems: { field: KeyField; reason: string }[] } {
  const problems: { field: KeyField; reason: string }[] = [];
  const [answer, keyError] = normalizeKey(q.type, q.answer);
  if (keyError) problems.push({ field: 'answer', reason: keyError });
  let partialScore: number | null = null;
  let optionScore: number | null = null;
  if (q.partialScore != null) {
    if (q.type !== 'multiple') problems.push({ field: 'partialScore', reason: '只有多选题可以设置部分得分' });
    else if (q.partialScore >= q.fullScore) problems.push({ field: 'partialScore', reason: '部分得分须小于满分' });
    else partialScore = q.partialScore;
  }
  if (q.optionScore != null) {
    const missingOne = Math.max(1, (answer ?? '').length - 1);
    if (q.type !== 'multiple') problems.push({ field: 'optionScore', reason: '只有多选题可以设置选对一项得分' });
    else if (q.partialScore != null) problems.push({ field: 'optionScore', reason: '部分得分与选对一项得分只能设置一个' });
    else if (!(q.optionScore > 0)) problems.push({ field: 'optionScore', reason: '选对一项得分须大于 0' });
    else if (q.optionScore * missingOne >= q.fullScore - 1e-9) problems.push({ field: 'optionScore', reason: `选对一项得分过大：少选一项时得 ${Math.round(q.optionScore * missingOne * 100) / 100} 分，须小于满分 ${q.fullScore} 分` });
    else optionScore = q.optionScore;
  }
  return { answer, partialScore, optionScore, problems };
}

/** Validates a question set against the subject's full score; returns the normalised questions or throws with every problem. */
function validateQuestions(subjectFullScore: number, questions: QuestionInput[]) {
  const problems: string[] = [];
  const seen = new Set<string>();
  const out = questions.map((q) => {
    const no = normalizeNo(q.no);
    const label = `第 ${no} 题`;
    if (seen.has(no)) problems.push(`题号 ${no} 重复`);
    seen.add(no);
    if (!(q.fullScore > 0)) problems.push(`${label}满分须大于 0`);
    else if (!isMultipleOf(q.fullScore, q.step)) problems.push(`${label}满分 ${q.fullScore} 不是给分步长 ${q.step} 的整数倍`);
    const key = checkKey(q);
    problems.push(...key.problems.map((p) => `${label}${p.reason}`));
    const electiveGroup = q.electiveGroup || null;
    return { ...q, no, parentNo: q.parentNo ? normalizeNo(q.parentNo) : null, answer: key.answer, partialScore: key.partialScore, optionScore: key.optionScore, electiveGroup, electivePick: electiveGroup ? q.electivePick ?? 1 : null };
  });
  problems.push(...electiveProblems(out));
  // a 选做 group counts K of its questions (countedFullScore)
  const sum = countedFullScore(out);
  if (Math.abs(sum - subjectFullScore) > 1e-6) problems.push(`小题满分之和 ${sum} 分与科目满分 ${subjectFullScore} 分不一致${out.some((q) => q.electiveGroup) ? '（选做题只计选做的题数）' : ''}`);
  if (problems.length) {
    const shown = problems.slice(0, 10);
    throw new BizError(shown.join('；') + (problems.length > shown.length ? `；等 ${problems.length} 处问题` : ''));
  }
  return out;
}

/**
 * Replaces a subject's question set (one transaction). Questions are matched by number: unchanged numbers
 * keep their id (and scores). If the subject has scores, a change of numbers, types, full scores or steps
 * needs clearScores = true and removes every score of the subject (online marking's final scores are written
 * back); a question being marked online keeps its shape (marking-question-change.service); a change of keys
 * re-scores the stored option letters. A totals-only subject's synthetic question is removed (with its scores, clearScores needed).
 */
export async function saveQuestions(db: Db, user: SchoolUser, examSubjectId: number, questions: QuestionInput[], clearScores: boolean): Promise<{ cleared: boolean }> {
  const { exam, subject } = await subjectFor(db, user, examSubjectId, 'edit');
  assertNotReleased(exam, '成绩已发布，不能修改小题');
  // clears or re-scores the subject's scores: through the score writes, under the exam's score lock
  return withScoreWrites(db, exam.id, (tx) => replaceQuestionSet(tx, exam.id, { id: examSubjectId, fullScore: subject.full_score }, questions, clearScores),
    { unreleased: '成绩已发布，不能修改小题' });
}

/** saveQuestions inside the caller's score-write transaction of the subject's exam (also copying set-ups between exams). */
export async function replaceQuestionSet(tx: ScoreTx, examId: number, subject: { id: number; fullScore: number }, questions: QuestionInput[], clearScores: boolean): Promise<{ cleared: boolean }> {
  const examSubjectId = subject.id;
  const next = validateQuestions(subject.fullScore, questions);
  const existing = await repo.questionsOf(tx, [examSubjectId], true);
  const real = existing.filter((q) => !q.isTotal);
  const byNo = new Map(real.map((q) => [q.no, q]));
  const nextByNo = new Map(next.map((q) => [q.no, q]));
  // questions that change shape (removed or renumbered: no new full score); a question being marked online may not
  const changed = real.flatMap((old) => {
    const q = nextByNo.get(old.no);
    const differs = !q || old.type !== q.type || Math.abs(old.fullScore - q.fullScore) > 1e-6 || Math.abs(old.step - q.step) > 1e-6
      || old.electiveGroup !== q.electiveGroup || (old.electivePick ?? null) !== q.electivePick;
    return differs ? [{ id: old.id, no: old.no, fullScore: q ? q.fullScore : null }] : [];
  });
  await assertQuestionChangesAllowed(tx, examSubjectId, changed);
  const structural = existing.some((q) => q.isTotal) || real.length !== next.length || changed.length > 0;
  const hasScores = await repo.subjectHasScores(tx, examSubjectId);
  let cleared = false;
  if (structural && hasScores) {
    if (!clearScores) throw new BizError('该科目已有成绩，修改题号、题型、满分或步长会清除已录入的成绩；确认清除后请重新保存（clearScores=true）', 409);
    await deleteSubjectScores(tx, examSubjectId);
    cleared = true;
  }
  // Groups named in the set are created when missing.
  const groups = await repo.groupsOf(tx, examSubjectId);
  const groupId = new Map(groups.map((g) => [g.name, g.id]));
  for (const name of new Set(next.map((q) => q.groupName).filter((n): n is string => !!n))) {
    if (!groupId.has(name)) {
      groupId.set(name, await questionRepo.insertGroup(tx, examSubjectId, name, groupId.size + 1));
    }
  }
  const keep = new Set(next.map((q) => q.no));
  const drop = existing.filter((q) => q.isTotal || !keep.has(q.no)).map((q) => q.id);
  if (drop.length) {
    await deleteQuestionScores(tx, examSubjectId, drop);
    await questionRepo.deleteQuestions(tx, drop);
  }
  const rescore: number[] = [];
  for (const [i, q] of next.entries()) {
    const old = byNo.get(q.no);
    const values = {
      parent_no: q.parentNo, sort: i + 1, type: q.type, full_score: q.fullScore, step: q.step, answer: q.answer,
      partial_score: q.partialScore, option_score: q.optionScore, knowledge_points: q.knowledgePoints, elective_group: q.electiveGroup, elective_pick: q.electivePick,
      ...(q.groupName === undefined ? {} : { group_id: q.groupName ? groupId.get(q.groupName)! : null }),
    };
    if (old) {
      await questionRepo.updateQuestion(tx, old.id, values);
      if (!cleared && isObjective(q.type) && (old.answer !== q.answer || old.partialScore !== q.partialScore || old.optionScore !== q.optionScore)) rescore.push(old.id);
    } else {
      await questionRepo.insertQuestion(tx, { exam_subject_id: examSubjectId, no: q.no, ...values, group_id: values.group_id ?? null });
    }
  }
  if (rescore.length) await rescoreObjective(tx, examSubjectId, rescore);
  // online marking's final scores are not lost with the cleared scores: written back (now, or when marking completes)
  if (cleared) await rewriteMarkedScores(tx, examSubjectId);
  await repo.markFlow(tx, examSubjectId, 'question');
  await refreshExamStatus(tx, examId);
  return { cleared };
}
