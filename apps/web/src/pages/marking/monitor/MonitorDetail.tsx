import { Alert, Button, Card, Empty, Progress, Select, Space, Table, Typography } from 'antd';
import type { MarkerProgress } from '@/api/marking';
import { formatHours, hoursLeft, markerShare } from './monitorMath';
import { useExamMonitor } from './useExamMonitor';

type Monitor = ReturnType<typeof useExamMonitor>;

/** Exam and block pickers shared by 阅卷进度 and 阅卷质量 (address keeps examId and blockId). */
function Pickers({ s, title }: { s: Monitor; title: string }) {
  const blocks = s.subjects.flatMap((sub) => sub.blocks.map((b) => ({ value: b.blockId, label: `${sub.subjectName} · ${b.blockName}` })));
  return (
    <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
        <Select style={{ width: 260 }} placeholder="选择考试" value={s.examId || undefined} onChange={(v) => s.choose({ examId: v })}
          options={s.exams.map((e) => ({ value: e.id, label: e.name }))} aria-label="选择考试" showSearch optionFilterProp="label" />
        <Select style={{ width: 260 }} placeholder="选择题块" value={s.blockId || undefined} onChange={(v) => s.choose({ blockId: v })}
          options={blocks} aria-label="选择题块" showSearch optionFilterProp="label" />
      </Space>
      <Space>
        {s.updatedAt && <Typography.Text type="secondary">更新于 {s.updatedAt.toLocaleTimeString('zh-CN')}（每 10 秒刷新）</Typography.Text>}
        <Button onClick={() => void s.reload()}>刷新</Button>
      </Space>
    </Space>
  );
}

/** /examMonitor/detail/progress (阅卷进度): every marker of the chosen block, from monitor/markingList. */
export function MonitorProgress() {
  const s = useExamMonitor();
  return (
    <Card variant="borderless" data-testid="monitor-detail-progress">
      <Pickers s={s} title="阅卷进度" />
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      {s.block && (
        <Space style={{ marginBottom: 8 }} wrap>
          <span>试卷 {s.block.papers} 份，已完成 {s.block.finalPapers} 份</span>
          <Progress percent={Math.min(100, Math.max(0, s.block.percent))} size="small" style={{ width: 200 }} />
          <span>问题卷 {s.block.problems}，待仲裁 {s.block.arbitrations}</span>
        </Space>
      )}
      {!s.blockId ? <Empty description="请选择题块" /> : (
        <Table<MarkerProgress> rowKey="userId" size="small" pagination={false} dataSource={s.markers} loading={s.loading}
          columns={[
            { title: '阅卷老师', dataIndex: 'userName' },
            { title: '任务量', dataIndex: 'assigned', width: 90 },
            { title: '已阅', dataIndex: 'done', width: 80 },
            { title: '剩余', dataIndex: 'remaining', width: 80 },
            { title: '正在阅', dataIndex: 'held', width: 80 },
            { title: '每小时', dataIndex: 'papersPerHour', width: 90 },
            { title: '占比', key: 'share', width: 90, render: (_v, r) => `${markerShare(r, s.markers)}%` },
            { title: '预计用时', key: 'eta', width: 140, render: (_v, r) => formatHours(hoursLeft(r.remaining, r.papersPerHour)) },
          ]} />
      )}
    </Card>
  );
}

/**
 * /examMonitor/detail/quality (阅卷质量): what the api gives per marker today (marks and their mean). The spread,
 * agreement and 保险分 figures are not served by the api yet, and the page does not work them out in the browser.
 */
export function MonitorQuality() {
  const s = useExamMonitor();
  return (
    <Card variant="borderless" data-testid="monitor-detail-quality">
      <Pickers s={s} title="阅卷质量" />
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      <Alert type="info" showIcon style={{ marginBottom: 12 }}
        message="标准差、误差内比例、三评率、仲裁数与保险分系数暂未提供，当前仅显示各阅卷老师的已阅份数与平均分。" />
      {s.block && <div style={{ marginBottom: 8 }}>本题块待仲裁 {s.block.arbitrations} 份，问题卷 {s.block.problems} 份</div>}
      {!s.blockId ? <Empty description="请选择题块" /> : (
        <Table<MarkerProgress> rowKey="userId" size="small" pagination={false} dataSource={s.markers} loading={s.loading}
          columns={[
            { title: '阅卷老师', dataIndex: 'userName' },
            { title: '已阅', dataIndex: 'done', width: 100 },
            { title: '平均分', dataIndex: 'mean', width: 120, render: (m: number | null) => (m === null ? '—' : m) },
          ]} />
      )}
    </Card>
  );
}
