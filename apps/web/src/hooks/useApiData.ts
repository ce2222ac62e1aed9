import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '@/utils/request';

/**
 * One call's answer kept as page state: loads when `key` changes (and on reload), the data on code 200, else the
 * server's msg as the error; an answer that comes after a newer request is dropped. `onData` also gets each answer
 * (e.g. to reset drafts), `setData` replaces it after a save.
 */
export function useApiData<T>(fetch: () => Promise<ApiResult<T>>, key: unknown, onData?: (data: T) => void) {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const calls = useRef({ fetch, onData });
  calls.current = { fetch, onData };
  const seq = useRef(0);
  const reload = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    try {
      const r = await calls.current.fetch();
      if (mine !== seq.current) return;
      if (r.code === 200 && r.data !== undefined && r.data !== null) { setData(r.data); setError(null); calls.current.onData?.(r.data); } else { setData(null); setError(r.code === 401 ? null : r.msg || '加载失败'); }
    } catch {
      if (mine === seq.current) { setData(null); setError('加载失败，请稍后重试'); }
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);
  const keyText = JSON.stringify(key);
  useEffect(() => { void reload(); }, [keyText, reload]);
  return { data, setData, loading, error, reload };
}
