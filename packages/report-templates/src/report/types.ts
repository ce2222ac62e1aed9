// Input of the printable analysis report (908×1285 px pages): cover, contents, one section per module.
import type { EChartsOption } from 'echarts';

export interface ReportColumn {
  title: string;
  /** Relative width (flex weight), default 1. */
  width?: number;
  align?: 'left' | 'center' | 'right';
}

export interface ReportTable {
  title?: string;
  columns: (string | ReportColumn)[];
  rows: (string | number | null)[][];
  /** Smaller type (11 px) for wide tables such as the 成绩单. */
  compact?: boolean;
}

export interface ReportChart {
  title?: string;
  /** An ECharts option; rendered server-side to SVG (animation off, the report's font). */
  option: EChartsOption;
  /** px; default the full content width (808) × 360. */
  width?: number;
  height?: number;
}

export interface ReportModule {
  title: string;
  /** A short paragraph under the module title. */
  description?: string;
  charts?: ReportChart[];
  tables?: ReportTable[];
}

export interface ReportData {
  title: string;
  subtitle?: string;
  schoolName: string;
  examName: string;
  /** Printed on the cover, e.g. 2025年11月. */
  date: string;
  modules: ReportModule[];
}
