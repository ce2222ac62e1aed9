import { http } from '@/utils/request';
import { settleJob } from './job';

export type { ImportError as ScoreImportError, ImportResult as ScoreImportResult, StudentScore } from '@jz/shared/api/score';
import type { ImportError, ImportResult, StudentScore } from '@jz/shared/api/score';

/** 下载成绩导入模板（question 小题成绩 / total 科目总分） */
export const downloadScoreTemplate = (examId: number, kind: 'question' | 'total') => http.download('/grade_import/template', { examId, kind });
/** 导入小题成绩 */
export const importQuestionScores = async (examId: number, file: File) =>
  settleJob<ImportResult | { errors: ImportError[] }>(await http.upload(`/grade_import/import_question?examId=${examId}`, file));
/** 导入科目总分 */
export const importTotalScores = async (examId: number, file: File) =>
  settleJob<ImportResult | { errors: ImportError[] }>(await http.upload(`/grade_import/import_total?examId=${examId}`, file));
/** 查询一名考生各科的小题得分 */
export const findStudentScores = (examId: number, examStudentId: number) => http.get<StudentScore>('/question_score/find', { examId, examStudentId });
/** 修改一名考生一个科目的小题得分（发布前） */
export const updateStudentScores = (body: { examStudentId: number; examSubjectId: number; absent?: boolean; scores: { questionId: number; score?: number | null; choice?: string | null }[] }) =>
  http.post<StudentScore>('/question_score/update', body);

export type { Overview, Transcript, TranscriptRow } from '@jz/shared/api/report';
import type { Overview, Transcript } from '@jz/shared/api/report';

/** 查询已发布成绩的数据概览（各科考生、缺考、平均分；courseCode 0 = 全部科目与总分） */
export const findReleasedOverview = (examId: number) => http.get<Overview>('/report_home/overview', { examId, courseCode: '0', classId: 0 });
/** 分页查询已发布成绩（成绩单：各科成绩、班级与年级排名） */
export const findReleasedTranscript = (params: { examId: number; current: number; size: number; keyword?: string; classId?: number }) =>
  http.get<Transcript>('/examReportComm/transcript', { courseCode: '0', classId: 0, ...params });
