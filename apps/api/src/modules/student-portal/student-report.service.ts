/**
 * The student portal's reports: a student reads only her own released results. Every function starts from the
 * session's user id (student.user_id), never from an id in the request alone: an exam she did not sit, or one not
 * released, is 404 本人的考试成绩不存在. Ranks follow the school's setting (student_portal_setting): a hidden rank
 * is null in every answer, so it never leaves the server.
 */
import { schoolRanks } from '@jz/analysis';
import { examTypeLabel } from '@jz/shared/exam';
import { TOTAL_CODE } from '@jz/shared/api/report';
import type { StudentExamDetail, StudentSheetPage, StudentSubjectReport } from '@jz/shared/api/student-report';
import type { AuthUser } from '../../core/auth.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import type { Db } from '../../db/database.js';
import { studentComment } from '../report/comment.js';
import { loadReportSet, reportsOf } from '../report/report.store.js';
import * as repo from './student-report.repository.js';
import { candidateSchools } from '../joint-report/joint-report.repository.js';

export type StudentUser = AuthUser & { schoolId: number };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export function assertStudent(user: StudentUser) {
  if (user.userType !== 'student' || !user.permissions.has('report:report:view')) throw forbidden();
}

/** Her exam-student row of a released exam, or 404. */
export async function ownExam(db: Db, user: StudentUser, examId: number): Promise<repo.OwnExam> {
  assertStudent(user);
  const own = (await repo.ownExams(db, user.id, user.schoolId, examId))[0];
  if (!own) throw notFound('本人的考试成绩');
  return own;
}

/** Her released exams, newest first, with her total. */
export async function examList(db: Db, user: StudentUser) {
  assertStudent(user);
  const exams = await repo.ownExams(db, user.id, user.schoolId);
  const ids = exams.map((e) => e.examId);
  const [scores, subjects, totals] = await Promise.all([
    repo.storedScores(db, exams.map((e) => e.esid)), repo.examSubjects(db, ids), repo.totalCodes(db, ids),
  ]);
  return exams.map((e) => {
    const subs = subjects.filter((s) => s.examId === e.examId);
    const codes = totals.get(e.examId) ?? [];
    const total = scores.find((s) => s.exam_student_id === e.esid && s.course_code === TOTAL_CODE);
    return {
      examId: e.examId, examName: e.name, examTypeName: examTypeLabel(e.examType), startDate: e.startDate, releasedAt: iso(e.releasedAt),
      totalScore: total?.score ?? null,
      totalFullScore: subs.length ? sum(subs.filter((s) => codes.includes(s.code)).map((s) => s.fullScore)) : null,
      subjectCount: subs.length,
    };
  });
}

/** The stored report set and her row in it. */
async function ownReport(db: Db, own: repo.OwnExam) {
  const loaded = await loadReportSet(db, own.examId);
  if (!loaded) throw new BizError('该考试成绩尚未发布', 404);
  const reports = await reportsOf(db, loaded, '0', ['transcript', 'classComparison', 'overview', 'paper', 'students']);
  const pos = loaded.students.position(String(own.esid));
  if (pos === undefined) throw notFound('本人的考试成绩');
  return { loaded, reports, row: reports.transcript.rows[pos]! };
}

/**
 * A joint exam (联考): her rank inside her school per column (competition rank over her school's candidates, as the
 * joint transcript's 校内排名) and how many of them sat the total; the stored grade rank is the joint rank.
 */
async function ownSchoolRanks(db: Db, own: repo.OwnExam, reports: Awaited<ReturnType<typeof ownReport>>['reports'], schoolId: number) {
  const mine = new Set((await candidateSchools(db, own.examId)).filter((c) => c.schoolId === schoolId).map((c) => String(c.id)));
  const rows = reports.transcript.rows.filter((r) => mine.has(r.studentId));
  const ranks = schoolRanks(rows.map((r) => ({ schoolId: '', scores: r.scores })), reports.transcript.columns.length);
  const ti = reports.transcript.columns.findIndex((c) => c.isTotal);
  const k = rows.findIndex((r) => r.studentId === String(own.esid));
  return { ranks: ranks[k] ?? [], count: ti < 0 ? 0 : rows.filter((r) => r.scores[ti] !== null && r.scores[ti] !== undefined).length };
}

/** Which ranks students of the school see: the school's setting and the release's own switch. */
async function visibleRanks(db: Db, schoolId: number, released: boolean) {
  const s = await repo.rankSetting(db, schoolId);
  return { classRank: released && s.showClassRank, gradeRank: released && s.showGradeRank };
}

/** Progress against the reference exam: like with like only (same subject; the total only over the same subjects). */
async function progress(db: Db, user: StudentUser, own: repo.OwnExam, rows: StudentExamDetail['rows'], ranks: StudentExamDetail['ranks']): Promise<StudentExamDetail['progress']> {
  if (!own.referenceExamId) return null;
  const ref = await repo.releasedExam(db, own.referenceExamId, user.schoolId);
  if (!ref) return null;
  const refEs = await repo.examStudentOf(db, ref.id, own.studentId);
  if (!refEs) return null;
  const [refScores, refSubjects, totals] = await Promise.all([
    repo.storedScores(db, [refEs.id]), repo.examSubjects(db, [ref.id]), repo.totalCodes(db, [own.examId, ref.id]),
  ]);
  const sameTotal = (() => {
    const a = [...(totals.get(own.examId) ?? [])].sort();
    const b = [...(totals.get(ref.id) ?? [])].sort();
    return a.length > 0 && a.join(',') === b.join(',');
  })();
  const refFull = new Map(refSubjects.map((s) => [s.code, s.fullScore]));
  refFull.set(TOTAL_CODE, sum(refSubjects.filter((s) => (totals.get(ref.id) ?? []).includes(s.code)).map((s) => s.fullScore)));
  const sameClass = refEs.class_id === own.classId;
  const out: NonNullable<StudentExamDetail['progress']>['rows'] = [];
  for (const r of rows) {
    if (r.isTotal ? !sameTotal : !refFull.has(r.code)) continue;
    const p = refScores.find((s) => s.course_code === r.code);
    if (r.score === null || !p || p.score === null) continue;
    const classRank = ranks.classRank ? r.classRank : null;
    const gradeRank = ranks.gradeRank ? r.gradeRank : null;
    const refClassRank = ranks.classRank ? p.class_rank : null;
    const refGradeRank = ranks.gradeRank ? p.grade_rank : null;
    out.push({
      code: r.code, name: r.name, isTotal: r.isTotal, score: r.score, refScore: p.score,
      scoreChange: refFull.get(r.code) === r.fullScore ? Math.round((r.score - p.score) * 100) / 100 : null,
      classRank, refClassRank, classRankChange: sameClass && classRank !== null && refClassRank !== null ? refClassRank - classRank : null,
      gradeRank, refGradeRank, gradeRankChange: gradeRank !== null && refGradeRank !== null ? refGradeRank - gradeRank : null,
    });
  }
  return out.length ? { referenceExamId: ref.id, referenceExamName: ref.name, rows: out } : null;
}

/** Her scores in one released exam: per subject and total, ranks as the school allows, class / grade mean and max. */
export async function examDetail(db: Db, user: StudentUser, examId: number): Promise<StudentExamDetail> {
  const own = await ownExam(db, user, examId);
  const { loaded, reports, row } = await ownReport(db, own);
  const ranks = await visibleRanks(db, user.schoolId, loaded.set.settings.showStudentRank);
  const unit = (code: string) => reports.classComparison.find((t) => t.code === code)?.rows.find((u) => u.unitId === row.classId);
  const grade = (code: string) => reports.overview.rows.find((r) => r.code === code);
  const withQuestions = new Set(reports.paper.filter((p) => p.questions.length > 0).map((p) => p.code));
  const joint = own.mode === 'joint' ? await ownSchoolRanks(db, own, reports, user.schoolId) : null;
  const rows: StudentExamDetail['rows'] = reports.transcript.columns.map((c, k) => ({
    code: c.code, name: c.name, fullScore: c.fullScore, isTotal: c.isTotal, hasQuestions: !c.isTotal && withQuestions.has(c.code),
    score: row.scores[k] ?? null, absent: row.scores[k] === null,
    classRank: ranks.classRank ? row.classRanks[k] ?? null : null,
    gradeRank: ranks.gradeRank ? (joint ? joint.ranks[k] : row.gradeRanks[k]) ?? null : null,
    ...(joint ? { jointRank: ranks.gradeRank ? row.gradeRanks[k] ?? null : null } : {}),
    classMean: unit(c.code)?.mean ?? null, classMax: unit(c.code)?.max ?? null,
    gradeMean: grade(c.code)?.mean ?? null, gradeMax: grade(c.code)?.max ?? null,
  }));
  const total = rows.find((r) => r.isTotal);
  const jointCount = grade(TOTAL_CODE)?.sat ?? 0;
  const gradeCount = joint ? joint.count : jointCount;
  const classCount = unit(TOTAL_CODE)?.count ?? 0;
  const balance = reports.students.students.find((s) => s.studentId === row.studentId);
  const subjectName = (code: string | null | undefined) => (code ? loaded.set.subjects.find((s) => s.code === code)?.name ?? null : null);
  const prog = await progress(db, user, own, rows, ranks);
  return {
    examId, examName: own.name, examTypeName: examTypeLabel(own.examType), startDate: own.startDate,
    name: row.name, admissionNo: row.admissionNo, className: row.className,
    ranks, gradeCount, classCount, ...(joint ? { joint: true, jointCount } : {}), rows, progress: prog,
    comment: studentComment({
      name: row.name, total: total?.score ?? null, gradeRank: total?.gradeRank ?? null, gradeCount, classRank: total?.classRank ?? null, classCount,
      change: ranks.gradeRank ? prog?.rows.find((r) => r.isTotal)?.gradeRankChange ?? null : null,
      // subject balance compares subject with total grade ranks: named only when grade ranks are shown
      strongSubject: ranks.gradeRank ? subjectName(balance?.strongSubject) : null, weakSubject: ranks.gradeRank ? subjectName(balance?.weakSubject) : null,
    }),
  };
}

/** Her live pages (student-sheet.service.ts) of one subject of her released exam, in page order. */
export async function sheetsOf(db: Db, user: StudentUser, own: repo.OwnExam, examSubjectId: number): Promise<StudentSheetPage[]> {
  const pages = await repo.ownSheetPages(db, user.schoolId, own.examId, examSubjectId, own.esid);
  return pages.map((p) => ({ pageId: p.id, pageNo: p.page_no, url: `report/sheet/image?pageId=${p.id}` }));
}

const JUDGE: Record<string, string> = { T: '对', F: '错' };
const OBJECTIVE = ['single', 'multiple', 'judge'];

/** One subject: each question against her class and the grade, knowledge-point mastery, her answer sheets. */
export async function subjectDetail(db: Db, user: StudentUser, examId: number, courseCode: string): Promise<StudentSubjectReport> {
  const own = await ownExam(db, user, examId);
  const { reports, row } = await ownReport(db, own);
  const k = reports.transcript.columns.findIndex((c) => c.code === courseCode && !c.isTotal);
  const subject = (await repo.examSubjects(db, [examId])).find((s) => s.code === courseCode);
  if (k < 0 || !subject) throw notFound('该科目');
  const score = row.scores[k] ?? null;
  const paper = reports.paper.find((p) => p.code === courseCode);
  const u = paper ? paper.units.findIndex((x) => x.unitId === row.classId) : -1;
  const qs = await repo.questionsWithScores(db, subject.id, own.esid);
  const questions = qs.map((q, j) => {
    // the paper's questions are the same non-total questions in the same order; checked by number
    const pq = paper?.questions[j]?.no === q.no ? paper.questions[j] : paper?.questions.find((x) => x.no === q.no);
    const objective = OBJECTIVE.includes(q.type);
    const letters = (s: string | null) => (s === null || s === '' ? null : q.type === 'judge' ? JUDGE[s] ?? s : s);
    return {
      no: q.no, type: q.type, fullScore: q.fullScore, score: score === null ? null : q.score,
      classMean: pq && u >= 0 ? pq.unitMeans[u] ?? null : null, gradeMean: pq?.mean ?? null,
      choice: objective && score !== null ? letters(q.choice) : null, answer: objective ? letters(q.answer) : null,
      knowledgePoints: [...new Set(q.knowledgePoints.map((x) => x.trim()).filter(Boolean))],
    };
  });
  // knowledge points in order of first appearance: Σ points ÷ Σ full over the questions testing each
  const acc = new Map<string, { questions: string[]; full: number; mine: number; cls: number | null; grd: number | null }>();
  for (const q of questions) {
    for (const name of q.knowledgePoints) {
      let a = acc.get(name);
      if (!a) acc.set(name, (a = { questions: [], full: 0, mine: 0, cls: 0, grd: 0 }));
      a.questions.push(q.no);
      a.full += q.fullScore;
      a.mine += q.score ?? 0;
      a.cls = a.cls === null || q.classMean === null ? null : a.cls + q.classMean;
      a.grd = a.grd === null || q.gradeMean === null ? null : a.grd + q.gradeMean;
    }
  }
  const rate = (x: number | null, full: number) => (x === null || full <= 0 ? null : x / full);
  return {
    examId, examSubjectId: subject.id, code: courseCode, name: subject.name, fullScore: subject.fullScore, score, absent: score === null, questions,
    knowledgePoints: [...acc].map(([name, a]) => ({
      name, questions: a.questions, fullScore: a.full, score: score === null ? null : a.mine,
      rate: score === null ? null : rate(a.mine, a.full), classRate: rate(a.cls, a.full), gradeRate: rate(a.grd, a.full),
    })),
    answerSheets: await sheetsOf(db, user, own, subject.id),
  };
}
