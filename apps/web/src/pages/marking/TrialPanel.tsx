import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { TrialList, TrialMarkerRow } from '@/api/marking';
import type { useTrial } from './useTrial';

type Paper = TrialList['papers'][number];

/** 试评 (leader mode of /markDetail): the trial papers with reference scores, and per marker the trial marks, 通过 / 重评. */
export function TrialPanel({ trial, onPick, onOpen }: { trial: ReturnType<typeof useTrial>; onPick: () => void; onOpen: (p: Paper) => void }) {
  const d = trial.data;
  const full = !!d && d.papers.length >= d.trialCount;
  const order = new Map((d?.papers ?? []).map((p, i) => [p.paperId, i + 1]));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="trial-panel">
      <Space wrap>
        <Typography.Text strong>试评卷 {d?.papers.length ?? 0} / {d?.trialCount ?? 0} 份</Typography.Text>
        <Button type="primary" disabled={!d || full} onClick={onPick}>选取试评卷</Button>
        <Button onClick={() => void trial.reload()}>刷新</Button>
        <span style={{ color: '#666' }}>试评分与参考分之差不超过误差阈值 {d?.tolerance ?? '—'} 分为一致。阅卷老师评完全部试评卷后，由题组长通过或要求重评；试评分不计分、不计进度。</span>
      </Space>
      <Table<Paper> rowKey="paperId" size="small" loading={trial.loading} dataSource={d?.papers ?? []} pagination={false}
        locale={{ emptyText: '还没有试评卷' }}
        columns={[
          { title: '试评卷', key: 'i', width: 80, render: (_v, p) => `第 ${order.get(p.paperId)} 份` },
          { title: '参考分', dataIndex: 'total', width: 90 },
          { title: '各给分点', key: 's', render: (_v, p) => p.scores.join(' + ') },
          { title: '已试评', dataIndex: 'marked', width: 90, render: (n: number) => `${n} 人` },
          {
            title: '操作', key: 'op', width: 180, render: (_v, p) => (
              <Space>
                <Button type="link" onClick={() => onOpen(p)}>查看/改参考分</Button>
                <Popconfirm title="移除这份试评卷？" okText="移除" cancelText="取消" onConfirm={() => void trial.remove(p.paperId)}>
                  <Button type="link" danger disabled={p.marked > 0}>移除</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]} />
      <Table<TrialMarkerRow> rowKey="userId" size="small" loading={trial.loading} dataSource={d?.markers ?? []} pagination={false}
        locale={{ emptyText: '还没有阅卷老师' }}
        columns={[
          { title: '阅卷老师', dataIndex: 'userName' },
          { title: '轮次', dataIndex: 'attempt', width: 70, render: (n: number) => `第 ${n} 轮` },
          { title: '已试评', key: 'done', width: 90, render: (_v, m) => `${m.done} / ${m.total}` },
          { title: '误差内', key: 'within', width: 90, render: (_v, m) => `${m.within} / ${m.done}` },
          {
            title: '试评分（参考分）', key: 'marks', render: (_v, m) => (
              <Space wrap size={4}>
                {m.marks.map((x) => (
                  <Tag key={x.paperId} color={x.within === null ? undefined : x.within ? 'green' : 'red'}>
                    第 {order.get(x.paperId)} 份：{x.mark ?? '未评'}（{x.reference}）
                  </Tag>
                ))}
              </Space>
            ),
          },
          { title: '状态', key: 'st', width: 100, render: (_v, m) => (m.passed ? <Tag color="green">已通过</Tag> : m.finished ? <Tag color="gold">待审核</Tag> : <Tag>试评中</Tag>) },
          {
            title: '操作', key: 'op', width: 150, render: (_v, m) => (
              <Space>
                <Button type="link" disabled={m.passed || !m.finished} onClick={() => void trial.pass(m.userId)}>通过</Button>
                <Popconfirm title="要求该老师重新试评？" okText="重评" cancelText="取消" onConfirm={() => void trial.redo(m.userId)}>
                  <Button type="link" danger disabled={m.done === 0 && !m.passed}>重评</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]} />
    </Space>
  );
}
