/**
 * 错题本: the questions of one subject of a released exam whose class score rate is below a threshold (the class
 * version, with the bank's stem and analysis when the question was added to the bank), and each student's wrong
 * items among them (below full marks; the student version). Role-cut as the paper report of that class.
 */
import type { WrongBook, WrongBookQuery } from '@jz/shared/api/question-bank-out';
import type { Db } from '../../db/database.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as report from '../report/report.service.js';
import { subjectContext } from './mastery.service.js';
import * as repo from './bank-out.repository.js';

const EPS = 1e-9;

export async function wrongBook(db: Db, user: SchoolUser, q: WrongBookQuery): Promise<WrongBook> {
  const ctx = await subjectContext(db, user, q.examId, q.courseCode, q.classId);
  const paper = report.paper(ctx);
  const subject = (await repo.examSubject(db, user.schoolId, q.examId, ctx.meta.courseCode))!;
  const stored = await repo.subjectQuestions(db, subject.id);
  const idOfNo = new Map(stored.map((s) => [s.no, s.id]));
  const bank = new Map((await repo.bankBySource(db, user.schoolId, stored.map((s) => s.id))).map((b) => [b.source_question_id!, b]));
  const weak = paper.questions.flatMap((x) => {
    const mean = x.classMeans[0];
    const classRate = mean === null || mean === undefined || x.fullScore <= 0 ? null : mean / x.fullScore;
    return classRate !== null && classRate < q.threshold - EPS ? [{ x, classRate }] : [];
  });
  const weakNos = new Set(weak.map((w) => w.x.no));
  const rows = await repo.classScores(db, q.examId, subject.id, q.classId);
  const fullOf = new Map(paper.questions.map((x) => [x.no, x.fullScore]));
  const students = new Map<number, WrongBook['students'][number]>();
  const wrongCount = new Map<string, number>();
  for (const r of rows) {
    const full = fullOf.get(r.no);
    if (!weakNos.has(r.no) || full === undefined || r.score >= full - EPS) continue;
    let s = students.get(r.examStudentId);
    if (!s) students.set(r.examStudentId, (s = { examNo: r.exam_no, name: r.name, items: [] }));
    s.items.push({ no: r.no, score: r.score, fullScore: full });
    wrongCount.set(r.no, (wrongCount.get(r.no) ?? 0) + 1);
  }
  return {
    examName: ctx.meta.examName, courseName: ctx.meta.courseName, className: ctx.meta.className, threshold: q.threshold,
    questions: weak.map(({ x, classRate }) => {
      const b = bank.get(idOfNo.get(x.no) ?? -1);
      return {
        no: x.no, type: x.type as WrongBook['questions'][number]['type'], fullScore: x.fullScore, answer: x.answer ?? null, knowledgePoints: x.knowledgePoints, classRate, gradeRate: x.scoreRate,
        wrongCount: wrongCount.get(x.no) ?? 0, bankQuestionId: b?.id ?? null, stem: b?.stem ?? null, analysis: b?.analysis ?? null,
      };
    }),
    students: [...students.values()],
  };
}
