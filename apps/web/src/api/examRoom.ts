import { http } from '@/utils/request';

// Types mirror packages/shared/src/api/exam-room.ts (imported as types only: the zod schemas stay out of the bundle).
export type { ExamRoom, ExamRoomList, GradeCandidate, SubjectStudent, SubjectStudentPage } from '@jz/shared/api/exam-room';
import type { ExamRoomList, GradeCandidate, SubjectStudentPage } from '@jz/shared/api/exam-room';

export interface SubjectStudentQuery { examSubjectId: number; current: number; size: number; classId?: number; keyword?: string; taking?: 'yes' | 'no' }

/** 分页查询考试科目的考生名单（是否参加本科目）与人数 */
export const findSubjectStudents = (params: SubjectStudentQuery) => http.get<SubjectStudentPage>('/exam_subject_student/find_page', params as unknown as Record<string, unknown>);
/** 把考生移出本科目 */
export const removeSubjectStudents = (examSubjectId: number, examStudentIds: number[]) => http.post<{ count: number }>('/exam_subject_student/remove', { examSubjectId, examStudentIds });
/** 把考生加回本科目 */
export const addSubjectStudents = (examSubjectId: number, examStudentIds: number[]) => http.post<{ count: number }>('/exam_subject_student/add', { examSubjectId, examStudentIds });
/** 查询本年级未参加本次考试的学生 */
export const findGradeCandidates = (params: { examSubjectId: number; classId?: number; keyword?: string }) => http.get<GradeCandidate[]>('/exam_subject_student/grade_candidates', params);
/** 从年级导入学生（只参加本科目） */
export const importSubjectStudents = (examSubjectId: number, studentIds: number[]) => http.post<{ count: number }>('/exam_subject_student/add_from_grade', { examSubjectId, studentIds });

/** 查询考试的考场与容量 */
export const findExamRooms = (examId: number) => http.get<ExamRoomList>('/exam_room/list', { examId });
/** 保存考场及容量 */
export const saveExamRooms = (examId: number, rooms: { name: string; capacity: number }[]) => http.post<ExamRoomList>('/exam_room/save', { examId, rooms });
/** 编排考场与座号（按班级顺序或随机） */
export const arrangeExamRooms = (body: { examId: number; order: 'class' | 'random'; seed?: number }) => http.post<{ rooms: number; students: number }>('/exam_room/arrange', body);
/** 导出考场安排（Excel） */
export const exportExamRooms = (examId: number) => http.download('/exam_room/export', { examId });
