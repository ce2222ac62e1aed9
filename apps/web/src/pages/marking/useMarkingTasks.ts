import { useCallback, useEffect, useState } from 'react';
import { findMarkingTasks, type MarkingTaskRow } from '@/api/marking';

/** 阅卷任务: the caller's blocks across exams. */
export function useMarkingTasks() {
  const [rows, setRows] = useState<MarkingTaskRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  const [keyword, setKeyword] = useState('');
  const load = useCallback(async () => {
    setLoading(true);
    setError('');
    try {
      const res = await findMarkingTasks();
      if (res.code === 200) setRows(res.data ?? []); else setError(res.msg);
    } catch { setError('网络错误，请刷新重试'); } finally { setLoading(false); }
  }, []);
  useEffect(() => { void load(); }, [load]);
  const k = keyword.trim();
  const shown = k ? rows.filter((r) => `${r.examName}${r.subjectName}${r.blockName}`.includes(k)) : rows;
  return { rows: shown, all: rows, loading, error, keyword, setKeyword, reload: load };
}

/** Progress percentage, clamped 0 to 100 (spec §9). */
export const progressPercent = (done: number, assigned: number) =>
  assigned > 0 ? Math.min(100, Math.max(0, Math.floor((done / assigned) * 100))) : 0;
