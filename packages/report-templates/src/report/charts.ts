// ECharts rendered server-side to an SVG string (no DOM): echarts.init(null, null, {renderer:'svg', ssr:true}).
import * as echarts from 'echarts';
import { FONT_FAMILY } from '../common.js';

export function renderChartSvg(option: echarts.EChartsOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    const textStyle = (option.textStyle ?? {}) as Record<string, unknown>;
    chart.setOption({ ...option, animation: false, textStyle: { ...textStyle, fontFamily: FONT_FAMILY } });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
