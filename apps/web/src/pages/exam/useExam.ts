import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { findExam, type Exam } from '@/api/exam';

const KEY = 'jz.currentExamId';

/** The exam of the page: ?examId=… (remembered for the session), else the last one opened. */
export function useExamId(): number | null {
  const [sp] = useSearchParams();
  const q = Number(sp.get('examId'));
  useEffect(() => { if (q > 0) sessionStorage.setItem(KEY, String(q)); }, [q]);
  if (q > 0) return q;
  const s = Number(sessionStorage.getItem(KEY));
  return s > 0 ? s : null;
}

export interface ExamState {
  examId: number | null;
  exam: Exam | null;
  loading: boolean;
  /** The server's refusal (e.g. 无权限访问, 考试不存在). */
  error: string;
  reload: () => void;
}

/** Loads one exam (GET exam_manage/find_exam). */
export function useExamDetail(examId: number | null): ExamState {
  const [exam, setExam] = useState<Exam | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!examId) { setExam(null); setError(''); return; }
    let live = true;
    setLoading(true);
    findExam(examId)
      .then((res) => {
        if (!live) return;
        if (res.code === 200 && res.data) { setExam(res.data); setError(''); } else { setExam(null); setError(res.msg || '加载失败'); }
      })
      .catch(() => { if (live) setError('加载失败，请稍后重试'); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [examId, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { examId, exam, loading, error, reload };
}

/** Given by the exam analysis layout to its child pages. */
export const ExamContext = createContext<ExamState | null>(null);

/** The exam of a child page: from the layout when inside one, else loaded here. */
export function useCurrentExam(): ExamState {
  const ctx = useContext(ExamContext);
  const id = useExamId();
  const own = useExamDetail(ctx ? null : id);
  return ctx ?? own;
}
