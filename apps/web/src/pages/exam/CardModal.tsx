import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Modal, Radio, Space, Spin, Typography } from 'antd';
import { FilePdfOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Exam } from '@/api/exam';
import { previewCard } from '@/api/render';
import { JobProgressModal, useRenderJob } from '@/components/job';

/**
 * 答题卡: a 400 px side panel (subjects, 预览, 下载PDF) and the card of the chosen exam subject, laid out from its
 * question set-up, previewed as the very HTML that is printed (A4, in an iframe).
 */
export function CardModal({ exam, open, onClose }: { exam: Exam; open: boolean; onClose: () => void }) {
  const job = useRenderJob();
  const [subjectId, setSubjectId] = useState<number | undefined>(exam.subjects[0]?.id);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!open || !subjectId) return;
    let live = true;
    setLoading(true);
    setError(null);
    previewCard(subjectId)
      .then((res) => { if (!live) return; if ('html' in res) setHtml(res.html); else { setHtml(null); setError(res.msg || '预览失败'); } })
      .catch(() => { if (live) { setHtml(null); setError('预览失败，请稍后重试'); } })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [open, subjectId, tick]);
  const subject = exam.subjects.find((s) => s.id === subjectId);
  return (
    <>
      <Modal title={`答题卡 — ${exam.name}`} open={open} maskClosable={false} onCancel={onClose} footer={null} width={1240} destroyOnHidden>
        <div style={{ display: 'flex', gap: 16 }}>
          <div style={{ width: 400, flex: '0 0 400px' }} data-testid="card-panel">
            <Typography.Title level={5}>科目</Typography.Title>
            {exam.subjects.length ? (
              <Radio.Group aria-label="科目" value={subjectId} onChange={(e) => setSubjectId(e.target.value)}>
                <Space direction="vertical">
                  {exam.subjects.map((s) => <Radio key={s.id} value={s.id}>{s.courseName}（{s.fullScore}分）</Radio>)}
                </Space>
              </Radio.Group>
            ) : <Empty description="该考试没有科目" />}
            <Space style={{ marginTop: 16 }} wrap>
              <Button icon={<ReloadOutlined />} disabled={!subjectId} onClick={() => setTick((t) => t + 1)}>预览</Button>
              <Button type="primary" icon={<FilePdfOutlined />} disabled={!subjectId || !!error}
                onClick={() => void job.start({ type: 'card', examId: exam.id, examSubjectId: subjectId! }, `答题卡：${subject?.courseName ?? ''}`)}>下载PDF</Button>
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
              版式按该科目的小题设置生成：选择题 2B 铅笔填涂区、填空题横线、解答题按分值分配作答区域，语文作文格；A4 纸打印，勿缩放。
            </Typography.Paragraph>
          </div>
          <div style={{ flex: 1, minWidth: 0, background: '#f0f2f5', padding: 8, height: '72vh' }}>
            <Spin spinning={loading}>
              {error ? <Alert type="warning" showIcon title={error} /> : html ? (
                <iframe title="答题卡预览" srcDoc={html} sandbox="" style={{ width: '100%', height: 'calc(72vh - 16px)', border: 0, background: '#fff' }} data-testid="card-preview" />
              ) : <div style={{ height: 200 }} />}
            </Spin>
          </div>
        </div>
      </Modal>
      <JobProgressModal job={job} printable />
    </>
  );
}
