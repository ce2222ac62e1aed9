import { useEffect, useState } from 'react';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { findCard, previewSavedCard, type AnswerCard } from '@/api/card';
import { JobProgressModal, useRenderJob } from '@/components/job';
import { CardFrame, CardSavedState, makerLink, pagesOf, startCardJob } from './cardParts';

/** The saved answer card (else the default) of ?examSubjectId, with its state. */
function useSavedCard(examSubjectId: number) {
  const [state, setState] = useState<{ card: AnswerCard | null; html: string | null; error: string; loading: boolean }>({ card: null, html: null, error: '', loading: true });
  useEffect(() => {
    if (!examSubjectId) { setState({ card: null, html: null, error: '请从答题卡制作页面进入（缺少考试科目）', loading: false }); return; }
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    Promise.all([findCard(examSubjectId), previewSavedCard(examSubjectId)])
      .then(([c, p]) => {
        if (!live) return;
        if (c.code !== 200 || !c.data) { setState({ card: null, html: null, error: c.msg || '加载失败', loading: false }); return; }
        setState({ card: c.data, html: 'html' in p ? p.html : null, error: 'html' in p ? '' : p.msg || '预览失败', loading: false });
      })
      .catch(() => { if (live) setState({ card: null, html: null, error: '加载失败，请稍后重试', loading: false }); });
    return () => { live = false; };
  }, [examSubjectId]);
  return state;
}

/** /makeSheetCard/preview?examSubjectId=: the saved (or default) card read-only, 打印 (PDF through the render queue) and 返回制卡. */
export default function CardPreviewPage() {
  const [sp] = useSearchParams();
  const examSubjectId = Number(sp.get('examSubjectId')) || 0;
  const { card, html, error, loading } = useSavedCard(examSubjectId);
  const job = useRenderJob();
  return (
    <Spin spinning={loading}>
      <Card size="small" style={{ marginBottom: 12 }}
        title={card ? `${card.examName} · ${card.subjectName} 答题卡` : '答题卡预览'}
        extra={card && (
          <Space>
            <Button type="primary" icon={<PrinterOutlined />} disabled={!html}
              onClick={() => void startCardJob(job, card)}>打印</Button>
            <Link to={makerLink(card)}><Button icon={<EditOutlined />}>返回制卡</Button></Link>
          </Space>
        )}>
        {card && <CardSavedState card={card} />}
        {html && <Typography.Text type="secondary">共 {pagesOf(html)} 页（A4），打印时请选择实际大小、勿缩放。</Typography.Text>}
      </Card>
      {error && <Alert type="warning" showIcon title={error} style={{ marginBottom: 12 }} data-testid="card-preview-error" />}
      {html && <div style={{ background: '#f0f2f5', padding: 8 }}><CardFrame html={html} height="calc(100vh - 48px - 32px - 120px)" /></div>}
      <JobProgressModal job={job} printable />
    </Spin>
  );
}
