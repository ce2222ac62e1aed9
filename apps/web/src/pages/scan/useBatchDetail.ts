import { useCallback, useEffect, useState } from 'react';
import { findBatchDetail, retryBatch, type ScanBatchDetail } from '@/api/scan';
import { runAction } from '@/components/table';
import { usePolling } from '@/hooks/usePolling';

/** One batch and its pages; polled every 2 s while the batch is still uploading or being recognised. */
export function useBatchDetail(batchId: number) {
  const [detail, setDetail] = useState<ScanBatchDetail | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    const res = await findBatchDetail(batchId);
    setLoading(false);
    if (res.code !== 200 || !res.data) { setError(res.msg || '批次不存在'); return false; }
    setDetail(res.data);
    return res.data.batch.status !== 'done';
  }, [batchId]);

  const { start } = usePolling(load, { interval: 2000, retryInterval: 5000 });
  useEffect(() => { if (batchId > 0) start(true); else { setLoading(false); setError('请从扫描批次列表打开'); } }, [batchId, start]);
  /** Recognition again for the pages a stopped worker left waiting (the server refuses while a job still runs). */
  const retry = async () => { if (await runAction(retryBatch(batchId), { success: '已重新开始识别' })) start(true); };
  return { batch: detail?.batch ?? null, pages: detail?.pages ?? [], error, loading, retry };
}
