import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { copyExamSettings, findExamPage, previewExamCopy, type CopyPart, type CopyPreview, type Exam } from '@/api/exam';
import { feedbackMessage, loadData, runAction } from '@/components/table';

/** State of 复制考试设置: the exams to choose from, the chosen pair and parts, the preview and the copy. */
export function useExamCopy() {
  const [sp, setSp] = useSearchParams();
  const [exams, setExams] = useState<Exam[]>([]);
  const [parts, setParts] = useState<CopyPart[]>(['settings', 'questions']);
  const [preview, setPreview] = useState<CopyPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const fromId = Number(sp.get('fromExamId')) || undefined;
  const toId = Number(sp.get('toExamId')) || undefined;

  useEffect(() => { void loadData(findExamPage({ current: 1, size: 500 }), { records: [] as Exam[], total: 0, current: 1, size: 500 }).then((p) => setExams(p.records)); }, []);
  const choose = (key: 'fromExamId' | 'toExamId', id: number | undefined) => {
    setPreview(null);
    setSp((old) => { const n = new URLSearchParams(old); if (id) n.set(key, String(id)); else n.delete(key); return n; }, { replace: true });
  };

  const load = useCallback(async () => {
    if (!fromId || !toId || !parts.length) { setPreview(null); return; }
    setBusy(true);
    try {
      const r = await previewExamCopy({ fromExamId: fromId, toExamId: toId, parts });
      if (r.code === 200 && r.data) setPreview(r.data); else { setPreview(null); if (r.code !== 401) feedbackMessage().error(r.msg || '预览失败'); }
    } catch { feedbackMessage().error('预览失败，请稍后重试'); } finally { setBusy(false); }
  }, [fromId, toId, parts]);
  useEffect(() => { void load(); }, [load]);

  const copy = async () => {
    if (!fromId || !toId) return;
    setBusy(true);
    const r = await runAction(copyExamSettings({ fromExamId: fromId, toExamId: toId, parts })).finally(() => setBusy(false));
    if (r?.data) setPreview(r.data);
  };
  return { exams, fromId, toId, parts, setParts, preview, busy, choose, copy, reload: load };
}
