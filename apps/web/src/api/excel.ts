import { http } from '@/utils/request';
import type { Id } from './school';
import { settleJob } from './job';

/** 导入的错误行 */
export interface ImportError { row: number; column?: string; reason: string }
/** 导入结果 */
export interface ImportResult { errors?: ImportError[]; created?: number; updated?: number; unchanged?: number }

/** 导入班级学生 */
export const importClassStudent = async (file: File) => settleJob<ImportResult>(await http.upload('/pc_excel/import_class_student', file));
/** 下载班级学生导入模板 */
export const downClassStuTemplate = () => http.download('/pc_excel/down_class_stu_template');
/** 导出班级学生 */
export const exportClassStudent = (params: Record<string, unknown>) => http.download('/pc_excel/export_class_stu1', params);
/** 导入教师 */
export const importTeacher = (file: File) => http.upload<ImportResult>('/pc_excel/import_teacher', file);
/** 下载教师导入模板 */
export const downTeacherTemplate = () => http.download('/pc_excel/down_teacher_template');
/** 导出教师 */
export const exportTeacher = (params?: Record<string, unknown>) => http.download('/pc_excel/export_user_teacher', params);
/** 导入任课关系 */
export const importTchCourse = (file: File) => http.upload<ImportResult>('/pc_tch_course_excel/import_tch_course', file);
/** 下载任课关系导入模板 */
export const downTchCourseTemplate = () => http.download('/pc_tch_course_excel/down_tch_course_template');
/** 导出任课关系（不传 gradeId 为全部可见年级） */
export const exportTchCourse = (gradeId?: Id) => http.download('/pc_tch_course_excel/export_tch_course', { gradeId });
