/**
 * ECharts core with only the chart types and components the reports use (keeps the bundle small).
 * Import `echarts` from here, never from 'echarts' itself.
 */
import * as echarts from 'echarts/core';
import { BarChart, BoxplotChart, LineChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import { DatasetComponent, GridComponent, LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { BarSeriesOption, BoxplotSeriesOption, LineSeriesOption, PieSeriesOption, RadarSeriesOption, ScatterSeriesOption } from 'echarts/charts';
import type {
  DatasetComponentOption, GridComponentOption, LegendComponentOption, TitleComponentOption, TooltipComponentOption,
} from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

echarts.use([BarChart, LineChart, PieChart, BoxplotChart, RadarChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent,
  TitleComponent, DatasetComponent, CanvasRenderer]);

/** The option type limited to what is registered. */
export type EChartsOption = ComposeOption<
  | BarSeriesOption | LineSeriesOption | PieSeriesOption | BoxplotSeriesOption | RadarSeriesOption | ScatterSeriesOption
  | GridComponentOption | TooltipComponentOption | LegendComponentOption | TitleComponentOption | DatasetComponentOption
>;

export { echarts };
