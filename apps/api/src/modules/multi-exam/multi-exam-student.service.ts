/**
 * exam_student_multi: the candidates of a 多科 exam with the subjects each takes (a subject's list is the exam's
 * candidates minus its exclusions, docs/DECISIONS.md「Subject candidates and exam rooms」); add and remove move
 * candidates into or out of several subjects in one transaction. multiExamConfig: the systemConfig service on a 多科
 * exam, after the organiser check. Both are the organiser's (a participating school is refused with a reason).
 */
import type { SettingFamily } from '@jz/shared/api/exam-setting';
import type { Db } from '../../db/database.js';
import { BizError, forbidden, notFound, page } from '../../core/http.js';
import { visibleClassIds } from '../../core/scope.js';
import { canEditSubject, type SchoolUser } from '../exam/exam.access.js';
import * as roomRepo from '../exam-room/exam-room.repository.js';
import * as settings from '../exam-setting/exam-setting.service.js';
import { settingById } from '../exam-setting/exam-setting.repository.js';
import { writeWorkbook } from '../excel/excel.workbook.js';
import { multiExamFor } from './multi-exam.access.js';
import * as repo from './multi-exam.repository.js';

type StudentQuery = { examId: number; classId?: number; keyword?: string; current: number; size: number };

async function listed(db: Db, user: SchoolUser, q: Omit<StudentQuery, 'current' | 'size'>) {
  const a = await multiExamFor(db, user, q.examId, 'organiser');
  const classes = await visibleClassIds(db, user);
  if (q.classId && classes !== 'all' && !classes.includes(q.classId)) throw forbidden();
  const [subjects, rows, excluded] = await Promise.all([repo.subjects(db, a.exam.id), repo.candidates(db, a.exam.id, q), repo.exclusions(db, a.exam.id)]);
  const out = new Set(excluded.map((x) => `${x.esid}:${x.sid}`));
  const records = rows.filter((r) => classes === 'all' || classes.includes(r.classId)).map((r) => ({
    examStudentId: r.id, examNo: r.examNo, name: r.name, className: r.className, schoolName: r.schoolName,
    courseCodes: subjects.filter((s) => !out.has(`${r.id}:${s.id}`)).map((s) => s.courseCode),
  }));
  return { a, subjects, records };
}

export async function findPage(db: Db, user: SchoolUser, q: StudentQuery) {
  const { records } = await listed(db, user, q);
  const start = (q.current - 1) * q.size;
  return page(records.slice(start, start + q.size), records.length, q);
}

export async function exportStudents(db: Db, user: SchoolUser, q: Omit<StudentQuery, 'current' | 'size'>) {
  const { a, subjects, records } = await listed(db, user, q);
  const joint = a.exam.mode === 'joint';
  const bytes = await writeWorkbook([{
    name: '考生名单',
    columns: [
      { header: '考号', key: 'examNo', width: 14, text: true }, { header: '姓名', key: 'name', width: 10 },
      ...(joint ? [{ header: '学校', key: 'school', width: 16 }] : []), { header: '班级', key: 'class', width: 10 },
      ...subjects.map((s) => ({ header: s.courseName, key: s.courseCode, width: 8 })),
    ],
    rows: records.map((r) => [r.examNo, r.name, ...(joint ? [r.schoolName] : []), r.className, ...subjects.map((s) => (r.courseCodes.includes(s.courseCode) ? '考' : '不考'))]),
  }]);
  return { fileName: `${a.exam.name}-考生名单.xlsx`, bytes };
}

/** Candidates into (add) or out of (remove) the named subjects; all or nothing. */
export async function setTaking(db: Db, user: SchoolUser, body: { examId: number; examStudentIds: number[]; courseCodes: string[] }, taking: boolean): Promise<number> {
  const { exam } = await multiExamFor(db, user, body.examId, 'organiser');
  if (exam.releasedAt) throw new BizError('成绩已发布，不能修改考生名单');
  const subjects = await repo.subjects(db, exam.id);
  const codes = [...new Set(body.courseCodes)];
  const unknown = codes.filter((c) => !subjects.some((s) => s.courseCode === c));
  if (unknown.length) throw new BizError(`${unknown.join('、')} 不是本次考试的科目`);
  const chosen = subjects.filter((s) => codes.includes(s.courseCode));
  if (chosen.some((s) => !canEditSubject(user, exam, s.courseCode))) throw forbidden();
  const ids = [...new Set(body.examStudentIds)];
  if ((await roomRepo.examStudentsOf(db, exam.id, ids)).length !== ids.length) throw new BizError('所选考生不是本次考试的考生');
  return db.transaction().execute(async (tx) => {
    let n = 0;
    for (const s of chosen) {
      if (!taking) {
        const busy = await roomRepo.withSubjectData(tx, s.id, ids);
        if (busy.length) throw new BizError(`${busy.slice(0, 5).join('、')}${busy.length > 5 ? ` 等 ${busy.length} 名考生` : ''}在${s.courseName}已有答题卡、成绩或缺考记录，不能移出该科目`);
        n += await roomRepo.exclude(tx, exam.schoolId, s.id, ids);
      } else {
        n += await roomRepo.include(tx, s.id, ids);
      }
    }
    return n;
  });
}

// ---------------------------------------------------------------- multiExamConfig

export async function queryConfig(db: Db, user: SchoolUser, examId: number, courseCode?: string) {
  await multiExamFor(db, user, examId, 'organiser');
  return settings.querySettings(db, user, examId, courseCode);
}

export async function updateConfig(db: Db, user: SchoolUser, body: { examId: number; courseCode?: string; family: SettingFamily; value: unknown }) {
  await multiExamFor(db, user, body.examId, 'organiser');
  return settings.updateSetting(db, user, body);
}

export async function rollBackConfig(db: Db, user: SchoolUser, body: { examId: number; courseCode?: string; family: SettingFamily }) {
  await multiExamFor(db, user, body.examId, 'organiser');
  return settings.rollBack(db, user, body);
}

export async function resetConfig(db: Db, user: SchoolUser, id: number) {
  const row = await settingById(db, id);
  if (!row) throw notFound('设置');
  await multiExamFor(db, user, row.exam_id, 'organiser');
  return settings.resetById(db, user, id);
}
