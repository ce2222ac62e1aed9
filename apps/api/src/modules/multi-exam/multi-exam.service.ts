/**
 * 多科考试管理 (/multidetails) and the multi-subject group of 联考分析管理 (/schoolAnalysis): the exam's subjects and
 * 科目组合, the 成绩汇总 across subjects, and the rooms with their seats. Access: multi-exam.access.ts.
 */
import { resolveSetting } from '@jz/shared/api/exam-setting';
import type { MultiRooms, MultiSetting, MultiSummary } from '@jz/shared/api/multi-exam';
import { summarize } from '@jz/shared/multi-summary';
import type { Db } from '../../db/database.js';
import { forbidden, page } from '../../core/http.js';
import { visibleClassIds } from '../../core/scope.js';
import type { SchoolUser } from '../exam/exam.access.js';
import { storedOf } from '../exam-setting/exam-setting.repository.js';
import { writeWorkbook } from '../excel/excel.workbook.js';
import { multiExamFor, type MultiAccess } from './multi-exam.access.js';
import * as repo from './multi-exam.repository.js';

const day = (d: unknown) => (d instanceof Date ? d.toISOString().slice(0, 10) : d ? String(d).slice(0, 10) : null);

/** The subjects with whether each is in the 总分 (the first 科目组合; [] = every subject) and the combinations. */
async function subjectsOf(db: Db, examId: number) {
  const [subjects, stored] = await Promise.all([repo.subjects(db, examId), storedOf(db, examId)]);
  const combos = resolveSetting('subjectCombos', stored).value.combos;
  const codesOf = (c: { courseCodes: string[] }) => (c.courseCodes.length ? c.courseCodes : subjects.map((s) => s.courseCode));
  const totalCodes = new Set(codesOf(combos[0]!));
  const list = subjects.map((s) => ({ ...s, fullScore: Number(s.fullScore), examDate: day(s.examDate), inTotal: totalCodes.has(s.courseCode) }));
  const fullOf = (codes: string[]) => list.filter((s) => codes.includes(s.courseCode)).reduce((a, s) => a + s.fullScore, 0);
  return { list, combos: combos.map((c) => ({ name: c.name, courseCodes: codesOf(c), fullScore: fullOf(codesOf(c)) })) };
}

/** The candidates the caller may see: a participant its school's, a teacher its classes'. */
async function visibleCandidates(db: Db, user: SchoolUser, a: MultiAccess, f: { schoolId?: number; classId?: number; keyword?: string }) {
  if (a.role === 'participant' && f.schoolId && f.schoolId !== a.schoolId) throw forbidden();
  const classes = await visibleClassIds(db, user);
  if (f.classId && classes !== 'all' && !classes.includes(f.classId)) throw forbidden();
  const rows = await repo.candidates(db, a.exam.id, { schoolId: a.schoolId ?? f.schoolId });
  return classes === 'all' ? rows : rows.filter((r) => classes.includes(r.classId));
}

export async function multiSetting(db: Db, user: SchoolUser, examId: number): Promise<MultiSetting> {
  const a = await multiExamFor(db, user, examId);
  const { list, combos } = await subjectsOf(db, a.exam.id);
  const [students, excluded] = await Promise.all([repo.candidates(db, a.exam.id, { schoolId: a.schoolId }), repo.exclusions(db, a.exam.id)]);
  const mine = new Set(students.map((s) => s.id));
  const schools = new Map<number, { schoolId: number; schoolName: string; studentCount: number }>();
  for (const s of students) {
    const x = schools.get(s.schoolId) ?? { schoolId: s.schoolId, schoolName: s.schoolName, studentCount: 0 };
    x.studentCount++;
    schools.set(s.schoolId, x);
  }
  return {
    examId: a.exam.id, name: a.exam.name, mode: a.exam.mode, gradeName: a.exam.gradeName, startDate: day(a.exam.startDate)!, endDate: day(a.exam.endDate)!,
    released: !!a.exam.releasedAt, studentCount: students.length, role: a.role, canEdit: a.canEdit,
    subjects: list.map((s) => ({
      examSubjectId: s.id, courseCode: s.courseCode, courseName: s.courseName, fullScore: s.fullScore, examDate: s.examDate, inTotal: s.inTotal,
      candidateCount: students.length - excluded.filter((x) => x.sid === s.id && mine.has(x.esid)).length,
    })),
    totalFullScore: list.filter((s) => s.inTotal).reduce((t, s) => t + s.fullScore, 0),
    combos,
    schools: [...schools.values()],
  };
}

type SummaryQuery = { examId: number; schoolId?: number; classId?: number; keyword?: string; current: number; size: number };

/** The whole summary (every visible candidate); the students' table filtered by class and keyword. */
async function fullSummary(db: Db, user: SchoolUser, q: SummaryQuery) {
  const a = await multiExamFor(db, user, q.examId);
  const { list } = await subjectsOf(db, a.exam.id);
  const all = await visibleCandidates(db, user, a, { schoolId: q.schoolId, classId: q.classId });
  const [scores, absences, excluded] = await Promise.all([repo.subjectScores(db, a.exam.id), repo.absences(db, a.exam.id), repo.exclusions(db, a.exam.id)]);
  const s = summarize(list.map((x) => ({ id: x.id, courseCode: x.courseCode, inTotal: x.inTotal })), all, scores, absences, excluded);
  const keyword = q.keyword?.trim();
  const chosen = s.students.filter((r, i) => (!q.classId || all[i]!.classId === q.classId) && (!keyword || r.name.includes(keyword) || r.examNo.includes(keyword)));
  return { a, list, s, chosen, all };
}

export async function summary(db: Db, user: SchoolUser, q: SummaryQuery): Promise<MultiSummary> {
  const { list, s, chosen, all } = await fullSummary(db, user, q);
  const schools = [...new Map(all.map((r) => [r.schoolId, { schoolId: r.schoolId, schoolName: r.schoolName }])).values()];
  const start = (q.current - 1) * q.size;
  return {
    subjects: list.map((x) => ({ courseCode: x.courseCode, courseName: x.courseName, fullScore: x.fullScore, inTotal: x.inTotal })),
    schools, classes: s.classes, schoolRows: s.schoolRows, grade: s.grade,
    students: page(chosen.slice(start, start + q.size), chosen.length, q),
  };
}

const STATE_TEXT = { absent: '缺考', missing: '未录入', excluded: '不考', entered: '' } as const;

export async function exportSummary(db: Db, user: SchoolUser, q: SummaryQuery): Promise<{ fileName: string; bytes: Buffer }> {
  const { a, list, s, chosen } = await fullSummary(db, user, q);
  const joint = a.exam.mode === 'joint';
  const counts = [...(joint ? s.schoolRows : []), ...s.classes, { ...s.grade, className: '全部' }];
  const bytes = await writeWorkbook([
    {
      name: '学生成绩',
      columns: [
        { header: '考号', key: 'examNo', width: 14, text: true }, { header: '姓名', key: 'name', width: 10 },
        ...(joint ? [{ header: '学校', key: 'school', width: 16 }] : []), { header: '班级', key: 'class', width: 10 },
        ...list.map((x) => ({ header: x.courseName, key: x.courseCode, width: 9 })), { header: '总分', key: 'total', width: 9 },
      ],
      rows: chosen.map((r) => [r.examNo, r.name, ...(joint ? [r.schoolName] : []), r.className,
        ...r.scores.map((v, j) => v ?? STATE_TEXT[r.states[j]!]), r.total]),
    },
    {
      name: '录入情况',
      columns: [
        ...(joint ? [{ header: '学校', key: 'school', width: 16 }] : []), { header: '班级', key: 'class', width: 12 }, { header: '科目', key: 'subject', width: 10 },
        { header: '考生', key: 'c', width: 8 }, { header: '已录入', key: 'e', width: 8 }, { header: '缺考', key: 'a', width: 8 }, { header: '未录入', key: 'm', width: 8 },
      ],
      rows: counts.flatMap((g) => g.subjects.map((c, j) => [...(joint ? [g.schoolName || '全部'] : []), g.className, list[j]!.courseName, c.candidates, c.entered, c.absent, c.missing])),
    },
  ]);
  return { fileName: `${a.exam.name}-成绩汇总.xlsx`, bytes };
}

export async function rooms(db: Db, user: SchoolUser, examId: number, schoolId?: number): Promise<MultiRooms> {
  const a = await multiExamFor(db, user, examId);
  const [list, students, excluded] = await Promise.all([repo.subjects(db, a.exam.id), visibleCandidates(db, user, a, { schoolId }), repo.exclusions(db, a.exam.id)]);
  const out = new Set(excluded.map((x) => `${x.esid}:${x.sid}`));
  const byRoom = new Map<string, MultiRooms['rooms'][number]>();
  let unassigned = 0;
  for (const st of students) {
    if (!st.room) { unassigned++; continue; }
    const k = `${st.schoolId}\u0000${st.room}`;
    const r = byRoom.get(k) ?? { schoolName: st.schoolName, room: st.room, seats: [] };
    r.seats.push({ seat: st.seat, examNo: st.examNo, name: st.name, className: st.className, courseNames: list.filter((x) => !out.has(`${st.id}:${x.id}`)).map((x) => x.courseName) });
    byRoom.set(k, r);
  }
  const rooms = [...byRoom.values()];
  for (const r of rooms) r.seats.sort((x, y) => (x.seat ?? 1e9) - (y.seat ?? 1e9) || x.examNo.localeCompare(y.examNo));
  rooms.sort((x, y) => x.schoolName.localeCompare(y.schoolName, 'zh') || x.room.localeCompare(y.room, 'zh', { numeric: true }));
  return { rooms, unassigned };
}
