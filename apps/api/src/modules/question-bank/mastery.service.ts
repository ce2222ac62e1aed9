/**
 * 知识点掌握: per knowledge point of one subject of a released exam, the score rate of each class the caller may
 * see (Σ class mean ÷ Σ full of the point's questions) beside the grade's (知识点得分率 of 试卷分析). Role-cut
 * as the paper report: a subject teacher sees the classes they teach, a head teacher their class.
 */
import type { Mastery } from '@jz/shared/api/question-bank-out';
import type { Db } from '../../db/database.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as report from '../report/report.service.js';

/** The report context of one subject, grade-wide (classId 0) or one class, refused as the report pages refuse it. */
export async function subjectContext(db: Db, user: SchoolUser, examId: number, courseCode: string, classId = 0) {
  const ctx = await report.contextFor(db, user, { examId, courseCode, classId, classType: '', registrationType: '0', scoreType: 1 });
  report.single(ctx);
  return ctx;
}

export async function mastery(db: Db, user: SchoolUser, examId: number, courseCode: string): Promise<Mastery> {
  const ctx = await subjectContext(db, user, examId, courseCode);
  const paper = report.paper(ctx);
  const points = paper.knowledgePointSummary.map((k) => {
    const qs = paper.questions.filter((q) => k.questions.includes(q.no));
    const full = qs.reduce((a, q) => a + q.fullScore, 0);
    const classRates = paper.classes.map((_, ci) => {
      if (full <= 0) return null;
      let sum = 0;
      for (const q of qs) {
        const m = q.classMeans[ci];
        if (m === null || m === undefined) return null;
        sum += m;
      }
      return sum / full;
    });
    return { knowledgePoint: k.knowledgePoint, questions: k.questions, fullScore: k.fullScore, gradeRate: k.scoreRate, classRates };
  });
  return {
    examName: ctx.meta.examName, courseName: ctx.meta.courseName,
    classes: paper.classes.map((c) => ({ classId: c.classId, className: c.className })), points,
  };
}
