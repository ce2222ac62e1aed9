import { http, studentHttp } from '@/utils/request';
import type { RenderJob } from '@jz/shared/api/render';
import type {
  StudentExamDetail, StudentExamListItem, StudentRankSetting, StudentSubjectReport,
} from '@jz/shared/api/student-report';

// Types mirror packages/shared/src/api/student-report.ts (types only: the zod schemas stay out of the bundle).
export type { StudentExamDetail, StudentExamListItem, StudentRankSetting, StudentSheetPage, StudentSubjectReport } from '@jz/shared/api/student-report';

/** 本人参加且已发布成绩的考试（新的在前） */
export const studentExamList = () => studentHttp.get<StudentExamListItem[]>('/report/list');
/** 本人一场考试的成绩、排名、均分与进退步 */
export const studentExamDetail = (examId: number) => studentHttp.get<StudentExamDetail>('/report/detail', { examId });
/** 本人一科的小题得分与知识点掌握 */
export const studentSubject = (examId: number, courseCode: string) => studentHttp.get<StudentSubjectReport>('/report/subject', { examId, courseCode });
/** 本人答题卡一页的图片（JPEG；拒绝时为 JSON） */
export const studentSheetImage = (pageId: number) => studentHttp.download('/report/sheet/image', { pageId });
/** 生成本人成绩单 PDF */
export const createStudentSlip = (examId: number) => studentHttp.post<{ jobId: string }>('/report/slip', { examId });
/** 查询本人成绩单任务 */
export const getStudentSlip = (jobId: string) => studentHttp.get<RenderJob>(`/report/slip/${encodeURIComponent(jobId)}`);
/** 下载本人成绩单 PDF（拒绝时为 JSON） */
export const downloadStudentSlip = (jobId: string) => studentHttp.download(`/report/slip/${encodeURIComponent(jobId)}/file`);

/** 学校的学生端排名显示设置 */
export const getStudentRankSetting = () => http.get<StudentRankSetting>('/systemSettingsRank/find');
/** 保存学生端排名显示设置 */
export const saveStudentRankSetting = (body: StudentRankSetting) => http.post<StudentRankSetting>('/systemSettingsRank/save', body);
