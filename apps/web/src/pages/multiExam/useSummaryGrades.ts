import { useCallback, useEffect, useState } from 'react';
import { exportMultiSummary, findMultiSummary, type MultiSummary } from '@/api/multiExam';
import { saveBlob } from '@/utils/request';

export interface SummaryFilters { schoolId?: number; classId?: number; keyword?: string }

/** 成绩汇总's state: filters, page, the server's summary, and the Excel export of the same filters. */
export function useSummaryGrades(examId: number | undefined) {
  const [filters, setFilters] = useState<SummaryFilters>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(50);
  const [data, setData] = useState<MultiSummary | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [exporting, setExporting] = useState(false);
  useEffect(() => {
    if (!examId) return;
    let live = true;
    setLoading(true);
    findMultiSummary({ examId, ...filters, current, size })
      .then((res) => { if (!live) return; if (res.code === 200 && res.data) { setData(res.data); setError(''); } else setError(res.msg || '加载失败'); })
      .catch(() => { if (live) setError('加载失败，请稍后重试'); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [examId, filters, current, size]);
  const search = useCallback((f: SummaryFilters) => { setFilters(f); setCurrent(1); }, []);
  const setPage = useCallback((p: number, s: number) => { setCurrent(s !== size ? 1 : p); setSize(s); }, [size]);
  const exportExcel = useCallback(async () => {
    if (!examId) return '';
    setExporting(true);
    try {
      const res = await exportMultiSummary({ examId, ...filters });
      if ('blob' in res) { saveBlob(res.blob, res.filename); return ''; }
      return res.msg || '导出失败';
    } catch { return '导出失败，请稍后重试'; } finally { setExporting(false); }
  }, [examId, filters]);
  return { filters, current, size, data, loading, error, exporting, search, setPage, exportExcel };
}
