/**
 * Score entry rules (grade_import, question_score).
 *
 * Imports validate every row first; any bad row → nothing written, code 400, data.errors naming every bad cell
 * ({ sheet, row, column, reason }). A subject present in the file is replaced atomically (all its scores and
 * absences); subjects not in the file are untouched. Students are matched by 考号, else by 班级 (高一1班 or 1班)
 * + 姓名. Exam students taking a subject (选择考生名单) but missing from its sheet are recorded as 缺考 (notInFile);
 * a row of a candidate left out of the subject is refused (totals: its cell must stay empty or 不考).
 *
 * Totals import (kind=total) stores each subject total as the score of one synthetic question (is_total, no
 * '总分'), so "subject score = sum of question scores" holds for every subject; it is refused for subjects that
 * have real questions. In the totals sheet an empty cell, 缺考 or 缺 marks the student absent in that subject.
 * Scores are written through score-write.service.ts (docs/DOMAIN-RULES.md §10), as every score write is.
 */
import { classFullName } from '@jz/shared/school';
import { electiveGroupsOf, electiveLabel } from '@jz/shared/elective';
import { ABSENT_HEADER, TOTAL_QUESTION_NO, TOTAL_SHEET_NAME, type ImportError, type ImportResult, type StudentScore } from '@jz/shared/api/score';
import type { Db } from '../../db/database.js';
import { BizError, forbidden, notFound } from '../../core/http.js';
import { visibleClassIds } from '../../core/scope.js';
import * as examRepo from '../exam/exam.repository.js';
import { assertNotReleased, canEditSubject, examFor, examScopeFor, subjectFor, type SchoolUser } from '../exam/exam.access.js';
import { JOINT_SCORING_NAMES, type JointScoringMode } from '@jz/shared/joint';
import { normalizeNo } from '../exam/exam-question.service.js';
import * as repo from './score.repository.js';
import { excludedBySubject } from '../exam-room/exam-room.repository.js';
import { replaceStudentScores, replaceSubjectScores, withScoreWrites } from './score-write.service.js';
import { checkPoints, isObjective, optionLetters, readScoreCell, round2, subjectTotal } from './scoring.js';
import { IMPORT_LIMITS } from '../excel/import-limits.js';
import { columnLetter, type XlsxSource } from '../excel/xlsx-read.js';
import { cellText, readWorkbook, writeWorkbook, type SheetData, type SheetRow } from './workbook-io.js';

/** What the totals template puts in a subject's column for a candidate who does not take it. */
const NOT_TAKING_CELL = '不考';
const notTaking = (s: { name: string; examNo: string }, subject: string) => `考生 ${s.name}（${s.examNo}）不在${subject}的考生名单中`;

const RELEASED_MSG = '成绩已发布，不能直接修改，请通过成绩更正申请修改';
const MAX_ERRORS = 5000;

// ---------------------------------------------------------------- template

export async function template(db: Db, user: SchoolUser, examId: number, kind: 'question' | 'total'): Promise<{ fileName: string; buffer: Buffer }> {
  const { exam, schoolId } = await examScopeFor(db, user, examId);
  const subjects = await examRepo.subjectsOf(db, [exam.id]);
  const questions = await examRepo.questionsOf(db, subjects.map((s) => s.id));
  // a school of a joint exam fills in its own candidates only
  const students = (await repo.examStudents(db, exam.id)).filter((s) => schoolId === null || s.schoolId === schoolId);
  const excluded = await excludedBySubject(db, exam.id);
  const fixed = [{ header: '考号', width: 16 }, { header: '姓名', width: 12 }, { header: '班级', width: 12 }];
  const rowOf = (s: Student) => [s.examNo, s.name, classFullName(exam.gradeName, s.className)];
  const base = students.map(rowOf);
  if (kind === 'question') {
    const withQuestions = subjects.filter((s) => questions.some((q) => q.examSubjectId === s.id));
    if (!withQuestions.length) throw new BizError('请先设置各科目的小题');
    const sheets = withQuestions.map((s) => ({
      name: s.courseName,
      columns: [...fixed, ...questions.filter((q) => q.examSubjectId === s.id).map((q) => ({ header: q.no, width: 8 })), { header: ABSENT_HEADER, width: 8 }],
      rows: students.filter((st) => !excluded.get(s.id)?.has(st.id)).map(rowOf), // the subject's own candidates (选择考生名单)
    }));
    return { fileName: `${exam.name}-小题成绩导入模板.xlsx`, buffer: await writeWorkbook(sheets) };
  }
  const totalsOnly = subjects.filter((s) => !questions.some((q) => q.examSubjectId === s.id));
  if (!totalsOnly.length) throw new BizError('各科目都已设置小题，请使用小题成绩模板');
  // a candidate left out of a subject gets 不考 in its column (import skips it)
  const rows = students.map((st, i) => [...base[i]!, ...totalsOnly.map((s) => (excluded.get(s.id)?.has(st.id) ? NOT_TAKING_CELL : null))]);
  const sheet = { name: TOTAL_SHEET_NAME, columns: [...fixed, ...totalsOnly.map((s) => ({ header: s.courseName, width: 10 }))], rows };
  return { fileName: `${exam.name}-科目总分导入模板.xlsx`, buffer: await writeWorkbook([sheet]) };
}

// ---------------------------------------------------------------- matching

/**
 * The exam student of one sheet row (by 考号, else 班级 + 姓名), at most once per sheet: an unknown student or a
 * second row of the same student is recorded in `errors` and gives undefined.
 */
function rowStudent(match: ReturnType<typeof studentMatcher>, header: Header, sheet: SheetData, row: SheetRow,
  seen: Map<number, number>, errors: ImportError[]): Student | undefined {
  const at = (name: string) => { const i = header.index.get(name); return i === undefined ? '' : cellText(row.values[i]); };
  const m = match(at('考号'), at('姓名'), at('班级'));
  if (!m.student) { errors.push({ sheet: sheet.name, row: row.rowNo, column: letterOf(header, m.column!), reason: m.reason! }); return undefined; }
  const s = m.student;
  const prev = seen.get(s.id);
  if (prev !== undefined) {
    errors.push({ sheet: sheet.name, row: row.rowNo, column: letterOf(header, header.index.has('考号') ? '考号' : '姓名'), reason: `考生 ${s.name}（${s.examNo}）与第 ${prev} 行重复` });
    return undefined;
  }
  seen.set(s.id, row.rowNo);
  return s;
}

type Student = repo.ImportStudent;

/**
 * Student lookup by 考号 and by 班级 + 姓名 (班级 as 高一1班 or 1班). With `schoolId` (a school's import into a joint
 * exam) only that school's candidates match: another school's 考号 is named as such, names look in the school only.
 */
function studentMatcher(students: Student[], gradeName: string, schoolId: number | null = null) {
  const byNo = new Map(students.map((s) => [s.examNo, s]));
  const byName = new Map<string, Student[]>();
  for (const s of students) {
    if (schoolId !== null && s.schoolId !== schoolId) continue;
    for (const cls of [s.className, classFullName(gradeName, s.className)]) {
      const key = `${cls}\u0000${s.name}`;
      const list = byName.get(key) ?? [];
      list.push(s);
      byName.set(key, list);
    }
  }
  return (examNo: string, name: string, cls: string): { student?: Student; column?: string; reason?: string } => {
    if (examNo) {
      const s = byNo.get(examNo);
      if (s && schoolId !== null && s.schoolId !== schoolId) return { column: '考号', reason: `考号 ${examNo} 是其他学校的考生，本校只能导入本校考生的成绩` };
      return s ? { student: s } : { column: '考号', reason: `考号 ${examNo} 不在本次考试中` };
    }
    if (!name || !cls) return { column: name ? '班级' : '姓名', reason: '请填写考号，或同时填写班级和姓名' };
    const list = byName.get(`${cls.replace(/\s+/g, '')}\u0000${name}`);
    if (!list) return { column: '姓名', reason: `${cls}没有名为“${name}”的考生` };
    if (list.length > 1) return { column: '姓名', reason: `${cls}有多名“${name}”，请填写考号` };
    return { student: list[0] };
  };
}

const isBlankRow = (values: unknown[]) => values.every((v) => v === null || v === undefined || (typeof v === 'string' && v.trim() === ''));

/** 缺考 column: 1 / 是 / 缺考 → true; empty / 0 / 否 → false; anything else → undefined (bad). */
function readAbsent(v: unknown): boolean | undefined {
  const s = cellText(v);
  if (s === '' || s === '0' || s === '否') return false;
  if (s === '1' || s === '是' || s === '缺考' || s === '缺' || s.toUpperCase() === 'TRUE') return true;
  return undefined;
}

interface Header { index: Map<string, number>; texts: string[] }
function readHeader(sheet: SheetData): Header | null {
  const first = sheet.rows[0];
  if (!first || first.rowNo !== 1) return null;
  const texts = first.values.map((v) => normalizeNo(cellText(v)));
  const index = new Map<string, number>();
  texts.forEach((t, i) => { if (t && !index.has(t)) index.set(t, i); });
  return { index, texts };
}

/** Excel column letter of a header name ('' when the sheet has no such column): errors name the real column. */
const letterOf = (header: Header, name: string): string => { const i = header.index.get(name); return i === undefined ? '' : columnLetter(i); };

interface Pending {
  subject: examRepo.SubjectRow;
  totalQuestion?: boolean;
  studentIds: number[];
  questionIds: number[];
  scores: number[];
  choices: (string | null)[];
  absent: number[];
  scored: number;
  notInFile: number;
}

async function loadImportContext(db: Db, user: SchoolUser, examId: number | undefined) {
  if (!examId) throw new BizError('请指定考试（examId）');
  const { exam, schoolId } = await examScopeFor(db, user, examId);
  assertNotReleased(exam, '成绩已发布，不能再导入；如需修改请通过成绩更正申请');
  const subjects = await examRepo.subjectsOf(db, [exam.id]);
  const questions = await examRepo.questionsOf(db, subjects.map((s) => s.id), true);
  const all = await repo.examStudents(db, exam.id);
  // a participating school replaces its own candidates' scores only, in the subjects the organiser left to 学校导入
  const students = schoolId === null ? all : all.filter((s) => s.schoolId === schoolId);
  const scoring = schoolId === null ? null : await repo.jointScoringOf(db, exam.id);
  const notImported = (subjectId: number): string | null => {
    const mode = scoring?.get(subjectId) as JointScoringMode | undefined;
    return mode && mode !== 'import' ? JOINT_SCORING_NAMES[mode] : null;
  };
  const excluded = await excludedBySubject(db, exam.id);
  /** Does the candidate take the subject (选择考生名单)? */
  const takes = (subjectId: number, studentId: number) => !excluded.get(subjectId)?.has(studentId);
  const optionCounts = await repo.cardOptionCounts(db, user.schoolId, subjects.map((s) => s.id));
  const only = schoolId === null ? undefined : students.map((s) => s.id);
  return { exam, subjects, questions, students, takes, optionCounts, notImported, only, match: studentMatcher(all, exam.gradeName, schoolId) };
}

function fail(errors: ImportError[]): never {
  const rows = new Set(errors.map((e) => `${e.sheet}\u0000${e.row}`)).size;
  throw new BizError(`成绩文件有 ${rows} 行存在错误，未导入任何数据`, 400, { errors: errors.slice(0, MAX_ERRORS) });
}

async function write(db: Db, examId: number, pending: Pending[], only: number[] | undefined, totalNo?: string): Promise<void> {
  await withScoreWrites(db, examId, async (tx) => {
    for (const p of pending) {
      if (p.totalQuestion) {
        const qid = await repo.ensureTotalQuestion(tx, p.subject.id, p.subject.fullScore, totalNo ?? TOTAL_QUESTION_NO);
        p.questionIds = p.studentIds.map(() => qid);
      }
      await replaceSubjectScores(tx, p.subject.id, { rows: p, absent: p.absent }, 'import', only);
    }
  }, { unreleased: '成绩已发布，不能再导入；如需修改请通过成绩更正申请' });
}

const summary = (pending: Pending[], rows: number): ImportResult => ({
  subjects: pending.map((p) => ({
    courseCode: p.subject.courseCode, courseName: p.subject.courseName, scored: p.scored, absent: p.absent.length, notInFile: p.notInFile,
  })),
  rows,
});

// ---------------------------------------------------------------- import_question

export async function importQuestionScores(db: Db, user: SchoolUser, examId: number | undefined, buffer: XlsxSource): Promise<ImportResult> {
  const ctx = await loadImportContext(db, user, examId);
  const sheets = await readWorkbook(buffer, IMPORT_LIMITS.questionScore);
  const errors: ImportError[] = [];
  const pending: Pending[] = [];
  let dataRows = 0;
  for (const sheet of sheets) {
    if (sheet.rows.every((r) => isBlankRow(r.values))) continue; // an empty extra sheet (e.g. Sheet1)
    const subject = ctx.subjects.find((s) => s.courseName === sheet.name || s.courseCode === sheet.name);
    if (!subject) {
      errors.push({ sheet: sheet.name, row: 1, column: '', reason: `工作表名称“${sheet.name}”不是本次考试的科目（应为 ${ctx.subjects.map((s) => s.courseName).join('、')}）` });
      continue;
    }
    if (pending.some((p) => p.subject.id === subject.id)) {
      errors.push({ sheet: sheet.name, row: 1, column: '', reason: `${subject.courseName}有多个工作表` });
      continue;
    }
    if (!canEditSubject(user, ctx.exam, subject.courseCode)) throw forbidden();
    const by = ctx.notImported(subject.id);
    if (by) {
      errors.push({ sheet: sheet.name, row: 1, column: '', reason: `联考的${subject.courseName}由组织方设为${by}，不能导入成绩` });
      continue;
    }
    const questions = ctx.questions.filter((q) => q.examSubjectId === subject.id && !q.isTotal);
    if (!questions.length) {
      errors.push({ sheet: sheet.name, row: 1, column: '', reason: `${subject.courseName}还没有设置小题` });
      continue;
    }
    const header = readHeader(sheet);
    if (!header) {
      errors.push({ sheet: sheet.name, row: 1, column: '', reason: '第 1 行应为表头（考号、姓名、班级、各题题号、缺考）' });
      continue;
    }
    const known = new Set(['考号', '姓名', '班级', ABSENT_HEADER, ...questions.map((q) => q.no)]);
    const headerErrors: ImportError[] = [];
    header.texts.forEach((t, i) => {
      if (t && !known.has(t)) headerErrors.push({ sheet: sheet.name, row: 1, column: columnLetter(i), reason: `“${t}”不是${subject.courseName}的题号` });
      else if (t && header.index.get(t) !== i) headerErrors.push({ sheet: sheet.name, row: 1, column: columnLetter(i), reason: `列“${t}”重复（${letterOf(header, t)} 列已有）` });
    });
    for (const q of questions) if (!header.index.has(q.no)) headerErrors.push({ sheet: sheet.name, row: 1, column: '', reason: `缺少第 ${q.no} 题的列` });
    if (!header.index.has('考号') && !(header.index.has('姓名') && header.index.has('班级'))) {
      headerErrors.push({ sheet: sheet.name, row: 1, column: '', reason: '缺少考号列（或姓名、班级列）' });
    }
    if (headerErrors.length) { errors.push(...headerErrors); continue; }

    const col = (name: string) => header.index.get(name);
    const cAbsent = col(ABSENT_HEADER);
    const optionCount = ctx.optionCounts.get(subject.id);
    const qCols = questions.map((q) => ({ q, i: header.index.get(q.no)!, options: optionLetters(q, optionCount) }));
    const p: Pending = { subject, studentIds: [], questionIds: [], scores: [], choices: [], absent: [], scored: 0, notInFile: 0 };
    const seen = new Map<number, number>();
    for (const row of sheet.rows.slice(1)) {
      if (isBlankRow(row.values)) continue;
      dataRows++;
      const v = row.values;
      const s = rowStudent(ctx.match, header, sheet, row, seen, errors);
      if (!s) continue;
      if (!ctx.takes(subject.id, s.id)) {
        errors.push({ sheet: sheet.name, row: row.rowNo, column: letterOf(header, header.index.has('考号') ? '考号' : '姓名'), reason: notTaking(s, subject.courseName) });
        continue;
      }
      const absent = cAbsent === undefined ? false : readAbsent(v[cAbsent]);
      if (absent === undefined) { errors.push({ sheet: sheet.name, row: row.rowNo, column: columnLetter(cAbsent!), reason: '缺考列只能填 1、是 或留空' }); continue; }
      if (absent) { p.absent.push(s.id); continue; }
      let bad = false;
      const scores: (number | null)[] = [];
      const choices: (string | null)[] = [];
      const filled = new Map<string, number[]>(); // 选做 group → filled columns
      for (const { q, i, options } of qCols) {
        // a 选做 question left empty was not chosen: no score (not 0)
        if (q.electiveGroup && cellText(v[i]).trim() === '') { scores.push(null); choices.push(null); continue; }
        if (q.electiveGroup) filled.set(q.electiveGroup, [...(filled.get(q.electiveGroup) ?? []), i]);
        const r = readScoreCell(q, v[i], options);
        if ('error' in r) {
          bad = true;
          errors.push({ sheet: sheet.name, row: row.rowNo, column: columnLetter(i), reason: `第 ${q.no} 题（填写“${cellText(v[i])}”）：${r.error}` });
        } else {
          scores.push(round2(r.score));
          choices.push(r.choice);
        }
      }
      for (const g of electiveGroupsOf(questions)) {
        const cols = filled.get(g.name) ?? [];
        if (cols.length <= g.pick) continue;
        bad = true;
        errors.push({ sheet: sheet.name, row: row.rowNo, column: columnLetter(cols[g.pick]!),
          reason: `${electiveLabel(g)}为选做题（选做 ${g.pick} 道），本行填写了 ${cols.length} 道题的成绩（${cols.map((c) => `${columnLetter(c)} 列`).join('、')}），请只保留所选的题` });
      }
      if (bad) continue;
      p.scored++;
      for (const [k, { q }] of qCols.entries()) {
        if (scores[k] === null) continue;
        p.studentIds.push(s.id);
        p.questionIds.push(q.id);
        p.scores.push(scores[k]!);
        p.choices.push(choices[k]!);
      }
    }
    const missing = ctx.students.filter((s) => !seen.has(s.id) && ctx.takes(subject.id, s.id));
    p.notInFile = missing.length;
    p.absent.push(...missing.map((s) => s.id));
    pending.push(p);
    if (errors.length > MAX_ERRORS) break;
  }
  if (!errors.length && !pending.length) errors.push({ sheet: sheets[0]!.name, row: 1, column: '', reason: '文件中没有可导入的科目工作表' });
  if (errors.length) fail(errors);
  await write(db, ctx.exam.id, pending, ctx.only);
  return summary(pending, dataRows);
}

// ---------------------------------------------------------------- import_total

export async function importTotalScores(db: Db, user: SchoolUser, examId: number | undefined, buffer: XlsxSource): Promise<ImportResult> {
  const ctx = await loadImportContext(db, user, examId);
  const sheets = (await readWorkbook(buffer, IMPORT_LIMITS.totalScore)).filter((s) => !s.rows.every((r) => isBlankRow(r.values)));
  const sheet = sheets.find((s) => s.name === TOTAL_SHEET_NAME) ?? sheets[0];
  if (!sheet) throw new BizError('文件中没有数据');
  const errors: ImportError[] = [];
  const header = readHeader(sheet);
  if (!header) fail([{ sheet: sheet.name, row: 1, column: '', reason: '第 1 行应为表头（考号、姓名、班级、各科目名称）' }]);
  const cols: { subject: examRepo.SubjectRow; i: number }[] = [];
  header.texts.forEach((t, i) => {
    if (!t || t === '考号' || t === '姓名' || t === '班级') {
      if (t && header.index.get(t) !== i) errors.push({ sheet: sheet.name, row: 1, column: columnLetter(i), reason: `列“${t}”重复（${letterOf(header, t)} 列已有）` });
      return;
    }
    const subject = ctx.subjects.find((s) => s.courseName === t || s.courseCode === t);
    const column = columnLetter(i);
    if (!subject) { errors.push({ sheet: sheet.name, row: 1, column, reason: `“${t}”不是本次考试的科目` }); return; }
    if (cols.some((c) => c.subject.id === subject.id)) { errors.push({ sheet: sheet.name, row: 1, column, reason: `科目“${t}”重复` }); return; }
    if (subject.questionCount > 0) { errors.push({ sheet: sheet.name, row: 1, column, reason: `${subject.courseName}已设置小题，请使用小题成绩导入` }); return; }
    const by = ctx.notImported(subject.id);
    if (by) { errors.push({ sheet: sheet.name, row: 1, column, reason: `联考的${subject.courseName}由组织方设为${by}，不能导入成绩` }); return; }
    cols.push({ subject, i });
  });
  if (!header.index.has('考号') && !(header.index.has('姓名') && header.index.has('班级'))) {
    errors.push({ sheet: sheet.name, row: 1, column: '', reason: '缺少考号列（或姓名、班级列）' });
  }
  if (!cols.length && !errors.length) errors.push({ sheet: sheet.name, row: 1, column: '', reason: '表头中没有科目列' });
  if (errors.length) fail(errors);
  for (const c of cols) if (!canEditSubject(user, ctx.exam, c.subject.courseCode)) throw forbidden();

  const pending: Pending[] = cols.map((c) => ({ subject: c.subject, totalQuestion: true, studentIds: [], questionIds: [], scores: [], choices: [], absent: [], scored: 0, notInFile: 0 }));
  const seen = new Map<number, number>();
  let dataRows = 0;
  for (const row of sheet.rows.slice(1)) {
    if (isBlankRow(row.values)) continue;
    dataRows++;
    const v = row.values;
    const s = rowStudent(ctx.match, header, sheet, row, seen, errors);
    if (!s) continue;
    const cells: ({ absent: true } | { skip: true } | { score: number })[] = [];
    for (const c of cols) {
      const text = cellText(v[c.i]);
      if (!ctx.takes(c.subject.id, s.id)) {
        // not the subject's candidate: nothing is recorded; a score there is a mistake
        if (text === '' || text === NOT_TAKING_CELL) cells.push({ skip: true });
        else errors.push({ sheet: sheet.name, row: row.rowNo, column: columnLetter(c.i), reason: notTaking(s, c.subject.courseName) });
        continue;
      }
      if (text === '' || text === '缺考' || text === '缺') { cells.push({ absent: true }); continue; }
      const n = typeof v[c.i] === 'number' ? (v[c.i] as number) : /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) ? Number(text) : NaN;
      const reason = checkPoints({ fullScore: c.subject.fullScore, step: 0.5 }, n);
      if (reason) errors.push({ sheet: sheet.name, row: row.rowNo, column: columnLetter(c.i), reason: `${c.subject.courseName}（填写“${text}”）：${reason}` });
      else cells.push({ score: round2(n) });
    }
    if (cells.length !== cols.length) continue;
    cells.forEach((cell, k) => {
      const p = pending[k]!;
      if ('skip' in cell) return;
      if ('absent' in cell) { p.absent.push(s.id); return; }
      p.scored++;
      p.studentIds.push(s.id);
      p.scores.push(cell.score);
      p.choices.push(null);
    });
    if (errors.length > MAX_ERRORS) break;
  }
  if (errors.length) fail(errors);
  for (const p of pending) {
    const missing = ctx.students.filter((s) => !seen.has(s.id) && ctx.takes(p.subject.id, s.id)).map((s) => s.id);
    p.notInFile = missing.length;
    p.absent.push(...missing);
  }
  await write(db, ctx.exam.id, pending, ctx.only);
  return summary(pending, dataRows);
}

// ---------------------------------------------------------------- question_score

async function examStudentFor(db: Db, user: SchoolUser, examId: number, examStudentId: number) {
  const exam = await examFor(db, user, examId);
  const es = await db.selectFrom('exam_student as es')
    .innerJoin('student as st', 'st.id', 'es.student_id')
    .innerJoin('school_class as c', 'c.id', 'es.class_id')
    .select(['es.id', 'es.exam_id', 'es.class_id', 'es.exam_no', 'st.name', 'c.name as className'])
    .where('es.id', '=', examStudentId).executeTakeFirst();
  if (!es || es.exam_id !== exam.id) throw notFound('考生');
  const visible = await visibleClassIds(db, user);
  if (visible !== 'all' && !visible.includes(es.class_id)) throw forbidden();
  return { exam, es };
}

export async function findStudentScores(db: Db, user: SchoolUser, examId: number, examStudentId: number): Promise<StudentScore> {
  const { exam, es } = await examStudentFor(db, user, examId, examStudentId);
  const subjects = await examRepo.subjectsOf(db, [exam.id]);
  const questions = await examRepo.questionsOf(db, subjects.map((s) => s.id), true);
  const scores = new Map((await repo.studentScores(db, es.id, questions.map((q) => q.id))).map((r) => [r.questionId, r]));
  const absent = new Set(await repo.studentAbsences(db, es.id));
  const out = subjects.map((s) => {
    const qs = questions.filter((q) => q.examSubjectId === s.id);
    const entered = qs.filter((q) => scores.has(q.id));
    return {
      examSubjectId: s.id,
      courseCode: s.courseCode,
      courseName: s.courseName,
      fullScore: s.fullScore,
      absent: absent.has(s.id),
      score: entered.length ? subjectTotal(entered.map((q) => Number(scores.get(q.id)!.score))) : null,
      questions: qs.map((q) => ({
        questionId: q.id, no: q.no, type: q.type, fullScore: q.fullScore, step: q.step, answer: q.answer,
        score: scores.has(q.id) ? Number(scores.get(q.id)!.score) : null, choice: scores.get(q.id)?.choice ?? null,
      })),
    };
  });
  return {
    examStudentId: es.id, examId: exam.id, name: es.name, examNo: es.exam_no, className: classFullName(exam.gradeName, es.className),
    released: !!exam.releasedAt, total: round2(out.reduce((sum, s) => sum + (s.score ?? 0), 0)), subjects: out,
  };
}

export async function updateStudentScores(
  db: Db, user: SchoolUser,
  body: { examStudentId: number; examSubjectId: number; absent: boolean; scores: { questionId: number; score?: number | null; choice?: string | null }[] },
): Promise<StudentScore> {
  const { exam, subject } = await subjectFor(db, user, body.examSubjectId, 'edit');
  assertNotReleased(exam, RELEASED_MSG);
  const { es } = await examStudentFor(db, user, exam.id, body.examStudentId);
  const questions = await examRepo.questionsOf(db, [subject.id], true);
  const optionCount = (await repo.cardOptionCounts(db, user.schoolId, [subject.id])).get(subject.id);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<number, { score?: number | null; choice?: string | null }>();
  const problems: string[] = [];
  for (const s of body.scores) {
    const q = byId.get(s.questionId);
    if (!q) { problems.push(`题目 ${s.questionId} 不属于该科目`); continue; }
    if (given.has(q.id)) problems.push(`第 ${q.no} 题重复`);
    given.set(q.id, s);
  }
  if (!body.absent && !questions.length) throw new BizError('该科目还没有设置小题');
  const rows: { q: examRepo.QuestionRow; score: number; choice: string | null }[] = [];
  if (!body.absent) {
    for (const q of questions) {
      const g = given.get(q.id);
      const raw = g?.choice ? g.choice : g?.score ?? null;
      if (q.electiveGroup && raw === null) continue; // a 选做 question not chosen: no score
      if (g?.choice && !isObjective(q.type)) { problems.push(`第 ${q.no} 题不是客观题，不能填写选项`); continue; }
      const r = readScoreCell(q, raw, optionLetters(q, optionCount));
      if ('error' in r) problems.push(`第 ${q.no} 题：${r.error}`);
      else rows.push({ q, score: round2(r.score), choice: r.choice });
    }
  }
  for (const g of electiveGroupsOf(questions)) {
    const n = rows.filter((r) => r.q.electiveGroup === g.name).length;
    if (n > g.pick) problems.push(`${electiveLabel(g)}为选做题（选做 ${g.pick} 道），只能填写 ${g.pick} 道题的成绩`);
  }
  if (problems.length) throw new BizError(problems.slice(0, 10).join('；'));
  await withScoreWrites(db, exam.id, (tx) => replaceStudentScores(tx, subject.id, es.id,
    body.absent ? 'absent' : rows.map((r) => ({ questionId: r.q.id, score: r.score, choice: r.choice })), 'edit'), { unreleased: RELEASED_MSG });
  return findStudentScores(db, user, exam.id, es.id);
}
