import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import type { ApiResult } from '@/utils/request';

export interface PageData<T> { records: T[]; total: number; current?: number; size?: number }
export type PageQuery<P> = P & { current: number; size: number };
export type PageFetcher<T, P> = (query: PageQuery<P>) => Promise<ApiResult<PageData<T>>>;

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100];

/** Pagination of every list: size selector, 共 N 条, jump-to-page. */
export function paginationConfig(current: number, size: number, total: number, onChange: (page: number, size: number) => void): TablePaginationConfig {
  return {
    current,
    pageSize: size,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    showTotal: (t) => `共 ${t} 条`,
    onChange,
  };
}

export interface UseTableOptions<P> {
  defaultParams?: P;
  defaultSize?: number;
  /** Do not load on mount (call search/reload yourself). */
  manual?: boolean;
}

/** State of a paginated list page: query params, page, rows, loading, selected rows. */
export function useTable<T, P extends object = Record<string, unknown>>(fetcher: PageFetcher<T, P>, options: UseTableOptions<P> = {}) {
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const defaults = useRef(options.defaultParams ?? ({} as P));
  const [params, setParams] = useState<P>(defaults.current);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(options.defaultSize ?? 10);
  const [records, setRecords] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selectedRowKeys, setSelectedRowKeys] = useState<React.Key[]>([]);
  const [tick, setTick] = useState(options.manual ? -1 : 0);
  const seq = useRef(0);

  useEffect(() => {
    if (tick < 0) return;
    const mine = ++seq.current;
    setLoading(true);
    fetcherRef.current({ ...params, current, size } as PageQuery<P>)
      .then((res) => {
        if (mine !== seq.current) return;
        if (res.code === 200 && res.data) {
          const recs = res.data.records ?? [];
          // the last page emptied by a delete: go back one page
          if (recs.length === 0 && current > 1 && (res.data.total ?? 0) > 0) { setCurrent(Math.max(1, Math.ceil(res.data.total / size))); return; }
          setRecords(recs);
          setTotal(res.data.total ?? 0);
        } else {
          setRecords([]);
          setTotal(0);
        }
      })
      .catch(() => { if (mine === seq.current) { setRecords([]); setTotal(0); } })
      .finally(() => { if (mine === seq.current) setLoading(false); });
  }, [params, current, size, tick]);

  /** New query: back to page 1. */
  const search = useCallback((p?: Partial<P>) => {
    setParams((old) => ({ ...old, ...(p ?? {}) }) as P);
    setCurrent(1);
    setSelectedRowKeys([]);
    setTick((t) => Math.abs(t) + 1);
  }, []);
  /** Replace the whole query (reset button). */
  const reset = useCallback((p?: P) => {
    setParams(p ?? defaults.current);
    setCurrent(1);
    setSelectedRowKeys([]);
    setTick((t) => Math.abs(t) + 1);
  }, []);
  /** Same query and page again (after a change). */
  const reload = useCallback(() => { setSelectedRowKeys([]); setTick((t) => Math.abs(t) + 1); }, []);

  const onPageChange = useCallback((page: number, pageSize: number) => {
    setSize((old) => { if (old !== pageSize) { setCurrent(1); return pageSize; } setCurrent(page); return old; });
  }, []);

  const pagination = useMemo(() => paginationConfig(current, size, total, onPageChange), [current, size, total, onPageChange]);
  const rowSelection = useMemo(() => ({ selectedRowKeys, onChange: (keys: React.Key[]) => setSelectedRowKeys(keys), preserveSelectedRowKeys: false }), [selectedRowKeys]);

  return { params, records, total, current, size, loading, search, reset, reload, pagination, selectedRowKeys, setSelectedRowKeys, rowSelection };
}

export type TableState<T, P extends object = Record<string, unknown>> = ReturnType<typeof useTable<T, P>>;
