import type { ApiResult } from '@/utils/request';
import type { ReportParams } from '@/api/report';
import { useApiData } from '@/hooks/useApiData';

/** Loads one chart view for the report filter (as useReport does for the tables): data, loading, the refusal, reload. */
export function useChartData<T>(load: (p: ReportParams) => Promise<ApiResult<T>>, params: ReportParams) {
  const { data, loading, error, reload } = useApiData(() => load(params), params);
  return { data, loading, error, reload };
}
