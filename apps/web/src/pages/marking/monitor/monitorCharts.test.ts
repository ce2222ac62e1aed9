import { describe, expect, it } from 'vitest';
import { marksPerHour } from '@jz/analysis';
import { renderChartSvg } from '@jz/report-templates';
import type { EChartsOption } from '@/components/charts';
import { blockProgressOption, distributionOption, markerOption, speedOption } from './monitorCharts';

/** A transform's translation (translate(x y) or matrix(a b c d e f)); ECharts SSR nests groups, so these add up. */
function shift(attrs: string): [number, number] {
  const t = /transform="translate\(([-\d.]+)[ ,]+([-\d.]+)\)"/.exec(attrs);
  if (t) return [Number(t[1]), Number(t[2])];
  const m = /transform="matrix\(([-\d.e]+)[ ,]+([-\d.e]+)[ ,]+([-\d.e]+)[ ,]+([-\d.e]+)[ ,]+([-\d.e]+)[ ,]+([-\d.e]+)\)"/.exec(attrs);
  return m ? [Number(m[5]), Number(m[6])] : [0, 0];
}

/** The text elements of an ECharts SSR rendering with their page y (enclosing groups' translations added). */
function texts(option: EChartsOption, width = 600, height = 360) {
  const svg = renderChartSvg(option as Parameters<typeof renderChartSvg>[0], width, height);
  const stack: number[] = [0];
  const out: { text: string; y: number }[] = [];
  for (const m of svg.matchAll(/<(\/?)(g|text)\b([^>]*)>([^<]*)/g)) {
    const [, close, tag, attrs, body] = m as unknown as [string, string, string, string, string];
    if (tag === 'g' && close) stack.pop();
    else if (tag === 'g') stack.push(stack.at(-1)! + (attrs.endsWith('/') ? 0 : shift(attrs)[1]));
    else if (!close) out.push({ text: body, y: stack.at(-1)! + shift(attrs)[1] + Number(/\by="([-\d.]+)"/.exec(attrs)?.[1] ?? 0) });
    if (tag === 'g' && !close && attrs.endsWith('/')) stack.pop();
  }
  return out;
}

/** Legend entries and axis names must be on different lines (12 px type: at least 14 px apart). */
function expectLegendClearOfAxisNames(option: EChartsOption, legend: string[], axisNames: string[]) {
  const all = texts(option);
  const ys = (names: string[]) => all.filter((t) => names.includes(t.text)).map((t) => t.y);
  const legendYs = ys(legend);
  const nameYs = ys(axisNames);
  expect(legendYs.length).toBeGreaterThan(0);
  expect(nameYs.length).toBe(axisNames.length);
  for (const a of legendYs) for (const b of nameYs) expect(Math.abs(a - b)).toBeGreaterThanOrEqual(14);
}

const charts = {
  blockId: 1, blockName: '第 13 题', fullScore: 10, step: 1, bands: ['0', '1-2', '3-4'], hours: [] as string[],
  markers: [{ userId: 1, userName: '张老师', counts: [1, 2, 3], perHour: [] as number[] }, { userId: 2, userName: '李老师', counts: [0, 1, 1], perHour: [] as number[] }],
};

describe('marking monitor charts', () => {
  it('keep the legend off the axis names (/examMonitorEcharts and its detail page)', () => {
    const markers = [{ userName: '张老师', done: 30, remaining: 10, papersPerHour: 12 }, { userName: '李老师', done: 20, remaining: 20, papersPerHour: 8 }];
    expectLegendClearOfAxisNames(markerOption(markers), ['已阅', '剩余', '每小时'], ['份', '份/小时']);
    expectLegendClearOfAxisNames(blockProgressOption([{ label: '数学 第 13 题', papers: 40, finalPapers: 25 }]), ['已完成', '未完成'], ['份']);
    expectLegendClearOfAxisNames(distributionOption(charts), ['张老师', '李老师'], ['份', '分数']);
  });

  it('draws 每小时阅卷量 for the hour the marks were given', () => {
    // by hand: 张老师 marks at 10:05, 10:40 and 11:10, 李老师 at 10:50 (UTC) → hours 10:00 and 11:00;
    // 张老师 2 then 1, 李老师 1 then 0
    const at = (hm: string) => new Date(`2026-11-27T${hm}:00Z`);
    const speed = marksPerHour([
      { markerId: 1, submittedAt: at('10:05') }, { markerId: 1, submittedAt: at('10:40') },
      { markerId: 2, submittedAt: at('10:50') }, { markerId: 1, submittedAt: at('11:10') },
    ]);
    expect(speed.hours).toEqual(['2026-11-27T10:00:00.000Z', '2026-11-27T11:00:00.000Z']);
    const option = speedOption({
      ...charts, hours: speed.hours,
      markers: charts.markers.map((m) => ({ ...m, perHour: speed.perMarker.get(m.userId) ?? [0, 0] })),
    });
    const series = option.series as { type: string; data: number[] }[];
    expect(series.map((s) => s.data)).toEqual([[2, 1], [1, 0]]);
    // bars: one hour with marks is drawn (a one-point line showed nothing but a dot)
    expect(series.every((s) => s.type === 'bar')).toBe(true);
    const one = speedOption({ ...charts, hours: [speed.hours[0]!], markers: charts.markers.map((m) => ({ ...m, perHour: [m.userId === 1 ? 2 : 1] })) });
    const svg = renderChartSvg(one as Parameters<typeof renderChartSvg>[0], 600, 360);
    const bars = [...svg.matchAll(/<path d="M[^"]*l[^"]*Z"[^>]*ecmeta_series_index="(\d)" ecmeta_data_index="0" ecmeta_ssr_type="chart"/g)].map((m) => m[1]);
    expect(bars).toEqual(['0', '1']); // both markers' bars at that hour
    expectLegendClearOfAxisNames(one, ['张老师', '李老师'], ['份/小时', '时间']);
  });
});
