/**
 * 校本题库 questions in and out of Excel (@jz/shared/bank-question-excel): the import checks every row first, any
 * bad row → nothing written and every bad cell named (row, column letter, reason), then one transaction; the export
 * writes the filtered list with the template's columns, so it can be edited and imported again.
 */
import { BANK_QUESTION_TEMPLATE, OPTION_LABELS, checkQuestionRow, type CheckedQuestionRow } from '@jz/shared/bank-question-excel';
import { pathOf } from '@jz/shared/knowledge-tree';
import { QUESTION_TYPE_NAMES } from '@jz/shared/api/exam';
import type { ImportResult } from '@jz/shared/api/excel';
import type { ListQuery } from '@jz/shared/api/question-bank';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { ErrorList } from '../excel/import-errors.js';
import { IMPORT_LIMITS, type ImportLimits } from '../excel/import-limits.js';
import { readTemplateSheet, writeTemplate, writeWorkbook } from '../excel/excel.workbook.js';
import * as repo from './question-bank.repository.js';
import { canEditQuestions, knownCourse, list } from './question-bank.service.js';

/** At most 1,000 questions a file; a stem or analysis cell up to the bank's 20,000 characters. */
export const QUESTION_IMPORT_LIMITS: ImportLimits = {
  ...IMPORT_LIMITS.knowledgeTree, label: '试题', rows: 1_001, cells: 12_000, cellChars: 20_000, sharedStringChars: 8_000_000,
};
/** The export's ceiling (one request, one workbook in memory). */
export const EXPORT_MAX = 2_000;

async function pointRefs(db: Db, schoolId: number, courseCode: string) {
  const rows = await repo.pointsOf(db, schoolId, courseCode);
  return rows.map((p) => ({ id: p.id, name: p.name, path: pathOf(rows, p.id).join(' / ') }));
}

export async function importQuestions(db: Db, user: SchoolUser, courseCode: string, receive: () => Promise<Buffer>): Promise<ImportResult> {
  await knownCourse(db, user, courseCode);
  if (!canEditQuestions(user, courseCode)) throw forbidden();
  const { rows, letters } = await readTemplateSheet(await receive(), BANK_QUESTION_TEMPLATE, QUESTION_IMPORT_LIMITS);
  const points = await pointRefs(db, user.schoolId, courseCode);
  const errors = new ErrorList(letters);
  const good: CheckedQuestionRow[] = [];
  for (const r of rows) {
    const checked = checkQuestionRow(r.cells, points);
    if ('errors' in checked) for (const [key, reason] of checked.errors) errors.add(r.row, key, reason);
    else good.push(checked.row);
  }
  errors.throwIfAny();
  await db.transaction().execute(async (tx) => {
    for (const q of good) {
      const id = await repo.insertQuestion(tx, user.schoolId, user.id, {
        course_code: courseCode, type: q.type, stem: q.stem, options: JSON.stringify(q.options), answer: q.answer, analysis: q.analysis,
        difficulty: q.difficulty, tags: q.tags,
      });
      await repo.replaceQuestionPoints(tx, id, q.pointIds);
    }
  });
  return { created: good.length, updated: 0, unchanged: 0 };
}

export const questionTemplate = () => writeTemplate(BANK_QUESTION_TEMPLATE);

/** The questions matching the list's filters (every page, newest first), as the import template's rows. */
export async function exportQuestions(db: Db, user: SchoolUser, f: Omit<ListQuery, 'current' | 'size'>) {
  const courseName = await knownCourse(db, user, f.courseCode);
  const { records } = await list(db, user, { ...f, current: 1, size: EXPORT_MAX });
  const rows = records.map((q) => [
    QUESTION_TYPE_NAMES[q.type], q.stem,
    ...OPTION_LABELS.map((l) => q.options.find((o) => o.label === l)?.content ?? ''),
    q.answer, q.analysis, q.difficulty, q.points.map((p) => p.path.replace(/ \/ /g, '/')).join('、'), q.tags.join('、'),
  ]);
  const bytes = await writeWorkbook([{ name: BANK_QUESTION_TEMPLATE.sheetName, columns: BANK_QUESTION_TEMPLATE.columns, rows }]);
  return { fileName: `${courseName}-试题.xlsx`, bytes };
}
