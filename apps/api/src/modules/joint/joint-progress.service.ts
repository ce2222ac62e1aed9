/**
 * Each school's part of a joint exam counted over its own candidates: the organiser's progress (candidates, sheets
 * scanned, marking, scores) and the release check's per-school line (docs/DOMAIN-RULES.md §7).
 */
import type { Db, Tx } from '../../db/database.js';
import { scoreCellsByGroup } from '../exam/exam.completeness.js';
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
  const bySchool = groupBySchool(students);
  const cellsOf = scoreCellsByGroup(subjects, questions, bySchool, stored, absences);
  for (const [schoolId, mine] of bySchool) {
    const cells = cellsOf.get(schoolId)!;
    let needed = 0;
    let done = 0;
    for (const c of cells.values()) { needed += c.cellsNeeded; done += c.cellsDone; }
    const sm = scanMark.get(schoolId);
    out.set(schoolId, { students: mine.length, classes: new Set(mine.map((s) => s.classId)).size, needed, done, scanned: sm?.scanned ?? 0, papers: sm?.papers ?? 0, marked: sm?.marked ?? 0 });
  }
  return out;
}

/** Candidates by school, in the order first met (one pass). */
function groupBySchool<T extends { schoolId: number }>(rows: T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.schoolId);
    if (list) list.push(r);
    else out.set(r.schoolId, [r]);
  }
  return out;
}

/** What the release check has read already (the exam's subjects, questions, stored score counts and absences). */
export interface ScoresRead {
  subjects: { id: number; courseName: string }[];
  questions: { examSubjectId: number; electiveGroup: string | null; electivePick: number | null }[];
  stored: { sid: number; esid: number; n: number }[];
  absences: { sid: number; esid: number }[];
}

/**
 * The release check's per-school part: each confirmed school whose candidates still lack scores, with how many
 * candidates of each subject have none or an incomplete set (named before any confirmation). Counted in one pass
 * over the candidates (a joint exam of 100 schools and 100,000 candidates), from the reads given or its own.
 */
export async function schoolsMissingScores(q: Db | Tx, examId: number, read?: ScoresRead): Promise<string[]> {
  const schools = (await repo.examSchools(q, examId)).filter((s) => s.status === 'confirmed');
  const subjects = read?.subjects ?? await examRepo.subjectsOf(q, [examId]);
  const [students, questions, stored, absences] = await Promise.all([
    repo.candidates(q, examId), read?.questions ?? examRepo.questionsOf(q, subjects.map((s) => s.id), true),
    read?.stored ?? examRepo.storedScoreCounts(q, examId), read?.absences ?? examRepo.absencesOf(q, examId),
  ]);
  const bySchool = groupBySchool(students);
  const cellsOf = scoreCellsByGroup(subjects, questions, new Map(schools.map((s) => [s.schoolId, bySchool.get(s.schoolId) ?? []])), stored, absences);
  const out: string[] = [];
  for (const school of schools) {
    const cells = cellsOf.get(school.schoolId)!;
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
