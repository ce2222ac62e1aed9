// Chart options of the marking monitor (/examMonitorEcharts, /examMonitorEchartsDetail). The legend has its own
// band at the top and the plot starts below the axis names, so legend entries never sit on an axis name; marks
// per hour are bars, so an hour with marks always shows (a one-point line drew only a dot).
import type { EChartsOption } from '@/components/charts';
import type { BlockCharts } from '@/api/markingLive';

/** Legend band at the top (one row of a scroll legend); axis names are drawn NAME_BAND px above the plot. */
export const LEGEND_BAND = 28;
export const NAME_BAND = 24;
/** The plot's top: below the legend band and the axis names above the plot. */
export const PLOT_TOP = LEGEND_BAND + NAME_BAND + 8;
const legend = (names: string[]): EChartsOption['legend'] => ({ type: 'scroll', top: 0, height: LEGEND_BAND - 4, data: names });

/** Local "MM-DD HH:00" of an hour start. */
export const hourLabel = (iso: string) => { const d = new Date(iso); return `${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')} ${String(d.getHours()).padStart(2, '0')}:00`; };

export function distributionOption(c: BlockCharts): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: legend(c.markers.map((m) => m.userName)),
    grid: { left: 48, right: 16, top: PLOT_TOP, bottom: 48 },
    xAxis: { type: 'category', name: '分数', data: c.bands },
    yAxis: { type: 'value', name: '份', minInterval: 1 },
    series: c.markers.map((m) => ({ name: m.userName, type: 'bar', data: m.counts })),
  };
}

export function speedOption(c: BlockCharts): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: legend(c.markers.map((m) => m.userName)),
    grid: { left: 48, right: 16, top: PLOT_TOP, bottom: 48 },
    xAxis: { type: 'category', name: '时间', data: c.hours.map(hourLabel) },
    yAxis: { type: 'value', name: '份/小时', minInterval: 1 },
    series: c.markers.map((m) => ({ name: m.userName, type: 'bar', barMaxWidth: 32, data: m.perHour })),
  };
}

export interface MarkerBar { userName: string; done: number; remaining: number; papersPerHour: number | null }

export function markerOption(markers: MarkerBar[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: legend(['已阅', '剩余', '每小时']),
    grid: { left: 48, right: 56, top: PLOT_TOP, bottom: 40 },
    xAxis: { type: 'category', data: markers.map((m) => m.userName) },
    yAxis: [{ type: 'value', name: '份' }, { type: 'value', name: '份/小时' }],
    series: [
      { name: '已阅', type: 'bar', stack: 'm', data: markers.map((m) => m.done), itemStyle: { color: '#1677ff' } },
      { name: '剩余', type: 'bar', stack: 'm', data: markers.map((m) => m.remaining), itemStyle: { color: '#d9d9d9' } },
      { name: '每小时', type: 'line', yAxisIndex: 1, data: markers.map((m) => m.papersPerHour), itemStyle: { color: '#fa8c16' } },
    ],
  };
}

export function blockProgressOption(blocks: { label: string; papers: number; finalPapers: number }[]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: legend(['已完成', '未完成']),
    grid: { left: 120, right: 40, top: PLOT_TOP, bottom: 24 },
    xAxis: { type: 'value', name: '份', position: 'top' },
    yAxis: { type: 'category', data: blocks.map((b) => b.label) },
    series: [
      { name: '已完成', type: 'bar', stack: 'p', data: blocks.map((b) => b.finalPapers), itemStyle: { color: '#1677ff' } },
      { name: '未完成', type: 'bar', stack: 'p', data: blocks.map((b) => b.papers - b.finalPapers), itemStyle: { color: '#d9d9d9' } },
    ],
  };
}
