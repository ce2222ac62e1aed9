import { http } from '@/utils/request';
import type { PageResult } from './school';

// Types mirror packages/shared/src/api/exam.ts (imported as types only: the zod schemas stay out of the bundle).
export type { Exam, ExamSubject, ExamStudent, Question, QuestionTemplate, QuestionType, QuestionInput, AddExamBody } from '@jz/shared/api/exam';
import type { AddExamBody, Exam, ExamStudent, QuestionInput, QuestionTemplate } from '@jz/shared/api/exam';

export interface ExamQuery { current: number; size: number; name?: string; examType?: number; gradeId?: number; status?: number }
export interface QuestionGroup { id: number; name: string; sort: number; questionIds: number[]; questionNos: string[] }
export interface ExamSchool { schoolId: number; schoolName: string; studentCount: number; classCount: number }

/* ---------- exam_manage ---------- */
/** 分页查询考试（名称、类型、年级、状态） */
export const findExamPage = (params: ExamQuery) => http.get<PageResult<Exam>>('/exam_manage/find_exam_by_page', params as unknown as Record<string, unknown>);
/** 查询一场考试的详情 */
export const findExam = (examId: number) => http.get<Exam>('/exam_manage/find_exam', { examId });
/** 新建单科考试 */
export const addSingleExam = (body: AddExamBody) => http.post<Exam>('/exam_manage/add_single_exam', body);
/** 新建多科考试 */
export const addMultipartExam = (body: AddExamBody) => http.post<Exam>('/exam_manage/add_multipart_exam', body);
/** 删除考试（已发布的考试不能删除） */
export const deleteExam = (id: number) => http.post<null>('/exam_manage/delete_exam_paper', { id });
/** 设置参照考试（null 清除） */
export const setReferenceExam = (examId: number, referenceExamId: number | null) => http.post<Exam>('/exam_manage/set_reference_exam', { examId, referenceExamId });
/** 查询考试的参考学校 */
export const getExamSchool = (examId: number) => http.get<ExamSchool[]>('/exam_manage/get_exam_school', { examId });
/** 复制小题设置到另一个满分相同的考试科目 */
export const copySubject = (fromExamSubjectId: number, toExamSubjectId: number) =>
  http.post<QuestionTemplate>('/exam_manage/copy_subject', { fromExamSubjectId, toExamSubjectId });

/* ---------- exam_student ---------- */
/** 分页查询考生名单（班级、考场、姓名或考号） */
export const findExamStudents = (params: { examId: number; current: number; size: number; classId?: number; room?: string; keyword?: string }) =>
  http.get<PageResult<ExamStudent>>('/exam_student/find_page', params);
/** 修改考生的考号、考场、座号 */
export const updateExamStudent = (body: { id: number; examNo?: string; room?: string; seat?: number | null }) => http.post<ExamStudent>('/exam_student/update', body);
/** 自动编排考场与座号（每考场 perRoom 人） */
export const arrangeRooms = (body: { examId: number; perRoom: number; prefix?: string }) =>
  http.post<{ rooms: number; students: number }>('/exam_student/arrange_rooms', body);

/* ---------- question_template ---------- */
/** 查询一个考试科目的小题设置 */
export const findQuestions = (examSubjectId: number) => http.get<QuestionTemplate>('/question_template/find', { examSubjectId });
/** 保存小题设置（整体替换；clearScores 确认清除已有成绩） */
export const saveQuestions = (body: { examSubjectId: number; questions: QuestionInput[]; clearScores?: boolean }) =>
  http.post<QuestionTemplate>('/question_template/save', body);
/** 保存小题的知识点 */
export const saveKnowledge = (body: { examSubjectId: number; items: { questionId: number; knowledgePoints: string[] }[] }) =>
  http.post<QuestionTemplate>('/question_template/save_knowledge', body);

/* ---------- question_group ---------- */
/** 查询一个考试科目的题组 */
export const findGroups = (examSubjectId: number) => http.get<QuestionGroup[]>('/question_group/find', { examSubjectId });
/** 新建或修改题组 */
export const saveGroup = (body: { examSubjectId: number; id?: number; name: string; questionIds: number[] }) => http.post<QuestionGroup[]>('/question_group/save', body);
/** 删除题组 */
export const deleteGroup = (id: number) => http.post<QuestionGroup[]>('/question_group/delete', { id });

/* ---------- 复制考试设置 ---------- */
export type { CopyExamBody, CopyPart, CopyPreview } from '@jz/shared/api/exam-copy';
import type { CopyExamBody, CopyPreview } from '@jz/shared/api/exam-copy';
/** 复制考试设置预览（每项的源值、目标现值、是否改变与不能复制的原因） */
export const previewExamCopy = (body: CopyExamBody) => http.post<CopyPreview>('/exam_manage/synchronize_preview', body);
/** 复制考试设置（一个事务） */
export const copyExamSettings = (body: CopyExamBody) => http.post<CopyPreview>('/exam_manage/synchronize_exam', body);
