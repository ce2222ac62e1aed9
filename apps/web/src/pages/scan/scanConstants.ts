import type { AbnormalKind, BatchState, ScanState } from '@/api/scan';

/** A student's scan state as the lists show it (docs/DOMAIN-RULES.md §5). */
export const SCAN_STATE_LABELS: Record<ScanState, string> = {
  noScan: '未扫', missExam: '缺考', abnormal: '异常', uploaded: '上传成功', repeat: '重复扫描', claimed: '认领',
};
export const SCAN_STATE_COLORS: Record<ScanState, string> = {
  noScan: 'default', missExam: 'orange', abnormal: 'red', uploaded: 'green', repeat: 'purple', claimed: 'blue',
};

/** The four counters of an exam subject, in the spec's order. */
export const COUNTERS = [
  { key: 'noScanCount', state: 'noScan', label: '未扫', color: '#8c8c8c' },
  { key: 'missExamCount', state: 'missExam', label: '缺考', color: '#fa8c16' },
  { key: 'abnormalCount', state: 'abnormal', label: '异常', color: '#ff4d4f' },
  { key: 'uploadCount', state: 'uploaded', label: '上传成功', color: '#52c41a' },
] as const;

export const BATCH_STATE_LABELS: Record<BatchState, string> = {
  uploading: '上传中', queued: '排队中', running: '识别中', done: '识别完成', failed: '识别失败',
};

/** Abnormal kinds and the fix each offers (/scanUnnormalDetail). */
export const ABNORMAL_KIND_LABELS: Record<AbnormalKind, string> = {
  anchor: '定位点未找到',
  pageCode: '页码无法识别',
  otherSubject: '非本科目答题卡',
  admission: '考号无法识别',
  notInExam: '考号不在本次考试',
  duplicate: '重复扫描',
  missingPage: '缺页',
  doubtful: '涂点存疑',
  badFile: '文件无法读取',
};

/** Image files a batch accepts (the server reads JPEG/PNG/TIFF, scanner PDFs and zips of them). */
export const BATCH_ACCEPT = '.jpg,.jpeg,.png,.tif,.tiff,.pdf,.zip';

export const fmtTime = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');
