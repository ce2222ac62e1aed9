import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag } from 'antd';
import type { SamplingRow } from '@/api/markingSetup';
import { ScanFrame } from '@/pages/scan/ScanFrame';
import { useScanExam } from '@/pages/scan/useScanExam';
import { pointSumProblem } from './pointSum';
import { useSamplingPoints, type PointDraft } from './useSamplingPoints';

type Point = SamplingRow['points'][number];

function PointDialog({ draft, question, onClose, onSave }: {
  draft: PointDraft | null; question?: SamplingRow; onClose: () => void; onSave: (d: PointDraft) => Promise<string | null>;
}) {
  const [form] = Form.useForm<{ name: string; fullScore: number; step: number }>();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    if (!draft) return;
    const v = await form.validateFields();
    setBusy(true);
    const e = await onSave({ ...draft, ...v }).finally(() => setBusy(false));
    if (e) setError(e); else { setError(''); onClose(); }
  };
  return (
    <Modal open={!!draft} title={draft?.id ? '修改给分点' : `添加给分点（第${question?.number ?? ''}题，满分 ${question?.fullScore ?? ''} 分）`}
      okText="保存" cancelText="取消" confirmLoading={busy} destroyOnHidden onCancel={() => { setError(''); onClose(); }} onOk={() => void ok()}>
      {draft && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ name: draft.name, fullScore: draft.fullScore, step: draft.step }}>
          <Form.Item name="name" label="给分点名称" rules={[{ required: true, whitespace: true, message: '请输入给分点名称' }, { max: 50, message: '名称不超过50字' }]}>
            <Input aria-label="给分点名称" maxLength={50} />
          </Form.Item>
          <Form.Item name="fullScore" label="满分" rules={[{ required: true, message: '请输入满分' }]}>
            <InputNumber aria-label="给分点满分" min={0.5} max={1000} step={0.5} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="step" label="给分步长" rules={[{ required: true, message: '请输入步长' }]}>
            <InputNumber aria-label="给分步长" min={0.5} max={100} step={0.5} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      )}
      {error && <div role="alert" style={{ color: '#cf1322' }}>{error}</div>}
    </Modal>
  );
}

function Points({ examSubjectId }: { examSubjectId: number }) {
  const s = useSamplingPoints(examSubjectId);
  const [draft, setDraft] = useState<PointDraft | null>(null);
  const question = s.rows.find((q) => q.questionId === draft?.questionId);
  return (
    <Card size="small" data-testid="sampling-points" extra={<Button onClick={() => void s.reload()}>刷新</Button>}
      title="给分点：阅卷时逐点给分，本题得分为各给分点之和；不设给分点则整题给分">
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      <Table<SamplingRow> rowKey="questionId" size="small" pagination={false} loading={s.loading} dataSource={s.rows}
        locale={{ emptyText: <Empty description="本科目没有需要网上阅卷的主观题" /> }}
        columns={[
          { title: '题号', dataIndex: 'number', width: 80, render: (n: string) => `第${n}题` },
          { title: '满分', dataIndex: 'fullScore', width: 70 },
          { title: '步长', dataIndex: 'step', width: 70 },
          {
            title: '给分点', key: 'points',
            render: (_v, q) => {
              const problem = pointSumProblem(q);
              return (
                <Space direction="vertical" style={{ width: '100%' }}>
                  {q.points.length === 0 && <span style={{ color: '#999' }}>未设置（整题给分）</span>}
                  {q.points.map((p: Point) => (
                    <Space key={p.id} data-testid={`point-${q.questionId}-${p.id}`}>
                      <Tag color="blue">{p.name}</Tag><span>{p.fullScore} 分，步长 {p.step}</span>
                      <Button type="link" size="small" onClick={() => setDraft({ id: p.id, questionId: q.questionId, name: p.name, fullScore: p.fullScore, step: p.step })}>修改</Button>
                      <Popconfirm title={`删除给分点「${p.name}」？`} okText="删除" cancelText="取消" onConfirm={() => void s.remove(q.questionId, p.id)}>
                        <Button type="link" size="small" danger>删除</Button>
                      </Popconfirm>
                    </Space>
                  ))}
                  {problem && <span role="alert" style={{ color: '#cf1322' }}>{problem}</span>}
                </Space>
              );
            },
          },
          {
            title: '操作', key: 'op', width: 110,
            render: (_v, q) => (
              <Button size="small" onClick={() => {
                const used = q.points.reduce((a, p) => a + p.fullScore, 0);
                setDraft({ questionId: q.questionId, name: `给分点${q.points.length + 1}`, fullScore: Math.max(q.step, q.fullScore - used), step: q.step });
              }}>添加给分点</Button>
            ),
          },
        ]} />
      <PointDialog draft={draft} question={question} onClose={() => setDraft(null)} onSave={s.save} />
    </Card>
  );
}

/** /examDetailsEdit/setSamplingPoint (设置给分点): the scoring points of every block question of the subject. */
export default function SetSamplingPoint() {
  const scan = useScanExam();
  return <ScanFrame scan={scan} title="设置给分点">{(id) => <Points key={id} examSubjectId={id} />}</ScanFrame>;
}
