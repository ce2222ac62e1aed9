import { useState } from 'react';
import { Button, Modal, Radio, Select, Space, Typography, message } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { reassignMarker, type MarkerProgress } from '@/api/marking';

/**
 * 回收未阅 on 阅卷进度: the 操作 column's button and its dialog. The leader returns a marker's unfinished papers
 * (its leased papers and the rest of its quota) to the block, or gives them to chosen markers of the block; the
 * marks already given stay. The server does the sums (平均分配: the others' quotas grow) and checks the leader.
 */
export function useReassign(blockId: number, markers: MarkerProgress[], onDone: () => void) {
  const [from, setFrom] = useState<MarkerProgress | null>(null);
  const [mode, setMode] = useState<'pool' | 'chosen'>('pool');
  const [to, setTo] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const open = (m: MarkerProgress) => { setFrom(m); setMode('pool'); setTo([]); };
  const submit = async () => {
    if (!from) return;
    if (mode === 'chosen' && !to.length) { message.warning('请选择接收未阅任务的老师'); return; }
    setBusy(true);
    try {
      const r = await reassignMarker(blockId, from.userId, mode === 'chosen' ? to : []);
      if (r.code !== 200) { message.error(r.msg); return; }
      message.success(`已回收${from.userName}的未阅任务：领取中的试卷 ${r.data.released} 份${r.data.returned === null ? '' : `，未阅任务量 ${r.data.returned} 份`}`);
      setFrom(null);
      onDone();
    } finally { setBusy(false); }
  };
  const column: ColumnType<MarkerProgress> = {
    title: '操作', key: 'reassign', width: 100,
    render: (_v, m) => (m.current ? <Button type="link" size="small" disabled={m.remaining + m.held === 0} onClick={() => open(m)}>回收未阅</Button> : null),
  };
  const modal = (
    <Modal title={from ? `回收未阅：${from.userName}` : '回收未阅'} open={!!from} maskClosable={false} confirmLoading={busy}
      okText="回收" cancelText="取消" onOk={() => void submit()} onCancel={() => setFrom(null)}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          收回该老师领取中的试卷（{from?.held ?? 0} 份）和未阅的任务量（剩余 {from?.remaining ?? 0} 份）；已评的分数保留，该老师不再领取新试卷。
        </Typography.Text>
        <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} aria-label="回收方式"
          options={[{ value: 'pool', label: '退回题块（平均分配时由其他老师平分）' }, { value: 'chosen', label: '分给所选老师' }]} />
        {mode === 'chosen' && (
          <Select mode="multiple" style={{ width: '100%' }} placeholder="选择接收的阅卷老师" aria-label="接收的阅卷老师" value={to} onChange={setTo}
            options={markers.filter((m) => m.userId !== from?.userId).map((m) => ({ value: m.userId, label: m.userName }))} />
        )}
      </Space>
    </Modal>
  );
  return { column, modal };
}
