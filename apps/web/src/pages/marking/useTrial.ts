import { useCallback, useEffect, useState } from 'react';
import { message } from 'antd';
import { findTrialList, passTrial, redoTrial, removeTrialPaper, trialNextPaper, type TrialList, type TrialPaper } from '@/api/marking';

/** 试评 of a block, the leader's view (marking/trial/*): trial papers, each marker's trial marks, 通过 / 重评. */
export function useTrial(blockId: number, active: boolean) {
  const [data, setData] = useState<TrialList | null>(null);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const r = await findTrialList(blockId);
      if (r.code === 200) setData(r.data); else message.error(r.msg);
    } catch { message.error('网络错误，请重试'); } finally { setLoading(false); }
  }, [blockId]);
  useEffect(() => { if (active) void load(); }, [active, load]);

  /** The next paper to score as a trial paper (after the one shown: 换一份); null when none is left. */
  const pick = async (afterPaperId?: number): Promise<TrialPaper | null> => {
    const r = await trialNextPaper(blockId, afterPaperId).catch(() => null);
    if (!r) { message.error('网络错误，请重试'); return null; }
    if (r.code !== 200) { message.error(r.msg); return null; }
    if (!r.data) message.info(r.msg || '没有更多可设为试评卷的试卷');
    return r.data;
  };
  const act = async (p: Promise<{ code: number; msg: string }>) => {
    const r = await p.catch(() => null);
    if (!r) { message.error('网络错误，请重试'); return; }
    if (r.code === 200) { message.success(r.msg); await load(); } else message.error(r.msg);
  };
  return {
    data, loading, reload: load, pick,
    remove: (paperId: number) => act(removeTrialPaper(blockId, paperId)),
    pass: (userId: number) => act(passTrial(blockId, userId)),
    redo: (userId: number) => act(redoTrial(blockId, userId)),
  };
}
