/**
 * A course's knowledge-point tree in and out of Excel: one row per leaf (一级 … 四级知识点). The import adds the
 * points that are missing and keeps the others (and their questions); every row is checked first, any bad row →
 * nothing written and every bad cell named (the project's import rule), then one transaction.
 */
import { BANK_KNOWLEDGE_TREE_TEMPLATE } from '@jz/shared/excel-templates';
import { checkPathRow, KNOWLEDGE_TREE_DEPTH, leafPaths } from '@jz/shared/knowledge-tree';
import type { ImportResult } from '@jz/shared/api/excel';
import type { Db } from '../../db/database.js';
import { forbidden } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { ErrorList } from '../excel/import-errors.js';
import { IMPORT_LIMITS } from '../excel/import-limits.js';
import { readTemplateSheet, writeWorkbook } from '../excel/excel.workbook.js';
import * as repo from './question-bank.repository.js';
import { canEditTree, knownCourse } from './question-bank.service.js';

const levelKeys = Array.from({ length: KNOWLEDGE_TREE_DEPTH }, (_, i) => `level${i + 1}`);

export async function exportTree(db: Db, user: SchoolUser, courseCode: string) {
  const courseName = await knownCourse(db, user, courseCode);
  const paths = leafPaths(await repo.pointsOf(db, user.schoolId, courseCode));
  const bytes = await writeWorkbook([{
    name: BANK_KNOWLEDGE_TREE_TEMPLATE.sheetName,
    columns: BANK_KNOWLEDGE_TREE_TEMPLATE.columns,
    rows: paths.map((p) => levelKeys.map((_, i) => p[i] ?? '')),
  }]);
  return { fileName: `${courseName}-知识点树.xlsx`, bytes };
}

export async function importTree(db: Db, user: SchoolUser, courseCode: string, receive: () => Promise<Buffer>): Promise<ImportResult> {
  await knownCourse(db, user, courseCode);
  if (!canEditTree(user, courseCode)) throw forbidden();
  const { rows, letters } = await readTemplateSheet(await receive(), BANK_KNOWLEDGE_TREE_TEMPLATE, IMPORT_LIMITS.knowledgeTree);
  const errors = new ErrorList(letters);
  const paths: string[][] = [];
  for (const r of rows) {
    const checked = checkPathRow(levelKeys.map((k) => r.cells[k] ?? ''));
    if ('error' in checked) errors.add(r.row, levelKeys[checked.level]!, checked.error);
    else if (checked.path.length) paths.push(checked.path);
  }
  errors.throwIfAny();
  return db.transaction().execute(async (tx) => {
    const existing = await repo.pointsOf(tx, user.schoolId, courseCode);
    const key = (parentId: number | null, name: string) => `${parentId ?? 0}\u0000${name}`;
    const ids = new Map(existing.map((p) => [key(p.parentId, p.name), p.id]));
    let created = 0;
    let unchanged = 0;
    const seen = new Set<string>();
    for (const path of paths) {
      let parentId: number | null = null;
      for (const name of path) {
        const k = key(parentId, name);
        let id = ids.get(k);
        if (id === undefined) {
          id = await repo.insertPoint(tx, { school_id: user.schoolId, course_code: courseCode, parent_id: parentId, name, sort: ids.size });
          ids.set(k, id);
          created++;
        } else if (!seen.has(k) && existing.some((p) => p.id === id)) unchanged++;
        seen.add(k);
        parentId = id;
      }
    }
    return { created, updated: 0, unchanged };
  });
}
