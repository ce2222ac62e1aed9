/**
 * Keys and knowledge points in and out of Excel (standardAnswerExport / standardAnswerImport, knowledgePointssExport /
 * knowledgePointssImport). One row per question, matched by 题号; the import rule of the project: every row is
 * checked first, any bad row → nothing written and every bad cell named (row, column letter, reason); then the
 * keys go through the same save as the screen (re-scoring, and after release the confirmation).
 */
import type { ImportResult } from '@jz/shared/api/excel';
import { QUESTION_TYPE_NAMES } from '@jz/shared/api/exam';
import { KNOWLEDGE_TEMPLATE, STANDARD_ANSWER_TEMPLATE } from '@jz/shared/excel-templates';
import { KNOWLEDGE_SEPARATORS, type AnswerInput } from '@jz/shared/api/standard-answer';
import type { Db } from '../../db/database.js';
import { subjectFor, type SchoolUser } from '../exam/exam.access.js';
import * as examRepo from '../exam/exam.repository.js';
import { checkKey, normalizeNo } from '../exam/exam-question.service.js';
import { writeKnowledge } from '../exam/exam-knowledge.service.js';
import { ErrorList } from '../excel/import-errors.js';
import { IMPORT_LIMITS } from '../excel/import-limits.js';
import { readTemplateSheet, writeWorkbook, type SheetRow } from '../excel/excel.workbook.js';
import { keysEditableBy, saveAnswers } from './standard-answer.service.js';

const MAX_POINTS = 50;
const MAX_POINT_CHARS = 100;

/** The subject's questions by normalised number, and the file name prefix (考试名-科目). */
async function subjectQuestions(db: Db, user: SchoolUser, examSubjectId: number) {
  const { exam, subject } = await subjectFor(db, user, examSubjectId);
  const questions = await examRepo.questionsOf(db, [examSubjectId]);
  return { questions, byNo: new Map(questions.map((q) => [q.no, q])), name: `${exam.name}-${subject.course_name}` };
}

/** Each row's question (by 题号), with 题号 errors (unknown, repeated) collected. */
function matchRows<Q>(rows: SheetRow[], byNo: Map<string, Q>, errors: ErrorList): { row: number; cells: Record<string, string>; q: Q }[] {
  const firstRow = new Map<string, number>();
  const out: { row: number; cells: Record<string, string>; q: Q }[] = [];
  for (const r of rows) {
    const no = normalizeNo(r.cells.no ?? '');
    if (!no) { errors.add(r.row, 'no', '题号不能为空'); continue; }
    const q = byNo.get(no);
    if (!q) { errors.add(r.row, 'no', `本科目没有第 ${no} 题`); continue; }
    const first = firstRow.get(no);
    if (first !== undefined) { errors.add(r.row, 'no', `题号与第${first}行重复`); continue; }
    firstRow.set(no, r.row);
    out.push({ row: r.row, cells: r.cells, q });
  }
  return out;
}

/** A points cell: '' → null; a number ≥ 0; otherwise the reason. */
function pointsCell(text: string): number | null | { error: string } {
  if (!text) return null;
  const v = Number(text);
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text) || !Number.isFinite(v)) return { error: `“${text.slice(0, 20)}”不是数字` };
  if (v < 0) return { error: '分数不能为负' };
  return v;
}

export async function exportAnswers(db: Db, user: SchoolUser, examSubjectId: number) {
  const { questions, name } = await subjectQuestions(db, user, examSubjectId);
  const bytes = await writeWorkbook([{
    name: STANDARD_ANSWER_TEMPLATE.sheetName,
    columns: STANDARD_ANSWER_TEMPLATE.columns,
    rows: questions.map((q) => [q.no, QUESTION_TYPE_NAMES[q.type], q.fullScore, q.answer, q.partialScore, q.optionScore]),
  }]);
  return { fileName: `${name}-标准答案.xlsx`, bytes };
}

/** standardAnswerImport: the keys of the listed questions (others unchanged); the file is read once the rights are checked. */
export async function importAnswers(db: Db, user: SchoolUser, examSubjectId: number, receive: () => Promise<Buffer>, confirm: boolean): Promise<ImportResult> {
  await keysEditableBy(db, user, examSubjectId);
  const { byNo } = await subjectQuestions(db, user, examSubjectId);
  const { rows, letters } = await readTemplateSheet(await receive(), STANDARD_ANSWER_TEMPLATE, IMPORT_LIMITS.standardAnswer);
  const errors = new ErrorList(letters);
  const answers: AnswerInput[] = [];
  for (const { row, cells, q } of matchRows(rows, byNo, errors)) {
    const partial = pointsCell(cells.partialScore ?? '');
    const option = pointsCell(cells.optionScore ?? '');
    if (partial !== null && typeof partial === 'object') errors.add(row, 'partialScore', partial.error);
    if (option !== null && typeof option === 'object') errors.add(row, 'optionScore', option.error);
    if (errors.has(row)) continue;
    const input = { questionId: q.id, answer: cells.answer || null, partialScore: partial as number | null, optionScore: option as number | null };
    if ((input.answer?.length ?? 0) > 500) { errors.add(row, 'answer', '答案不能超过 500 个字'); continue; }
    for (const p of checkKey({ type: q.type, fullScore: q.fullScore, ...input }).problems) errors.add(row, p.field, `第 ${q.no} 题：${p.reason}`);
    answers.push(input);
  }
  errors.throwIfAny();
  const { changed } = await saveAnswers(db, user, examSubjectId, answers, confirm);
  return { created: 0, updated: changed, unchanged: answers.length - changed };
}

export async function exportKnowledge(db: Db, user: SchoolUser, examSubjectId: number) {
  const { questions, name } = await subjectQuestions(db, user, examSubjectId);
  const bytes = await writeWorkbook([{
    name: KNOWLEDGE_TEMPLATE.sheetName,
    columns: KNOWLEDGE_TEMPLATE.columns,
    rows: questions.map((q) => [q.no, QUESTION_TYPE_NAMES[q.type], q.fullScore, q.knowledgePoints.join('、')]),
  }]);
  return { fileName: `${name}-知识点.xlsx`, bytes };
}

/** knowledgePointssImport: the knowledge points of the listed questions (an empty cell clears them; others unchanged). */
export async function importKnowledge(db: Db, user: SchoolUser, examSubjectId: number, receive: () => Promise<Buffer>): Promise<ImportResult> {
  await subjectFor(db, user, examSubjectId, 'edit');
  const { byNo } = await subjectQuestions(db, user, examSubjectId);
  const { rows, letters } = await readTemplateSheet(await receive(), KNOWLEDGE_TEMPLATE, IMPORT_LIMITS.knowledgePoint);
  const errors = new ErrorList(letters);
  const items: { questionId: number; knowledgePoints: string[] }[] = [];
  for (const { row, cells, q } of matchRows(rows, byNo, errors)) {
    const points = [...new Set((cells.points ?? '').split(KNOWLEDGE_SEPARATORS).map((p) => p.trim()).filter(Boolean))];
    const long = points.find((p) => p.length > MAX_POINT_CHARS);
    if (long) errors.add(row, 'points', `知识点“${long.slice(0, 20)}…”超过 ${MAX_POINT_CHARS} 个字`);
    else if (points.length > MAX_POINTS) errors.add(row, 'points', `每题最多 ${MAX_POINTS} 个知识点`);
    else items.push({ questionId: q.id, knowledgePoints: points });
  }
  errors.throwIfAny();
  const changed = await writeKnowledge(db, user, examSubjectId, items);
  return { created: 0, updated: changed, unchanged: items.length - changed };
}
