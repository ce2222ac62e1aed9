import { useCallback, useState } from 'react';
import { findBlockCharts, type BlockCharts } from '@/api/markingLive';
import { useMonitorData } from './useMonitorData';

/** The chart figures of one block (monitor/blockCharts), live with its exam. */
export function useBlockCharts(blockId: number, examId: number) {
  const [charts, setCharts] = useState<BlockCharts | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async (isCurrent: () => boolean) => {
    if (!blockId) { setCharts(null); return true; }
    const r = await findBlockCharts(blockId);
    if (!isCurrent()) return false;
    if (r.code === 200) { setCharts(r.data); setError(''); return true; }
    setError(r.msg);
    return false;
  }, [blockId]);
  const data = useMonitorData(examId, load);
  return { charts, error, ...data };
}
