import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Space } from 'antd';
import type { BlockProgress } from '@/api/marking';
import { ScanFrame } from '@/pages/scan/ScanFrame';
import { useScanExam } from '@/pages/scan/useScanExam';
import { subjectSummary } from './monitorMath';
import { blockProgressColumns, MonitorTable, UpdatedAt } from './monitorTable';
import { useMarkProgress } from './useMarkProgress';

/** What 清除阅卷数据 clears: the whole subject, or one block (when a question's full score must change after its marking started). */
type ClearTarget = { block?: BlockProgress };

function ClearDialog({ target, onClose, onClear }: { target: ClearTarget | null; onClose: () => void; onClear: (password: string, blockId?: number) => Promise<string | null> }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const block = target?.block;
  const ok = async () => {
    if (!password) { setError('请输入密码'); return; }
    setBusy(true);
    const e = await onClear(password, block?.blockId).finally(() => setBusy(false));
    if (e) setError(e); else { setPassword(''); setError(''); onClose(); }
  };
  return (
    <Modal open={!!target} title={block ? `清除题块“${block.blockName}”的阅卷数据` : '清除阅卷数据'} okText="确认清除" okButtonProps={{ danger: true }} cancelText="取消" confirmLoading={busy}
      maskClosable={false} destroyOnHidden onCancel={onClose} onOk={() => void ok()}>
      <Alert type="warning" showIcon style={{ marginBottom: 12 }}
        message={block ? '将删除该题块的全部评分、问题卷和仲裁记录，试卷重新阅卷，不可恢复；操作会记入改分记录。' : '将删除该科目全部题块的评分、问题卷和仲裁记录，不可恢复；操作会记入改分记录。'} />
      <Input.Password placeholder="请输入登录密码确认" value={password} onChange={(e) => setPassword(e.target.value)} aria-label="登录密码" onPressEnter={() => void ok()} />
      {error && <div role="alert" style={{ color: '#cf1322', marginTop: 8 }}>{error}</div>}
    </Modal>
  );
}

function Progresses({ examSubjectId, examId }: { examSubjectId: number; examId: number }) {
  const s = useMarkProgress(examSubjectId, examId);
  const [clearing, setClearing] = useState<ClearTarget | null>(null);
  const sum = subjectSummary({ examSubjectId, subjectName: '', blocks: s.rows });
  return (
    <Card size="small" title={`完成 ${sum.finalPapers} / ${sum.papers} 份（${sum.percent}%）`} data-testid="mark-progress-table"
      extra={(
        <Space>
          <Button onClick={() => void s.setCanMark(true)}>全部开启</Button>
          <Button onClick={() => void s.setCanMark(false)}>全部暂停</Button>
          <Button danger onClick={() => setClearing({})}>清除阅卷数据</Button>
          <UpdatedAt at={s.updatedAt} live={s.live} onReload={s.reload} />
        </Space>
      )}>
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      <MonitorTable<BlockProgress> rowKey="blockId" rows={s.rows} loading={s.loading}
        columns={[...blockProgressColumns(), { title: '操作', key: 'op', width: 130, render: (_v, r) => (
          <Space size={0}>
            <Button type="link" onClick={() => void s.setCanMark(!r.canMark, r.blockId)}>{r.canMark ? '暂停' : '开启'}</Button>
            <Button type="link" danger onClick={() => setClearing({ block: r })}>清除</Button>
          </Space>
        ) }]} />
      <ClearDialog target={clearing} onClose={() => setClearing(null)} onClear={s.clear} />
    </Card>
  );
}

/** /examDetailsEdit/markPaperProcess (阅卷进度): per block of the subject, with 开启 / 暂停 and 清除阅卷数据. */
export default function MarkPaperProcess() {
  const scan = useScanExam();
  return <ScanFrame scan={scan} title="阅卷进度">{(id) => <Progresses key={id} examSubjectId={id} examId={scan.exam?.id ?? 0} />}</ScanFrame>;
}
