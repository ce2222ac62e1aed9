import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  claimPage, confirmMarks, deletePages, findAbnormals, keepPage, recognizePage, rotatePage, setExamNo, SCAN_ABNORMAL_KINDS, type ScanAbnormal, type ScanAbnormalKind,
} from '@/api/scan';
import type { ScanConfirmBody } from '@jz/shared/api/scan';
import { loadData, runAction } from '@/components/table';
import type { ApiResult } from '@/utils/request';

/** One 异常卷: a sheet (一份答题卡) with its abnormal pages, in page order, and its reasons (docs/DOMAIN-RULES.md §5). */
export interface AbnormalSheet { sheetId: number; pages: ScanAbnormal[]; kinds: ScanAbnormalKind[] }

/** Abnormal pages grouped by sheet, in scanning order; each sheet's reasons in the kinds' order. */
export function groupSheets(pages: ScanAbnormal[]): AbnormalSheet[] {
  const bySheet = new Map<number, ScanAbnormal[]>();
  for (const a of pages) {
    const key = a.page.sheetId ?? a.page.id;
    bySheet.set(key, [...(bySheet.get(key) ?? []), a]);
  }
  return [...bySheet.entries()].map(([sheetId, list]) => ({
    sheetId,
    pages: list.sort((a, b) => (a.page.pageNo ?? 99) - (b.page.pageNo ?? 99) || a.page.seq - b.page.seq),
    kinds: SCAN_ABNORMAL_KINDS.filter((k) => list.some((a) => a.kind === k)),
  }));
}

/**
 * State of the abnormal list of one exam subject: every 异常卷 (a sheet with an abnormal page; filtered by reason on
 * screen), the sheet and the page of it being fixed, and the fixes. After a fix the list is read again and the
 * sheet at the same place is selected, so a person works down the list without clicking it.
 */
export function useAbnormals(examSubjectId: number, onChanged: () => void) {
  const [all, setAll] = useState<AbnormalSheet[]>([]);
  const [loading, setLoading] = useState(true);
  const [kind, setKind] = useState<ScanAbnormalKind | 'all'>('all');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pageId, setPageId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    const list = groupSheets(await loadData(findAbnormals(examSubjectId), [] as ScanAbnormal[]));
    setAll(list);
    setLoading(false);
    return list;
  }, [examSubjectId]);
  useEffect(() => { void load(); }, [load]);

  const list = useMemo(() => (kind === 'all' ? all : all.filter((s) => s.kinds.includes(kind))), [all, kind]);
  const counts = useMemo(() => all.reduce<Record<string, number>>((m, s) => {
    for (const k of s.kinds) m[k] = (m[k] ?? 0) + 1;
    return m;
  }, {}), [all]);
  const sheet = list.find((s) => s.sheetId === selectedId) ?? list[0] ?? null;
  const selected = sheet?.pages.find((a) => a.page.id === pageId) ?? sheet?.pages[0] ?? null;
  const select = (sheetId: number) => { setSelectedId(sheetId); setPageId(null); };

  /** Runs a fix on the selected page; then reloads and moves to the sheet now at the same place (or the last one). */
  const fix = async (call: Promise<ApiResult<unknown>>, success: string) => {
    if (!sheet) return false;
    const at = list.findIndex((s) => s.sheetId === sheet.sheetId);
    setBusy(true);
    const res = await runAction(call, { success });
    setBusy(false);
    if (!res) return false;
    const next = await load();
    const shown = kind === 'all' ? next : next.filter((s) => s.kinds.includes(kind));
    // the same sheet when it is still abnormal (another page of it to fix), else the one now at its place
    const same = shown.find((s) => s.sheetId === sheet.sheetId);
    setSelectedId((same ?? shown[Math.min(at, shown.length - 1)])?.sheetId ?? null);
    setPageId(null);
    onChanged();
    return true;
  };
  const id = selected?.page.id ?? 0;
  return {
    list, counts, total: all.length, loading, kind, setKind, sheet, selected, select, selectPage: setPageId, busy, reload: load,
    rotate: () => fix(rotatePage(id), '已旋转并重新识别'),
    recognize: () => fix(recognizePage(id), '已重新识别'),
    setExamNo: (examNo: string) => fix(setExamNo(id, examNo), '考号已更新'),
    claim: (examStudentId: number) => fix(claimPage(id, examStudentId), '认领成功'),
    keep: (keptPageId: number) => fix(keepPage(keptPageId), '已保留这一份，另一份已移入回收站'),
    confirm: (body: Omit<ScanConfirmBody, 'pageId'>) => fix(confirmMarks({ ...body, pageId: id }), '已确认'),
    remove: () => fix(deletePages([id]), '已删除到回收站'),
    /** After a rescan upload of the selected student's sheet. */
    rescanned: async () => { await load(); onChanged(); },
  };
}
export type AbnormalsState = ReturnType<typeof useAbnormals>;
