import { http } from '@/utils/request';
import type { SheetTemplate } from '@jz/omr';
import type { Drawing, DrawnShape } from '@jz/omr/drawing';
import { SCAN_PATHS, type ScanConfirmBody, type ScanStudentListQuery } from '@jz/shared/api/scan';
import type {
  ObjectiveRecognizeResult, ScanAbnormal, ScanAbnormalKind, ScanBatchDetail, ScanOperator, ScanOverview, ScanRecycled, ScanScoreResult,
  ScanStudentPage, ScanStudentSheet, ScanUploadResult,
} from '@jz/shared/api/scan';

// Scanning and recognition: the contract is packages/shared/src/api/scan.ts (paths, requests, responses).
export type {
  ObjectiveRecognizeResult, ScanAbnormal, ScanAbnormalKind, ScanBatch, ScanBatchDetail, ScanCounters, ScanDoubt, ScanFix, ScanOperator, ScanOverview, ScanPage,
  ScanRecycled, ScanState, ScanStudent, ScanStudentPage, ScanStudentSheet, ScanUploadResult, ScanRect,
} from '@jz/shared/api/scan';
export { SCAN_ABNORMAL_KINDS, SCAN_ABNORMAL_NAMES, SCAN_BATCH_STATUS_NAMES, SCAN_LIMITS, SCAN_STATE_NAMES, SCAN_STATES } from '@jz/shared/api/scan';

const p = (k: keyof typeof SCAN_PATHS) => `/${SCAN_PATHS[k]}`;

/** Address of a page image (or a cut block) as the server gives it, under the teaching API. */
export const scanImageSrc = (imageUrl: string) => `/api/v1/${imageUrl.replace(/^\//, '')}`;

/* ---------- scanned_batch ---------- */
/** 扫描情况：四个计数与批次列表 */
export const findScanOverview = (examSubjectId: number) => http.get<ScanOverview>(p('batchList'), { examSubjectId });
/** 批次详情与其图片（轮询识别进度） */
export const findBatchDetail = (batchId: number) => http.get<ScanBatchDetail>(p('batchDetail'), { batchId });
/** 重新识别批次中仍在等待的页（识别进程中断后） */
export const retryBatch = (batchId: number) => http.post<unknown>(p('batchRetry'), { batchId });
/** 上传扫描批次（multipart：examSubjectId、duplex、文件…） */
export const BATCH_UPLOAD_PATH = p('upload');
/** 重新扫描一名考生的答题卡（multipart：examSubjectId、examStudentId、文件…） */
export const RESCAN_PATH = p('rescan');
export type { ScanUploadResult as BatchUploadAnswer };

/* ---------- scanned_student ---------- */
/** 分页查询考生扫描状态（状态、重复扫描、认领、班级、姓名或考号） */
export const findScanStudents = (params: ScanStudentListQuery) => http.get<ScanStudentPage>(p('studentList'), params as Record<string, unknown>);
/** 一名考生的答题卡图片 */
export const findStudentSheet = (examSubjectId: number, examStudentId: number) => http.get<ScanStudentSheet>(p('studentDetail'), { examSubjectId, examStudentId });
/** 一名考生的客观题识别结果 */
export const findObjectiveResult = (examSubjectId: number, examStudentId: number) =>
  http.get<ObjectiveRecognizeResult>(p('objectiveResult'), { examSubjectId, examStudentId });
/** 按识别结果与标准答案重新计算客观题得分 */
export const calculateScore = (examSubjectId: number) => http.post<ScanScoreResult>(`${p('calculateScore')}?examSubjectId=${examSubjectId}`, { examSubjectId });

/* ---------- scanned_abnormal ---------- */
/** 异常卷列表 */
export const findAbnormals = (examSubjectId: number, kind?: ScanAbnormalKind) => http.get<ScanAbnormal[]>(p('abnormalList'), { examSubjectId, kind });
/** 旋转 180° 后重新识别 */
export const rotatePage = (pageId: number) => http.post<unknown>(p('rotate'), { pageId });
/** 重新识别 */
export const recognizePage = (pageId: number) => http.post<unknown>(p('recognize'), { pageId });
/** 填写考号 */
export const setExamNo = (pageId: number, examNo: string) => http.post<unknown>(p('setExamNo'), { pageId, examNo });
/** 认领：答题卡归属所选考生 */
export const claimPage = (pageId: number, examStudentId: number) => http.post<unknown>(p('claim'), { pageId, examStudentId });
/** 重复扫描：保留这一份，其余进入回收站 */
export const keepPage = (pageId: number) => http.post<unknown>(p('keep'), { pageId });
/** 确认或更正存疑的涂点 */
export const confirmMarks = (body: ScanConfirmBody) => http.post<unknown>(p('confirmMarks'), body);

/* ---------- scanned_operator ---------- */
/** 考试科目的扫描员 */
export const findOperators = (examSubjectId: number) => http.get<ScanOperator[]>(p('operatorList'), { examSubjectId });
/** 设置考试科目的扫描员（整体替换） */
export const saveOperators = (examSubjectId: number, userIds: number[]) => http.post<ScanOperator[]>(p('operatorSave'), { examSubjectId, userIds });

/* ---------- recycle bin ---------- */
/** 删除到回收站 */
export const deletePages = (pageIds: number[]) => http.post<unknown>(p('updateObject'), { pageIds });
/** 回收站列表 */
export const findHistory = (examSubjectId: number) => http.get<ScanRecycled[]>(p('historyList'), { examSubjectId });
/** 从回收站还原 */
export const restorePages = (pageIds: number[]) => http.post<unknown>(p('historyReduction'), { pageIds });

/* ---------- make_template (cards made elsewhere; routes requested from the API, see docs/DECISIONS.md) ---------- */
export interface BlankCard { imageUrl: string; width: number; height: number }
/** A drawing made in the editor, or what an imported template file left (its source and the source's warnings). */
export type SavedDrawing = Drawing | { imported: string; fileName: string; warnings: string[] };
export interface SavedTemplate extends BlankCard { template: SheetTemplate; drawing: SavedDrawing | null; updatedAt: number; updatedBy: string }
/** 查询已确认的第三方答题卡模板（无则 null） */
export const findTemplate = (examSubjectId: number) => http.get<SavedTemplate | null>('/make_template/find', { examSubjectId });
/** 上传空白答题卡（图片或 PDF，服务器转为图片，取第一页） */
export const uploadBlankCard = (examSubjectId: number, file: File) => http.upload<BlankCard>('/make_template/blank', file, { examSubjectId: String(examSubjectId) });
/** 框选吸附：把框出的区域对准空白卡上印刷的定位标记或涂点 */
export const snapShape = <S extends DrawnShape>(body: { examSubjectId: number; imageUrl: string; shape: S }) => http.post<S>('/make_template/snap', body);
/** 导入 OMRChecker（template.json）或 FormScanner（.xtmpl）模板，放到已上传的空白答题卡上并保存 */
export const importTemplateFile = (examSubjectId: number, imageUrl: string, file: File) =>
  http.upload<SavedTemplate & { warnings: string[] }>(`/make_template/import?${new URLSearchParams({ examSubjectId: String(examSubjectId), imageUrl })}`, file);
/** 确认模板：此后该科目的扫描按此模板识别 */
export const saveTemplate = (body: { examSubjectId: number; imageUrl: string; template: SheetTemplate; drawing: Drawing }) => http.post<SavedTemplate>('/make_template/save', body);
