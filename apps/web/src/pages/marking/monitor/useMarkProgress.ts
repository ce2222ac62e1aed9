import { useCallback, useState } from 'react';
import { message } from 'antd';
import { clearMarkingData, findProgress, updateCanMark, type BlockProgress } from '@/api/marking';
import { useMonitorData } from './useMonitorData';

/** 阅卷进度 of one exam subject (live with its exam): its blocks, 开启 / 暂停 阅卷, 清除阅卷数据 of the subject or a block (password confirmed). */
export function useMarkProgress(examSubjectId: number, examId: number) {
  const [rows, setRows] = useState<BlockProgress[]>([]);
  const [error, setError] = useState('');
  const load = useCallback(async (isCurrent: () => boolean) => {
    try {
      const r = await findProgress(examSubjectId);
      if (!isCurrent()) return false;
      if (r.code === 200) { setRows(r.data); setError(''); return true; }
      setError(r.msg);
    } catch { setError('网络错误，请刷新重试'); }
    return false;
  }, [examSubjectId]);
  const data = useMonitorData(examId, load);

  const setCanMark = async (canMark: boolean, blockId?: number) => {
    const r = await updateCanMark(examSubjectId, canMark, blockId);
    if (r.code === 200) { message.success(canMark ? '已开启阅卷' : '已暂停阅卷'); data.reload(); } else message.error(r.msg);
  };
  /** The subject's marking data, or one block's; null when cleared; the refusal (wrong password…) is shown in the dialog. */
  const clear = async (password: string, blockId?: number): Promise<string | null> => {
    const r = await clearMarkingData(examSubjectId, password, blockId);
    if (r.code !== 200) return r.msg;
    message.success(`已清除阅卷数据（${r.data} 份试卷）`);
    data.reload();
    return null;
  };
  return { rows, error, ...data, setCanMark, clear };
}
