import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { findMultiSetting, type MultiSetting } from '@/api/multiExam';

export interface MultiState { setting: MultiSetting | null; loading: boolean; error: string; reload?: () => void }

/** Loads a 多科 exam's subjects and combinations (GET multi_exam/setting): the header and the pages of the section. */
export function useMultiSetting(examId: number | null): MultiState {
  const [state, setState] = useState<MultiState>({ setting: null, loading: false, error: '' });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!examId) { setState({ setting: null, loading: false, error: '' }); return; }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    findMultiSetting(examId)
      .then((res) => { if (live) setState(res.code === 200 && res.data ? { setting: res.data, loading: false, error: '' } : { setting: null, loading: false, error: res.msg || '加载失败' }); })
      .catch(() => { if (live) setState({ setting: null, loading: false, error: '加载失败，请稍后重试' }); });
    return () => { live = false; };
  }, [examId, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  return { ...state, reload };
}

/** Given by the multi-subject layout to its pages. */
export const MultiContext = createContext<MultiState>({ setting: null, loading: false, error: '' });
export const useMulti = () => useContext(MultiContext);
