import { useState } from 'react';
import { Button, Form, Input, Modal, Select, Space, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DEFAULT_RESET_PASSWORD, ROLE_CODES, ROLE_NAMES, type RoleCode } from '@jz/shared';
import type { ApiResult } from '@/utils/request';
import type { Id } from '@/api/school';
import { addUser, batchResetPassword, disableUsers, enableUsers, findUserPage, resetUserPassword, unbindEmail, updateUser, type SchoolUser, type UserForm } from '@/api/users';
import { runAction, SearchTable, useFeedback, useTable } from '@/components/table';
import { usePermissions } from './usePermissions';

type Tab = 'system' | 'temporary';

/** One tag per role kind (details in the tooltip-like title). */
const roleLabels = (u: SchoolUser): { text: string; temp: boolean }[] => {
  const seen = new Map<string, boolean>();
  for (const r of u.roles ?? []) {
    const text = r.roleName || ROLE_NAMES[r.roleCode as RoleCode] || r.roleCode;
    seen.set(text, (seen.get(text) ?? true) && !!r.temporary);
  }
  return [...seen].map(([text, temp]) => ({ text, temp }));
};

/** Shows the new password when the answer carries one. */
function showPassword(res: ApiResult | null) {
  const d = res?.data as unknown;
  const pwd = typeof d === 'string' ? d : (d as { password?: string } | null)?.password;
  if (pwd) Modal.success({ title: '重置成功', content: `新密码：${pwd}`, okText: '知道了', maskClosable: false });
}

/** State of the user-management page: tab, list, single and batch commands. */
function useUserManagement() {
  const [tab, setTab] = useState<Tab>('system');
  const table = useTable<SchoolUser>((q) => findUserPage(q), { defaultParams: { temporary: 0 } });
  const confirmRun = (title: string, content: string, run: () => Promise<ApiResult>, after?: (r: ApiResult | null) => void) =>
    Modal.confirm({
      title, content, okText: '确定', cancelText: '取消',
      onOk: async () => { const r = await runAction(run()); if (r) { after?.(r); table.reload(); } },
    });
  const changeTab = (t: Tab) => { setTab(t); table.search({ temporary: t === 'temporary' ? 1 : 0 }); };
  const selected = table.selectedRowKeys as Id[];
  const batch = {
    enable: () => confirmRun('提示', `确认启用选中的 ${selected.length} 个用户吗？`, () => enableUsers(selected)),
    disable: () => confirmRun('提示', `确认禁用选中的 ${selected.length} 个用户吗？禁用后将无法登录。`, () => disableUsers(selected)),
    resetPassword: () => confirmRun('提示', `确认重置选中的 ${selected.length} 个用户的密码吗？`, () => batchResetPassword(selected), showPassword),
    unbindEmail: () => confirmRun('提示', `确认要解绑选中的 ${selected.length} 个用户的邮箱吗？`, () => unbindEmail(selected)),
  };
  const single = {
    toggle: (u: SchoolUser) => u.status === 1
      ? confirmRun('提示', `确认禁用用户「${u.userName}」吗？禁用后将无法登录。`, () => disableUsers([u.id]))
      : confirmRun('提示', `确认启用用户「${u.userName}」吗？`, () => enableUsers([u.id])),
    resetPassword: (u: SchoolUser) => confirmRun('提示', `确认重置用户「${u.userName}」的密码吗？`, () => resetUserPassword(u.id), showPassword),
    unbindEmail: (u: SchoolUser) => confirmRun('提示', '确认要解绑邮箱?', () => unbindEmail([u.id])),
  };
  return { tab, changeTab, table, batch, single, selected };
}

/** 用户管理: the school's users, system versus temporary tab, enable/disable/reset/unbind. */
export default function UserManagement() {
  useFeedback();
  const { has } = usePermissions();
  const canEdit = has('system:user:edit');
  const { tab, changeTab, table, batch, single, selected } = useUserManagement();
  const none = selected.length === 0;
  const [editing, setEditing] = useState<SchoolUser | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<UserForm>();
  const openEdit = (u: SchoolUser | 'new') => {
    setEditing(u);
    form.setFieldsValue(u === 'new' ? { loginId: '', userName: '', phone: '', gender: undefined, schoolAdmin: false }
      : { loginId: u.loginId, userName: u.userName, phone: u.phone ?? '', gender: u.gender ?? undefined });
  };
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const ok = await runAction(editing === 'new' ? addUser(v) : updateUser({ id: (editing as SchoolUser).id, userName: v.userName, phone: v.phone, gender: v.gender }));
    setSaving(false);
    if (ok) { setEditing(null); table.reload(); }
  };

  const columns: TableColumnsType<SchoolUser> = [
    { title: '账号', dataIndex: 'loginId', width: 140 },
    { title: '姓名', dataIndex: 'userName', width: 120 },
    { title: '角色', dataIndex: 'roles', render: (_, u) => <Space size={[4, 4]} wrap title={u.roleSummary}>{roleLabels(u).map((r, i) => <Tag key={i} color={r.temp ? 'orange' : 'blue'}>{r.text}{r.temp ? '(临时)' : ''}</Tag>)}</Space> },
    { title: '邮箱', dataIndex: 'email', render: (v) => v || '-' },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v) => v || '-' },
    { title: '状态', dataIndex: 'status', width: 80, render: (v) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag color="red">禁用</Tag>) },
  ];
  if (canEdit) {
    columns.push({
      title: '操作', width: 280, fixed: 'right',
      render: (_, u) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => openEdit(u)}>编辑</Button>
          <Button type="link" size="small" danger={u.status === 1} onClick={() => single.toggle(u)}>{u.status === 1 ? '禁用' : '启用'}</Button>
          <Button type="link" size="small" onClick={() => single.resetPassword(u)}>重置密码</Button>
          {u.email && <Button type="link" size="small" onClick={() => single.unbindEmail(u)}>解绑邮箱</Button>}
        </Space>
      ),
    });
  }

  return (
    <div>
      <Tabs
        activeKey={tab}
        onChange={(k) => changeTab(k as Tab)}
        items={[{ key: 'system', label: '系统用户' }, { key: 'temporary', label: '临时用户' }]}
      />
      <SearchTable<SchoolUser>
        table={table}
        rowKey="id"
        columns={columns}
        selectable={canEdit}
        scroll={{ x: 900 }}
        title={tab === 'system' ? '系统用户' : '临时用户'}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字"><Input allowClear placeholder="账号/姓名/邮箱/手机号" style={{ width: 200 }} /></Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 110 }} options={[{ value: 1, label: '启用' }, { value: 0, label: '禁用' }]} />
            </Form.Item>
            <Form.Item name="roleCode" label="角色">
              <Select allowClear placeholder="全部" style={{ width: 130 }} options={ROLE_CODES.map((c) => ({ value: c, label: ROLE_NAMES[c] }))} />
            </Form.Item>
          </>
        }
        toolbar={canEdit && (
          <>
            <Button type="primary" onClick={() => openEdit('new')}>新增用户</Button>
            <Button disabled={none} onClick={batch.enable}>批量启用</Button>
            <Button disabled={none} danger onClick={batch.disable}>批量禁用</Button>
            <Button disabled={none} onClick={batch.resetPassword}>批量重置密码</Button>
            <Button disabled={none} onClick={batch.unbindEmail}>批量解绑邮箱</Button>
          </>
        )}
      />
      <Modal title={editing === 'new' ? '新增用户' : '编辑用户'} open={editing !== null} onOk={save} onCancel={() => setEditing(null)}
        confirmLoading={saving} okText="保存" cancelText="取消" maskClosable={false} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="loginId" label="账号" rules={[{ required: true, whitespace: true, message: '请输入账号' }, { pattern: /^[A-Za-z0-9_.@-]{3,32}$/, message: '账号须为3-32位字母、数字或 _ . @ -' }]}>
            <Input placeholder="登录账号" disabled={editing !== 'new'} maxLength={32} />
          </Form.Item>
          <Form.Item name="userName" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }]}>
            <Input placeholder="姓名" maxLength={50} />
          </Form.Item>
          <Form.Item name="phone" label="手机号" rules={[{ pattern: /^$|^1\d{10}$/, message: '请输入正确的手机号' }]}>
            <Input placeholder="手机号" maxLength={11} />
          </Form.Item>
          <Form.Item name="gender" label="性别">
            <Select allowClear placeholder="请选择" options={[{ value: '男', label: '男' }, { value: '女', label: '女' }]} />
          </Form.Item>
          {editing === 'new' && <p style={{ color: '#888' }}>新用户的初始密码为 {DEFAULT_RESET_PASSWORD}，首次登录后请修改。</p>}
        </Form>
      </Modal>
    </div>
  );
}
