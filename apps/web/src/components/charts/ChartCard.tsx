import { useRef } from 'react';
import { Button } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { saveBlob } from '@/utils/request';
import { EChart } from './EChart';
import type { echarts, EChartsOption } from './echarts';

/**
 * The chart as a PNG (white background, twice the screen's pixels): a file a teacher pastes into slides or a paper.
 * Decoded here rather than fetched: the Content-Security-Policy allows no data: connections.
 */
export function chartPng(chart: echarts.ECharts): Blob {
  const url = chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
  const bin = atob(url.slice(url.indexOf(',') + 1));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

/** A chart with a 导出图片 button that saves it as `<fileName>.png`. */
export function ChartCard({ title, option, height = 360, fileName, testId }: { title: string; option: EChartsOption; height?: number; fileName: string; testId?: string }) {
  const chart = useRef<echarts.ECharts | null>(null);
  return (
    <div data-testid={testId}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" icon={<PictureOutlined />} onClick={() => { if (chart.current) saveBlob(chartPng(chart.current), `${fileName}.png`); }}>导出图片</Button>
      </div>
      <EChart title={title} option={option} height={height} onReady={(c) => { chart.current = c; }} />
    </div>
  );
}
