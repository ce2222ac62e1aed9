import { useEffect, useMemo, useState } from 'react';
import { findMyCards, type MyCardRow } from '@/api/markingLive';

/** 我的答题卡: the cards of the exam subjects the caller leads or marks (marking/myCards), filtered by a keyword. */
export function useMyAnswerCards() {
  const [all, setAll] = useState<MyCardRow[]>([]);
  const [state, setState] = useState<{ loading: boolean; error: string; tick: number }>({ loading: true, error: '', tick: 0 });
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    let live = true;
    findMyCards().then(
      (r) => { if (!live) return; if (r.code === 200) setAll(r.data); setState((s) => ({ ...s, loading: false, error: r.code === 200 ? '' : r.msg })); },
      () => { if (live) setState((s) => ({ ...s, loading: false, error: '网络错误，请刷新重试' })); },
    );
    return () => { live = false; };
  }, [state.tick]);
  const rows = useMemo(() => { const k = keyword.trim(); return k ? all.filter((r) => `${r.examName}${r.subjectName}`.includes(k)) : all; }, [all, keyword]);
  const reload = () => setState((s) => ({ ...s, loading: true, tick: s.tick + 1 }));
  return { rows, total: all.length, loading: state.loading, error: state.error, keyword, setKeyword, reload };
}
