import type { Key } from 'react';
import { Button, Progress, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { BlockProgress, MarkerProgress } from './monitorMath';
import { formatHours, markerShare } from './monitorMath';

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
    { title: '已阅 / 评分任务', key: 'm', width: 130, render: (_v, r) => `${r.marksDone} / ${r.marksNeeded}` },
    { title: '正在阅', dataIndex: 'marksHeld', width: 80 },
    { title: '待领取', dataIndex: 'unclaimed', width: 80 },
    { title: '进度', dataIndex: 'percent', width: 200, render: (p: number) => <Progress percent={Math.min(100, Math.max(0, p))} size="small" /> },
    { title: '预计还需', dataIndex: 'hoursLeft', width: 120, render: (h: number | null) => formatHours(h) },
    { title: '问题卷', dataIndex: 'problems', width: 80 },
    { title: '待仲裁', dataIndex: 'arbitrations', width: 80 },
    { title: '状态', dataIndex: 'canMark', width: 90, render: (c: boolean) => (c ? <Tag color="green">阅卷中</Tag> : <Tag>{paused}</Tag>) },
  ];
}

/** Columns of a block's markers (monitor/markingList rows, then 待领取); 占比 is of the markers given. */
export function markerProgressColumns(markers: MarkerProgress[]): ColumnsType<MarkerProgress> {
  return [
    { title: '阅卷老师', dataIndex: 'userName', render: (n: string, r) => (r.userId === 0 ? <Typography.Text type="secondary">{n}</Typography.Text> : n) },
    { title: '任务量', dataIndex: 'assigned', width: 90 },
    { title: '已阅', dataIndex: 'done', width: 80 },
    { title: '剩余', dataIndex: 'remaining', width: 80 },
    { title: '正在阅', dataIndex: 'held', width: 80 },
    { title: '每小时', dataIndex: 'papersPerHour', width: 90 },
    { title: '占比', key: 'share', width: 90, render: (_v, r) => (r.userId === 0 ? '' : `${markerShare(r, markers)}%`) },
    // a fixed share (quota, 平均分配) at the marker's own speed; 自由领取 has no own share: the block's finish counts
    { title: '预计用时', key: 'eta', width: 140, render: (_v, r) => (r.userId === 0 ? '' : r.fixed ? formatHours(r.hoursLeft) : '按题块（自由领取）') },
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
