import { http } from '@/utils/request';
import type { SheetTemplate } from '@jz/omr';
import type { PageResult } from './school';

// Scanning and recognition (scanned_batch, scanned_student, scanned_abnormal, scanned/*, make_template,
// standard_answer/objective_recognize_result). Types written here until the shared contract
// (packages/shared/src/api/scan.ts) lands; then they are re-exported from it.

/** A student's scan state in one exam subject (the four counters plus 重复扫描 and 认领). */
export type ScanState = 'noScan' | 'missExam' | 'abnormal' | 'uploaded' | 'repeat' | 'claimed';

/** The four counters of an exam subject. */
export interface ScanCounts { noScanCount: number; missExamCount: number; abnormalCount: number; uploadCount: number }

export interface ScanSubject extends ScanCounts {
  examSubjectId: number;
  courseName: string;
  studentCount: number;
  /** 1 our own card, 2 a third-party card with a confirmed template, 0 none yet. */
  usedCardType: number;
  templateReady: boolean;
}

export type BatchState = 'uploading' | 'queued' | 'running' | 'done' | 'failed';

export interface ScanBatch {
  id: number;
  examSubjectId: number;
  batchNo: string;
  duplex: boolean;
  state: BatchState;
  fileCount: number;
  pageCount: number;
  /** Pages recognised so far (progress = recognised / pageCount). */
  recognised: number;
  uploadCount: number;
  abnormalCount: number;
  missExamCount: number;
  createdAt: string;
  createdBy: string;
  message: string | null;
}

export interface ScanImage {
  id: number;
  batchId: number;
  /** Order inside the batch (1-based). */
  seq: number;
  /** Image address (GET, with the session's token as query when needed). */
  url: string;
  side: 1 | 2;
  examStudentId: number | null;
  studentName: string | null;
  admissionNo: string | null;
  status: 'ok' | 'abnormal' | 'missExam' | 'deleted';
}

export interface ScanStudent {
  examStudentId: number;
  studentName: string;
  /** 考号 of this exam. */
  examNo: string;
  className: string;
  classId: number;
  state: ScanState;
  sheetId: number | null;
  batchNo: string | null;
  scannedAt: string | null;
}

export interface RecognisedAnswer {
  questionNo: string;
  /** Options read as marked ('' = none). */
  marked: string;
  standardAnswer: string;
  score: number | null;
  fullScore: number;
  doubt: string | null;
}

export interface StudentSheet {
  examStudentId: number;
  studentName: string;
  admissionNo: string;
  images: ScanImage[];
  answers: RecognisedAnswer[];
}

export type AbnormalKind = 'anchor' | 'pageCode' | 'otherSubject' | 'admission' | 'notInExam' | 'duplicate' | 'missingPage' | 'doubtful' | 'badFile';

export interface BubbleCrop { groupId: string; questionNo: string; value: string; url: string; darkness: number; marked: boolean }

export interface ScanAbnormal {
  id: number;
  kind: AbnormalKind;
  reason: string;
  sheetId: number;
  batchNo: string;
  images: ScanImage[];
  /** 考号 as read (may be partial, '?' for unreadable digits). */
  admissionRead: string | null;
  examStudentId: number | null;
  studentName: string | null;
  /** The other sheet(s) of the same student (重复). */
  duplicates: ScanImage[][];
  /** Doubtful groups: the bubble crops with their reading. */
  doubts: { groupId: string; questionNo: string; reason: string; marked: string[]; options: string[]; crops: BubbleCrop[] }[];
  createdAt: string;
}

export interface RecycledSheet { id: number; batchNo: string; studentName: string | null; admissionNo: string | null; deletedAt: string; deletedBy: string; images: ScanImage[] }

/* ---------- scanned_batch ---------- */
/** 各科扫描情况（四个计数） */
export const findScanSubjects = (examId: number) => http.get<ScanSubject[]>('/scanned_batch/subjects', { examId });
/** 分页查询扫描批次 */
export const findBatches = (params: { examSubjectId: number; current: number; size: number }) => http.get<PageResult<ScanBatch>>('/scanned_batch/page', params);
/** 查询批次（含识别进度） */
export const findBatch = (id: number) => http.get<ScanBatch>('/scanned_batch/find', { id });
/** 批次的图片 */
export const findBatchImages = (batchId: number) => http.get<ScanImage[]>('/scanned_batch/images', { batchId });
/** 上传一批扫描文件地址（multipart：examSubjectId、duplex、file…） */
export const BATCH_UPLOAD_PATH = '/scanned_batch/upload';

/* ---------- scanned_student ---------- */
/** 分页查询考生扫描状态 */
export const findScanStudents = (params: { examSubjectId: number; current: number; size: number; state?: ScanState; classId?: number; keyword?: string }) =>
  http.get<PageResult<ScanStudent>>('/scanned_student/page', params);
/** 一名考生的答题卡图片与识别结果 */
export const findStudentSheet = (examSubjectId: number, examStudentId: number) =>
  http.get<StudentSheet>('/standard_answer/objective_recognize_result', { examSubjectId, examStudentId });

/* ---------- scanned_abnormal ---------- */
/** 分页查询异常卷 */
export const findAbnormals = (params: { examSubjectId: number; current: number; size: number; kind?: AbnormalKind }) =>
  http.get<PageResult<ScanAbnormal>>('/scanned_abnormal/page', params);
/** 处理异常：旋转、填写考号、认领、保留其一、确认涂点 */
export const fixAbnormal = (body: { id: number; action: 'rotate' | 'admission' | 'claim' | 'keep' | 'confirm' | 'ignore'; admissionNo?: string; examStudentId?: number; keepSheetId?: number; answers?: Record<string, string> }) =>
  http.post<null>('/scanned/updateObject', body);
/** 删除到回收站 */
export const deleteSheet = (sheetId: number) => http.post<null>('/scanned_abnormal/delete', { sheetId });
/** 回收站 */
export const findHistory = (params: { examSubjectId: number; current: number; size: number }) => http.get<PageResult<RecycledSheet>>('/scanned/historyList', params);
/** 从回收站还原 */
export const restoreSheet = (id: number) => http.post<null>('/scanned/historyReduction', { id });

/* ---------- make_template ---------- */
/** 当前模板与空白卡图片 */
export const findTemplate = (examSubjectId: number) =>
  http.get<{ imageUrl: string | null; width: number; height: number; template: SheetTemplate | null; drawing: unknown } | null>('/make_template/find', { examSubjectId });
/** 上传空白卡（图片或 PDF，服务器转为图片） */
export const uploadBlankCard = (examSubjectId: number, file: File) =>
  http.upload<{ imageUrl: string; width: number; height: number }>('/make_template/upload_blank', file, { examSubjectId: String(examSubjectId) });
/** 确认模板 */
export const saveTemplate = (body: { examSubjectId: number; template: SheetTemplate; drawing: unknown }) => http.post<null>('/make_template/save', body);
