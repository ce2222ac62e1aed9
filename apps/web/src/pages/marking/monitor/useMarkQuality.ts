import { useCallback, useState } from 'react';
import { findQualityList, type MarkerQualityRow, type QualityList } from '@/api/markingSetup';
import { useMonitorData } from './useMonitorData';

/** A row of the 阅卷质量 table: a marker, or the block as a whole (userId 0, no difference to itself). */
export type QualityRow = Omit<MarkerQualityRow, 'mean' | 'diff' | 'sd'> & { mean: number | null; diff: number | null; sd: number | null; whole?: boolean };

/** The table's rows: the markers, then the block's own figures for comparison. */
export function qualityRows(q: QualityList | null): QualityRow[] {
  if (!q) return [];
  return [...q.rows, { ...q.block, userId: 0, userName: '题块整体', diff: null, whole: true, recheckCount: 0, consistencyPercent: null }];
}

/** 阅卷质量 of one block as the api works it out (monitor/qualityList), live with its exam; nothing is computed here. */
export function useMarkQuality(blockId: number, examId: number) {
  const [data, setData] = useState<QualityList | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async (isCurrent: () => boolean) => {
    if (!blockId) { setData(null); return true; }
    try {
      const r = await findQualityList(blockId);
      if (!isCurrent()) return false;
      if (r.code === 200) { setData(r.data); setError(''); return true; }
      setError(r.msg);
    } catch { setError('网络错误，请刷新重试'); }
    return false;
  }, [blockId]);
  const live = useMonitorData(examId, load);
  return { rows: qualityRows(data), tolerance: data?.tolerance ?? null, safeScore: data?.safeScore ?? null, step: data?.step ?? null, error, ...live };
}
