import { useCallback, useEffect, useState } from 'react';
import { message } from 'antd';
import { findArbitrations, findAudit, findProblems, findReview, type ArbitrationRow, type AuditRow, type ProblemRow, type ReviewRow } from '@/api/marking';

/** 回评: the marker's own papers of the block, searchable by total score, paged. */
export function useReviewList(blockId: number, active: boolean) {
  const [rows, setRows] = useState<ReviewRow[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [score, setScore] = useState<number | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await findReview(blockId, score, page, size);
      if (res.code === 200) { setRows(res.data.rows); setTotal(res.data.total); } else message.error(res.msg);
    } catch { message.error('网络错误，请重试'); } finally { setLoading(false); }
  }, [blockId, score, page, size]);
  useEffect(() => { if (active) void load(); }, [active, load]);
  const search = (s: number | undefined) => { setScore(s); setPage(1); };
  return { rows, total, page, size, score, loading, search, reload: load, setPage: (p: number, s: number) => { setPage(p); setSize(s); } };
}

/** The leader's queues of the block: 问题卷, 仲裁 and the 改分记录 (audit), loaded for the mode shown. */
export function useLeaderQueues(blockId: number, mode: string) {
  const [problems, setProblems] = useState<ProblemRow[]>([]);
  const [arbitrations, setArbitrations] = useState<ArbitrationRow[]>([]);
  const [audit, setAudit] = useState<AuditRow[]>([]);
  const [loading, setLoading] = useState(false);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      if (mode === 'abnormal') { const r = await findProblems(blockId); if (r.code === 200) setProblems(r.data); else message.error(r.msg); }
      if (mode === 'arbitration') { const r = await findArbitrations(blockId); if (r.code === 200) setArbitrations(r.data); else message.error(r.msg); }
      if (mode === 'audit') { const r = await findAudit(blockId); if (r.code === 200) setAudit(r.data); else message.error(r.msg); }
    } catch { message.error('网络错误，请重试'); } finally { setLoading(false); }
  }, [blockId, mode]);
  useEffect(() => { void load(); }, [load]);
  return { problems, arbitrations, audit, loading, reload: load };
}
