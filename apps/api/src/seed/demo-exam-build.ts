/**
 * Writes the demo exams of 示例中学 高一 (first term 2026-2027) up to 待发布 (status 3), through the exam module's own
 * rules: addExam (exam students = every active student of the eight classes, 考号 = 学号) and saveQuestions (question
 * set-up validated against the subject's full score), then the generated scores and absences through the score
 * writes (score-write.service replaceSubjectScores, as an import: unnest in chunks of 20 000 rows), in one
 * transaction per exam.
 * Release (subject scores, totals, ranks, reports) is left to the caller (demo-exams.ts).
 *
 * Dates are computed from the seeding day (the first start), all in the past and in order 月考 < 期中 < 期末
 * (demoExamSpecs), so no released demo exam lies in the future and each is a sensible reference exam.
 */
import { ALL_PERMISSION_CODES } from '@jz/shared/roles';
import type { Db } from '../db/database.js';
import { addExam } from '../modules/exam/exam.service.js';
import type { SchoolUser } from '../modules/exam/exam.access.js';
import { saveQuestions } from '../modules/exam/exam-question.service.js';
import * as examRepo from '../modules/exam/exam.repository.js';
import { replaceSubjectScores, withScoreWrites, type ScoreColumns } from '../modules/score/score-write.service.js';
import { planDemoExam, studentTraits, type PlanOptions } from './demo-exam-scores.js';

export const DEMO_SCHOOL_CODE = 'SLZX';

/** The three demo exams, oldest first; each later one takes the previous as its reference exam (progress). */
export const DEMO_EXAMS = [
  { name: '2026学年高一第一次月考', examType: 4 },
  { name: '2026学年高一期中考试', examType: 2 },
  { name: '2026学年高一期末考试', examType: 1 },
] as const;

/** Days before the seeding day of each exam's first and last day (月考 2 days, 期中 and 期末 3 days). */
const DEMO_DAYS_AGO: readonly [number, number][] = [[81, 80], [52, 50], [7, 5]];

/**
 * The demo exams with their dates counted back from `today` (UTC day): 月考 81–80 days ago, 期中 52–50, 期末 7–5,
 * so every one is in the past and they keep their order whatever the day of the first start.
 */
export function demoExamSpecs(today: Date = new Date()): { name: string; examType: number; startDate: string; endDate: string }[] {
  const day = today.toISOString().slice(0, 10);
  return DEMO_EXAMS.map((e, i) => ({ ...e, startDate: addDays(day, -DEMO_DAYS_AGO[i]![0]), endDate: addDays(day, -DEMO_DAYS_AGO[i]![1]) }));
}

/** The nine courses in paper order with their full scores (语数英 150, the rest 100). */
const FULL_SCORE: Readonly<Record<string, number>> = { YW: 150, SX: 150, YY: 150 };

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The school administrator of 示例中学 as the acting user of the exam services (created_by = admin). */
export async function actingAdmin(db: Db, schoolId: number): Promise<SchoolUser> {
  const u = await db.selectFrom('app_user as u').innerJoin('user_role as r', 'r.user_id', 'u.id')
    .select(['u.id', 'u.login_id', 'u.user_name'])
    .where('u.school_id', '=', schoolId).where('r.role_code', '=', 'school_admin').orderBy('u.id').executeTakeFirstOrThrow();
  return {
    id: u.id, schoolId, loginId: u.login_id, userName: u.user_name, userType: 'teacher', sessionId: 0, kind: 'user',
    roles: [{ roleCode: 'school_admin', gradeId: null, classId: null, courseCode: null }],
    permissions: new Set(ALL_PERMISSION_CODES),
  };
}

export interface BuildOptions {
  /** Progress lines (timings) for the start-up log. */
  log?: (line: string) => void;
  /** The seeding day the exam dates count back from (default now). */
  today?: Date;
}

/**
 * Creates the three demo exams with questions, scores and absences (status 3 待发布). Returns their ids, oldest
 * first, or [] when 示例中学 is missing or already has exams.
 */
export async function createDemoExams(db: Db, options: BuildOptions = {}): Promise<number[]> {
  const log = options.log ?? (() => {});
  const school = await db.selectFrom('school').select('id').where('code', '=', DEMO_SCHOOL_CODE).executeTakeFirst();
  if (!school) return [];
  const existing = await db.selectFrom('exam').select('id').where('school_id', '=', school.id).limit(1).executeTakeFirst();
  if (existing) return [];
  const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', school.id).where('name', '=', '高一').executeTakeFirstOrThrow();
  const classes = await db.selectFrom('school_class').select(['id', 'sort']).where('grade_id', '=', grade.id).orderBy('sort').execute();
  const semester = await db.selectFrom('semester').select('id').where('school_id', '=', school.id).where('is_current', '=', true).executeTakeFirst();
  const courses = await db.selectFrom('school_grade_course').select('course_code').where('grade_id', '=', grade.id).orderBy('sort').execute();
  const user = await actingAdmin(db, school.id);
  const classNo = new Map(classes.map((c) => [c.id, c.sort]));

  // The demo student account (student1) always sits every exam.
  const accounts = await db.selectFrom('student').select('id').where('school_id', '=', school.id).where('user_id', 'is not', null).execute();
  const plan: PlanOptions = { neverAbsent: new Set(accounts.map((a) => a.id)) };

  const ids: number[] = [];
  for (const [examIndex, spec] of demoExamSpecs(options.today).entries()) {
    const started = Date.now();
    const days = Math.round((Date.parse(spec.endDate) - Date.parse(spec.startDate)) / 86_400_000) + 1;
    const exam = await addExam(db, user, {
      name: spec.name,
      examType: spec.examType,
      gradeId: grade.id,
      semesterId: semester?.id ?? null,
      startDate: spec.startDate,
      endDate: spec.endDate,
      subjects: courses.map((c, i) => ({
        courseCode: c.course_code,
        fullScore: FULL_SCORE[c.course_code] ?? 100,
        examDate: addDays(spec.startDate, Math.floor((i * days) / courses.length)),
      })),
      classIds: classes.map((c) => c.id),
      referenceExamId: ids.at(-1) ?? null,
    }, 'multi');
    ids.push(exam.id);
    const t1 = Date.now();

    const examStudents = await db.selectFrom('exam_student').select(['id', 'student_id', 'class_id']).where('exam_id', '=', exam.id).execute();
    const students = examStudents.map((s) => ({ studentId: s.student_id, classNo: classNo.get(s.class_id) ?? 0 }));
    plan.traits ??= studentTraits(students);
    const planned = planDemoExam(examIndex, students, plan);
    const examStudentId = new Map(examStudents.map((s) => [s.student_id, s.id]));
    const subjectId = new Map(exam.subjects.map((s) => [s.courseCode, s.id]));

    const t2 = Date.now();
    for (const s of planned.subjects) {
      const id = subjectId.get(s.courseCode);
      if (id) await saveQuestions(db, user, id, s.questions, false);
    }
    const t3 = Date.now();
    const questions = await examRepo.questionsOf(db, [...subjectId.values()]);
    const bySubject: { id: number; rows: ScoreColumns; absent: number[] }[] = [];
    let rowCount = 0;
    for (const s of planned.subjects) {
      const id = subjectId.get(s.courseCode);
      if (!id) continue;
      const rows: ScoreColumns = { studentIds: [], questionIds: [], scores: [], choices: [] };
      const byNo = new Map(questions.filter((q) => q.examSubjectId === id).map((q) => [q.no, q.id]));
      const qid = s.questions.map((q) => byNo.get(q.no)!);
      for (let i = 0; i < s.scores.length; i++) {
        rows.studentIds.push(examStudentId.get(s.studentIds[i]!)!);
        rows.questionIds.push(qid[s.questionIndex[i]!]!);
        rows.scores.push(s.scores[i]!);
        rows.choices.push(s.choices[i]!);
      }
      rowCount += rows.scores.length;
      bySubject.push({ id, rows, absent: s.absent.map((sid) => examStudentId.get(sid)!) });
    }
    const t4 = Date.now();
    await withScoreWrites(db, exam.id, async (tx) => {
      for (const s of bySubject) await replaceSubjectScores(tx, s.id, { rows: s.rows, absent: s.absent }, 'import');
    });
    log(`${spec.name}: ${students.length} 名考生, ${rowCount} 条小题得分, ${Date.now() - started} ms`
      + ` (考试 ${t1 - started}, 生成 ${t2 - t1}, 小题 ${t3 - t2}, 整理 ${t4 - t3}, 写入 ${Date.now() - t4})`);
  }
  return ids;
}
