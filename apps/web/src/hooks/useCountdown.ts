import { useCallback, useEffect, useRef, useState } from 'react';

/** Email-code resend countdown (docs/PRODUCT.md §9: 60 s). `running` blocks resending; `start()` begins it. */
export function useCountdown(seconds = 60) {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    setLeft(0);
  }, []);

  const start = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    const end = Date.now() + seconds * 1000;
    setLeft(seconds);
    timer.current = setInterval(() => {
      const s = Math.ceil((end - Date.now()) / 1000);
      if (s <= 0) { if (timer.current) clearInterval(timer.current); timer.current = null; setLeft(0); } else setLeft(s);
    }, 250);
  }, [seconds]);

  useEffect(() => () => { if (timer.current) clearInterval(timer.current); }, []);

  return { left, running: left > 0, start, stop, label: (idle: string) => (left > 0 ? `${left}s后重新获取` : idle) };
}

export default useCountdown;
