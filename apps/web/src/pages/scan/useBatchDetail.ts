import { useCallback, useEffect, useState } from 'react';
import { findBatch, findBatchImages, type ScanBatch, type ScanImage } from '@/api/scan';
import { usePolling } from '@/hooks/usePolling';

/** One batch and its images; polled every 2 s while the batch is still being recognised. */
export function useBatchDetail(batchId: number) {
  const [batch, setBatch] = useState<ScanBatch | null>(null);
  const [images, setImages] = useState<ScanImage[]>([]);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    const [b, im] = await Promise.all([findBatch(batchId), findBatchImages(batchId)]);
    setLoading(false);
    if (b.code !== 200 || !b.data) { setError(b.msg || '批次不存在'); return false; }
    setBatch(b.data);
    if (im.code === 200 && im.data) setImages(im.data);
    return b.data.state === 'uploading' || b.data.state === 'queued' || b.data.state === 'running';
  }, [batchId]);

  const { start } = usePolling(load, { interval: 2000, retryInterval: 5000 });
  useEffect(() => { if (batchId > 0) start(true); else { setLoading(false); setError('请从扫描批次列表打开'); } }, [batchId, start]);
  return { batch, images, error, loading, reload: () => start(true) };
}
