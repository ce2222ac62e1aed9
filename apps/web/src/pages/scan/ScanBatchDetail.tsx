import { useMemo, useState } from 'react';
import { Button, Card, Descriptions, Progress, Result, Segmented, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { clampPercent } from '@jz/shared';
import { SCAN_BATCH_STATUS_NAMES, type ScanPage } from '@/api/scan';
import { useFeedback } from '@/components/table';
import { ImageGrid } from './ImageGrid';
import { BATCH_STATUS_COLORS, fmtTime, pageItem } from './scanConstants';
import { scanQuery, useScanExam } from './useScanExam';
import { useBatchDetail } from './useBatchDetail';

type Filter = 'all' | ScanPage['status'];

/** /examDetailsEdit/scanStudentHome/detail: one batch — its counts, recognition progress and every page (grid + preview). */
export default function ScanBatchDetail() {
  useFeedback();
  const navigate = useNavigate();
  const [sp] = useSearchParams();
  const scan = useScanExam();
  const { batch, pages, error, loading, retry } = useBatchDetail(Number(sp.get('batchId')));
  const [filter, setFilter] = useState<Filter>('all');
  const items = useMemo(() => pages.filter((p) => filter === 'all' || p.status === filter).map(pageItem), [pages, filter]);
  const back = () => navigate(`/examDetailsEdit/scanStudentHome${scan.exam ? scanQuery(scan.exam, scan.examSubjectId) : ''}`);

  if (!batch) return <Card>{loading ? <Spin /> : <Result status="warning" title={error || '批次不存在'} extra={<Button onClick={back}>返回扫描管理</Button>} />}</Card>;
  const count = (s: ScanPage['status']) => pages.filter((p) => p.status === s).length;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small" title={<Space><Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回" onClick={back} />扫描批次详情　第{batch.no}批 {batch.name}</Space>}
        extra={batch.status !== 'done' && <Button size="small" onClick={() => void retry()}>重新识别等待中的页</Button>}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
          <Descriptions.Item label="状态"><Tag color={BATCH_STATUS_COLORS[batch.status]}>{SCAN_BATCH_STATUS_NAMES[batch.status]}</Tag></Descriptions.Item>
          <Descriptions.Item label="文件 / 页">{batch.fileCount} / {batch.pageCount}</Descriptions.Item>
          <Descriptions.Item label="双面">{batch.duplex ? '是' : '否'}</Descriptions.Item>
          <Descriptions.Item label="上传">{batch.createdBy} {fmtTime(batch.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="答题卡">{batch.sheetCount} 份</Descriptions.Item>
          <Descriptions.Item label="正常">{batch.okCount} 份</Descriptions.Item>
          <Descriptions.Item label="异常卷">{batch.abnormalCount > 0 && scan.exam
            ? <a onClick={() => navigate(`/scanUnnormalDetail${scanQuery(scan.exam!, batch.examSubjectId)}`)}>{batch.abnormalCount} 份（去处理）</a> : `${batch.abnormalCount} 份`}</Descriptions.Item>
          <Descriptions.Item label="已删除">{batch.deletedCount} 页</Descriptions.Item>
        </Descriptions>
        <Progress percent={Math.floor(clampPercent(batch.progress))} aria-label="识别进度" status={batch.status === 'done' ? 'success' : 'active'} />
      </Card>
      <Card size="small" title={`图片（${items.length}）`} extra={
        <Segmented<Filter> value={filter} onChange={setFilter} options={[
          { value: 'all', label: `全部 ${pages.length}` }, { value: 'ok', label: `正常 ${count('ok')}` },
          { value: 'abnormal', label: `异常页 ${count('abnormal')}` }, { value: 'pending', label: `识别中 ${count('pending')}` },
          { value: 'deleted', label: `已删除 ${count('deleted')}` },
        ]} />
      }>
        <ImageGrid items={items} />
      </Card>
    </Space>
  );
}
