import { useCallback, useEffect, useState } from 'react';
import { findHistory, restorePages, type ScanRecycled } from '@/api/scan';
import { loadData, runAction } from '@/components/table';

/** The recycle bin of one exam subject (scanned/historyList) and restoring pages from it (scanned/historyReduction). */
export function useRecycleBin(examSubjectId: number, onChanged: () => void) {
  const [rows, setRows] = useState<ScanRecycled[]>([]);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<number[]>([]);
  const load = useCallback(async () => {
    setLoading(true);
    setRows(await loadData(findHistory(examSubjectId), [] as ScanRecycled[]));
    setSelected([]);
    setLoading(false);
  }, [examSubjectId]);
  useEffect(() => { void load(); }, [load]);
  const restore = async (pageIds: number[]) => {
    if (!pageIds.length) return;
    if (await runAction(restorePages(pageIds), { success: `已还原 ${pageIds.length} 张` })) { await load(); onChanged(); }
  };
  return { rows, loading, selected, setSelected, restore, reload: load };
}
