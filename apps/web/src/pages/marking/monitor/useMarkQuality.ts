import { useCallback, useState } from 'react';
import { findQualityList, type MarkerQualityRow } from '@/api/markingSetup';
import { useMonitorData } from './useMonitorData';

/** 阅卷质量 of one block as the api works it out (monitor/qualityList), live with its exam; nothing is computed here. */
export function useMarkQuality(blockId: number, examId: number) {
  const [rows, setRows] = useState<MarkerQualityRow[]>([]);
  const [tolerance, setTolerance] = useState<number | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async (isCurrent: () => boolean) => {
    if (!blockId) { setRows([]); return true; }
    try {
      const r = await findQualityList(blockId);
      if (!isCurrent()) return false;
      if (r.code === 200) { setRows(r.data.rows); setTolerance(r.data.tolerance); setError(''); return true; }
      setError(r.msg);
    } catch { setError('网络错误，请刷新重试'); }
    return false;
  }, [blockId]);
  const data = useMonitorData(examId, load);
  return { rows, tolerance, error, ...data };
}
