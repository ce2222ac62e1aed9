import { useCallback, useEffect, useState } from 'react';
import { findQualityList, type MarkerQualityRow } from '@/api/markingSetup';

/** 阅卷质量 of one block as the api works it out (monitor/qualityList); nothing is computed in the browser. */
export function useMarkQuality(blockId: number) {
  const [rows, setRows] = useState<MarkerQualityRow[]>([]);
  const [tolerance, setTolerance] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    if (!blockId) { setRows([]); return; }
    setLoading(true);
    try {
      const r = await findQualityList(blockId);
      if (r.code === 200) { setRows(r.data.rows); setTolerance(r.data.tolerance); setError(''); } else setError(r.msg);
    } catch { setError('网络错误，请刷新重试'); } finally { setLoading(false); }
  }, [blockId]);
  useEffect(() => { void load(); }, [load]);
  return { rows, tolerance, error, loading, reload: load };
}
