import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Modal, Radio, Row, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { encryptPassword } from '@/utils/crypto';
import { createSysUser, deleteSysUsers, findSysRoleList, findSysUsers, updateSysUser, updateSysUserPassword, type SysRole, type SysUser } from '@/api/admin';
import { feedbackMessage, loadData, runAction, SearchTable, useFeedback, useTable } from '@/components/table';

const ADMIN = { admin: true } as const;
const LOGIN_ID = /^[A-Za-z0-9_.@-]{3,32}$/;
const PASSWORD_RULE = '密码须为6-32位，不含空格，且至少包含字母、数字、符号中的两种';
const strongEnough = (pw: string) => pw.length >= 6 && pw.length <= 32 && !/\s/.test(pw) && [/[A-Za-z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length >= 2;
const passwordRules = (required: boolean) => [
  ...(required ? [{ required: true, message: '请输入密码' }] : []),
  { validator: (_: unknown, v?: string) => (!v || strongEnough(v) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_RULE))) },
];

/** State of the sys-user page. */
function useSysUsers() {
  const table = useTable<SysUser>((q) => findSysUsers(q));
  const [roles, setRoles] = useState<SysRole[]>([]);
  useEffect(() => { loadData(findSysRoleList(), [] as SysRole[], ADMIN).then((r) => setRoles(Array.isArray(r) ? r : [])); }, []);
  const remove = (list: SysUser[]) => Modal.confirm({
    title: '提示',
    content: list.length === 1 ? `确认删除系统用户「${list[0].userName}」吗？` : `确认删除选中的 ${list.length} 个系统用户吗？`,
    okText: '确定', cancelText: '取消', okButtonProps: { danger: true },
    onOk: async () => { if (await runAction(deleteSysUsers(list.map((u) => u.id)), ADMIN)) table.reload(); },
  });
  return { table, roles, remove };
}

/** Encrypts a password; shows the failure and gives undefined when the key cannot be fetched. */
async function encrypt(pw: string): Promise<string | undefined> {
  try { return await encryptPassword(pw); } catch (e) {
    feedbackMessage().error(e instanceof Error && e.message ? e.message : '密码加密失败，请刷新页面后重试');
    return undefined;
  }
}

/** 用户管理 (platform): system users, create/edit, set password, delete. */
export default function UserPersion() {
  useFeedback();
  const { table, roles, remove } = useSysUsers();
  const [editing, setEditing] = useState<{ user?: SysUser } | null>(null);
  const [pwdOf, setPwdOf] = useState<SysUser | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const [pwdForm] = Form.useForm();
  const selected = table.records.filter((r) => table.selectedRowKeys.includes(r.id as React.Key));

  const submit = async () => {
    const v = await form.validateFields();
    const body = { loginId: v.loginId.trim(), userName: v.userName.trim(), roleId: v.roleId, email: v.email?.trim() || '', phone: v.phone?.trim() || undefined, status: v.status };
    setSaving(true);
    let ok;
    if (editing?.user) ok = await runAction(updateSysUser(editing.user.id, body), ADMIN);
    else {
      const password = v.password ? await encrypt(v.password.trim()) : undefined;
      if (v.password && !password) { setSaving(false); return; }
      ok = await runAction(createSysUser({ ...body, password }), ADMIN);
    }
    setSaving(false);
    if (ok) { setEditing(null); table.reload(); }
  };
  const submitPwd = async () => {
    const v = await pwdForm.validateFields();
    if (v.password.trim() !== v.confirmPassword.trim()) { feedbackMessage().warning('两次输入密码不一致'); return; }
    setSaving(true);
    const enc = await encrypt(v.password.trim());
    const ok = enc ? await runAction(updateSysUserPassword(pwdOf!.id, enc), ADMIN) : null;
    setSaving(false);
    if (ok) setPwdOf(null);
  };

  const columns: TableColumnsType<SysUser> = [
    { title: '登录账号', dataIndex: 'loginId', width: 140 },
    { title: '姓名', dataIndex: 'userName', width: 120 },
    { title: '角色', dataIndex: 'roleName', width: 130, render: (v) => (v ? <Tag color="blue">{v}</Tag> : '-') },
    { title: '邮箱', dataIndex: 'email', render: (v) => v || '-' },
    { title: '手机号', dataIndex: 'phone', width: 130, render: (v) => v || '-' },
    { title: '状态', dataIndex: 'status', width: 80, render: (v) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag color="red">禁用</Tag>) },
    { title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v?: string) => (v ? v.replace('T', ' ').slice(0, 19) : '-') },
    {
      title: '操作', width: 200, fixed: 'right',
      render: (_, u) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ user: u })}>编辑</Button>
          <Button type="link" size="small" onClick={() => setPwdOf(u)}>修改密码</Button>
          <Button type="link" size="small" danger onClick={() => remove([u])}>删除</Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <SearchTable<SysUser>
        table={table}
        rowKey="id"
        columns={columns}
        selectable
        scroll={{ x: 1100 }}
        title="系统用户"
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字"><Input allowClear placeholder="账号/姓名" style={{ width: 180 }} /></Form.Item>
            <Form.Item name="roleId" label="角色"><Select allowClear placeholder="全部" style={{ width: 140 }} options={roles.map((r) => ({ value: r.id, label: r.name }))} /></Form.Item>
            <Form.Item name="status" label="状态"><Select allowClear placeholder="全部" style={{ width: 100 }} options={[{ value: 1, label: '启用' }, { value: 0, label: '禁用' }]} /></Form.Item>
          </>
        }
        toolbar={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>新增用户</Button>
            <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected)}>批量删除</Button>
          </>
        }
      />
      <Modal title={editing?.user ? '编辑系统用户' : '新增系统用户'} open={!!editing} width={640} maskClosable={false} confirmLoading={saving}
        onOk={submit} onCancel={() => setEditing(null)} okText="保存" cancelText="取消" destroyOnHidden>
        {editing && (
          <Form form={form} name="sysUserForm" layout="vertical" preserve={false} initialValues={editing.user ? { ...editing.user } : { status: 1 }}>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="loginId" label="登录账号" rules={[{ required: true, whitespace: true, message: '请输入登录账号' }, { validator: (_, v?: string) => (!v || LOGIN_ID.test(v.trim()) ? Promise.resolve() : Promise.reject(new Error('登录账号为3到32位字母、数字或 _ . @ -'))) }]}>
                  <Input placeholder="请输入登录账号" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="userName" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 50, message: '姓名不能超过50个字符' }]}>
                  <Input placeholder="请输入姓名" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
                  <Select placeholder="请选择角色" options={roles.map((r) => ({ value: r.id, label: r.name }))} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="status" label="状态" rules={[{ required: true, message: '请选择状态' }]}>
                  <Radio.Group options={[{ value: 1, label: '启用' }, { value: 0, label: '禁用' }]} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '邮箱格式不正确' }]}>
                  <Input placeholder="请输入邮箱" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="phone" label="手机号" rules={[{ pattern: /^\s*[0-9+\-() ]{5,20}\s*$/, message: '联系电话格式不正确' }]}>
                  <Input placeholder="请输入手机号" />
                </Form.Item>
              </Col>
              {!editing.user && (
                <Col span={24}>
                  <Form.Item name="password" label="密码" extra="不填则为初始密码 Jz@123456" rules={passwordRules(false)}>
                    <Input.Password placeholder="请输入密码" autoComplete="new-password" />
                  </Form.Item>
                </Col>
              )}
            </Row>
          </Form>
        )}
      </Modal>
      <Modal title={`修改密码 - ${pwdOf?.userName ?? ''}`} open={!!pwdOf} maskClosable={false} confirmLoading={saving}
        onOk={submitPwd} onCancel={() => setPwdOf(null)} okText="保存" cancelText="取消" destroyOnHidden>
        {pwdOf && (
          <Form form={pwdForm} name="sysUserPwd" layout="vertical" preserve={false}>
            <Form.Item name="password" label="新密码" rules={passwordRules(true)}>
              <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="confirmPassword" label="确认新密码" dependencies={['password']}
              rules={[{ required: true, message: '请输入确认新密码' }, ({ getFieldValue }) => ({
                validator: (_, v?: string) => (!v || v.trim() === (getFieldValue('password') ?? '').trim() ? Promise.resolve() : Promise.reject(new Error('两次输入密码不一致'))),
              })]}>
              <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
