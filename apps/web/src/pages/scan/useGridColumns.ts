import { useEffect, useRef, useState } from 'react';

/** Columns of the scan image grid: 7 by default, fewer when the container is narrower than 7 × minWidth. */
export function useGridColumns(max = 7, minWidth = 128) {
  const ref = useRef<HTMLDivElement>(null);
  const [cols, setCols] = useState(max);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setCols(Math.max(1, Math.min(max, Math.floor(el.clientWidth / minWidth))));
    measure();
    let frame = 0;
    const ro = new ResizeObserver(() => { cancelAnimationFrame(frame); frame = requestAnimationFrame(measure); });
    ro.observe(el);
    return () => { ro.disconnect(); cancelAnimationFrame(frame); };
  }, [max, minWidth]);
  return { ref, cols };
}
