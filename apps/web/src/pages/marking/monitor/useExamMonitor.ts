import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { findExamPage, type Exam } from '@/api/exam';
import { exportMonitorExcel, findMarkingList, findTopicList, type MarkerProgress, type SubjectProgress } from '@/api/marking';
import { runDownload } from '@/components/table';
import { useMonitorData } from './useMonitorData';

/**
 * State of the marking monitor (table page and ECharts pages alike): the exam (query examId, else the newest), its
 * subjects and blocks with progress, the chosen block's markers; live through useMonitorData.
 */
export function useExamMonitor() {
  const [params, setParams] = useSearchParams();
  const [exams, setExams] = useState<Exam[]>([]);
  const [subjects, setSubjects] = useState<SubjectProgress[]>([]);
  const [markers, setMarkers] = useState<MarkerProgress[]>([]);
  const [error, setError] = useState('');
  const [exporting, setExporting] = useState(false);
  const examId = Number(params.get('examId')) || exams[0]?.id || 0;
  const blockId = Number(params.get('blockId')) || 0;

  useEffect(() => {
    findExamPage({ current: 1, size: 100 }).then((r) => { if (r.code === 200) setExams(r.data.records); else setError(r.msg); }, () => setError('网络错误，请刷新重试'));
  }, []);

  const load = useCallback(async (isCurrent: () => boolean) => {
    if (!examId) return true;
    const t = await findTopicList(examId);
    if (!isCurrent()) return false;
    if (t.code !== 200) { setError(t.msg); setSubjects([]); return false; }
    setError('');
    setSubjects(t.data);
    if (blockId) {
      const m = await findMarkingList(blockId);
      if (isCurrent()) setMarkers(m.code === 200 ? m.data : []);
    } else setMarkers([]);
    return true;
  }, [examId, blockId]);
  const data = useMonitorData(examId, load);

  const block = useMemo(() => subjects.flatMap((s) => s.blocks).find((b) => b.blockId === blockId) ?? null, [subjects, blockId]);
  const choose = (next: { examId?: number; blockId?: number | null }) => {
    const p = new URLSearchParams(params);
    if (next.examId !== undefined) { p.set('examId', String(next.examId)); p.delete('blockId'); }
    if (next.blockId === null) p.delete('blockId'); else if (next.blockId !== undefined) p.set('blockId', String(next.blockId));
    setParams(p, { replace: true });
  };
  /** 导出Excel: the exam's progress and quality in one workbook (the api names the file). */
  const exportExcel = async () => {
    if (!examId) return;
    setExporting(true);
    await runDownload(exportMonitorExcel(examId), `阅卷监控_${exams.find((e) => e.id === examId)?.name ?? examId}.xlsx`);
    setExporting(false);
  };
  return { exams, examId, blockId, block, subjects, markers, error, ...data, choose, exporting, exportExcel };
}
