/**
 * The demo joint exam (联考, docs/DOMAIN-RULES.md §7): 示范市教育局 (`bureau`) organises 2026学年高一联考 — 语文 120 分 and
 * 数学 100 分, both 学校导入 — with 示例中学 (its 高一7班 and 8班), 第二示范中学 and 育才中学 (all their 高一 classes), each
 * confirmed with the unified 考号, then every candidate's scores (deterministic: one random stream, a fixed seed) and the
 * release. Written through the joint and exam services as the organiser's and the schools' administrators, so the
 * rules are those of the pages; dated 20–19 days before the seeding day, after the 期中 and before the 期末.
 */
import type { QuestionInput } from '@jz/shared/api/exam';
import { mulberry32 } from '@jz/shared/random';
import type { Db } from '../db/database.js';
import { saveQuestions } from '../modules/exam/exam-question.service.js';
import * as examRepo from '../modules/exam/exam.repository.js';
import { confirmClasses, createJointExam } from '../modules/joint/joint.service.js';
import { releaseExam } from '../modules/release/release.service.js';
import { replaceSubjectScores, withScoreWrites, type ScoreColumns } from '../modules/score/score-write.service.js';
import { actingAdmin } from './demo-exam-build.js';

export const DEMO_JOINT_EXAM = '2026学年高一联考';
export const DEMO_BUREAU_CODE = 'SFSJYJ';
/** The participating schools in code order (01, 02, 03) and the 高一 classes (by number) each brings; null = all. */
const DEMO_JOINT_SCHOOLS: { code: string; classes: number[] | null; level: number }[] = [
  { code: 'SLZX', classes: [7, 8], level: 0.05 },
  { code: 'DEZX', classes: null, level: 0 },
  { code: 'YCZX', classes: null, level: -0.05 },
];

const SINGLE = (no: number, points: number, answer: string): QuestionInput => ({ no: String(no), type: 'single', fullScore: points, step: points, answer, knowledgePoints: [] } as QuestionInput);
const WRITTEN = (no: number, points: number): QuestionInput => ({ no: String(no), type: 'subjective', fullScore: points, step: 1, knowledgePoints: [] } as QuestionInput);

/** 语文 120 = 4 × 3 (choice) + 48 + 60 (作文); 数学 100 = 5 × 4 (choice) + 30 + 50. */
const PAPERS: { courseCode: string; fullScore: number; questions: QuestionInput[] }[] = [
  { courseCode: 'YW', fullScore: 120, questions: [SINGLE(1, 3, 'A'), SINGLE(2, 3, 'B'), SINGLE(3, 3, 'C'), SINGLE(4, 3, 'D'), WRITTEN(5, 48), WRITTEN(6, 60)] },
  { courseCode: 'SX', fullScore: 100, questions: [SINGLE(1, 4, 'B'), SINGLE(2, 4, 'C'), SINGLE(3, 4, 'A'), SINGLE(4, 4, 'D'), SINGLE(5, 4, 'A'), WRITTEN(6, 30), WRITTEN(7, 50)] },
];

const addDays = (day: string, n: number) => { const d = new Date(`${day}T00:00:00Z`); d.setUTCDate(d.getUTCDate() + n); return d.toISOString().slice(0, 10); };

/** Creates, fills and releases the demo joint exam; its id, or null when the bureau is missing or already has an exam. */
export async function seedDemoJointExam(db: Db, today: Date = new Date()): Promise<number | null> {
  const bureau = await db.selectFrom('school').select('id').where('code', '=', DEMO_BUREAU_CODE).executeTakeFirst();
  if (!bureau) return null;
  if (await db.selectFrom('exam').select('id').where('school_id', '=', bureau.id).limit(1).executeTakeFirst()) return null;
  const schools = await db.selectFrom('school').select(['id', 'code']).where('code', 'in', DEMO_JOINT_SCHOOLS.map((s) => s.code)).execute();
  const idOf = new Map(schools.map((s) => [s.code, s.id]));
  if (idOf.size !== DEMO_JOINT_SCHOOLS.length) return null;
  const organiser = await actingAdmin(db, bureau.id);
  const grade = await db.selectFrom('school_grade').select('id').where('school_id', '=', bureau.id).where('name', '=', '高一').executeTakeFirstOrThrow();
  const day = today.toISOString().slice(0, 10);
  const exam = await createJointExam(db, organiser, {
    name: DEMO_JOINT_EXAM, examType: 2, gradeId: grade.id, startDate: addDays(day, -20), endDate: addDays(day, -19),
    subjects: PAPERS.map((p) => ({ courseCode: p.courseCode, fullScore: p.fullScore, scoring: 'import' as const })),
    schoolIds: DEMO_JOINT_SCHOOLS.map((s) => idOf.get(s.code)!), anonymiseSchools: true,
  });
  for (const s of DEMO_JOINT_SCHOOLS) {
    const schoolId = idOf.get(s.code)!;
    const classes = await db.selectFrom('school_class as c').innerJoin('school_grade as g', 'g.id', 'c.grade_id').select(['c.id', 'c.sort'])
      .where('c.school_id', '=', schoolId).where('g.name', '=', '高一').orderBy('c.sort').execute();
    const chosen = classes.filter((c) => !s.classes || s.classes.includes(c.sort)).map((c) => c.id);
    await confirmClasses(db, await actingAdmin(db, schoolId), exam.examId, chosen);
  }

  const subjects = await examRepo.subjectsOf(db, [exam.examId]);
  for (const p of PAPERS) await saveQuestions(db, organiser, subjects.find((s) => s.courseCode === p.courseCode)!.id, p.questions, false);
  const questions = await examRepo.questionsOf(db, subjects.map((s) => s.id));
  const candidates = await db.selectFrom('exam_student').select(['id', 'school_id']).where('exam_id', '=', exam.examId).orderBy('exam_no').execute();
  const levelOf = new Map(DEMO_JOINT_SCHOOLS.map((s) => [idOf.get(s.code)!, s.level]));
  const rand = mulberry32(20261102);
  // a candidate's ability (0.45–0.95, moved by the school's level) sets the chance of a right choice and the share of written points
  const ability = new Map(candidates.map((c) => [c.id, 0.45 + 0.5 * rand() + (levelOf.get(c.school_id) ?? 0)]));
  const rows = new Map<number, ScoreColumns>();
  for (const subject of subjects) {
    const cols: ScoreColumns = { studentIds: [], questionIds: [], scores: [], choices: [] };
    for (const c of candidates) {
      const a = ability.get(c.id)!;
      for (const q of questions.filter((x) => x.examSubjectId === subject.id)) {
        cols.studentIds.push(c.id);
        cols.questionIds.push(q.id);
        if (q.type === 'single') {
          const right = rand() < a;
          // a wrong choice: the letter after the key
          cols.choices.push(right ? q.answer! : String.fromCharCode(((q.answer!.charCodeAt(0) - 65 + 1) % 4) + 65));
          cols.scores.push(right ? q.fullScore : 0);
        } else {
          const share = Math.min(1, Math.max(0, a + (rand() - 0.5) * 0.3));
          cols.choices.push(null);
          cols.scores.push(Math.round(q.fullScore * share));
        }
      }
    }
    rows.set(subject.id, cols);
  }
  await withScoreWrites(db, exam.examId, async (tx) => {
    for (const [subjectId, cols] of rows) await replaceSubjectScores(tx, subjectId, { rows: cols, absent: [] }, 'import');
  });
  await releaseExam(db, exam.examId);
  return exam.examId;
}
