/**
 * The release's first step, 校验成绩数据, and the check the score upload page shows before any confirmation
 * (GET publish/check; docs/DOMAIN-RULES.md §6, 成绩完整度): every subject has questions (or totals) and every exam
 * student is 缺考 or has every score it needs, counted by exam.completeness; a subject whose online marking is not
 * finished names each block's progress, since its written scores arrive only when the marking completes.
 */
import type { ReleaseCheck } from '@jz/shared/api/report';
import type { Db, Tx } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import { scoreCells } from '../exam/exam.completeness.js';
import * as examRepo from '../exam/exam.repository.js';
import { countBlocks } from '../marking/marking-counts.service.js';
import * as markingRepo from '../marking/marking.repository.js';
import { schoolsMarkingOpen, schoolsMissingScores, unconfirmedSchools } from '../joint/joint.service.js';

type Q = Db | Tx;

const names = (list: string[]) => list.slice(0, 5).join('、') + (list.length > 5 ? '等' : '');

export async function releaseCheck(q: Q, examId: number): Promise<ReleaseCheck> {
  const exam = await examRepo.findExam(q, examId);
  if (!exam) throw new BizError('考试不存在', 404);
  const subjects = await examRepo.subjectsOf(q, [examId]);
  const students = await examRepo.examStudentNames(q, examId);
  const problems: string[] = [];
  if (!subjects.length) problems.push('该考试没有科目');
  if (!students.length) problems.push('该考试没有考生');
  // read once: the stored counts group every score cell of the exam (2.25 × 10⁷ in a city's joint exam)
  const [questions, stored, absences, blocks] = await Promise.all([
    examRepo.questionsOf(q, subjects.map((s) => s.id), true), examRepo.storedScoreCounts(q, examId), examRepo.absencesOf(q, examId),
    markingRepo.blocksOfExam(q, exam.schoolId, examId),
  ]);
  if (exam.mode === 'joint') {
    for (const name of await unconfirmedSchools(q, examId)) problems.push(`${name}尚未确认参考班级`);
    problems.push(...await schoolsMarkingOpen(q, examId), ...await schoolsMissingScores(q, examId, { subjects, questions, stored, absences }));
  }
  const noQuestions = subjects.filter((s) => s.questionCount === 0 && !s.totalsOnly);
  if (noQuestions.length) problems.push(`${noQuestions.map((s) => s.courseName).join('、')}还没有设置小题`);
  const cells = scoreCells(subjects, questions, students, stored, absences);
  const counts = await countBlocks(q, blocks);
  const out: ReleaseCheck['subjects'] = [];
  for (const s of subjects) {
    const c = cells.get(s.id)!;
    const marking = blocks.filter((b) => b.examSubjectId === s.id).map((b) => ({ blockId: b.id, blockName: b.name, papers: counts.get(b.id)!.papers, finalPapers: counts.get(b.id)!.finalPapers }));
    out.push({ examSubjectId: s.id, courseName: s.courseName, need: c.need, complete: c.complete, partial: c.partial, missing: c.missing, absent: c.absent, marking });
    if (!c.need) continue;
    const open = marking.filter((m) => !m.papers || m.finalPapers < m.papers);
    // the written scores come with the marking: name it first, block by block
    if (open.length && (c.partial || c.missing)) {
      problems.push(`${s.courseName}网上阅卷未完成（${open.map((m) => (m.papers ? `${m.blockName} 已完成 ${m.finalPapers}/${m.papers} 份` : `${m.blockName} 未开始`)).join('，')}）`);
    }
    if (c.missing) problems.push(`${s.courseName}有 ${c.missing} 名考生没有成绩（${names(c.missingNames)}）`);
    if (c.partial) problems.push(`${s.courseName}有 ${c.partial} 名考生小题成绩不完整（${names(c.partialNames)}）`);
  }
  return { examId, ready: problems.length === 0, problems, subjects: out };
}

/** Step 1 of the release: refuses, naming every problem, unless the check passes. */
export async function validateRelease(q: Q, examId: number): Promise<void> {
  const c = await releaseCheck(q, examId);
  if (c.problems.includes('该考试没有科目')) throw new BizError('该考试没有科目，不能发布');
  if (c.problems.includes('该考试没有考生')) throw new BizError('该考试没有考生，不能发布');
  if (!c.ready) throw new BizError(`成绩数据不完整，不能发布：${c.problems.join('；')}`);
}
