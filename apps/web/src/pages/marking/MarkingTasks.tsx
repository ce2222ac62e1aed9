import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Empty, Input, Progress, Space, Table, Tag, Typography } from 'antd';
import { RATING_MODE_NAMES, type MarkingTaskRow } from '@/api/marking';
import { progressPercent, useMarkingTasks } from './useMarkingTasks';

/** /examMarking/markingTasks (阅卷任务): where every teacher lands; each block with its progress and 开始阅卷. */
export default function MarkingTasks() {
  const s = useMarkingTasks();
  const navigate = useNavigate();
  const open = (r: MarkingTaskRow) => navigate(`/markDetail?blockId=${r.blockId}`);
  // what is left to mark: a fixed share's remainder; under 自由领取 the papers held and the block's 待领取
  const todo = s.all.reduce((a, r) => a + (r.canMark ? r.remaining + (r.fixed ? 0 : r.unclaimed) : 0), 0);
  return (
    <Card variant="borderless" data-testid="marking-tasks">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>阅卷任务</Typography.Title>
        <Space>
          <Input.Search allowClear placeholder="考试、科目或题块" value={s.keyword} onChange={(e) => s.setKeyword(e.target.value)} style={{ width: 240 }} />
          <Button onClick={() => void s.reload()}>刷新</Button>
        </Space>
      </Space>
      {s.error && <Alert type="error" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      {!s.loading && s.all.length > 0 && (
        <Typography.Paragraph type="secondary">共 {s.all.length} 个阅卷任务，待阅 {todo} 份。</Typography.Paragraph>
      )}
      <Table<MarkingTaskRow> rowKey="blockId" loading={s.loading} dataSource={s.rows} data-testid="marking-task-table"
        locale={{ emptyText: <Empty description="暂无阅卷任务" /> }}
        pagination={{ pageSize: 20, showSizeChanger: true, showQuickJumper: true, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '考试名称', dataIndex: 'examName' },
          { title: '科目', dataIndex: 'subjectName', width: 90 },
          { title: '题块', dataIndex: 'blockName', width: 160 },
          { title: '角色', dataIndex: 'role', width: 100, render: (r: MarkingTaskRow['role']) => (r === 'leader' ? <Tag color="gold">题组长</Tag> : <Tag>阅卷老师</Tag>) },
          { title: '评阅方式', dataIndex: 'ratingMode', width: 130, render: (m: number) => RATING_MODE_NAMES[m] ?? '' },
          { title: '进度', key: 'p', width: 260, render: (_v, r) => (
            <div>
              <Progress percent={r.fixed ? progressPercent(r.done, r.assigned) : progressPercent(r.blockDone, r.blockTasks)} size="small" />
              <span style={{ color: '#888' }}>{r.fixed ? `已阅 ${r.done} / ${r.assigned}，剩余 ${r.remaining}` : `已阅 ${r.done}（自由领取），题块 ${r.blockDone} / ${r.blockTasks}，待领取 ${r.unclaimed}`}</span>
            </div>
          ) },
          { title: '操作', key: 'op', width: 120, render: (_v, r) => (
            r.canMark
              ? <Button type="primary" onClick={() => open(r)}>开始阅卷</Button>
              : <Button onClick={() => open(r)} disabled={r.role !== 'leader'}>{r.role === 'leader' ? '查看' : '未开始'}</Button>
          ) },
        ]} />
    </Card>
  );
}
