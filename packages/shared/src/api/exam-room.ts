/**
 * Subject candidates (选择考生名单, /examDetailsEdit/selectStudentList) and exam rooms (考场编排,
 * /examDetailsEdit/examEdit). Rules: docs/DOMAIN-RULES.md「考生名单与考场编排」.
 *
 * GET  exam_subject_student/find_page?examSubjectId&classId&keyword&taking → the exam's candidates with whether each
 *      takes this subject, and the counts;
 * POST exam_subject_student/remove { examSubjectId, examStudentIds } → they no longer take the subject;
 * POST exam_subject_student/add { examSubjectId, examStudentIds } → they take it again;
 * GET  exam_subject_student/grade_candidates?examSubjectId&classId&keyword → students of the exam's grade not in the exam;
 * POST exam_subject_student/add_from_grade { examSubjectId, studentIds } → they join the exam for this subject only;
 * GET  exam_room/list?examId → rooms with capacity and seats taken; POST exam_room/save { examId, rooms };
 * POST exam_room/arrange { examId, order, seed } → rooms and seats for every candidate; GET exam_room/export?examId → xlsx.
 */
import { z } from 'zod';
import { id, trimmed } from './common.js';

const optId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
const ids = (what: string) => z.array(id).min(1, `请选择${what}`).max(2000, `一次最多处理 2000 名${what}`);

export const subjectStudentQuery = z.object({
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(20),
  examSubjectId: id,
  classId: optId,
  /** Name or 考号, substring. */
  keyword: trimmed().max(50).optional(),
  /** yes: takes the subject; no: removed from it; absent: all. */
  taking: z.enum(['yes', 'no']).optional(),
});

export const subjectStudentSchema = z.object({
  examStudentId: z.number(),
  studentId: z.number(),
  name: z.string(),
  examNo: z.string(),
  classId: z.number(),
  className: z.string(),
  room: z.string(),
  seat: z.number().nullable(),
  taking: z.boolean(),
});
export type SubjectStudent = z.infer<typeof subjectStudentSchema>;

export const subjectStudentPageSchema = z.object({
  records: z.array(subjectStudentSchema), total: z.number(), current: z.number(), size: z.number(),
  /** The exam's candidates, and those taking this subject. */
  examCount: z.number(),
  takingCount: z.number(),
});
export type SubjectStudentPage = z.infer<typeof subjectStudentPageSchema>;

export const subjectStudentsBody = z.object({ examSubjectId: id, examStudentIds: ids('考生') });
export const gradeCandidateQuery = z.object({ examSubjectId: id, classId: optId, keyword: trimmed().max(50).optional() });
export const gradeCandidateSchema = z.object({ studentId: z.number(), name: z.string(), admissionNo: z.string(), classId: z.number().nullable(), className: z.string() });
export type GradeCandidate = z.infer<typeof gradeCandidateSchema>;
export const importStudentsBody = z.object({ examSubjectId: id, studentIds: ids('学生') });

// ---------------------------------------------------------------- rooms

export const examRoomQuery = z.object({ examId: id });
export const examRoomSchema = z.object({ id: z.number(), name: z.string(), capacity: z.number(), assigned: z.number() });
export type ExamRoom = z.infer<typeof examRoomSchema>;
export const examRoomListSchema = z.object({
  rooms: z.array(examRoomSchema),
  studentCount: z.number(),
  /** Candidates whose room is none of the listed rooms (not arranged yet, or rooms changed since). */
  unassigned: z.number(),
});
export type ExamRoomList = z.infer<typeof examRoomListSchema>;

export const saveRoomsBody = z.object({
  examId: id,
  rooms: z.array(z.object({
    name: trimmed().min(1, '考场名称不能为空').max(50, '考场名称最多 50 个字'),
    capacity: z.number({ error: '考场容量必须是 1–500 的整数' }).int('考场容量必须是 1–500 的整数').min(1, '考场容量必须是 1–500 的整数').max(500, '考场容量必须是 1–500 的整数'),
  })).min(1, '请至少设置一个考场').max(500, '最多 500 个考场'),
});

/** class: by class order, within a class by 学号; random: the same list shuffled with the seed (the same seed, the same seats). */
export const ROOM_ORDERS = [{ value: 'class', label: '按班级顺序' }, { value: 'random', label: '随机（按种子）' }] as const;
export const arrangeRoomsBody = z.object({
  examId: id,
  order: z.enum(['class', 'random'], { error: '编排方式只能是按班级顺序或随机' }),
  seed: z.number().int('随机种子必须是整数').min(0, '随机种子必须是 0–2147483647 的整数').max(2147483647, '随机种子必须是 0–2147483647 的整数').optional(),
});
export const arrangeResultSchema = z.object({ rooms: z.number(), students: z.number() });
