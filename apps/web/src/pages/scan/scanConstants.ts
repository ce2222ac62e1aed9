import type { ScanBatch, ScanPage, ScanState, ScanStudentListQuery } from '@jz/shared/api/scan';
import { scanImageSrc } from '@/api/scan';

export const SCAN_STATE_COLORS: Record<ScanState, string> = { noScan: 'default', absent: 'orange', abnormal: 'red', uploaded: 'green' };

/** The four counters of an exam subject, in the spec's order, and the student-list filter each opens. */
export const COUNTERS = [
  { key: 'noScanCount', filter: 'noScan', label: '未扫', color: '#8c8c8c' },
  { key: 'missExamCount', filter: 'absent', label: '缺考', color: '#fa8c16' },
  { key: 'abnormalCount', filter: 'abnormal', label: '异常', color: '#ff4d4f' },
  { key: 'uploadCount', filter: 'uploaded', label: '上传成功', color: '#52c41a' },
] as const;

/** Filters of the student list: the four states, and 重复扫描 / 认领 (flags beside the state). */
export const STUDENT_FILTERS = [
  { value: 'noScan', label: '未扫' }, { value: 'absent', label: '缺考' }, { value: 'abnormal', label: '异常' }, { value: 'uploaded', label: '上传成功' },
  { value: 'duplicate', label: '重复扫描' }, { value: 'claimed', label: '认领' },
] as const;
export type StudentFilter = (typeof STUDENT_FILTERS)[number]['value'];
export const isStudentFilter = (v: unknown): v is StudentFilter => STUDENT_FILTERS.some((f) => f.value === v);

/** A filter as query parameters of scanned_student/list. */
export function filterQuery(f: StudentFilter | undefined): Pick<ScanStudentListQuery, 'state' | 'duplicate' | 'claimed'> {
  if (f === 'duplicate') return { duplicate: true };
  if (f === 'claimed') return { claimed: true };
  return f ? { state: f } : {};
}

export const BATCH_STATUS_COLORS: Record<ScanBatch['status'], string> = { uploading: 'processing', recognizing: 'processing', done: 'success' };

/** Image files a batch accepts (the server reads JPEG/PNG/TIFF, scanner PDFs and zips of them). */
export const BATCH_ACCEPT = '.jpg,.jpeg,.png,.tif,.tiff,.webp,.pdf,.zip';

/** A 10-digit Unix timestamp (seconds) as local date and time. */
export const fmtTime = (sec: number | null | undefined) => (sec ? new Date(sec * 1000).toLocaleString('zh-CN', { hour12: false }) : '—');

const PAGE_STATUS_NAMES: Record<ScanPage['status'], string> = { pending: '识别中', ok: '正常', abnormal: '异常', deleted: '已删除' };

/** A page as a grid / preview item: order, student or abnormal kind, card page. */
export function pageItem(p: ScanPage) {
  const who = p.studentName ? `${p.studentName}${p.examNo ? `（${p.examNo}）` : ''}` : p.abnormalName ?? PAGE_STATUS_NAMES[p.status];
  return { key: p.id, src: p.imageUrl ? scanImageSrc(p.imageUrl) : '', title: `${p.seq}. ${who}${p.pageNo ? ` 第${p.pageNo}页` : ''}` };
}
