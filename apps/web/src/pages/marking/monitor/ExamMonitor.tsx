import { Link } from 'react-router-dom';
import { Alert, Button, Card, Empty, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { BlockProgress, MarkerProgress } from '@/api/marking';
import { blockHoursLeft, finishAt, formatHours, hoursLeft, markerShare, subjectSummary } from './monitorMath';
import { useExamMonitor } from './useExamMonitor';

/** /examMarking/examMonitor (阅卷监控): progress per subject, block and marker, refreshed every 10 s. */
export default function ExamMonitor() {
  const s = useExamMonitor();
  const now = s.updatedAt ?? new Date();
  const left = blockHoursLeft(s.markers);
  return (
    <Card variant="borderless" data-testid="exam-monitor">
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>阅卷监控</Typography.Title>
          <Select style={{ width: 280 }} placeholder="选择考试" value={s.examId || undefined} onChange={(v) => s.choose({ examId: v })}
            options={s.exams.map((e) => ({ value: e.id, label: e.name }))} aria-label="选择考试" showSearch optionFilterProp="label" />
        </Space>
        <Space>
          {s.updatedAt && <Typography.Text type="secondary">更新于 {s.updatedAt.toLocaleTimeString('zh-CN')}（每 10 秒刷新）</Typography.Text>}
          <Button onClick={() => void s.reload()}>刷新</Button>
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
            <Table<BlockProgress> rowKey="blockId" size="small" pagination={false} dataSource={sub.blocks}
              rowClassName={(r) => (r.blockId === s.blockId ? 'ant-table-row-selected' : '')}
              columns={[
                { title: '题块', dataIndex: 'blockName' },
                { title: '试卷', dataIndex: 'papers', width: 80 },
                { title: '已完成', dataIndex: 'finalPapers', width: 80 },
                { title: '评分次数', key: 'm', width: 120, render: (_v, r) => `${r.marksDone} / ${r.marksNeeded}` },
                { title: '进度', dataIndex: 'percent', width: 200, render: (p: number) => <Progress percent={Math.min(100, Math.max(0, p))} size="small" /> },
                { title: '问题卷', dataIndex: 'problems', width: 80 },
                { title: '待仲裁', dataIndex: 'arbitrations', width: 80 },
                { title: '状态', dataIndex: 'canMark', width: 90, render: (c: boolean) => (c ? <Tag color="green">阅卷中</Tag> : <Tag>未开放</Tag>) },
                { title: '操作', key: 'op', width: 110, render: (_v, r) => <Button type="link" onClick={() => s.choose({ blockId: r.blockId })}>阅卷老师</Button> },
              ]} />
          </div>
        );
      })}
      {s.block && (
        <div data-testid="monitor-markers">
          <Space style={{ margin: '8px 0' }}>
            <Typography.Text strong>{s.block.blockName} · 阅卷老师</Typography.Text>
            <span>预计还需 {formatHours(left)}，预计完成 {finishAt(left, now)}</span>
            <Button size="small" onClick={() => s.choose({ blockId: null })}>收起</Button>
          </Space>
          <Table<MarkerProgress> rowKey="userId" size="small" pagination={false} dataSource={s.markers}
            columns={[
              { title: '阅卷老师', dataIndex: 'userName' },
              { title: '分配', dataIndex: 'assigned', width: 80 },
              { title: '已阅', dataIndex: 'done', width: 80 },
              { title: '剩余', dataIndex: 'remaining', width: 80 },
              { title: '正在阅', dataIndex: 'held', width: 80 },
              { title: '每小时', dataIndex: 'papersPerHour', width: 90 },
              { title: '占比', key: 'share', width: 90, render: (_v, r) => `${markerShare(r, s.markers)}%` },
              { title: '平均分', dataIndex: 'mean', width: 90, render: (m: number | null) => (m === null ? '—' : m) },
              { title: '预计用时', key: 'eta', width: 140, render: (_v, r) => formatHours(hoursLeft(r.remaining, r.papersPerHour)) },
            ]} />
        </div>
      )}
    </Card>
  );
}
