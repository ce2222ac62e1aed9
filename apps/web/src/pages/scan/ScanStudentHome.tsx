import { Button, Card, Col, ConfigProvider, Progress, Row, Space, Statistic, Table, Tag } from 'antd';
import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { clampPercent } from '@jz/shared';
import type { Exam } from '@/api/exam';
import type { ScanBatch } from '@/api/scan';
import { listTheme, useFeedback } from '@/components/table';
import { BatchUploadCard } from './BatchUploadCard';
import { ScanFrame } from './ScanFrame';
import { BATCH_STATE_LABELS, COUNTERS, fmtTime } from './scanConstants';
import { scanQuery, useScanExam } from './useScanExam';
import { useScanHome } from './useScanHome';

const BATCH_COLORS = { uploading: 'processing', queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/** Recognition progress of one batch: pages recognised of pages uploaded. */
function BatchProgress({ b }: { b: ScanBatch }) {
  const percent = clampPercent(b.pageCount ? (b.recognised / b.pageCount) * 100 : b.state === 'done' ? 100 : 0);
  return (
    <div style={{ minWidth: 160 }}>
      <Progress size="small" percent={Math.floor(percent)} aria-label={`识别进度 ${b.batchNo}`}
        status={b.state === 'failed' ? 'exception' : b.state === 'done' ? 'success' : 'active'} />
      <div style={{ fontSize: 12, color: '#999' }}>{b.recognised}/{b.pageCount} 页{b.message ? `　${b.message}` : ''}</div>
    </div>
  );
}

function ScanHome({ exam, examSubjectId }: { exam: Exam; examSubjectId: number }) {
  const navigate = useNavigate();
  const home = useScanHome(exam.id, examSubjectId);
  const s = home.subject;
  const noTemplate = s && !s.templateReady ? '该科目还没有可用的答题卡模板：请先在「制作答题卡」保存答题卡，或在「模板确认」为第三方答题卡确认模板。' : undefined;
  return (
    <>
      <Card size="small" title="扫描情况" extra={<Button size="small" icon={<ReloadOutlined />} onClick={home.reload}>刷新</Button>}>
        <Row gutter={[16, 16]} data-testid="scan-counters">
          {COUNTERS.map((c) => (
            <Col key={c.key} xs={12} md={6}>
              <Card size="small" hoverable onClick={() => navigate(`/examDetailsEdit/scanStudentList${scanQuery(exam, examSubjectId, { state: c.state })}`)}>
                <Statistic title={c.label} value={s ? s[c.key] : '—'} valueStyle={{ color: c.color }} />
              </Card>
            </Col>
          ))}
        </Row>
        {s && s.abnormalCount > 0 && (
          <Button type="link" icon={<WarningOutlined />} style={{ paddingLeft: 0, marginTop: 8 }}
            onClick={() => navigate(`/scanUnnormalDetail${scanQuery(exam, examSubjectId)}`)}>处理异常卷（{s.abnormalCount}）</Button>
        )}
      </Card>
      <BatchUploadCard examSubjectId={examSubjectId} onUploaded={home.refresh} disabled={noTemplate} />
      <Card size="small" title="扫描批次">
        <ConfigProvider theme={listTheme}>
          <Table<ScanBatch> size="middle" rowKey="id" data-testid="batch-table" loading={home.loading} dataSource={home.batches} pagination={home.pagination} scroll={{ x: 900 }}
            columns={[
              { title: '批次号', dataIndex: 'batchNo', width: 150 },
              { title: '状态', dataIndex: 'state', width: 100, render: (v: ScanBatch['state']) => <Tag color={BATCH_COLORS[v]}>{BATCH_STATE_LABELS[v]}</Tag> },
              { title: '识别进度', key: 'progress', width: 200, render: (_, b) => <BatchProgress b={b} /> },
              { title: '文件', dataIndex: 'fileCount', width: 60 },
              { title: '双面', dataIndex: 'duplex', width: 60, render: (v: boolean) => (v ? '是' : '否') },
              { title: '上传成功', dataIndex: 'uploadCount', width: 80 },
              { title: '缺考', dataIndex: 'missExamCount', width: 60 },
              { title: '异常', dataIndex: 'abnormalCount', width: 60, render: (v: number) => (v ? <span style={{ color: '#ff4d4f' }}>{v}</span> : v) },
              { title: '上传人', dataIndex: 'createdBy', width: 90 },
              { title: '上传时间', dataIndex: 'createdAt', width: 160, render: fmtTime },
              {
                title: '操作', key: 'op', width: 90, fixed: 'right',
                render: (_, b) => <Button type="link" size="small" onClick={() => navigate(`/examDetailsEdit/scanStudentHome/detail${scanQuery(exam, examSubjectId, { batchId: b.id })}`)}>查看</Button>,
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
