import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, EditOutlined, PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { findCard, type AnswerCard } from '@/api/card';
import { JobProgressView, jobView, useRenderJob } from '@/components/job';
import { CardSavedState, makerLink, startCardJob } from './cardParts';

/**
 * /onLineCard/printCard?examSubjectId=: starts the PDF of the saved card (the default when none is saved) on the
 * render queue at once and shows its progress, then 下载 and 打印 (the PDF opens in the browser's viewer).
 */
export default function PrintCard() {
  const [sp] = useSearchParams();
  const examSubjectId = Number(sp.get('examSubjectId')) || 0;
  const job = useRenderJob();
  const [card, setCard] = useState<AnswerCard | null>(null);
  const [error, setError] = useState(examSubjectId ? '' : '请从答题卡制作页面进入（缺少考试科目）');
  const started = useRef(0);
  const { start } = job;

  useEffect(() => {
    if (!examSubjectId) return;
    let live = true;
    findCard(examSubjectId)
      .then((res) => {
        if (!live) return;
        if (res.code !== 200 || !res.data) { setError(res.msg || '加载失败'); return; }
        setCard(res.data);
      })
      .catch(() => { if (live) setError('加载失败，请稍后重试'); });
    return () => { live = false; };
  }, [examSubjectId]);

  // the job starts once per card shown (not again when the page re-renders)
  useEffect(() => {
    if (!card?.layout || started.current === card.examSubjectId) return;
    started.current = card.examSubjectId;
    void startCardJob({ start }, card);
  }, [card, start]);

  const { done, failed } = jobView(job);

  return (
    <Card size="small" title={card ? `打印答题卡：${card.examName} · ${card.subjectName}` : '打印答题卡'} style={{ maxWidth: 720, margin: '0 auto' }}
      extra={card && <Link to={makerLink(card)}><Button icon={<EditOutlined />}>返回制卡</Button></Link>}>
      {error ? <Alert type="error" showIcon title={error} /> : !card ? <Spin /> : (
        <>
          <CardSavedState card={card} />
          {!card.layout ? <Alert type="warning" showIcon style={{ marginTop: 12 }} title={card.layoutError ?? '答题卡无法生成'} /> : (
            <div style={{ marginTop: 16 }}>
              <JobProgressView job={job} />
              <Space style={{ marginTop: 16 }}>
                <Button type="primary" icon={<PrinterOutlined />} disabled={!done} loading={job.downloading} onClick={() => void job.print()}>打印</Button>
                <Button icon={<DownloadOutlined />} disabled={!done} loading={job.downloading} onClick={() => void job.download()} data-testid="job-download">下载</Button>
                <Button icon={<ReloadOutlined />} disabled={!done && !failed} onClick={() => void startCardJob(job, card)}>重新生成</Button>
              </Space>
              <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
                请用 A4 纸、按实际大小打印（勿缩放），否则无法识别。
              </Typography.Paragraph>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
