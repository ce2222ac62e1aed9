// The printed bar charts' 年级平均 mark: its label is printed whole inside the chart (ECharts SSR, as printed).
import { renderChartSvg } from '@jz/report-templates';
import { describe, expect, it } from 'vitest';
import { bar } from './render.report.js';

describe('printed chart: 年级平均 mark line', () => {
  it('labels the line 「年级平均 612.5」 inside the chart width', () => {
    const width = 808; // the report's content width: charts are printed this wide
    const c = bar('各班总分平均分', ['高一(1)班', '高一(2)班', '高一(3)班'], [600, 625, 612.5], { mark: 612.5, name: '平均分' });
    const svg = renderChartSvg(c.option, width, c.height!);
    const text = [...svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)].find((m) => m[2]!.includes('年级平均'));
    expect(text?.[2]).toBe('年级平均 612.5');
    const attrs = text![1]!;
    const x = Number(/transform="translate\(([-\d.]+)/.exec(attrs)?.[1] ?? /\bx="([-\d.]+)"/.exec(attrs)?.[1]);
    const anchor = /text-anchor="?(\w+)/.exec(attrs)?.[1] ?? 'start';
    // 11 px type: 4 CJK glyphs + " 612.5" ≈ 4 × 11 + 6 × 6.6 = 83.6 px
    const w = 83.6;
    const right = anchor === 'end' ? x : anchor === 'middle' ? x + w / 2 : x + w;
    const left = right - w;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(width);
  });
});
