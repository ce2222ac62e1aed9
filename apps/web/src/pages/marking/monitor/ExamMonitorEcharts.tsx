import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Card, Col, Empty, Row, Select, Space, Typography } from 'antd';
import { EChart, type EChartsOption } from '@/components/charts';
import { blockProgressOption, markerOption } from './monitorCharts';
import { subjectSummary } from './monitorMath';
import { UpdatedAt } from './monitorTable';
import { useExamMonitor } from './useExamMonitor';

/** /examMonitorEcharts: the monitor as charts (progress per block, marks per marker), live (server-sent events, else polled every 10 s); 题块详情图表 opens /examMonitorEchartsDetail. */
export default function ExamMonitorEcharts() {
  const s = useExamMonitor();
  const blocks = useMemo(() => s.subjects.flatMap((sub) => sub.blocks.map((b) => ({ ...b, label: `${sub.subjectName} ${b.blockName}` }))), [s.subjects]);
  const blockOption = useMemo(() => blockProgressOption(blocks), [blocks]);
  const subjectOption = useMemo<EChartsOption>(() => ({
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${String(v)}%` },
    grid: { left: 48, right: 16, top: 24, bottom: 32 },
    xAxis: { type: 'category', data: s.subjects.map((sub) => sub.subjectName) },
    yAxis: { type: 'value', min: 0, max: 100, name: '%' },
    series: [{ type: 'bar', name: '完成率', data: s.subjects.map((sub) => subjectSummary(sub).percent), label: { show: true, position: 'top', formatter: '{c}%' }, itemStyle: { color: '#52c41a' } }],
  }), [s.subjects]);
  const markers = useMemo(() => markerOption(s.markers), [s.markers]);

  return (
    <div style={{ padding: 16 }} data-testid="exam-monitor-echarts">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>阅卷监控</Typography.Title>
        <Select style={{ width: 280 }} placeholder="选择考试" value={s.examId || undefined} onChange={(v) => s.choose({ examId: v })}
          options={s.exams.map((e) => ({ value: e.id, label: e.name }))} aria-label="选择考试" showSearch optionFilterProp="label" />
        <Select style={{ width: 240 }} placeholder="选择题块查看阅卷老师" allowClear value={s.blockId || undefined}
          onChange={(v) => s.choose({ blockId: v ?? null })} options={blocks.map((b) => ({ value: b.blockId, label: b.label }))} aria-label="选择题块" />
        <Link to={`/examMarking/examMonitor?examId=${s.examId}`}>表格视图</Link>
        {s.examId > 0 && <Link to={`/examMonitorEchartsDetail?examId=${s.examId}${s.blockId ? `&blockId=${s.blockId}` : ''}`} data-testid="echarts-detail-link">题块详情图表</Link>}
        <UpdatedAt at={s.updatedAt} live={s.live} onReload={s.reload} />
      </Space>
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      {blocks.length === 0 && !s.loading && !s.error && <Empty description="该考试暂无阅卷题块" />}
      {blocks.length > 0 && (
        <Row gutter={16}>
          <Col xs={24} lg={8}><Card size="small" title="各科完成率"><EChart option={subjectOption} title="各科完成率" height={300} /></Card></Col>
          <Col xs={24} lg={16}><Card size="small" title="各题块进度"><EChart option={blockOption} title="各题块进度" height={Math.max(300, blocks.length * 36 + 60)} /></Card></Col>
          {s.block && (
            <Col span={24} style={{ marginTop: 16 }}>
              <Card size="small" title={`${s.block.blockName} · 阅卷老师进度`}><EChart option={markers} title="阅卷老师进度" height={340} /></Card>
            </Col>
          )}
        </Row>
      )}
    </div>
  );
}
