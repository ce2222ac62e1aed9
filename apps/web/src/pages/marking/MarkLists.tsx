import { Button, Empty, InputNumber, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import dayjs from 'dayjs';
import { PROBLEM_KIND_NAMES, type ArbitrationRow, type AuditRow, type ProblemRow, type ReviewRow } from '@/api/marking';
import { AUDIT_KIND_NAMES, auditValue } from './auditFormat';
import type { useReviewList } from './useMarkLists';

const time = (s: string) => (s ? dayjs(s).format('YYYY-MM-DD HH:mm:ss') : '');
const scoresText = (scores: number[]) => scores.join(' + ');

/** 回评: own papers, searchable by total score; 改分 opens the paper in the panel with its scores. */
export function ReviewTable({ list, onOpen }: { list: ReturnType<typeof useReviewList>; onOpen: (row: ReviewRow) => void }) {
  const [score, setScore] = useState<number | null>(list.score ?? null);
  return (
    <div data-testid="review-list">
      <Space style={{ marginBottom: 12 }}>
        <span>按总分查找</span>
        <InputNumber min={0} value={score} onChange={(v) => setScore(v)} placeholder="总分" aria-label="按总分查找" />
        <Button type="primary" onClick={() => list.search(score ?? undefined)}>查询</Button>
        <Button onClick={() => { setScore(null); list.search(undefined); }}>重置</Button>
      </Space>
      <Table<ReviewRow> rowKey="taskId" size="small" loading={list.loading} dataSource={list.rows}
        pagination={{ current: list.page, pageSize: list.size, total: list.total, showSizeChanger: true, showQuickJumper: true, showTotal: (t) => `共 ${t} 份`, onChange: list.setPage }}
        columns={[
          { title: '序号', key: 'i', width: 70, render: (_v, _r, i) => (list.page - 1) * list.size + i + 1 },
          { title: '总分', dataIndex: 'total', width: 90 },
          { title: '各给分点', key: 's', render: (_v, r) => scoresText(r.scores) },
          { title: '提交时间', dataIndex: 'submittedAt', render: time },
          { title: '操作', key: 'op', width: 100, render: (_v, r) => <Button type="link" onClick={() => onOpen(r)}>查看改分</Button> },
        ]} />
    </div>
  );
}

/** 问题卷 queue of the 题组长: give the score, or return the paper to the pool. */
export function ProblemTable({ rows, loading, onScore, onReturn }: { rows: ProblemRow[]; loading: boolean; onScore: (r: ProblemRow) => void; onReturn: (r: ProblemRow) => void }) {
  return (
    <Table<ProblemRow> rowKey="paperId" size="small" loading={loading} dataSource={rows} data-testid="problem-list"
      locale={{ emptyText: <Empty description="暂无问题卷" /> }} pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 份` }}
      columns={[
        { title: '类型', dataIndex: 'kind', width: 110, render: (k: ProblemRow['kind']) => <Tag color="orange">{PROBLEM_KIND_NAMES[k] ?? k}</Tag> },
        { title: '说明', dataIndex: 'note' },
        { title: '报告人', dataIndex: 'reporter', width: 120 },
        { title: '时间', dataIndex: 'createdAt', width: 180, render: time },
        { title: '操作', key: 'op', width: 170, render: (_v, r) => (
          <Space><Button type="link" onClick={() => onScore(r)}>给分</Button><Button type="link" onClick={() => onReturn(r)}>退回</Button></Space>
        ) },
      ]} />
  );
}

/** 仲裁 queue: the two (or three) markers' totals; 仲裁 opens the paper in the panel. */
export function ArbitrationTable({ rows, loading, onOpen }: { rows: ArbitrationRow[]; loading: boolean; onOpen: (r: ArbitrationRow) => void }) {
  return (
    <Table<ArbitrationRow> rowKey="paperId" size="small" loading={loading} dataSource={rows} data-testid="arbitration-list"
      locale={{ emptyText: <Empty description="暂无待仲裁试卷" /> }} pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 份` }}
      columns={[
        { title: '试卷', dataIndex: 'paperId', width: 100 },
        { title: '各评分', key: 's', render: (_v, r) => r.scores.map((s, i) => <Tag key={i}>{s.marker}：{s.total}</Tag>) },
        { title: '操作', key: 'op', width: 100, render: (_v, r) => <Button type="link" onClick={() => onOpen(r)}>仲裁</Button> },
      ]} />
  );
}

/** 改分记录: every change after a first submission (who, when, old, new, why). */
export function AuditTable({ rows, loading }: { rows: AuditRow[]; loading: boolean }) {
  return (
    <Table<AuditRow> rowKey={(r) => `${r.paperId}-${r.at}-${r.kind}`} size="small" loading={loading} dataSource={rows} data-testid="audit-list"
      pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条` }}
      columns={[
        { title: '试卷', dataIndex: 'paperId', width: 90 },
        { title: '操作人', dataIndex: 'userName', width: 110 },
        { title: '时间', dataIndex: 'at', width: 180, render: time },
        { title: '类型', dataIndex: 'kind', width: 110, render: (k: string) => AUDIT_KIND_NAMES[k] ?? k },
        { title: '原分', dataIndex: 'old', render: (v: unknown) => auditValue(v) },
        { title: '新分', dataIndex: 'new', render: (v: unknown) => auditValue(v) },
        { title: '原因', dataIndex: 'reason' },
      ]} />
  );
}
