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

/** Tick steps a score axis may use, smallest first. */
const SCORE_STEPS = [1, 2, 2.5, 5, 10, 15, 20, 25, 30, 50, 75, 100, 150, 200, 250, 300, 500, 750, 1000, 1500, 2000, 2500, 5000];

/**
 * A value axis from 0 to a full score with the full score on a tick (1050 → every 150), so that the score's own label
 * never sits on the tick below it (ECharts' own ticks for 1050 end at 1000, its 1,050 printed over 1,000). A score no
 * step divides into 3–8 ticks keeps ECharts' ticks and leaves the full score unlabelled.
 */
export function scoreAxis(max: number): { min: 0; max: number; interval?: number; axisLabel?: { showMaxLabel: false } } {
  const step = SCORE_STEPS.find((st) => Number.isInteger(max / st) && max / st >= 3 && max / st <= 8);
  return step ? { min: 0, max, interval: step } : { min: 0, max, axisLabel: { showMaxLabel: false } };
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
    yAxis: { type: 'value', ...(o.max === undefined ? { min: 0, max } : scoreAxis(max)), name: '分数' },
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

/** One box of a Tukey box plot: whiskers, quartiles and median, with the values beyond the whiskers drawn as points. */
export interface TukeyBox { lowerWhisker: number; q1: number; median: number; q3: number; upperWhisker: number; outliers: number[]; mean: number | null; n: number }

/** Box plots with Tukey whiskers and outliers (points), the mean in the tooltip; axis max = the full score. */
export function tukeyBoxOption(o: { categories: string[]; boxes: (TukeyBox | null)[]; max: number }): EChartsOption {
  const outliers = o.boxes.flatMap((b, i) => (b ? b.outliers.map((v) => [i, v]) : []));
  return {
    color: CHART_COLORS,
    tooltip: {
      trigger: 'item',
      formatter: (p: unknown) => {
        const it = p as { seriesType: string; dataIndex: number; name: string; value: unknown };
        if (it.seriesType === 'scatter') return `${o.categories[(it.value as number[])[0]!]}<br/>离群值：${fmt((it.value as number[])[1])}`;
        const b = o.boxes[it.dataIndex];
        if (!b) return `${it.name}：无成绩`;
        return `${it.name}（${b.n} 人）<br/>上须：${fmt(b.upperWhisker)}<br/>上四分位 Q3：${fmt(b.q3)}<br/>中位数：${fmt(b.median)}<br/>下四分位 Q1：${fmt(b.q1)}<br/>下须：${fmt(b.lowerWhisker)}<br/>平均分：${fmt(b.mean)}`;
      },
    },
    grid: { ...baseGrid, top: 32 },
    xAxis: { type: 'category', data: o.categories, axisLabel: { interval: 0, rotate: o.categories.length > 12 ? 35 : 0 } },
    yAxis: { type: 'value', ...scoreAxis(o.max), name: '分数' },
    series: [
      { name: '箱线图', type: 'boxplot', data: o.boxes.map((b) => (b ? [b.lowerWhisker, b.q1, b.median, b.q3, b.upperWhisker] : ['-', '-', '-', '-', '-'])) as never, itemStyle: { color: '#e6f4ff', borderColor: '#1677ff' } },
      { name: '离群值', type: 'scatter', data: outliers, symbolSize: 7, itemStyle: { color: '#f5222d' } },
    ],
  };
}

/** Points (x, y) per series with an optional straight line y = intercept + slope·x across the x range. */
export function scatterOption(o: {
  series: { name: string; points: [number, number][] }[];
  line?: { slope: number; intercept: number; name: string } | null;
  xName: string; yName: string; yMax: number;
}): EChartsOption {
  const xs = o.series.flatMap((s) => s.points.map((p) => p[0]));
  const lo = xs.length ? Math.min(...xs) : 0;
  const hi = xs.length ? Math.max(...xs) : 0;
  return {
    color: CHART_COLORS,
    tooltip: { trigger: 'item', formatter: (p: unknown) => { const it = p as { seriesName: string; value: number[] }; return `${it.seriesName}<br/>${o.xName}：${fmt(it.value[0])}<br/>${o.yName}：${fmt(it.value[1])}`; } },
    legend: { top: 8, type: 'scroll' },
    grid: { ...baseGrid, top: 64 },
    xAxis: { type: 'value', name: o.xName, scale: true },
    yAxis: { type: 'value', name: o.yName, ...scoreAxis(o.yMax) },
    series: [
      ...o.series.map((s) => ({ name: s.name, type: 'scatter' as const, data: s.points, symbolSize: 6 })),
      ...(o.line ? [{ name: o.line.name, type: 'line' as const, data: [[lo, o.line.intercept + o.line.slope * lo], [hi, o.line.intercept + o.line.slope * hi]], symbol: 'none', lineStyle: { type: 'dashed' as const, color: '#595959' }, itemStyle: { color: '#595959' }, tooltip: { show: false } }] : []),
    ] as EChartsOption['series'],
  };
}

/** Lines over a sequence (exams): values are shares 0..1 drawn as percentages; a missing value leaves a gap. */
export function trendOption(o: { categories: string[]; series: { name: string; data: (number | null)[]; dashed?: boolean }[] }): EChartsOption {
  return {
    color: CHART_COLORS,
    tooltip: { trigger: 'axis', valueFormatter: (v) => (v === null || v === undefined ? '—' : `${fmt(v)}%`) },
    legend: { top: 8, type: 'scroll' },
    grid: { ...baseGrid, top: 64 },
    xAxis: { type: 'category', data: o.categories, axisLabel: { interval: 0, rotate: o.categories.length > 6 ? 25 : 0 } },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: (v: number) => `${v}%` } },
    series: o.series.map((s) => ({
      name: s.name, type: 'line', connectNulls: false, symbolSize: 7,
      data: s.data.map((v) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10000) / 100)),
      lineStyle: s.dashed ? { type: 'dashed', width: 1.5 } : { width: 3 },
    })) as EChartsOption['series'],
  };
}
