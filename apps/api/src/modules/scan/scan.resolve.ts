/**
 * Which student every scanned page belongs to, which sheet it is part of, and what is wrong — one pure function
 * over the recognised pages of an exam subject (no I/O), run again after every upload, fix, delete or restore, so
 * the answer never depends on the order things happened in (docs/DOMAIN-RULES.md §5, 异常卷).
 *
 * Sheet (一份答题卡): in one batch, in scanning order, a page continues the page just before it when that page was
 * read as the card page one lower; a run of such pages is one sheet (one copy of the card as it went through the
 * scanner). A page that continues nothing starts a sheet of its own. Pages in the recycle bin still stand in the
 * sequence when they were read as a card page (a copy's page 1 kept out of the counts still carries its page 2),
 * so deleting or restoring a page never re-threads other pages.
 *
 * Owner of a page, first rule that applies:
 * 1. a rescan batch's pages belong to its student;
 * 2. a claimed page (认领) belongs to the claimed student;
 * 3. a first card page belongs to the student of its 考号 (read or typed);
 * 4. a later page belongs to the owner of the page it continues — otherwise nobody (无法确定考生). A lost or
 *    unreadable sheet therefore leaves its own later pages without owner and never shifts them onto another student.
 * Then: two live pages of one student with the same card page → 重复扫描 on both; a student with some but not all
 * card pages → 缺页; a page with marks still to confirm → 识别存疑. A 缺考 student needs neither all pages nor
 * confirmed marks.
 */
import { SCAN_ABNORMAL_KINDS, SCAN_ABNORMAL_NAMES, type ScanAbnormalKind } from '@jz/shared/api/scan';

export interface ResolvePage {
  id: number;
  batchId: number;
  fileSeq: number;
  fileIndex: number;
  /** Recognition finished (pending pages take no part). */
  recognized: boolean;
  /** In the recycle bin: counts nowhere, but a page read as card page k still stands in its batch's sequence. */
  deleted?: boolean;
  /** The page's own problem from recognition (badFile, anchor, pageCode, otherSubject, examNo, notInExam). */
  intrinsicKind: ScanAbnormalKind | null;
  intrinsicReason: string | null;
  pageNo: number | null;
  /** Student of the 考号 read or typed (first pages). */
  readStudentId: number | null;
  claimStudentId: number | null;
  /** The batch is a rescan of this student's sheet. */
  rescanStudentId: number | null;
  absent: boolean;
  /** Doubtful readings not yet confirmed. */
  openDoubts: number;
}

export interface ResolvedPage {
  id: number; examStudentId: number | null; abnormalKind: ScanAbnormalKind | null; reason: string | null;
  /** The sheet (一份答题卡) the page is part of: the id of the sheet's first page (which may be in the recycle bin). */
  sheetId: number;
}
export interface ResolvedStudent {
  examStudentId: number;
  state: 'absent' | 'abnormal' | 'uploaded';
  duplicate: boolean;
  claimed: boolean;
  abnormalKind: ScanAbnormalKind | null;
  /** Card pages present, ascending (a duplicate page once). */
  pages: number[];
  /** Pages in card-page order (for scoring: the readings of each card page). */
  pageIds: number[];
}

const RANK = new Map(SCAN_ABNORMAL_KINDS.map((k, i) => [k, i]));
const first = (kinds: ScanAbnormalKind[]) => kinds.sort((a, b) => RANK.get(a)! - RANK.get(b)!)[0] ?? null;
/** Kinds a claim (or typed 考号) settles. */
const OWNER_KINDS = new Set<ScanAbnormalKind>(['examNo', 'notInExam']);

export function resolvePages(pages: ResolvePage[], pageCount: number): { pages: ResolvedPage[]; students: ResolvedStudent[] } {
  const recognized = pages.filter((p) => p.recognized && (!p.deleted || p.pageNo !== null));
  const live = recognized.filter((p) => !p.deleted);
  const byBatch = new Map<number, ResolvePage[]>();
  for (const p of recognized) {
    const list = byBatch.get(p.batchId) ?? [];
    list.push(p);
    byBatch.set(p.batchId, list);
  }
  const owner = new Map<number, number | null>();
  const sheet = new Map<number, number>();
  /** Page 1 of a sheet whose later pages wait for its owner (their reason names it). */
  const head = new Map<number, ResolvePage>();
  for (const list of byBatch.values()) {
    list.sort((a, b) => a.fileSeq - b.fileSeq || a.fileIndex - b.fileIndex);
    let prev: ResolvePage | null = null;
    for (const p of list) {
      const continues = prev !== null && p.pageNo !== null && p.pageNo > 1 && prev.pageNo === p.pageNo - 1;
      sheet.set(p.id, continues ? sheet.get(prev!.id)! : p.id);
      head.set(p.id, continues ? head.get(prev!.id)! : p);
      let o: number | null = null;
      const blocked = p.intrinsicKind !== null && !OWNER_KINDS.has(p.intrinsicKind);
      if (p.rescanStudentId !== null && !blocked) o = p.rescanStudentId;
      else if (p.claimStudentId !== null && !blocked) o = p.claimStudentId;
      else if (blocked || p.pageNo === null) o = null;
      else if (p.pageNo === 1) o = p.readStudentId;
      else if (continues) o = owner.get(prev!.id) ?? null;
      owner.set(p.id, o);
      prev = p;
    }
  }

  const group = new Map<number, ResolvePage[]>();
  for (const p of live) {
    const o = owner.get(p.id);
    if (o === null || o === undefined) continue;
    const list = group.get(o) ?? [];
    list.push(p);
    group.set(o, list);
  }

  const kinds = new Map<number, { kind: ScanAbnormalKind | null; reason: string | null }>();
  const students: ResolvedStudent[] = [];
  for (const [studentId, list] of group) {
    list.sort((a, b) => (a.pageNo ?? 99) - (b.pageNo ?? 99) || a.batchId - b.batchId || a.fileSeq - b.fileSeq || a.fileIndex - b.fileIndex);
    const absent = list.some((p) => p.pageNo === 1 && p.absent);
    const count = new Map<number, number>();
    for (const p of list) if (p.pageNo !== null) count.set(p.pageNo, (count.get(p.pageNo) ?? 0) + 1);
    const present = [...count.keys()].sort((a, b) => a - b);
    const missing = Array.from({ length: pageCount }, (_, i) => i + 1).filter((n) => !count.has(n));
    const duplicate = [...count.values()].some((n) => n > 1);
    const found: ScanAbnormalKind[] = [];
    list.forEach((p, i) => {
      const own: ScanAbnormalKind[] = [];
      if (p.pageNo !== null && count.get(p.pageNo)! > 1) own.push('duplicate');
      if (!absent && p.openDoubts > 0) own.push('doubt');
      if (!absent && missing.length && i === 0) own.push('missingPage');
      const kind = first(own);
      const reason = kind === 'duplicate' ? `同一考生的第 ${p.pageNo} 页扫描了 ${count.get(p.pageNo!)} 次，请保留一张`
        : kind === 'doubt' ? `${p.openDoubts} 处填涂识别存疑，请确认`
          : kind === 'missingPage' ? `缺少第 ${missing.join('、')} 页` : null;
      kinds.set(p.id, { kind, reason });
      if (kind) found.push(kind);
    });
    const kind = first(found);
    students.push({
      examStudentId: studentId,
      state: kind ? 'abnormal' : absent ? 'absent' : 'uploaded',
      duplicate,
      claimed: list.some((p) => p.claimStudentId === studentId),
      abnormalKind: kind,
      pages: present,
      pageIds: list.map((p) => p.id),
    });
  }

  const out: ResolvedPage[] = live.map((p) => {
    const o = owner.get(p.id) ?? null;
    const sheetId = sheet.get(p.id)!;
    if (o !== null) {
      const k = kinds.get(p.id)!;
      return { id: p.id, examStudentId: o, abnormalKind: k.kind, reason: k.reason, sheetId };
    }
    const kind: ScanAbnormalKind = p.intrinsicKind ?? 'orphan';
    const top = head.get(p.id)!;
    const reason = p.intrinsicKind ? p.intrinsicReason ?? SCAN_ABNORMAL_NAMES[kind]
      : p.pageNo === null ? '页码无法识别'
        : top !== p && top.pageNo === 1
          ? `本份答题卡第 1 页${top.intrinsicKind ? SCAN_ABNORMAL_NAMES[top.intrinsicKind] : '无法确定考生'}：第 1 页确定考生后，本页随之归属；也可直接认领`
          : `第 ${p.pageNo} 页之前没有同一考生的第 ${p.pageNo - 1} 页，无法确定考生，请认领`;
    return { id: p.id, examStudentId: null, abnormalKind: kind, reason, sheetId };
  });
  students.sort((a, b) => a.examStudentId - b.examStudentId);
  return { pages: out, students };
}
