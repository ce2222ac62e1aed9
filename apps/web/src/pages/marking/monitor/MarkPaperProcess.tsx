import { useState } from 'react';
import { Alert, Button, Card, Input, Modal, Space } from 'antd';
import type { BlockProgress } from '@/api/marking';
import { ScanFrame } from '@/pages/scan/ScanFrame';
import { useScanExam } from '@/pages/scan/useScanExam';
import { subjectSummary } from './monitorMath';
import { blockProgressColumns, MonitorTable, UpdatedAt } from './monitorTable';
import { useMarkProgress } from './useMarkProgress';

function ClearDialog({ open, onClose, onClear }: { open: boolean; onClose: () => void; onClear: (password: string) => Promise<string | null> }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    if (!password) { setError('请输入密码'); return; }
    setBusy(true);
    const e = await onClear(password).finally(() => setBusy(false));
    if (e) setError(e); else { setPassword(''); setError(''); onClose(); }
  };
  return (
    <Modal open={open} title="清除阅卷数据" okText="确认清除" okButtonProps={{ danger: true }} cancelText="取消" confirmLoading={busy}
      maskClosable={false} destroyOnHidden onCancel={onClose} onOk={() => void ok()}>
      <Alert type="warning" showIcon message="将删除该科目全部题块的评分、问题卷和仲裁记录，不可恢复；操作会记入改分记录。" style={{ marginBottom: 12 }} />
      <Input.Password placeholder="请输入登录密码确认" value={password} onChange={(e) => setPassword(e.target.value)} aria-label="登录密码" onPressEnter={() => void ok()} />
      {error && <div role="alert" style={{ color: '#cf1322', marginTop: 8 }}>{error}</div>}
    </Modal>
  );
}

function Progresses({ examSubjectId, examId }: { examSubjectId: number; examId: number }) {
  const s = useMarkProgress(examSubjectId, examId);
  const [clearing, setClearing] = useState(false);
  const sum = subjectSummary({ examSubjectId, subjectName: '', blocks: s.rows });
  return (
    <Card size="small" title={`完成 ${sum.finalPapers} / ${sum.papers} 份（${sum.percent}%）`} data-testid="mark-progress-table"
      extra={(
        <Space>
          <Button onClick={() => void s.setCanMark(true)}>全部开启</Button>
          <Button onClick={() => void s.setCanMark(false)}>全部暂停</Button>
          <Button danger onClick={() => setClearing(true)}>清除阅卷数据</Button>
          <UpdatedAt at={s.updatedAt} live={s.live} onReload={s.reload} />
        </Space>
      )}>
      {s.error && <Alert type="warning" showIcon message={s.error} style={{ marginBottom: 12 }} />}
      <MonitorTable<BlockProgress> rowKey="blockId" rows={s.rows} loading={s.loading}
        columns={[...blockProgressColumns(), { title: '操作', key: 'op', width: 100, render: (_v, r) => (
          <Button type="link" onClick={() => void s.setCanMark(!r.canMark, r.blockId)}>{r.canMark ? '暂停' : '开启'}</Button>
        ) }]} />
      <ClearDialog open={clearing} onClose={() => setClearing(false)} onClear={s.clear} />
    </Card>
  );
}

/** /examDetailsEdit/markPaperProcess (阅卷进度): per block of the subject, with 开启 / 暂停 and 清除阅卷数据. */
export default function MarkPaperProcess() {
  const scan = useScanExam();
  return <ScanFrame scan={scan} title="阅卷进度">{(id) => <Progresses key={id} examSubjectId={id} examId={scan.exam?.id ?? 0} />}</ScanFrame>;
}
