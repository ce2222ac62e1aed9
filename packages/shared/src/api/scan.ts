/**
 * Scanning (扫描): batches of scanned answer sheets of one exam subject, recognised against the subject's saved
 * card (docs/DOMAIN-RULES.md, Scanning). Spec §2 (/examDetailsEdit scanStudentHome, scanStudentHome/detail,
 * scanStudentList, /scanUnnormalDetail) and §7 (scanned_batch, scanned_student, scanned_abnormal,
 * scanned/historyList, scanned/historyReduction, scanned/updateObject, standard_answer/objective_recognize_result,
 * calculateScore).
 *
 * Every call is scoped to one exam subject of the caller's school; only its scanner operators (扫描员), the
 * school administrator, the exam's grade leader and the subject's lesson leader (备课组长) may call them
 * (another user 403, another school 403, unknown 404). Responses use the usual envelope { code, msg, data }.
 *
 * Words (docs/DOMAIN-RULES.md §5, 扫描计数):
 * - page: one scanned image (one side of paper). A card has pageCount pages (1 = the page with 考号 and 缺考).
 * - sheet (一份答题卡): one copy of the card as it went through the scanner — in a batch, a page and the pages right
 *   after it that continue it (card page 1, 2, …); a page that continues nothing is a sheet by itself.
 * - abnormal page: a page a person must fix; each kind has its fixes (SCAN_ABNORMAL_FIXES).
 * - 异常卷: a sheet with at least one abnormal page, counted once whatever its reasons. Every 异常卷 counter counts
 *   these; the student counter 异常 counts students with at least one abnormal page.
 * - recycle bin: deleted pages (scanned/updateObject), listed by scanned/historyList and restored by
 *   scanned/historyReduction. A deleted page counts nowhere.
 */
import { z } from 'zod';

import { id, trimmed } from './common.js';

export const SCAN_PATHS = {
  /** POST multipart ?examSubjectId&duplex=true|false&name (query string; scanUploadQuery), the body's parts = the files (any field name). */
  upload: 'scanned_batch/upload',
  /** GET ?examSubjectId → ScanOverview (counters + batches). */
  batchList: 'scanned_batch/list',
  /** GET ?batchId → ScanBatchDetail (the batch and its pages; poll for progress). */
  batchDetail: 'scanned_batch/detail',
  /** POST { batchId } → recognition started again for the batch's pages still waiting (after a worker died). */
  batchRetry: 'scanned_batch/retry',
  /** GET ?examSubjectId&state&keyword&current&size → page of ScanStudent. */
  studentList: 'scanned_student/list',
  /** GET ?examSubjectId&examStudentId → ScanStudentSheet (the student's pages with image urls). */
  studentDetail: 'scanned_student/detail',
  /** POST multipart ?examSubjectId&examStudentId&duplex (query string; scanRescanQuery), the parts = that student's sheet → ScanUploadResult. */
  rescan: 'scanned_student/rescan',
  /** GET ?pageId[&blockId] → the page image (image/jpeg), or one cut block of it. */
  image: 'scanned/image',
  /** GET ?examSubjectId[&kind] → ScanAbnormal[]. */
  abnormalList: 'scanned_abnormal/list',
  /** POST { pageId } → the page turned 180° and recognised again. */
  rotate: 'scanned_abnormal/rotate',
  /** POST { pageId } → the page recognised again (e.g. after the card was saved again). */
  recognize: 'scanned_abnormal/recognize',
  /** POST { pageId, examNo } → the typed 考号 decides the student. */
  setExamNo: 'scanned_abnormal/setExamNo',
  /** POST { pageId, examStudentId } → 认领: the page (and the pages of its sheet) belong to this student. */
  claim: 'scanned_abnormal/claim',
  /** POST { pageId } → of a student's duplicate sheets keep the one holding this page; the others go to the recycle bin. */
  keep: 'scanned_abnormal/keep',
  /** POST { pageId, questions, absent? } → doubtful marks confirmed or corrected. */
  confirmMarks: 'scanned_abnormal/confirmMarks',
  /** GET ?examSubjectId → ScanRecycled[] (spec scanned/historyList). */
  historyList: 'scanned/historyList',
  /** POST { pageIds } → restore from the recycle bin (spec scanned/historyReduction). */
  historyReduction: 'scanned/historyReduction',
  /** POST { pageIds } → delete to the recycle bin (spec scanned/updateObject). */
  updateObject: 'scanned/updateObject',
  /** GET ?examSubjectId&examStudentId → ObjectiveRecognizeResult (spec standard_answer/objective_recognize_result). */
  objectiveResult: 'standard_answer/objective_recognize_result',
  /** GET or POST ?examSubjectId → ScoreResult: objective scores of every recognised sheet written again (spec calculateScore). */
  calculateScore: 'calculateScore',
  /** GET ?examSubjectId → ScanOperator[]: the subject's scanner operators (扫描员). */
  operatorList: 'scanned_operator/list',
  /** POST { examSubjectId, userIds } → the subject's scanner operators replaced (administrator / grade leader / lesson leader). */
  operatorSave: 'scanned_operator/save',
} as const;

/** Upload limits (also enforced by the server; a file over the limit becomes an abnormal, the rest goes on). */
export const SCAN_LIMITS = {
  /** One uploaded file (image, PDF or zip). */
  fileBytes: 100 * 1024 * 1024,
  /** All files of one upload request. */
  batchBytes: 2 * 1024 * 1024 * 1024,
  /** Files in one upload request (a zip's entries count). */
  files: 5000,
  /** Pages (images) in one batch, after TIFF/PDF pages are split. */
  pages: 5000,
  /** Entries of one zip, and the bytes one entry may inflate to. */
  zipEntries: 5000,
  zipEntryBytes: 100 * 1024 * 1024,
  /** Bytes all zips of one upload may inflate to together (a zip bomb stops here, whatever each entry declares). */
  zipInflatedBytes: 1024 * 1024 * 1024,
  /** Pixels of one page as decoded at its own resolution (an A3 page at 600 dpi is 70 million). */
  pagePixels: 70_000_000,
  /** Pixels of all pages of one file together (a PDF counted as rendered at 200 dpi: 1,000 A4 pages are 3,870 million). */
  filePixels: 4_000_000_000,
  /** Stored upload files of one school (its scan_disk_quota overrides it). */
  schoolDiskBytes: 50 * 1024 * 1024 * 1024,
} as const;

// ---------------------------------------------------------------- states and kinds

/** A student's scan state for one exam subject (spec: 未扫, 缺考, 异常, 上传成功). */
export const SCAN_STATES = ['noScan', 'absent', 'abnormal', 'uploaded'] as const;
export type ScanState = (typeof SCAN_STATES)[number];
export const SCAN_STATE_NAMES: Record<ScanState, string> = {
  noScan: '未扫', absent: '缺考', abnormal: '异常', uploaded: '上传成功',
};

/** Abnormal kinds, each with a Chinese name; a page has at most one (the first that applies, in this order). */
export const SCAN_ABNORMAL_KINDS = [
  'badFile', // 文件无法读取: corrupt, not an image, a PDF with no pages, too large
  'anchor', // 定位点识别失败: not a card, blank, anchors not found
  'pageCode', // 页码无法识别
  'otherSubject', // 非本科目答题卡: the page code names another exam subject
  'examNo', // 考号无法识别
  'notInExam', // 考号不在本次考试
  'orphan', // 无法确定考生: a later page with no first page before it
  'duplicate', // 重复扫描: the same student's page scanned twice
  'missingPage', // 缺页: a student's sheet lacks a page
  'doubt', // 识别存疑: doubtful marks to confirm
] as const;
export type ScanAbnormalKind = (typeof SCAN_ABNORMAL_KINDS)[number];
export const SCAN_ABNORMAL_NAMES: Record<ScanAbnormalKind, string> = {
  badFile: '文件无法读取',
  anchor: '定位点识别失败',
  pageCode: '页码无法识别',
  otherSubject: '非本科目答题卡',
  examNo: '考号无法识别',
  notInExam: '考号不在本次考试',
  orphan: '无法确定考生',
  duplicate: '重复扫描',
  missingPage: '缺页',
  doubt: '识别存疑',
};
/** The fix actions the screen offers per kind (every kind may also be deleted to the recycle bin). */
export const SCAN_FIXES = ['rotate', 'recognize', 'rescan', 'setExamNo', 'claim', 'keep', 'confirmMarks', 'delete'] as const;
export type ScanFix = (typeof SCAN_FIXES)[number];
export const SCAN_ABNORMAL_FIXES: Record<ScanAbnormalKind, ScanFix[]> = {
  badFile: ['rescan', 'delete'],
  anchor: ['rotate', 'recognize', 'rescan', 'delete'],
  pageCode: ['rotate', 'recognize', 'rescan', 'delete'],
  otherSubject: ['delete'],
  examNo: ['setExamNo', 'claim', 'delete'],
  notInExam: ['setExamNo', 'claim', 'delete'],
  orphan: ['claim', 'delete'],
  duplicate: ['keep', 'delete'],
  missingPage: ['rescan', 'claim', 'delete'],
  doubt: ['confirmMarks'],
};

export const SCAN_BATCH_STATUSES = ['uploading', 'recognizing', 'done'] as const;
export type ScanBatchStatus = (typeof SCAN_BATCH_STATUSES)[number];
export const SCAN_BATCH_STATUS_NAMES: Record<ScanBatchStatus, string> = { uploading: '上传中', recognizing: '识别中', done: '识别完成' };

/** A page: pending (waiting for recognition), ok, abnormal, or deleted (in the recycle bin). */
export const SCAN_PAGE_STATUSES = ['pending', 'ok', 'abnormal', 'deleted'] as const;
export type ScanPageStatus = (typeof SCAN_PAGE_STATUSES)[number];

// ---------------------------------------------------------------- requests

export const scanSubjectQuery = z.object({ examSubjectId: id });
const flag = z.preprocess((v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === '' || v === false || v === undefined ? false : v), z.boolean());
/** Query string of scanned_batch/upload (the multipart body holds only the files). */
export const scanUploadQuery = z.object({
  examSubjectId: id,
  duplex: flag.default(false),
  name: trimmed().max(50, '批次名称不能超过50个字符').optional(),
});
/** Query string of scanned_student/rescan. */
export const scanRescanQuery = z.object({ examSubjectId: id, examStudentId: id, duplex: flag.default(false) });
export const scanBatchQuery = z.object({ batchId: id });
export const scanStudentListQuery = z.object({
  examSubjectId: id,
  state: z.enum(SCAN_STATES).optional(),
  /** Only students whose sheet was scanned twice (重复扫描) / claimed (认领). */
  duplicate: z.coerce.boolean().optional(),
  claimed: z.coerce.boolean().optional(),
  /** Name or 考号, substring. */
  keyword: trimmed().max(50).optional(),
  classId: id.optional(),
  current: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(500).default(50),
});
export type ScanStudentListQuery = z.input<typeof scanStudentListQuery>;
export const scanStudentQuery = z.object({ examSubjectId: id, examStudentId: id });
export const scanImageQuery = z.object({ pageId: id, blockId: trimmed().max(40).optional() });
export const scanAbnormalQuery = z.object({ examSubjectId: id, kind: z.enum(SCAN_ABNORMAL_KINDS).optional() });

export const scanPageBody = z.object({ pageId: id });
export const scanSetExamNoBody = z.object({
  pageId: id,
  examNo: trimmed().min(1, '请输入考号').max(32, '考号不能超过32个字符'),
});
export const scanClaimBody = z.object({ pageId: id, examStudentId: id });
/** Confirmed marks: every listed question takes exactly these letters ([] = left blank). */
export const scanConfirmBody = z.object({
  pageId: id,
  questions: z.array(z.object({
    /** The question number as the card prints it (GroupReading.id). */
    questionNo: trimmed().min(1).max(40),
    /** Option values as the card prints them: A–H, judge √ ×. */
    marked: z.array(trimmed().min(1).max(2)).max(10),
  })).max(500).default([]),
  /** 缺考 confirmed (page 1 only); absent = left as recognised. */
  absent: z.boolean().optional(),
});
export type ScanConfirmBody = z.input<typeof scanConfirmBody>;
export const scanPageIdsBody = z.object({ pageIds: z.array(id).min(1, '请选择答题卡图片').max(5000) });
export const scanOperatorSaveBody = z.object({ examSubjectId: id, userIds: z.array(id).max(200) });

// ---------------------------------------------------------------- responses

export const scanCountersSchema = z.object({
  /** Students of the exam taking this subject. */
  studentCount: z.number(),
  /** 未扫 / 缺考 / 异常 / 上传成功 (spec noScanCount, missExamCount, abnormalCount, uploadCount). */
  noScanCount: z.number(),
  missExamCount: z.number(),
  abnormalCount: z.number(),
  uploadCount: z.number(),
  /** Students with a duplicate sheet (重复扫描) and claimed sheets (认领). */
  duplicateCount: z.number(),
  claimCount: z.number(),
  /** 异常卷: sheets with at least one abnormal page (what 处理异常卷 and the abnormal list count). */
  abnormalSheetCount: z.number(),
  /** 异常卷 that belong to no student (unreadable, other subject, bad files, pages that continue nothing). */
  unassignedAbnormalCount: z.number(),
  /** Pages in the recycle bin. */
  recycledCount: z.number(),
});
export type ScanCounters = z.infer<typeof scanCountersSchema>;

export const scanBatchSchema = z.object({
  id: z.number(),
  examSubjectId: z.number(),
  /** 1, 2, 3 … within the exam subject (批次). */
  no: z.number(),
  name: z.string(),
  duplex: z.boolean(),
  /** A rescan of one student's sheet. */
  rescanOfExamStudentId: z.number().nullable(),
  status: z.enum(SCAN_BATCH_STATUSES),
  fileCount: z.number(),
  pageCount: z.number(),
  /** Pages recognised so far (ok + abnormal), for the progress bar; progress = 0–100. */
  recognizedCount: z.number(),
  progress: z.number(),
  /** Sheets of the batch not in the recycle bin; of them, sheets with every page ok and 异常卷 (an abnormal page). */
  sheetCount: z.number(),
  okCount: z.number(),
  abnormalCount: z.number(),
  /** Pages of the batch in the recycle bin. */
  deletedCount: z.number(),
  createdBy: z.string(),
  /** 10-digit Unix timestamp (seconds). */
  createdAt: z.number(),
});
export type ScanBatch = z.infer<typeof scanBatchSchema>;

export const scanOverviewSchema = z.object({
  examSubjectId: z.number(),
  examId: z.number(),
  courseName: z.string(),
  /** The card's pages (the saved card, else the default card); null when no card can be built. */
  cardPageCount: z.number().nullable(),
  /** The subject has a saved card (recognition needs one). */
  cardSaved: z.boolean(),
  counters: scanCountersSchema,
  batches: z.array(scanBatchSchema),
});
export type ScanOverview = z.infer<typeof scanOverviewSchema>;

export const scanUploadResultSchema = z.object({
  batch: scanBatchSchema,
  /** Files that could not be read (also recorded as badFile abnormal pages). */
  rejectedFiles: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type ScanUploadResult = z.infer<typeof scanUploadResultSchema>;

/** A rectangle in pixels of the stored (upright) page image. */
export const scanRectSchema = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });
export type ScanRect = z.infer<typeof scanRectSchema>;

export const scanPageSchema = z.object({
  id: z.number(),
  batchId: z.number(),
  examSubjectId: z.number(),
  status: z.enum(SCAN_PAGE_STATUSES),
  /** The uploaded file and the page within it (1-based; a TIFF/PDF has several). */
  fileName: z.string(),
  fileIndex: z.number(),
  /** Order within the batch (1-based). */
  seq: z.number(),
  /** Card page (1 = with 考号), null when unknown. */
  pageNo: z.number().nullable(),
  examStudentId: z.number().nullable(),
  /** The sheet (一份答题卡) the page is part of: id of its first page; null before the subject was resolved. */
  sheetId: z.number().nullable(),
  studentName: z.string().nullable(),
  /** 考号 as read (or typed). */
  examNo: z.string().nullable(),
  absent: z.boolean(),
  claimed: z.boolean(),
  abnormalKind: z.enum(SCAN_ABNORMAL_KINDS).nullable(),
  abnormalName: z.string().nullable(),
  /** Why, in Chinese (e.g. 定位点识别失败：未找到 4 个定位点). */
  reason: z.string().nullable(),
  /** Image url (scanned/image?pageId=…, relative to /api/v1/); null when no image (badFile). */
  imageUrl: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** Cut subjective blocks (online marking), with their rectangles on the image. */
  blocks: z.array(z.object({ id: z.string(), rect: scanRectSchema, imageUrl: z.string() })),
  createdAt: z.number(),
});
export type ScanPage = z.infer<typeof scanPageSchema>;

export const scanBatchDetailSchema = z.object({ batch: scanBatchSchema, pages: z.array(scanPageSchema) });
export type ScanBatchDetail = z.infer<typeof scanBatchDetailSchema>;

export const scanStudentSchema = z.object({
  examStudentId: z.number(),
  name: z.string(),
  examNo: z.string(),
  className: z.string(),
  room: z.string(),
  state: z.enum(SCAN_STATES),
  stateName: z.string(),
  /** 重复扫描 / 认领. */
  duplicate: z.boolean(),
  claimed: z.boolean(),
  /** Active pages of the student and the card pages they cover. */
  pageCount: z.number(),
  pagesPresent: z.array(z.number()),
  /** The first abnormal kind of the student's sheet, if any. */
  abnormalKind: z.enum(SCAN_ABNORMAL_KINDS).nullable(),
  /** Objective score from the recognised marks (null until scored). */
  objectiveScore: z.number().nullable(),
});
export type ScanStudent = z.infer<typeof scanStudentSchema>;
export const scanStudentPageSchema = z.object({
  records: z.array(scanStudentSchema), total: z.number(), current: z.number(), size: z.number(),
  counters: scanCountersSchema,
});
export type ScanStudentPage = z.infer<typeof scanStudentPageSchema>;

export const scanStudentSheetSchema = z.object({
  student: scanStudentSchema,
  /** Active pages in card-page order (images for the 7-column grid and the preview). */
  pages: z.array(scanPageSchema),
});
export type ScanStudentSheet = z.infer<typeof scanStudentSheetSchema>;

/** One doubtful reading to show: the bubbles' crops on the image, what was read, and why it is doubtful. */
export const scanDoubtSchema = z.object({
  kind: z.enum(['question', 'admission', 'absent']),
  /** Question number (question), digit column index 1-based (admission), '缺考' (absent). */
  id: z.string(),
  reason: z.string(),
  /** Values read as marked. */
  marked: z.array(z.string()),
  options: z.array(z.object({ value: z.string(), darkness: z.number(), rect: scanRectSchema })),
  /** The whole group's rectangle (crop this from the image to show the bubbles). */
  rect: scanRectSchema,
});
export type ScanDoubt = z.infer<typeof scanDoubtSchema>;

export const scanAbnormalSchema = z.object({
  page: scanPageSchema,
  kind: z.enum(SCAN_ABNORMAL_KINDS),
  kindName: z.string(),
  reason: z.string(),
  fixes: z.array(z.enum(SCAN_FIXES)),
  /** doubt: the readings to confirm. */
  doubts: z.array(scanDoubtSchema),
  /** duplicate: the other active pages of the same student and card page (keep one). */
  duplicates: z.array(scanPageSchema),
  /** missingPage: the card pages the student's sheet lacks. */
  missingPages: z.array(z.number()),
  /**
   * Every objective reading of the page as recognised (marks read, the doubt if any), whatever the kind: a sheet
   * waiting for its 考号 shows its answers too.
   */
  answers: z.array(z.object({ no: z.string(), marked: z.array(z.string()), doubt: z.string().nullable() })),
  /** examNo / notInExam: the 考号 area on the page image (pixels), shown enlarged beside the input; null when unknown. */
  examNoRect: scanRectSchema.nullable(),
});
export type ScanAbnormal = z.infer<typeof scanAbnormalSchema>;

export const scanRecycledSchema = z.object({
  page: scanPageSchema,
  deletedBy: z.string(),
  deletedAt: z.number(),
});
export type ScanRecycled = z.infer<typeof scanRecycledSchema>;

export const objectiveRecognizeResultSchema = z.object({
  examSubjectId: z.number(),
  examStudentId: z.number(),
  name: z.string(),
  examNo: z.string(),
  absent: z.boolean(),
  questions: z.array(z.object({
    questionId: z.number(),
    no: z.string(),
    type: z.string(),
    fullScore: z.number(),
    /** The key (标准答案), null when not entered. */
    answer: z.string().nullable(),
    /** Letters read (or confirmed), '' = left blank, null = not scanned. */
    choice: z.string().nullable(),
    confirmed: z.boolean(),
    doubt: z.string().nullable(),
    score: z.number().nullable(),
  })),
  /** 选做题 boxes of the card: the question numbers, the one chosen (null = none or several), confirmed by a person. */
  electives: z.array(z.object({
    nos: z.array(z.string()),
    /** A box of a K > 1 group: which of the group's K boxes (1-based); absent for K = 1. */
    slot: z.number().int().optional(),
    chosen: z.string().nullable(),
    confirmed: z.boolean(),
    doubt: z.string().nullable(),
  })),
  objectiveScore: z.number().nullable(),
});
export type ObjectiveRecognizeResult = z.infer<typeof objectiveRecognizeResultSchema>;

export const scanScoreResultSchema = z.object({
  /** Students whose objective scores were written, and absent students recorded as 缺考. */
  scored: z.number(),
  absent: z.number(),
  /** Students not written because their sheet is abnormal or not scanned. */
  skipped: z.number(),
});
export type ScanScoreResult = z.infer<typeof scanScoreResultSchema>;

export const scanOperatorSchema = z.object({ userId: z.number(), name: z.string(), loginId: z.string() });
export type ScanOperator = z.infer<typeof scanOperatorSchema>;
