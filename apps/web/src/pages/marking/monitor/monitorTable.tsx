import type { Key } from 'react';
import { Button, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { BlockProgress, MarkerProgress } from './monitorMath';
import { formatHours, hoursLeft, markerShare } from './monitorMath';

/**
 * Table parts shared by the monitor pages (阅卷监控, 阅卷进度, 阅卷质量). The column lists are plain arrays: a page
 * adds its own columns (操作, quality figures, …) before or after them, so columns are added in one place.
 */

/** Columns of a block's progress (monitor/topicList, progress/find_progress rows); `paused`: the 状态 text when closed. */
export function blockProgressColumns(paused = '已暂停'): ColumnsType<BlockProgress> {
  return [
    { title: '题块', dataIndex: 'blockName' },
    { title: '试卷', dataIndex: 'papers', width: 80 },
    { title: '已完成', dataIndex: 'finalPapers', width: 80 },
    { title: '评分次数', key: 'm', width: 120, render: (_v, r) => `${r.marksDone} / ${r.marksNeeded}` },
    { title: '进度', dataIndex: 'percent', width: 200, render: (p: number) => <Progress percent={Math.min(100, Math.max(0, p))} size="small" /> },
    { title: '问题卷', dataIndex: 'problems', width: 80 },
    { title: '待仲裁', dataIndex: 'arbitrations', width: 80 },
    { title: '状态', dataIndex: 'canMark', width: 90, render: (c: boolean) => (c ? <Tag color="green">阅卷中</Tag> : <Tag>{paused}</Tag>) },
  ];
}

/** Columns of a block's markers (monitor/markingList rows); 占比 is of the markers given. */
export function markerProgressColumns(markers: MarkerProgress[]): ColumnsType<MarkerProgress> {
  return [
    { title: '阅卷老师', dataIndex: 'userName' },
    { title: '任务量', dataIndex: 'assigned', width: 90 },
    { title: '已阅', dataIndex: 'done', width: 80 },
    { title: '剩余', dataIndex: 'remaining', width: 80 },
    { title: '正在阅', dataIndex: 'held', width: 80 },
    { title: '每小时', dataIndex: 'papersPerHour', width: 90 },
    { title: '占比', key: 'share', width: 90, render: (_v, r) => `${markerShare(r, markers)}%` },
    { title: '预计用时', key: 'eta', width: 140, render: (_v, r) => formatHours(hoursLeft(r.remaining, r.papersPerHour)) },
  ];
}

/** The monitor's small unpaged table. */
export function MonitorTable<T extends object>({ rowKey, rows, columns, loading, selected, testId }: {
  rowKey: keyof T & string; rows: T[]; columns: ColumnsType<T>; loading?: boolean; selected?: Key; testId?: string;
}) {
  return (
    <Table<T> rowKey={rowKey} size="small" pagination={false} dataSource={rows} loading={loading} columns={columns} data-testid={testId}
      rowClassName={(r) => (selected !== undefined && (r[rowKey] as Key) === selected ? 'ant-table-row-selected' : '')} />
  );
}

/** 更新于 … with the live state (实时 while the event stream is open, else the 10 s polling) and 刷新. */
export function UpdatedAt({ at, live, onReload }: { at: Date | null; live: boolean; onReload: () => void }) {
  return (
    <Space>
      {at && <Typography.Text type="secondary" data-testid="monitor-updated">更新于 {at.toLocaleTimeString('zh-CN')}</Typography.Text>}
      {live ? <Tag color="green" data-testid="monitor-live">实时</Tag> : <Tag data-testid="monitor-live">每 10 秒刷新</Tag>}
      <Button onClick={onReload}>刷新</Button>
    </Space>
  );
}
