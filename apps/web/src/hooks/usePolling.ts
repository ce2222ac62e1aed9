import { useCallback, useEffect, useMemo, useRef } from 'react';

export interface PollingOptions {
  /** Wait between two ticks (ms). */
  interval: number;
  /** Wait after a tick threw (a network hiccup) before trying again (ms); `interval` when not given. */
  retryInterval?: number;
}

/**
 * The app's one polling loop: after start(), `tick` runs (at once or after `interval`) and again after each
 * `interval` while it resolves true; a thrown tick is retried after `retryInterval`. start() restarts the loop,
 * stop() ends it, unmounting ends it; a tick still awaited when the loop is stopped or restarted is ignored
 * (`isCurrent()` lets it check before using its answer).
 */
export function usePolling(tick: (isCurrent: () => boolean) => Promise<boolean>, { interval, retryInterval = interval }: PollingOptions) {
  const latest = useRef(tick);
  latest.current = tick;
  const run = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const stop = useCallback(() => {
    run.current++;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const start = useCallback((immediate = false) => {
    stop();
    const mine = run.current;
    const isCurrent = () => mine === run.current;
    const step = async () => {
      timer.current = null;
      if (!isCurrent()) return;
      let again: boolean;
      let wait = interval;
      try {
        again = await latest.current(isCurrent);
      } catch {
        again = true;
        wait = retryInterval;
      }
      if (again && isCurrent()) timer.current = setTimeout(() => void step(), wait);
    };
    if (immediate) void step();
    else timer.current = setTimeout(() => void step(), interval);
  }, [stop, interval, retryInterval]);

  useEffect(() => stop, [stop]);
  return useMemo(() => ({ start, stop }), [start, stop]);
}
