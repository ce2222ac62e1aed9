/**
 * exam_student_multi/import: the workbook of exam_student_multi/export filled in — per row a 考号 and, per subject
 * column, 考 or 不考 (an empty cell leaves that subject as it is). Any bad row (unknown or repeated 考号, another
 * value, leaving a subject the candidate already has a sheet, score or 缺考 in) refuses the whole file, naming every
 * bad row with its column letter; otherwise all changes are written in one transaction.
 */
import type { ExcelTemplate } from '@jz/shared/excel-templates';
import type { ImportResult } from '@jz/shared/api/excel';
import type { Db } from '../../db/database.js';
import { BizError } from '../../core/http.js';
import type { SchoolUser } from '../exam/exam.access.js';
import * as roomRepo from '../exam-room/exam-room.repository.js';
import { readTemplateSheet } from '../excel/excel.workbook.js';
import { ErrorList } from '../excel/import-errors.js';
import { IMPORT_LIMITS } from '../excel/import-limits.js';
import { multiExamFor } from './multi-exam.access.js';
import * as repo from './multi-exam.repository.js';

export async function importStudents(db: Db, user: SchoolUser, examId: number, receive: () => Promise<Buffer>): Promise<ImportResult> {
  const { exam } = await multiExamFor(db, user, examId, 'edit');
  if (exam.releasedAt) throw new BizError('成绩已发布，不能修改考生名单');
  const [subjects, candidates, excluded] = await Promise.all([repo.subjects(db, exam.id), repo.candidates(db, exam.id), repo.exclusions(db, exam.id)]);
  const template: ExcelTemplate = {
    sheetName: '考生名单', templateFileName: '考生名单.xlsx',
    columns: [
      { header: '考号', key: 'examNo', required: true, width: 14, note: '本次考试的考号' },
      ...subjects.map((s) => ({ header: s.courseName, key: s.courseCode, required: false, width: 8, note: '考 或 不考；留空不变' })),
    ],
  };
  const { rows, letters } = await readTemplateSheet(await receive(), template, IMPORT_LIMITS.student);
  const errors = new ErrorList(letters);
  const byNo = new Map(candidates.map((c) => [c.examNo, c.id]));
  const out = new Set(excluded.map((x) => `${x.esid}:${x.sid}`));
  const seen = new Map<string, number>();
  const add = new Map<number, number[]>();
  const remove = new Map<number, { id: number; row: number }[]>();
  let changedRows = 0;
  for (const { row, cells } of rows) {
    const no = cells.examNo ?? '';
    const id = byNo.get(no);
    if (!no) { errors.add(row, 'examNo', '请填写考号'); continue; }
    if (seen.has(no)) { errors.add(row, 'examNo', `考号与第 ${seen.get(no)} 行重复`); continue; }
    seen.set(no, row);
    if (id === undefined) { errors.add(row, 'examNo', '不是本次考试的考号'); continue; }
    let changed = false;
    for (const s of subjects) {
      const v = cells[s.courseCode] ?? '';
      if (!v) continue;
      if (v !== '考' && v !== '不考') { errors.add(row, s.courseCode, '请填写 考 或 不考'); continue; }
      const taking = !out.has(`${id}:${s.id}`);
      if (v === '考' && !taking) { add.set(s.id, [...(add.get(s.id) ?? []), id]); changed = true; }
      if (v === '不考' && taking) { remove.set(s.id, [...(remove.get(s.id) ?? []), { id, row }]); changed = true; }
    }
    if (changed) changedRows++;
  }
  for (const s of subjects) {
    const leaving = remove.get(s.id) ?? [];
    const busy = await repo.idsWithSubjectData(db, s.id, leaving.map((x) => x.id));
    for (const x of leaving) if (busy.has(x.id)) errors.add(x.row, s.courseCode, `在${s.courseName}已有答题卡、成绩或缺考记录，不能改为不考`);
  }
  errors.throwIfAny();
  await db.transaction().execute(async (tx) => {
    for (const [sid, ids] of add) await roomRepo.include(tx, sid, ids);
    for (const [sid, list] of remove) await roomRepo.exclude(tx, exam.schoolId, sid, list.map((x) => x.id));
  });
  return { created: 0, updated: changedRows, unchanged: rows.length - changedRows };
}
