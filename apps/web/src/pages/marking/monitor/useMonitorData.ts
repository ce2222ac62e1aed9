import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePolling } from '@/hooks/usePolling';
import { useMonitorLive } from './useMonitorLive';

/** Polling while the live stream is not open (refused, failed, not yet connected). */
export const MONITOR_POLL_MS = 10_000;
/** A slow safety poll while the stream is open (a lost event costs at most this). */
export const LIVE_POLL_MS = 60_000;

/**
 * The one loading loop of the monitor pages (阅卷监控, 阅卷进度, 阅卷质量, the charts): `load` fetches the page's
 * figures (isCurrent tells whether its answer is still wanted) and answers whether it succeeded (false stops the
 * loop until reload). It runs at once, again at once on every change event of the exam (useMonitorLive), and
 * every 10 s while there is no live stream.
 */
export function useMonitorData(examId: number, load: (isCurrent: () => boolean) => Promise<boolean>) {
  const [loading, setLoading] = useState(false);
  const [updatedAt, setUpdatedAt] = useState<Date | null>(null);
  const tick = useCallback(async (isCurrent: () => boolean) => {
    const ok = await load(isCurrent);
    if (ok && isCurrent()) setUpdatedAt(new Date());
    return ok;
  }, [load]);
  const restart = useRef<() => void>(() => undefined);
  const live = useMonitorLive(examId, () => restart.current());
  const polling = usePolling(tick, { interval: live ? LIVE_POLL_MS : MONITOR_POLL_MS });
  restart.current = () => polling.start(true);
  useEffect(() => {
    setLoading(true);
    let current = true;
    void tick(() => current).finally(() => setLoading(false));
    polling.start();
    return () => { current = false; polling.stop(); };
  }, [tick, polling]);
  const reload = useCallback(() => polling.start(true), [polling]);
  return useMemo(() => ({ loading, updatedAt, live, reload }), [loading, updatedAt, live, reload]);
}
