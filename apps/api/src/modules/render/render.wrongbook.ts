/**
 * 错题本 (wrongbook render job): one class's 错题本 as the page shows it (question-bank wrong-book.service.ts, same
 * role cut), printed on A4 with the bank's stems, formulas and pictures (pictures written inline: the print has
 * no session), the class and grade score rates and the knowledge points; 学生版 gives each student a page.
 */
import type { WrongBookPrintData } from '@jz/report-templates';
import { QUESTION_TYPE_NAMES } from '@jz/shared/api/exam';
import { WRONG_THRESHOLD_DEFAULT } from '@jz/shared/api/question-bank-out';
import type { AppContext } from '../../core/context.js';
import { BizError } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { inlineImages } from '../question-bank/docx-import.service.js';
import { wrongBook } from '../question-bank/wrong-book.service.js';

export async function wrongBookData(ctx: AppContext, user: SchoolUser, school: string,
  q: { examId: number; classIds: number[]; courseCode?: string; threshold?: number; wrongBookVersion?: 'class' | 'students' }): Promise<WrongBookPrintData> {
  if (!q.courseCode) throw new BizError('请选择学科');
  if (q.classIds.length !== 1) throw new BizError('请选择一个班级');
  const book = await wrongBook(ctx.db, user, { examId: q.examId, courseCode: q.courseCode, classId: q.classIds[0]!, threshold: q.threshold ?? WRONG_THRESHOLD_DEFAULT });
  const version = q.wrongBookVersion ?? 'class';
  if (!book.questions.length) throw new BizError('没有低于阈值的题目');
  if (version === 'students' && !book.students.length) throw new BizError('没有学生答错这些题目');
  const inline = async (html: string | null) => (html === null ? null : inlineImages(ctx.storage, user, html));
  const questions = [];
  for (const x of book.questions) {
    questions.push({
      no: x.no, typeName: QUESTION_TYPE_NAMES[x.type] ?? x.type, fullScore: x.fullScore, answer: x.answer, knowledgePoints: x.knowledgePoints,
      classRate: x.classRate, gradeRate: x.gradeRate, wrongCount: x.wrongCount, stem: await inline(x.stem), analysis: await inline(x.analysis),
    });
  }
  return {
    schoolName: school, examName: book.examName, courseName: book.courseName, className: book.className, threshold: book.threshold,
    version, questions, students: version === 'students' ? book.students : [],
  };
}
