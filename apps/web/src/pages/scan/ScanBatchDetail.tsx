import { useMemo, useState } from 'react';
import { Button, Card, Descriptions, Progress, Result, Segmented, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { clampPercent } from '@jz/shared';
import type { ScanImage } from '@/api/scan';
import { useFeedback } from '@/components/table';
import { ImageGrid } from './ImageGrid';
import { BATCH_STATE_LABELS, fmtTime } from './scanConstants';
import { scanQuery, useScanExam } from './useScanExam';
import { useBatchDetail } from './useBatchDetail';

const STATUS_TEXT: Record<ScanImage['status'], string> = { ok: '上传成功', abnormal: '异常', missExam: '缺考', deleted: '已删除' };
type Filter = 'all' | ScanImage['status'];

/** /examDetailsEdit/scanStudentHome/detail: one batch — its counts, recognition progress and every image (grid + preview). */
export default function ScanBatchDetail() {
  useFeedback();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const scan = useScanExam();
  const { batch, images, error, loading } = useBatchDetail(Number(sp.get('batchId')));
  const [filter, setFilter] = useState<Filter>('all');
  const shown = useMemo(() => images.filter((im) => filter === 'all' || im.status === filter), [images, filter]);
  const items = shown.map((im) => ({
    key: im.id, src: im.url,
    title: `${im.seq}. ${im.studentName ? `${im.studentName}（${im.admissionNo ?? ''}）` : STATUS_TEXT[im.status]}${im.side === 2 ? ' 背面' : ''}`,
  }));
  const back = () => navigate(`/examDetailsEdit/scanStudentHome${scan.exam ? scanQuery(scan.exam, scan.examSubjectId) : ''}`);

  if (!batch) return <Card>{loading ? <Spin /> : <Result status="warning" title={error || '批次不存在'} extra={<Button onClick={back}>返回扫描管理</Button>} />}</Card>;
  const count = (s: ScanImage['status']) => images.filter((im) => im.status === s).length;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={<Space><Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回" onClick={back} />扫描批次详情 {batch.batchNo}</Space>}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label="状态"><Tag>{BATCH_STATE_LABELS[batch.state]}</Tag></Descriptions.Item>
          <Descriptions.Item label="文件 / 页">{batch.fileCount} / {batch.pageCount}</Descriptions.Item>
          <Descriptions.Item label="双面">{batch.duplex ? '是' : '否'}</Descriptions.Item>
          <Descriptions.Item label="上传">{batch.createdBy} {fmtTime(batch.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="上传成功">{batch.uploadCount}</Descriptions.Item>
          <Descriptions.Item label="缺考">{batch.missExamCount}</Descriptions.Item>
          <Descriptions.Item label="异常">{batch.abnormalCount > 0 && scan.exam
            ? <a onClick={() => navigate(`/scanUnnormalDetail${scanQuery(scan.exam!, batch.examSubjectId)}`)}>{batch.abnormalCount}（去处理）</a> : batch.abnormalCount}</Descriptions.Item>
        </Descriptions>
        <Progress percent={Math.floor(clampPercent(batch.pageCount ? (batch.recognised / batch.pageCount) * 100 : 0))} aria-label="识别进度"
          status={batch.state === 'failed' ? 'exception' : batch.state === 'done' ? 'success' : 'active'} />
        {batch.message && <div style={{ color: '#999' }}>{batch.message}</div>}
      </Card>
      <Card size="small" title={`图片（${shown.length}）`} extra={
        <Segmented<Filter> value={filter} onChange={setFilter} options={[
          { value: 'all', label: `全部 ${images.length}` }, { value: 'ok', label: `上传成功 ${count('ok')}` },
          { value: 'missExam', label: `缺考 ${count('missExam')}` }, { value: 'abnormal', label: `异常 ${count('abnormal')}` },
        ]} />
      }>
        <ImageGrid items={items} />
      </Card>
    </Space>
  );
}
