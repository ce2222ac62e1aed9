export * from './EChart';
export * from './options';
export type { EChartsOption } from './echarts';
