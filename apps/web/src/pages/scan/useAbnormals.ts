import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  claimPage, confirmMarks, deletePages, findAbnormals, keepPage, recognizePage, rotatePage, setExamNo, type ScanAbnormal, type ScanAbnormalKind,
} from '@/api/scan';
import type { ScanConfirmBody } from '@jz/shared/api/scan';
import { loadData, runAction } from '@/components/table';
import type { ApiResult } from '@/utils/request';

/**
 * State of the abnormal list of one exam subject: every abnormal page (filtered by kind on screen), the one
 * being fixed, and the fixes. After a fix the list is read again and the next abnormal is selected, so a person
 * works down the list without clicking it.
 */
export function useAbnormals(examSubjectId: number, onChanged: () => void) {
  const [all, setAll] = useState<ScanAbnormal[]>([]);
  const [loading, setLoading] = useState(true);
  const [kind, setKind] = useState<ScanAbnormalKind | 'all'>('all');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    const list = await loadData(findAbnormals(examSubjectId), [] as ScanAbnormal[]);
    setAll(list);
    setLoading(false);
    return list;
  }, [examSubjectId]);
  useEffect(() => { void load(); }, [load]);

  const list = useMemo(() => (kind === 'all' ? all : all.filter((a) => a.kind === kind)), [all, kind]);
  const counts = useMemo(() => all.reduce<Record<string, number>>((m, a) => ({ ...m, [a.kind]: (m[a.kind] ?? 0) + 1 }), {}), [all]);
  const selected = list.find((a) => a.page.id === selectedId) ?? list[0] ?? null;

  /** Runs a fix on the selected page; then reloads and moves to the abnormal after it (or the last one). */
  const fix = async (call: Promise<ApiResult<unknown>>, success: string) => {
    if (!selected) return false;
    const at = list.findIndex((a) => a.page.id === selected.page.id);
    setBusy(true);
    const res = await runAction(call, { success });
    setBusy(false);
    if (!res) return false;
    const next = await load();
    const shown = kind === 'all' ? next : next.filter((a) => a.kind === kind);
    setSelectedId(shown[Math.min(at, shown.length - 1)]?.page.id ?? null);
    onChanged();
    return true;
  };
  const id = selected?.page.id ?? 0;
  return {
    list, counts, total: all.length, loading, kind, setKind, selected, select: setSelectedId, busy, reload: load,
    rotate: () => fix(rotatePage(id), '已旋转并重新识别'),
    recognize: () => fix(recognizePage(id), '已重新识别'),
    setExamNo: (examNo: string) => fix(setExamNo(id, examNo), '考号已更新'),
    claim: (examStudentId: number) => fix(claimPage(id, examStudentId), '认领成功'),
    keep: (pageId: number) => fix(keepPage(pageId), '已保留，其余进入回收站'),
    confirm: (body: Omit<ScanConfirmBody, 'pageId'>) => fix(confirmMarks({ ...body, pageId: id }), '已确认'),
    remove: () => fix(deletePages([id]), '已删除到回收站'),
    /** After a rescan upload of the selected student's sheet. */
    rescanned: async () => { await load(); onChanged(); },
  };
}
export type AbnormalsState = ReturnType<typeof useAbnormals>;
