/**
 * Each school's part of a joint exam counted over its own candidates: the organiser's progress (candidates, sheets
 * scanned, marking, scores) and the release check's per-school line (docs/DOMAIN-RULES.md §7).
 */
import type { Db, Tx } from '../../db/database.js';
import { scoreCells } from '../exam/exam.completeness.js';
import * as examRepo from '../exam/exam.repository.js';
import * as repo from './joint.repository.js';

/**
 * Per school: candidates, classes, the scores its present candidates need and have (exam.completeness), its sheets
 * scanned and its marking papers (all and final).
 */
export async function schoolProgress(db: Db, examId: number, subjects: { id: number }[]) {
  const [students, questions, stored, absences, scanMark] = await Promise.all([
    repo.candidates(db, examId), examRepo.questionsOf(db, subjects.map((s) => s.id), true), examRepo.storedScoreCounts(db, examId), examRepo.absencesOf(db, examId),
    repo.scanMarkCounts(db, examId),
  ]);
  const out = new Map<number, { students: number; classes: number; needed: number; done: number; scanned: number; papers: number; marked: number }>();
  for (const schoolId of new Set(students.map((s) => s.schoolId))) {
    const mine = students.filter((s) => s.schoolId === schoolId);
    const cells = scoreCells(subjects, questions, mine, stored, absences);
    let needed = 0;
    let done = 0;
    for (const c of cells.values()) { needed += c.cellsNeeded; done += c.cellsDone; }
    const sm = scanMark.get(schoolId);
    out.set(schoolId, { students: mine.length, classes: new Set(mine.map((s) => s.classId)).size, needed, done, scanned: sm?.scanned ?? 0, papers: sm?.papers ?? 0, marked: sm?.marked ?? 0 });
  }
  return out;
}

/**
 * The release check's per-school part: each confirmed school whose candidates still lack scores, with how many
 * candidates of each subject have none or an incomplete set (named before any confirmation).
 */
export async function schoolsMissingScores(q: Db | Tx, examId: number): Promise<string[]> {
  const schools = (await repo.examSchools(q, examId)).filter((s) => s.status === 'confirmed');
  const subjects = await examRepo.subjectsOf(q, [examId]);
  const [students, questions, stored, absences] = await Promise.all([
    repo.candidates(q, examId), examRepo.questionsOf(q, subjects.map((s) => s.id), true), examRepo.storedScoreCounts(q, examId), examRepo.absencesOf(q, examId),
  ]);
  const out: string[] = [];
  for (const school of schools) {
    const mine = students.filter((s) => s.schoolId === school.schoolId);
    const cells = scoreCells(subjects, questions, mine, stored, absences);
    const gaps = subjects.map((s) => ({ s, c: cells.get(s.id)! })).filter(({ c }) => c.need && c.missing + c.partial > 0)
      .map(({ s, c }) => `${s.courseName} ${c.missing + c.partial} 名考生`);
    if (gaps.length) out.push(`${school.schoolName}成绩未齐（${gaps.join('，')}）`);
  }
  return out;
}

/**
 * The release check's 各校阅卷 part: each confirmed school whose marking of a block is not finished, naming the blocks
 * (papers not final yet, or 尚未开始 when none of its papers was made), e.g. `育才中学阅卷未完成（数学第1题 2 份未评完）`.
 */
export async function schoolsMarkingOpen(q: Db | Tx, examId: number): Promise<string[]> {
  const bySchool = new Map<string, string[]>();
  for (const r of await repo.schoolMarkingState(q, examId)) {
    if (r.papers && !r.open) continue;
    const list = bySchool.get(r.schoolName) ?? [];
    list.push(`${r.courseName}${r.blockName} ${r.papers ? `${r.open} 份未评完` : '尚未开始'}`);
    bySchool.set(r.schoolName, list);
  }
  return [...bySchool].map(([name, blocks]) => `${name}阅卷未完成（${blocks.join('，')}）`);
}
