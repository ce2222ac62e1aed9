import { useEffect, useState } from 'react';

/** Seconds left on the paper's lease (spec §2 countdown); null without a lease. */
export function useLeaseCountdown(leaseExpiresAt: string | null | undefined): number | null {
  const end = leaseExpiresAt ? Date.parse(leaseExpiresAt) : NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(end)) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [end]);
  return Number.isNaN(end) ? null : Math.max(0, Math.ceil((end - now) / 1000));
}

/** 09:58 */
export const formatCountdown = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
