export * from './EChart';
export * from './options';
export * from './ChartCard';
export type { EChartsOption } from './echarts';
