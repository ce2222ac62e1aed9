import { encryptPassword } from '@/utils/crypto';
import { http } from '@/utils/request';
import type {
  MarkingBlockInfo, MarkingPaper, MarkingTaskRow, ProblemKind, ReviewRow, SubmitBody,
} from '@jz/shared/marking';
import type { BlockProgress, MarkerProgress, SubjectProgress } from '@/pages/marking/monitor/monitorMath';

// Online marking: the contract is packages/shared/src/marking.ts.
export type { BlockQuestion, MarkingBlockInfo, MarkingPaper, MarkingRole, MarkingTaskRow, ProblemKind, RatingMode, ReviewRow, ScoringPoint, SubmitBody } from '@jz/shared/marking';

export type SubmitState = 'done' | 'waitingSecond' | 'third' | 'arbitration' | 'final';
export interface SubmitAnswer { total: number; state: SubmitState }
export interface ProblemRow { paperId: number; taskId: number; kind: ProblemKind; note: string; reporter: string; createdAt: string; imageUrl: string; chosen?: MarkingPaper['chosen'] }
export interface ArbitrationRow { paperId: number; imageUrl: string; scores: { marker: string; total: number }[]; chosen?: MarkingPaper['chosen'] }
export interface AuditRow { paperId: number; userName: string; at: string; kind: string; old: unknown; new: unknown; reason: string }

/** 问题卷的类型与中文名 */
export const PROBLEM_KIND_NAMES: Record<ProblemKind, string> = {
  blank: '空白卷', unclear: '图像不清', wrongBlock: '切割错误', copying: '疑似雷同', other: '其他',
};
/** 评阅模式（规格 §3） */
export const RATING_MODE_NAMES: Record<number, string> = {
  1: '单评', 2: '双评', 3: '双评+三评', 4: '双评+仲裁', 5: '双评+三评+仲裁',
};

/** The address an <img> of the marking page fetches (with the token, see useAuthImage): the api's imageUrl or marking/image. */
export function markingImageSrc(paper: { taskId: number; imageUrl?: string }): string {
  const u = paper.imageUrl ?? '';
  if (/^(data:|blob:|https?:)/.test(u) || u.startsWith('/api/')) return u;
  if (u) return `/api/v1/${u.replace(/^\//, '')}`;
  return `/api/v1/marking/image?taskId=${paper.taskId}`;
}

/** 我的阅卷任务（跨考试） */
export const findMarkingTasks = () => http.get<MarkingTaskRow[]>('/marking/tasks');
/** 题块信息：题目、给分点、满分、评阅模式、租约时长、标答、进度 */
export const findBlock = (blockId: number) => http.get<MarkingBlockInfo>('/marking/block', { blockId });
/** 领取下一份（prefetch=1 再多领一份用于预加载）；无可阅试卷时 data 为 null */
export const nextPaper = (blockId: number, prefetch = false) =>
  http.post<MarkingPaper | null>('/marking/next', prefetch ? { blockId, prefetch: 1 } : { blockId });
/** 提交分数（requestId 保证幂等） */
/** done: the caller's 已阅 on the block after this mark, as the server counts it (a re-check or trial mark adds nothing). */
export const submitScores = (body: SubmitBody) => http.post<SubmitAnswer & { done: number }>('/marking/submit', body);
/** 标记问题卷，交题组长处理 */
export const reportProblem = (taskId: number, kind: ProblemKind, note?: string) => http.post<unknown>('/marking/problem', { taskId, kind, note });
/** 回评：本人已阅试卷（可按分数查找） */
export const findReview = (blockId: number, score: number | undefined, page: number, size: number) =>
  http.get<{ rows: ReviewRow[]; total: number }>('/marking/review', { blockId, score, page, size });
/** 回评改分（保留修改记录） */
export const rescore = (taskId: number, scores: number[], requestId: string, reason?: string) =>
  http.post<SubmitAnswer>('/marking/rescore', { taskId, scores, requestId, reason });
/** 问题卷队列（题组长） */
export const findProblems = (blockId: number) => http.get<ProblemRow[]>('/marking/problems', { blockId });
/** 处理问题卷：给分或退回 */
export const resolveProblem = (paperId: number, action: 'score' | 'return', scores?: number[]) =>
  http.post<unknown>('/marking/resolveProblem', { paperId, action, scores });
/** 仲裁队列（题组长） */
export const findArbitrations = (blockId: number) => http.get<ArbitrationRow[]>('/marking/arbitrations', { blockId });
/** 仲裁给分 */
export const arbitrate = (paperId: number, scores: number[], requestId: string) => http.post<SubmitAnswer>('/marking/arbitrate', { paperId, scores, requestId });
/** 抽查：下一份已阅试卷（含已给分数） */
export const checkNext = (blockId: number) => http.post<(MarkingPaper & { paperId?: number }) | null>('/marking/check/next', { blockId });
/** 抽查改分 */
export const overrideScores = (paper: { paperId?: number; taskId: number }, scores: number[], reason: string) =>
  http.post<SubmitAnswer>('/marking/override', paper.paperId ? { paperId: paper.paperId, scores, reason } : { taskId: paper.taskId, scores, reason });
/** 改分记录（题组长） */
export const findAudit = (blockId: number) => http.get<AuditRow[]>('/marking/audit', { blockId });

/** A request id for idempotent submits (crypto.randomUUID is missing on plain http outside localhost). */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c && 'randomUUID' in c) { try { return c.randomUUID(); } catch { /* insecure context */ } }
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/* ---------- monitor (spec §7 monitor/*; shapes in docs/DOMAIN-RULES.md of the api) ---------- */
export type { BlockProgress, MarkerProgress, SubjectProgress } from '@/pages/marking/monitor/monitorMath';
/** 考试各科目、各题块的阅卷进度 */
export const findTopicList = (examId: number) => http.get<SubjectProgress[]>('/monitor/topicList', { examId });
/** 题块内每位阅卷老师的进度与速度 */
export const findMarkingList = (blockId: number) => http.get<MarkerProgress[]>('/monitor/markingList', { blockId });
/** 导出阅卷监控（Excel：阅卷进度、阅卷质量） */
export const exportMonitorExcel = (examId: number) => http.download('/marking/monitor/export', { examId });
export interface ReassignResult { released: number; returned: number | null; quotas: { userId: number; userName: string; quota: number | null }[] }
/** 回收未阅：收回该老师未阅的任务量与领取中的试卷，退回题块（toUserIds 为空）或分给所选老师 */
export const reassignMarker = (blockId: number, userId: number, toUserIds: number[]) =>
  http.post<ReassignResult>('/marking/reassign', { blockId, userId, toUserIds });

/* ---------- progress (spec §7 progress/*) ---------- */
/** 科目各题块的阅卷进度 */
export const findProgress = (examSubjectId: number) => http.get<BlockProgress[]>('/progress/find_progress', { examSubjectId });
/** 开启或暂停阅卷（整科或一个题块） */
export const updateCanMark = (examSubjectId: number, canMark: boolean, blockId?: number) =>
  http.post<unknown>('/progress/update_can_mark_paper', { examSubjectId, canMark, blockId });
/** 清除科目的阅卷数据（须输入登录密码，留有记录） */
/** The password is sent RSA-encrypted, as on every other password route. */
export const clearMarkingData = async (examSubjectId: number, password: string, blockId?: number) =>
  http.post<number>('/progress/clear_marking_data', { examSubjectId, blockId, password: await encryptPassword(password) });

/* ---------- 试评 (the block's leaders; docs/DOMAIN-RULES.md §4.1 "个人一致性 and 试评") ---------- */
export interface TrialPaper { paperId: number; imageUrl: string; chosen?: MarkingPaper['chosen'] }
export interface TrialMarkerRow {
  userId: number; userName: string; attempt: number; passed: boolean; passedAt: string | null; done: number; total: number; within: number; finished: boolean;
  marks: { paperId: number; reference: number; mark: number | null; within: boolean | null }[];
}
export interface TrialList { trialCount: number; tolerance: number; papers: (TrialPaper & { scores: number[]; total: number; marked: number })[]; markers: TrialMarkerRow[] }
/** 试评卷与各阅卷老师的试评结果 */
export const findTrialList = (blockId: number) => http.get<TrialList>('/marking/trial/list', { blockId });
/** 取一份尚未设为试评卷的试卷（afterPaperId：换一份） */
export const trialNextPaper = (blockId: number, afterPaperId?: number) => http.post<TrialPaper | null>('/marking/trial/next', afterPaperId ? { blockId, afterPaperId } : { blockId });
/** 设为试评卷并给参考分 */
export const setTrialPaper = (blockId: number, paperId: number, scores: number[]) => http.post<{ total: number; count: number }>('/marking/trial/set', { blockId, paperId, scores });
/** 移除试评卷 */
export const removeTrialPaper = (blockId: number, paperId: number) => http.post<null>('/marking/trial/remove', { blockId, paperId });
/** 试评通过：该老师开始正式阅卷 */
export const passTrial = (blockId: number, userId: number) => http.post<null>('/marking/trial/pass', { blockId, userId });
/** 试评重评：该老师重新试评 */
export const redoTrial = (blockId: number, userId: number) => http.post<null>('/marking/trial/redo', { blockId, userId });
