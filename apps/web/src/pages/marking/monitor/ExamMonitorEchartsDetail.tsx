import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Card, Col, Empty, Row, Select, Space, Typography } from 'antd';
import { EChart } from '@/components/charts';
import { distributionOption, speedOption } from './monitorCharts';
import { UpdatedAt } from './monitorTable';
import { useBlockCharts } from './useBlockCharts';
import { useExamMonitor } from './useExamMonitor';

/**
 * /examMonitorEchartsDetail?examId=&blockId= (阅卷监控详情): one block's charts per marker — how the scores each
 * marker gave spread over the block's range, and marks per hour over time; live like /examMonitorEcharts.
 */
export default function ExamMonitorEchartsDetail() {
  const s = useExamMonitor();
  const blocks = useMemo(() => s.subjects.flatMap((sub) => sub.blocks.map((b) => ({ value: b.blockId, label: `${sub.subjectName} ${b.blockName}` }))), [s.subjects]);
  // reached without a block (题块详情图表 before one was picked): the exam's first block, not an empty page
  const blockId = s.blockId || blocks[0]?.value || 0;
  const c = useBlockCharts(blockId, s.examId);
  const dist = useMemo(() => (c.charts ? distributionOption(c.charts) : null), [c.charts]);
  const speed = useMemo(() => (c.charts ? speedOption(c.charts) : null), [c.charts]);
  const error = s.error || c.error;
  return (
    <div style={{ padding: 16 }} data-testid="exam-monitor-echarts-detail">
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>阅卷监控详情</Typography.Title>
        <Select style={{ width: 280 }} placeholder="选择考试" value={s.examId || undefined} onChange={(v) => s.choose({ examId: v })}
          options={s.exams.map((e) => ({ value: e.id, label: e.name }))} aria-label="选择考试" showSearch optionFilterProp="label" />
        <Select style={{ width: 240 }} placeholder="选择题块" value={blockId || undefined} onChange={(v) => s.choose({ blockId: v })}
          options={blocks} aria-label="选择题块" showSearch optionFilterProp="label" />
        <Link to={`/examMonitorEcharts?examId=${s.examId}${blockId ? `&blockId=${blockId}` : ''}`}>返回监控图表</Link>
        <UpdatedAt at={c.updatedAt ?? s.updatedAt} live={c.live} onReload={c.reload} />
      </Space>
      {error && <Alert type="warning" showIcon message={error} style={{ marginBottom: 12 }} />}
      {!blockId && <Empty description="请选择题块" />}
      {c.charts && dist && speed && (
        <Row gutter={16}>
          <Col span={24}>
            <Typography.Paragraph type="secondary">
              {c.charts.blockName}：满分 {c.charts.fullScore} 分，{c.charts.markers.length} 位阅卷老师。分数分布按每位老师给出的一评、二评、三评分数计；每小时阅卷量按提交时间计。
            </Typography.Paragraph>
          </Col>
          <Col xs={24} xl={12}><Card size="small" title="分数分布（每位老师）"><EChart option={dist} title="分数分布" height={360} /></Card></Col>
          <Col xs={24} xl={12}><Card size="small" title="每小时阅卷量"><EChart option={speed} title="每小时阅卷量" height={360} /></Card></Col>
        </Row>
      )}
    </div>
  );
}
