import { useEffect, useState } from 'react';
import { findAnswers } from '@/api/standardAnswer';
import { useExamDetail, useExamId } from '../exam/useExam';
import { readinessOf, type KeyState, type ReadinessStep } from './readiness';

/** The exam of /tabscroll and each subject's steps (the keys read per subject from 录入标准答案). */
export function useExamReadiness() {
  const examId = useExamId();
  const state = useExamDetail(examId);
  const [keys, setKeys] = useState<Record<number, KeyState | null>>({});
  const { exam } = state;
  useEffect(() => {
    if (!exam) return;
    let live = true;
    void Promise.all(exam.subjects.map(async (s) => {
      const r = await findAnswers(s.id).catch(() => null);
      return [s.id, r?.code === 200 && r.data ? { objectiveCount: r.data.objectiveCount, missing: r.data.missingNos.length } : null] as const;
    })).then((rows) => { if (live) setKeys(Object.fromEntries(rows)); });
    return () => { live = false; };
  }, [exam]);
  const subjects: { id: number; name: string; steps: ReadinessStep[] }[] = exam
    ? exam.subjects.map((s) => ({ id: s.id, name: s.courseName, steps: readinessOf(exam, s, keys[s.id] ?? null) }))
    : [];
  return { ...state, subjects, keysLoaded: !!exam && exam.subjects.every((s) => s.id in keys) };
}
