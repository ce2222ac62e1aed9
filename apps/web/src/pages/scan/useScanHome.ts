import { useCallback, useEffect, useRef, useState } from 'react';
import { findScanOverview, type ScanOverview } from '@/api/scan';
import { feedbackMessage } from '@/components/table';
import { usePolling } from '@/hooks/usePolling';

/**
 * State of 扫描管理 for one exam subject: its counters and batches (scanned_batch/list). While a batch is still
 * uploading or being recognised the overview is polled every 2 s, quietly (no spinner), so the bars move.
 */
export function useScanHome(examSubjectId: number) {
  const [overview, setOverview] = useState<ScanOverview | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  /** Loads the overview; resolves true while any batch is still working. */
  const load = useCallback(async (quiet: boolean): Promise<boolean> => {
    const mine = ++seq.current;
    if (!quiet) setLoading(true);
    try {
      const res = await findScanOverview(examSubjectId);
      if (mine !== seq.current) return false;
      if (res.code === 200 && res.data) { setOverview(res.data); return res.data.batches.some((b) => b.status !== 'done'); }
      if (res.code !== 401 && !quiet) feedbackMessage().error(res.msg || '加载扫描情况失败');
      return false;
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [examSubjectId]);

  const { start } = usePolling(() => load(true), { interval: 2000, retryInterval: 5000 });
  useEffect(() => { void load(false).then((again) => { if (again) start(); }); }, [load, start]);

  /** After an upload or a change: load now and follow running batches. */
  const refresh = useCallback(() => start(true), [start]);
  return { overview, loading, refresh };
}
