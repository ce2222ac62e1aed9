import { Link } from 'react-router-dom';
import { Alert, Button, Card, Empty, Select, Space, Tag, Typography } from 'antd';
import type { BlockProgress, MarkerProgress } from '@/api/marking';
import { finishAt, formatHours, markerRows, subjectSummary } from './monitorMath';
import { blockProgressColumns, markerProgressColumns, MonitorTable, UpdatedAt } from './monitorTable';
import { useExamMonitor } from './useExamMonitor';

/** /examMarking/examMonitor (阅卷监控): progress per subject, block and marker, live through server-sent events (polled every 10 s without). */
export default function ExamMonitor() {
  const s = useExamMonitor();
  const now = s.updatedAt ?? new Date();
  const left = s.block?.hoursLeft ?? null;
  return (
    <Card variant="borderless" data-testid="exam-monitor">
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>阅卷监控</Typography.Title>
          <Select style={{ width: 280 }} placeholder="选择考试" value={s.examId || undefined} onChange={(v) => s.choose({ examId: v })}
            options={s.exams.map((e) => ({ value: e.id, label: e.name }))} aria-label="选择考试" showSearch optionFilterProp="label" />
        </Space>
        <Space>
          <UpdatedAt at={s.updatedAt} live={s.live} onReload={s.reload} />
          {s.examId > 0 && <Link to={`/examMonitorEcharts?examId=${s.examId}${s.blockId ? `&blockId=${s.blockId}` : ''}`}>图表视图</Link>}
        </Space>
      </Space>
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      {!s.error && s.subjects.length === 0 && !s.loading && <Empty description="该考试暂无阅卷题块" />}
      {s.subjects.map((sub) => {
        const sum = subjectSummary(sub);
        return (
          <div key={sub.examSubjectId} style={{ marginBottom: 16 }} data-testid={`monitor-subject-${sub.examSubjectId}`}>
            <Space style={{ marginBottom: 6 }}>
              <Typography.Text strong>{sub.subjectName}</Typography.Text>
              <span>完成 {sum.finalPapers} / {sum.papers} 份（{sum.percent}%）</span>
              <span>评分 {sum.marksDone} / {sum.marksNeeded} 次</span>
              {sum.problems > 0 && <Tag color="orange">问题卷 {sum.problems}</Tag>}
              {sum.arbitrations > 0 && <Tag color="red">待仲裁 {sum.arbitrations}</Tag>}
            </Space>
            <MonitorTable<BlockProgress> rowKey="blockId" rows={sub.blocks} selected={s.blockId}
              columns={[...blockProgressColumns('未开放'), { title: '操作', key: 'op', width: 110, render: (_v, r) => <Button type="link" onClick={() => s.choose({ blockId: r.blockId })}>阅卷老师</Button> }]} />
          </div>
        );
      })}
      {s.block && (
        <div data-testid="monitor-markers">
          <Space style={{ margin: '8px 0' }}>
            <Typography.Text strong>{s.block.blockName} · 阅卷老师</Typography.Text>
            <span data-testid="monitor-eta">评分任务 {s.block.marksNeeded}，已阅 {s.block.marksDone}，预计还需 {formatHours(left)}，预计完成 {finishAt(left, now)}</span>
            <Button size="small" onClick={() => s.choose({ blockId: null })}>收起</Button>
          </Space>
          <MonitorTable<MarkerProgress> rowKey="userId" rows={markerRows(s.markers, s.block)}
            columns={[...markerProgressColumns(s.markers), { title: '平均分', dataIndex: 'mean', width: 90, render: (m: number | null) => (m === null ? '—' : m) }]} />
        </div>
      )}
    </Card>
  );
}
