import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Exam } from '@/api/exam';
import { useExamDetail, useExamId } from '../exam/useExam';

/**
 * The exam and exam subject of a scanning page: ?examId (remembered by useExamId) and ?examSubjectId (the exam's
 * first subject when absent or not of this exam). Choosing a subject rewrites the address, so a reload keeps it.
 */
export function useScanExam() {
  const examId = useExamId();
  const state = useExamDetail(examId);
  const [sp, setSp] = useSearchParams();
  const asked = Number(sp.get('examSubjectId'));
  const subjects = state.exam?.subjects ?? [];
  const subject = subjects.find((s) => s.id === asked) ?? subjects[0] ?? null;
  const setSubject = useCallback((id: number) => {
    setSp((old) => { const n = new URLSearchParams(old); n.set('examSubjectId', String(id)); if (examId) n.set('examId', String(examId)); return n; }, { replace: true });
  }, [setSp, examId]);
  return { ...state, subject, examSubjectId: subject?.id ?? null, setSubject };
}

/** Query string that opens another scanning page on the same exam and subject. */
export const scanQuery = (exam: Pick<Exam, 'id'>, examSubjectId: number | null, extra: Record<string, string | number> = {}) => {
  const q = new URLSearchParams({ examId: String(exam.id), ...(examSubjectId ? { examSubjectId: String(examSubjectId) } : {}) });
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  return `?${q.toString()}`;
};
