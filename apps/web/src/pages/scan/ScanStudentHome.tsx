import { Alert, Button, Card, Col, ConfigProvider, Progress, Row, Space, Statistic, Table, Tag, Tooltip } from 'antd';
import { BarcodeOutlined, DeleteOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clampPercent } from '@jz/shared';
import type { Exam } from '@/api/exam';
import { SCAN_BATCH_STATUS_NAMES, type ScanBatch, type ScanCounters } from '@/api/scan';
import { listTheme, useFeedback } from '@/components/table';
import { BatchUploadCard } from './BatchUploadCard';
import { LabelsModal } from './LabelsModal';
import { ScanFrame } from './ScanFrame';
import { ScanOperators } from './ScanOperators';
import { BATCH_STATUS_COLORS, COUNTERS, fmtTime } from './scanConstants';
import { scanQuery, useScanExam } from './useScanExam';
import { useScanHome } from './useScanHome';

/** Recognition progress of one batch: pages recognised of pages uploaded. */
export function BatchProgress({ b }: { b: ScanBatch }) {
  return (
    <div style={{ minWidth: 150 }}>
      <Progress size="small" percent={Math.floor(clampPercent(b.progress))} aria-label={`识别进度 第${b.no}批`}
        status={b.status === 'done' ? 'success' : 'active'} />
      <div style={{ fontSize: 12, color: '#999' }}>{b.recognizedCount}/{b.pageCount} 页</div>
    </div>
  );
}

/** What 处理异常卷 counts: sheets with an abnormal page, of students (the 异常 counter) and of nobody. */
const abnormalSplit = (c: ScanCounters) => {
  const owned = c.abnormalSheetCount - c.unassignedAbnormalCount;
  return `异常卷 ${c.abnormalSheetCount} 份：${c.abnormalCount} 名异常考生的 ${owned} 份${c.unassignedAbnormalCount ? `，无法确定考生的 ${c.unassignedAbnormalCount} 份` : ''}（一份 = 一次扫描进来的一套答题卡，无论有几处异常）`;
};

function ScanHome({ exam, examSubjectId }: { exam: Exam; examSubjectId: number }) {
  const navigate = useNavigate();
  const { overview, loading, refresh } = useScanHome(examSubjectId);
  const [labelsOpen, setLabelsOpen] = useState(false);
  const c = overview?.counters;
  const q = (extra?: Record<string, string | number>) => scanQuery(exam, examSubjectId, extra);
  const noCard = overview && !overview.cardSaved
    ? '该科目还没有保存的答题卡：请先在「制作答题卡」保存答题卡，或在「模板确认」为其他厂商的答题卡确认模板。' : undefined;
  return (
    <>
      <Card size="small" title="扫描情况" extra={(
        <Space>
          <Button size="small" icon={<BarcodeOutlined />} onClick={() => setLabelsOpen(true)}>打印条形码</Button>
          <Button size="small" icon={<ReloadOutlined />} onClick={refresh}>刷新</Button>
        </Space>
      )}>
        <Row gutter={[16, 16]} data-testid="scan-counters">
          {COUNTERS.map((k) => (
            <Col key={k.key} xs={12} md={6}>
              <Card size="small" hoverable data-testid={`counter-${k.key}`} onClick={() => navigate(`/examDetailsEdit/scanStudentList${q({ filter: k.filter })}`)}>
                <Statistic title={k.label} value={c ? c[k.key] : '—'} valueStyle={{ color: k.color }} />
              </Card>
            </Col>
          ))}
        </Row>
        {c && (
          <Space wrap style={{ marginTop: 8 }}>
            <span style={{ color: '#666' }}>考生 {c.studentCount} 人　重复扫描 {c.duplicateCount}　认领 {c.claimCount}{overview?.cardPageCount ? `　答题卡 ${overview.cardPageCount} 页` : ''}</span>
            {c.abnormalSheetCount > 0 && (
              <Tooltip title={abnormalSplit(c)}>
                <Button type="link" icon={<WarningOutlined />} data-testid="abnormal-sheets" onClick={() => navigate(`/scanUnnormalDetail${q()}`)}>
                  处理异常卷（{c.abnormalSheetCount}）
                </Button>
              </Tooltip>
            )}
            <Button type="link" icon={<DeleteOutlined />} onClick={() => navigate(`/scanUnnormalDetail${q({ tab: 'recycle' })}`)}>回收站（{c.recycledCount}）</Button>
          </Space>
        )}
        <div style={{ marginTop: 4 }}><ScanOperators examSubjectId={examSubjectId} /></div>
      </Card>
      <LabelsModal exam={exam} examSubjectId={examSubjectId} open={labelsOpen} onClose={() => setLabelsOpen(false)} />
      {noCard && <Alert type="info" showIcon message={noCard} />}
      <BatchUploadCard examSubjectId={examSubjectId} onUploaded={refresh} disabled={noCard} />
      <Card size="small" title="扫描批次">
        <ConfigProvider theme={listTheme}>
          <Table<ScanBatch> size="middle" rowKey="id" data-testid="batch-table" loading={loading && !overview} dataSource={overview?.batches ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (t) => `共 ${t} 条`, showSizeChanger: true, showQuickJumper: true }} scroll={{ x: 960 }}
            columns={[
              { title: '批次', dataIndex: 'no', width: 70, render: (v: number) => `第${v}批` },
              { title: '名称', dataIndex: 'name', width: 140, ellipsis: true },
              { title: '状态', dataIndex: 'status', width: 90, render: (v: ScanBatch['status']) => <Tag color={BATCH_STATUS_COLORS[v]}>{SCAN_BATCH_STATUS_NAMES[v]}</Tag> },
              { title: '识别进度', key: 'progress', width: 180, render: (_, b) => <BatchProgress b={b} /> },
              { title: '文件', dataIndex: 'fileCount', width: 60 },
              { title: '双面', dataIndex: 'duplex', width: 60, render: (v: boolean) => (v ? '是' : '否') },
              { title: '页数', dataIndex: 'pageCount', width: 60 },
              { title: '答题卡（份）', dataIndex: 'sheetCount', width: 100 },
              { title: '正常（份）', dataIndex: 'okCount', width: 90 },
              { title: '异常卷（份）', dataIndex: 'abnormalCount', width: 100, render: (v: number) => (v ? <span style={{ color: '#ff4d4f' }}>{v}</span> : v) },
              { title: '已删除（页）', dataIndex: 'deletedCount', width: 100 },
              { title: '上传人', dataIndex: 'createdBy', width: 90 },
              { title: '上传时间', dataIndex: 'createdAt', width: 160, render: fmtTime },
              {
                title: '操作', key: 'op', width: 80, fixed: 'right',
                render: (_, b) => <Button type="link" size="small" onClick={() => navigate(`/examDetailsEdit/scanStudentHome/detail${q({ batchId: b.id })}`)}>查看</Button>,
              },
            ]} />
        </ConfigProvider>
      </Card>
    </>
  );
}

/** /examDetailsEdit/scanStudentHome (扫描管理): the four counters, batch upload with progress, the batch list. */
export default function ScanStudentHome() {
  useFeedback();
  const scan = useScanExam();
  return (
    <ScanFrame scan={scan} title="扫描管理">
      {(id) => scan.exam && <Space direction="vertical" size={12} style={{ width: '100%' }}><ScanHome key={id} exam={scan.exam} examSubjectId={id} /></Space>}
    </ScanFrame>
  );
}
