import { useCallback, useEffect, useState } from 'react';
import { message } from 'antd';
import { addPoint, deletePoint, findSampling, updatePoint, type SamplingRow } from '@/api/markingSetup';

export interface PointDraft { id?: string; questionId: number; name: string; fullScore: number; step: number }

/** 设置给分点 of one exam subject: the block questions with their scoring points; add, change, delete one point. */
export function useSamplingPoints(examSubjectId: number) {
  const [rows, setRows] = useState<SamplingRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await findSampling(examSubjectId);
      if (r.code === 200) { setRows(r.data); setError(''); } else setError(r.msg);
    } catch { setError('网络错误，请刷新重试'); } finally { setLoading(false); }
  }, [examSubjectId]);
  useEffect(() => { void load(); }, [load]);

  /** Saves a new or changed point; answers the refusal (shown in the dialog) or null. */
  const save = async (d: PointDraft): Promise<string | null> => {
    const body = { examSubjectId, questionId: d.questionId, name: d.name, fullScore: d.fullScore, step: d.step };
    try {
      const r = d.id ? await updatePoint({ ...body, id: d.id }) : await addPoint(body);
      if (r.code !== 200) return r.msg;
    } catch { return '网络错误，保存失败'; }
    message.success(d.id ? '修改成功' : '添加成功');
    await load();
    return null;
  };
  const remove = async (questionId: number, id: string) => {
    const r = await deletePoint(examSubjectId, questionId, id);
    if (r.code === 200) { message.success('删除成功'); await load(); } else message.error(r.msg);
  };
  return { rows, loading, error, reload: load, save, remove };
}
