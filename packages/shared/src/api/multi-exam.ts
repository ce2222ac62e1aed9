/**
 * 多科考试管理 (/multidetails) and 联考分析管理 (/schoolAnalysis): contract of the multi_exam, multiExamConfig and
 * exam_student_multi families. Rules: docs/DECISIONS.md「Multi-subject exam details」.
 *
 * GET  multi_exam/setting?examId → the exam's subjects (full score, date, candidates, in the 总分), 科目组合, schools;
 * GET  multi_exam/summary?examId&schoolId&classId&current&size → per class and grade, per subject: candidates,
 *      entered, 缺考, missing; and the students × subjects table with totals (paged);
 * GET  multi_exam/summary_export?examId&schoolId&classId → the same as xlsx (two sheets);
 * GET  multi_exam/rooms?examId&schoolId → rooms with their seats (exam-room module), by school for a joint exam;
 * multiExamConfig/query|update|rollBackDefault|reset/{id} → systemConfig of a 多科 exam;
 * GET  exam_student_multi/find_page, POST add|remove { examId, examStudentIds, courseCodes }, GET export.
 */
import { z } from 'zod';
import { id, trimmed } from './common.js';

const optId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());

export const multiExamQuery = z.object({ examId: id });
export const multiSummaryQuery = z.object({
  examId: id,
  /** A school of a joint exam (the organiser's filter; a participant always gets its own). */
  schoolId: optId,
  classId: optId,
  keyword: trimmed().max(50).optional(),
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
export const multiRoomQuery = z.object({ examId: id, schoolId: optId });

export const multiSubjectSchema = z.object({
  examSubjectId: z.number(), courseCode: z.string(), courseName: z.string(), fullScore: z.number(),
  examDate: z.string().nullable(), candidateCount: z.number(),
  /** In the exam's 总分 (the 总分 combination of 科目组合). */
  inTotal: z.boolean(),
});
export const multiSettingSchema = z.object({
  examId: z.number(), name: z.string(), mode: z.enum(['single', 'multi', 'joint']), gradeName: z.string(),
  startDate: z.string(), endDate: z.string(), released: z.boolean(), studentCount: z.number(),
  /** organiser: the caller's school or bureau owns the exam; participant: a school of a joint exam (its own part only). */
  role: z.enum(['organiser', 'participant']),
  canEdit: z.boolean(),
  subjects: z.array(multiSubjectSchema),
  totalFullScore: z.number(),
  combos: z.array(z.object({ name: z.string(), courseCodes: z.array(z.string()), fullScore: z.number() })),
  schools: z.array(z.object({ schoolId: z.number(), schoolName: z.string(), studentCount: z.number() })),
});
export type MultiSetting = z.infer<typeof multiSettingSchema>;

export const subjectCountSchema = z.object({ courseCode: z.string(), candidates: z.number(), entered: z.number(), absent: z.number(), missing: z.number() });
export type SubjectCount = z.infer<typeof subjectCountSchema>;
export const summaryGroupSchema = z.object({
  schoolId: z.number(), schoolName: z.string(), classId: z.number().nullable(), className: z.string(), studentCount: z.number(),
  subjects: z.array(subjectCountSchema),
});
export type SummaryGroup = z.infer<typeof summaryGroupSchema>;
/** A student's subject: entered (score), 缺考, missing (no score yet), or not taking it. */
export const cellStateSchema = z.enum(['entered', 'absent', 'missing', 'excluded']);
export type CellState = z.infer<typeof cellStateSchema>;
export const summaryStudentSchema = z.object({
  examStudentId: z.number(), examNo: z.string(), name: z.string(), schoolName: z.string(), className: z.string(),
  scores: z.array(z.number().nullable()), states: z.array(cellStateSchema),
  /** Sum of the entered subjects of the 总分; null when none is entered. */
  total: z.number().nullable(),
  /** Every subject of the 总分 the student takes is entered or 缺考. */
  complete: z.boolean(),
});
export type SummaryStudent = z.infer<typeof summaryStudentSchema>;
export const multiSummarySchema = z.object({
  subjects: z.array(z.object({ courseCode: z.string(), courseName: z.string(), fullScore: z.number(), inTotal: z.boolean() })),
  schools: z.array(z.object({ schoolId: z.number(), schoolName: z.string() })),
  classes: z.array(summaryGroupSchema),
  /** One row per school (joint exams; the school's classes added up). */
  schoolRows: z.array(summaryGroupSchema),
  grade: summaryGroupSchema,
  students: z.object({ records: z.array(summaryStudentSchema), total: z.number(), current: z.number(), size: z.number() }),
});
export type MultiSummary = z.infer<typeof multiSummarySchema>;

export const multiRoomsSchema = z.object({
  rooms: z.array(z.object({
    schoolName: z.string(), room: z.string(),
    seats: z.array(z.object({ seat: z.number().nullable(), examNo: z.string(), name: z.string(), className: z.string(), courseNames: z.array(z.string()) })),
  })),
  unassigned: z.number(),
});
export type MultiRooms = z.infer<typeof multiRoomsSchema>;

export const multiStudentQuery = z.object({
  examId: id, classId: optId, keyword: trimmed().max(50).optional(),
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(20),
});
export const multiStudentSchema = z.object({
  examStudentId: z.number(), examNo: z.string(), name: z.string(), className: z.string(), schoolName: z.string(),
  courseCodes: z.array(z.string()),
});
export const multiStudentPageSchema = z.object({ records: z.array(multiStudentSchema), total: z.number(), current: z.number(), size: z.number() });
export const multiStudentsBody = z.object({
  examId: id,
  examStudentIds: z.array(id).min(1, '请选择考生').max(2000, '一次最多处理 2000 名考生'),
  courseCodes: z.array(trimmed().min(1).max(20)).min(1, '请选择科目').max(20),
});
