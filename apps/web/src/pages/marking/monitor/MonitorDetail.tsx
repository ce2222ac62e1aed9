import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Progress, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { MarkerProgress } from '@/api/marking';
import { formatHours, markerRows } from './monitorMath';
import { markerProgressColumns, MonitorTable, UpdatedAt } from './monitorTable';
import { useExamMonitor } from './useExamMonitor';
import { useMarkQuality, type QualityRow } from './useMarkQuality';
import { useReassign } from './ReassignMarker';

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
        <Button icon={<DownloadOutlined />} disabled={!s.examId} loading={s.exporting} onClick={() => void s.exportExcel()} data-testid="monitor-export">导出Excel</Button>
        <UpdatedAt at={s.updatedAt} live={s.live} onReload={s.reload} />
      </Space>
    </Space>
  );
}

/** /examMonitor/detail/progress (阅卷进度): every marker of the chosen block, from monitor/markingList. */
export function MonitorProgress() {
  const s = useExamMonitor();
  const reassign = useReassign(s.blockId, s.markers, s.reload);
  return (
    <Card variant="borderless" data-testid="monitor-detail-progress">
      <Pickers s={s} title="阅卷进度" />
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      {s.block && (
        <Space style={{ marginBottom: 8 }} wrap>
          <span>试卷 {s.block.papers} 份，已完成 {s.block.finalPapers} 份</span>
          <Progress percent={Math.min(100, Math.max(0, s.block.percent))} size="small" style={{ width: 200 }} />
          <span>评分任务 {s.block.marksNeeded}，已阅 {s.block.marksDone}，待领取 {s.block.unclaimed}，预计还需 {formatHours(s.block.hoursLeft)}</span>
          <span>问题卷 {s.block.problems}，待仲裁 {s.block.arbitrations}</span>
        </Space>
      )}
      {!s.blockId ? <Empty description="请选择题块" /> : (
        <MonitorTable<MarkerProgress> rowKey="userId" rows={markerRows(s.markers, s.block)} loading={s.loading} columns={[...markerProgressColumns(s.markers), reassign.column]} testId="monitor-progress-table" />
      )}
      {reassign.modal}
    </Card>
  );
}

const pctText = (v: number | null) => (v === null ? '—' : `${v}%`);
const numText = (v: number | null) => (v === null ? '—' : v);

/** Columns of 阅卷质量 (monitor/qualityList rows, then the block's own row). */
const qualityColumns: ColumnsType<QualityRow> = [
  { title: '阅卷老师', dataIndex: 'userName', render: (n: string, r) => (r.whole ? <b>{n}</b> : n) },
  { title: '已阅', dataIndex: 'marks', width: 80 },
  { title: '平均分', dataIndex: 'mean', width: 90, render: numText },
  { title: '与均分差', dataIndex: 'diff', width: 100, render: (d: number | null) => (d === null ? '—' : <span style={{ color: d > 0 ? '#cf1322' : d < 0 ? '#389e0d' : undefined }}>{d > 0 ? `+${d}` : d}</span>) },
  { title: '标准差', dataIndex: 'sd', width: 90, render: numText },
  { title: '可比试卷', dataIndex: 'paired', width: 90 },
  { title: '误差内比例', dataIndex: 'withinPercent', width: 110, render: pctText },
  { title: '三评率', dataIndex: 'thirdPercent', width: 90, render: pctText },
  { title: '仲裁数', dataIndex: 'arbitrations', width: 80 },
  { title: '保险分系数', dataIndex: 'safePercent', width: 110, render: pctText },
  { title: '个人一致性', key: 'consistency', width: 120, render: (_v, r) => (r.recheckCount ? `${pctText(r.consistencyPercent)}（${r.recheckCount} 次）` : '—') },
];

/** /examMonitor/detail/quality (阅卷质量): per marker, the figures of monitor/qualityList (worked out by the api). */
export function MonitorQuality() {
  const s = useExamMonitor();
  const q = useMarkQuality(s.blockId, s.examId);
  return (
    <Card variant="borderless" data-testid="monitor-detail-quality">
      <Pickers s={s} title="阅卷质量" />
      {(s.error || q.error) && <Alert type="warning" showIcon message={s.error || q.error} style={{ marginBottom: 12 }} />}
      {s.block && (
        <div style={{ marginBottom: 8 }}>
          误差阈值 {q.tolerance ?? '—'} 分；本题块待仲裁 {s.block.arbitrations} 份，问题卷 {s.block.problems} 份。
          与均分差 = 该老师平均分 − 题块全部评分的平均分；误差内比例、三评率按该老师一评/二评且已有另一评的试卷计。
          保险分系数 = 给分在保险分 {q.safeScore ?? '—'} 分（满分 × 71%，按步长取整）上下一个步长内的评分占比，偏高说明习惯给中间分。
        </div>
      )}
      {!s.blockId ? <Empty description="请选择题块" /> : (
        <MonitorTable<QualityRow> rowKey="userId" rows={q.rows} loading={q.loading} columns={qualityColumns} />
      )}
    </Card>
  );
}
