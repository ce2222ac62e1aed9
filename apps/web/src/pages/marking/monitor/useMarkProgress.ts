import { useCallback, useEffect, useState } from 'react';
import { message } from 'antd';
import { clearMarkingData, findProgress, updateCanMark, type BlockProgress } from '@/api/marking';

/** 阅卷进度 of one exam subject: its blocks, 开启 / 暂停 阅卷, 清除阅卷数据 (password confirmed). */
export function useMarkProgress(examSubjectId: number) {
  const [rows, setRows] = useState<BlockProgress[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await findProgress(examSubjectId);
      if (r.code === 200) { setRows(r.data); setError(''); } else setError(r.msg);
    } catch { setError('网络错误，请刷新重试'); } finally { setLoading(false); }
  }, [examSubjectId]);
  useEffect(() => { void load(); }, [load]);

  const setCanMark = async (canMark: boolean, blockId?: number) => {
    const r = await updateCanMark(examSubjectId, canMark, blockId);
    if (r.code === 200) { message.success(canMark ? '已开启阅卷' : '已暂停阅卷'); await load(); } else message.error(r.msg);
  };
  /** true when cleared; the refusal (wrong password…) is shown in the dialog. */
  const clear = async (password: string): Promise<string | null> => {
    const r = await clearMarkingData(examSubjectId, password);
    if (r.code !== 200) return r.msg;
    message.success(`已清除阅卷数据（${r.data} 份试卷）`);
    await load();
    return null;
  };
  return { rows, loading, error, reload: load, setCanMark, clear };
}
