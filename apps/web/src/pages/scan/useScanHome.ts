import { useCallback, useEffect, useRef, useState } from 'react';
import { findBatches, findScanSubjects, type ScanBatch, type ScanSubject } from '@/api/scan';
import { feedbackMessage, paginationConfig } from '@/components/table';
import { usePolling } from '@/hooks/usePolling';

const busy = (b: ScanBatch) => b.state === 'uploading' || b.state === 'queued' || b.state === 'running';

/**
 * State of 扫描管理 for one exam subject: the subjects' counters and the batch list (paginated). While a batch of
 * the page is still being recognised both are polled every 2 s, quietly (no spinner), so the bars move.
 */
export function useScanHome(examId: number, examSubjectId: number) {
  const [subjects, setSubjects] = useState<ScanSubject[]>([]);
  const [batches, setBatches] = useState<ScanBatch[]>([]);
  const [total, setTotal] = useState(0);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  /** Loads counters and the batch page; resolves true while any batch on it is still working. */
  const load = useCallback(async (quiet: boolean): Promise<boolean> => {
    const mine = ++seq.current;
    if (!quiet) setLoading(true);
    try {
      const [s, b] = await Promise.all([findScanSubjects(examId), findBatches({ examSubjectId, current, size })]);
      if (mine !== seq.current) return false;
      if (s.code === 200 && s.data) setSubjects(s.data);
      else if (s.code !== 401 && !quiet) feedbackMessage().error(s.msg || '加载扫描情况失败');
      if (b.code === 200 && b.data) { setBatches(b.data.records); setTotal(b.data.total); return b.data.records.some(busy); }
      if (b.code !== 401 && !quiet) feedbackMessage().error(b.msg || '加载扫描批次失败');
      return false;
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [examId, examSubjectId, current, size]);

  const { start } = usePolling(() => load(true), { interval: 2000, retryInterval: 5000 });
  // first load with a spinner, then keep polling while something is running
  useEffect(() => { void load(false).then((again) => { if (again) start(); }); }, [load, start]);

  /** After an upload: show the new batch at once and follow it. */
  const refresh = useCallback(() => { setCurrent(1); start(true); }, [start]);

  const pagination = paginationConfig(current, size, total, (p, s) => { if (s !== size) { setSize(s); setCurrent(1); } else setCurrent(p); });
  const subject = subjects.find((s) => s.examSubjectId === examSubjectId) ?? null;
  return { subjects, subject, batches, loading, pagination, refresh, reload: () => start(true) };
}
