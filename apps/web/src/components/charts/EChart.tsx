import { useEffect, useRef } from 'react';
import { echarts, type EChartsOption } from './echarts';

/** docs/PRODUCT.md §9: the resize observer is throttled at 16 ms. */
export const RESIZE_THROTTLE_MS = 16;

/** Calls `fn` at most once per `ms` (leading and trailing call). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = () => {
    last = Date.now();
    timer = null;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const throttled = (...args: A) => {
    pending = args;
    const wait = ms - (Date.now() - last);
    if (wait <= 0) run();
    else if (!timer) timer = setTimeout(run, wait);
  };
  throttled.cancel = () => { if (timer) clearTimeout(timer); timer = null; pending = null; };
  return throttled;
}

export interface EChartProps {
  option: EChartsOption;
  /** CSS height (default 320 px). */
  height?: number | string;
  /** Accessible name of the chart (role="img"); usually the chart's Chinese title. */
  title: string;
  className?: string;
  style?: React.CSSProperties;
  'data-testid'?: string;
  /** Given the chart instance once it exists (e.g. to export it as an image). */
  onReady?: (chart: echarts.ECharts) => void;
}

/**
 * One ECharts instance (canvas) bound to a div: created on mount, option replaced (notMerge) on change,
 * resized by a ResizeObserver throttled to 16 ms, disposed on unmount.
 */
export function EChart({ option, height = 320, title, className, style, onReady, ...rest }: EChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const ready = useRef(onReady);
  ready.current = onReady;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const inst = echarts.init(el, undefined, { renderer: 'canvas' });
    chart.current = inst;
    ready.current?.(inst);
    const resize = throttle(() => { if (!inst.isDisposed()) inst.resize(); }, RESIZE_THROTTLE_MS);
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => resize()) : null;
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      resize.cancel();
      inst.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true, lazyUpdate: true });
  }, [option]);

  return (
    <div ref={ref} role="img" aria-label={title} className={className} data-testid={rest['data-testid']}
      style={{ width: '100%', height, ...style }} />
  );
}

export default EChart;
