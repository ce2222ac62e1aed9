import { useEffect, useState } from 'react';
import { findSchoolContrast, type SchoolContrast } from '@/api/joint-report';
import type { ReportParams } from '@/api/report';

/** 校际对比 of the joint exam for the filter's query; refetches when it changes. */
export function useSchoolContrast(params: ReportParams) {
  const [data, setData] = useState<SchoolContrast | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(params);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    setError(null);
    findSchoolContrast(JSON.parse(key) as ReportParams)
      .then((res) => { if (!alive) return; if (res.code === 200) setData(res.data); else { setData(null); setError(res.msg || '加载失败'); } })
      .catch(() => { if (alive) { setData(null); setError('报告加载失败，请稍后重试'); } })
      .finally(() => { if (alive) setLoading(false); });
    return () => { alive = false; };
  }, [key, tick]);
  return { data, loading, error, reload: () => setTick((t) => t + 1) };
}
