// ECharts rendered server-side to an SVG string (no DOM): echarts.init(null, null, {renderer:'svg', ssr:true}).
import * as echarts from 'echarts';
import { FONT_FAMILY } from '../common.js';

export function renderChartSvg(option: echarts.EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    const textStyle = (option.textStyle ?? {}) as Record<string, unknown>;
    chart.setOption({ ...option, animation: false, textStyle: { ...textStyle, fontFamily: FONT_FAMILY } });
    // ECharts puts a white halo (stroke) round labels; Chromium prints stroked text as Type 3 glyphs (no clean
    // text, bigger PDF), and on white paper the halo shows nothing: drop it.
    return chart.renderToSVGString().replace(
      /(<text\b[^>]*?) stroke="(?:#fff|#ffffff|rgb\(255,\s*255,\s*255\)|white)" stroke-width="[^"]*"(?: paint-order="stroke")?(?: stroke-miterlimit="[^"]*")?/gi, '$1');
  } finally {
    chart.dispose();
  }
}
