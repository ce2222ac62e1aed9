import { chartAxisMax, formatNumber } from '@jz/shared';
import type { EChartsOption } from './echarts';

/** Report palette (antd blue first), repeated when more series are drawn. */
export const CHART_COLORS = ['#1677ff', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#13c2c2', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'];

const num = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? null : v);
const fmt = (v: unknown, percent = false) => {
  const s = formatNumber(v);
  return s === '' ? '—' : percent ? `${s}%` : s;
};

/** Largest finite value of the series (0 when none). */
export function dataMax(series: (number | null | undefined)[][]): number {
  let m = 0;
  for (const s of series) for (const v of s) if (v !== null && v !== undefined && Number.isFinite(v) && v > m) m = v;
  return m;
}

const baseGrid = { left: 48, right: 24, top: 48, bottom: 40, containLabel: true } as const;

export interface BarSeries { name: string; data: (number | null)[]; color?: string; type?: 'bar' | 'line'; stack?: string }

/**
 * Bars (and optional lines) over categories; the value axis max follows the chart-axis rule of docs/PRODUCT.md §9
 * (`chartAxisMax`). `percent` labels values with % (values already 0..100).
 */
export function barOption(o: {
  categories: string[];
  series: BarSeries[];
  yName?: string;
  percent?: boolean;
  /** Fixed axis max (e.g. the full score); default chartAxisMax(data max). */
  max?: number;
  labels?: boolean;
  rotate?: number;
}): EChartsOption {
  const stacked = o.series.some((s) => s.stack);
  const totals = stacked ? o.categories.map((_, i) => o.series.reduce((a, s) => a + (num(s.data[i]) ?? 0), 0)) : [];
  const max = o.max ?? chartAxisMax(stacked ? dataMax([totals]) : dataMax(o.series.map((s) => s.data)));
  return {
    color: CHART_COLORS,
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v) => fmt(v, o.percent) },
    legend: o.series.length > 1 ? { top: 8, type: 'scroll' } : undefined,
    grid: { ...baseGrid, top: o.series.length > 1 ? 64 : 32 },
    xAxis: { type: 'category', data: o.categories, axisLabel: { interval: 0, rotate: o.rotate ?? (o.categories.length > 12 ? 35 : 0) } },
    yAxis: { type: 'value', name: o.yName, min: 0, max, minInterval: o.percent ? undefined : 1, axisLabel: { formatter: (v: number) => fmt(v, o.percent) } },
    series: o.series.map((s) => ({
      name: s.name,
      type: s.type ?? 'bar',
      stack: s.stack,
      data: s.data.map(num),
      itemStyle: s.color ? { color: s.color } : undefined,
      barMaxWidth: 36,
      label: o.labels && (s.type ?? 'bar') === 'bar' ? { show: true, position: s.stack ? 'inside' : 'top', formatter: (p: { value: unknown }) => fmt(p.value, o.percent), fontSize: 11 } : undefined,
    })) as EChartsOption['series'],
  };
}

/** Score-distribution histogram: counts per segment (labels low → high left to right). */
export function histogramOption(o: { labels: string[]; counts: number[]; name?: string; color?: string }): EChartsOption {
  return barOption({ categories: o.labels, series: [{ name: o.name ?? '人数', data: o.counts, color: o.color }], yName: '人数', labels: true, rotate: o.labels.length > 10 ? 35 : 0 });
}

/** Box plots: one box per category from [min, Q1, median, Q3, max]; axis max = the full score when given. */
export function boxplotOption(o: { categories: string[]; boxes: ([number, number, number, number, number] | null)[]; max?: number; name?: string }): EChartsOption {
  const values = o.boxes.map((b) => b ?? ['-', '-', '-', '-', '-']);
  const max = o.max ?? chartAxisMax(dataMax(o.boxes.map((b) => b ?? [])));
  return {
    color: CHART_COLORS,
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const it = p as { name: string; data: unknown[] };
        const d = (it.data ?? []).slice(-5);
        return `${it.name}<br/>最高分：${fmt(d[4])}<br/>上四分位 Q3：${fmt(d[3])}<br/>中位数：${fmt(d[2])}<br/>下四分位 Q1：${fmt(d[1])}<br/>最低分：${fmt(d[0])}`;
      },
    },
    grid: { ...baseGrid, top: 32 },
    xAxis: { type: 'category', data: o.categories, axisLabel: { interval: 0, rotate: o.categories.length > 12 ? 35 : 0 } },
    yAxis: { type: 'value', min: 0, max, name: '分数' },
    series: [{ name: o.name ?? '分数分布', type: 'boxplot', data: values as never, itemStyle: { color: '#e6f4ff', borderColor: '#1677ff' } }],
  };
}

/** Radar of several series over indicators (e.g. a class's 得分率 per subject against the grade). */
export function radarOption(o: { indicators: { name: string; max: number }[]; series: { name: string; values: (number | null)[] }[]; percent?: boolean }): EChartsOption {
  return {
    color: CHART_COLORS,
    tooltip: { trigger: 'item', valueFormatter: (v) => fmt(v, o.percent) },
    legend: { bottom: 0, type: 'scroll' },
    radar: { indicator: o.indicators, radius: '65%', center: ['50%', '48%'] } as never,
    series: [{ type: 'radar', data: o.series.map((s) => ({ name: s.name, value: s.values.map((v) => num(v) ?? 0) })) }],
  } as EChartsOption;
}

/** Pie of shares (e.g. option choices). */
export function pieOption(o: { data: { name: string; value: number; color?: string }[]; name?: string }): EChartsOption {
  return {
    color: CHART_COLORS,
    tooltip: { trigger: 'item', formatter: '{b}：{c} 人（{d}%）' },
    legend: { bottom: 0, type: 'scroll' },
    series: [{ name: o.name, type: 'pie', radius: ['35%', '65%'], data: o.data.map((d) => ({ name: d.name, value: d.value, itemStyle: d.color ? { color: d.color } : undefined })), label: { formatter: '{b} {d}%' } }],
  };
}
