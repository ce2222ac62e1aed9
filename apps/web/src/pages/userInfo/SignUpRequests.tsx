import { useEffect, useState } from 'react';
import { Button, Card, Input, Popconfirm, Space, Switch, Table, Typography, message } from 'antd';
import type { SignUpRequest, SignUpSetting } from '@jz/shared/api/sign-up';
import { approveSignUp, findSignUpRequests, findSignUpSetting, rejectSignUp, saveSignUpSetting } from '@/api/sign-up';

/** The card's state: the school's switch and code, the waiting requests, the decisions. */
function useSignUp(onApproved: () => void) {
  const [setting, setSetting] = useState<SignUpSetting>();
  const [list, setList] = useState<SignUpRequest[]>([]);
  const load = async () => {
    const [s, r] = await Promise.all([findSignUpSetting(), findSignUpRequests()]);
    if (s.code === 200) setSetting(s.data);
    if (r.code === 200) setList(r.data);
  };
  useEffect(() => { void load(); }, []);
  const save = async (body: { enabled: boolean; renewCode?: boolean }) => {
    const r = await saveSignUpSetting(body);
    if (r.code === 200) { setSetting(r.data); message.success('保存成功'); } else message.error(r.msg);
  };
  const decide = async (p: Promise<{ code: number; msg: string }>, approved: boolean) => {
    const r = await p;
    if (r.code === 200) { message.success(r.msg); await load(); if (approved) onApproved(); } else message.error(r.msg);
  };
  return { setting, list, save, approve: (id: number) => decide(approveSignUp(id), true), reject: (id: number, reason: string) => decide(rejectSignUp(id, reason), false) };
}

/** 教师注册 of 教师管理: open or close sign-up, the school's code, and the requests waiting for a decision. */
export function SignUpRequests({ onApproved }: { onApproved: () => void }) {
  const s = useSignUp(onApproved);
  const [reason, setReason] = useState('');
  if (!s.setting) return null;
  return (
    <Card size="small" title="教师注册" style={{ marginBottom: 12 }} data-testid="sign-up-requests">
      <Space wrap style={{ marginBottom: 8 }}>
        <span>允许教师凭注册码注册</span>
        <Switch aria-label="允许教师凭注册码注册" checked={s.setting.enabled} onChange={(v) => void s.save({ enabled: v })} />
        {s.setting.code && <Typography.Text copyable={{ text: s.setting.code }}>学校注册码：<b>{s.setting.code}</b></Typography.Text>}
        {s.setting.code && <Button size="small" onClick={() => void s.save({ enabled: s.setting!.enabled, renewCode: true })}>更换注册码</Button>}
      </Space>
      <Table<SignUpRequest> size="small" rowKey="id" dataSource={s.list} pagination={false} locale={{ emptyText: '暂无待审核的注册申请' }}
        columns={[
          { title: '姓名', dataIndex: 'name' }, { title: '登录账号', dataIndex: 'loginId' }, { title: '手机号', dataIndex: 'phone', render: (v: string) => v || '-' },
          { title: '申请时间', dataIndex: 'createdAt', render: (v: string) => new Date(v).toLocaleString('zh-CN') },
          { title: '操作', key: 'op', render: (_, r) => (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => void s.approve(r.id)}>通过</Button>
              <Popconfirm title="拒绝该注册申请？" description={<Input placeholder="理由（可选）" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />}
                okText="拒绝" cancelText="取消" onConfirm={() => { void s.reject(r.id, reason); setReason(''); }}>
                <Button type="link" size="small" danger>拒绝</Button>
              </Popconfirm>
            </Space>
          ) },
        ]} />
    </Card>
  );
}
