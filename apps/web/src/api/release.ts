import { http } from '@/utils/request';

export type { ReleaseCheck, ReleaseProgress, ReleaseState } from '@jz/shared/api/report';
import type { ReleaseCheck, ReleaseProgress } from '@jz/shared/api/report';

/** The four progress items of the score upload page (RELEASE_STEPS in @jz/shared/api/report). */
export const RELEASE_STEPS = [
  { step: 1, title: '校验成绩数据' },
  { step: 2, title: '计算科目成绩与总分' },
  { step: 3, title: '计算排名' },
  { step: 4, title: '生成分析报告' },
] as const;

/** 发布成绩（开始或重新发布；后台执行，立即返回进度） */
export const releaseScores = (examId: number) => http.post<ReleaseProgress | null>('/publish/release', { examId });
/** 查询成绩发布进度 */
export const findPublishProgress = (examId: number) => http.get<ReleaseProgress | null>('/publish/progress', { examId });
/** 发布前检查：能否发布、各科录入情况与网上阅卷进度 */
export const checkRelease = (examId: number) => http.get<ReleaseCheck>('/publish/check', { examId });
