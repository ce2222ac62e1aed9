import { http } from '@/utils/request';
import type { PageResult } from './school';

export type { Correction } from '@jz/shared/api/report';
import type { Correction } from '@jz/shared/api/report';

export type CorrectionStatus = 'pending' | 'approved' | 'rejected';
/** CORRECTION_STATUSES in @jz/shared/api/report. */
export const CORRECTION_STATUSES = [
  { value: 'pending', label: '待审核', color: 'processing' },
  { value: 'approved', label: '已通过', color: 'success' },
  { value: 'rejected', label: '已驳回', color: 'error' },
] as const;

/** 申请更正一道题的得分（发布后） */
export const applyCorrection = (body: { examStudentId: number; questionId: number; newScore: number; reason: string }) =>
  http.post<Correction>('/correction_score/apply', body);
/** 分页查询更正申请 */
export const findCorrectionPage = (params: { examId: number; status?: string; current: number; size: number }) =>
  http.get<PageResult<Correction>>('/correction_score/find_page', params);
/** 通过更正申请（重新计算成绩与报告） */
export const approveCorrection = (id: number) => http.post<Correction>('/correction_score/approve', { id });
/** 驳回更正申请 */
export const rejectCorrection = (id: number, reason: string) => http.post<Correction>('/correction_score/reject', { id, reason });
