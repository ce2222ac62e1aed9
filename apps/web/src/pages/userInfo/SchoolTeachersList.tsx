import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, DownloadOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { GENDERS, ROLE_NAMES, type RoleCode } from '@jz/shared';
import { deleteTeachers, findTeacherPage, saveTeacher, type Teacher } from '@/api/school';
import { resetTeacherPwd } from '@/api/users';
import { downTeacherTemplate, exportTeacher, importTeacher } from '@/api/excel';
import { ImportButton, runAction, runDownload, SearchTable, useFeedback, useTable } from '@/components/table';
import { SignUpRequests } from './SignUpRequests';
import { usePermissions } from './usePermissions';

/** State of the teacher list: table, dialog, commands. */
function useTeacherList() {
  const table = useTable<Teacher>((q) => findTeacherPage(q));
  const [editing, setEditing] = useState<{ teacher?: Teacher } | null>(null);
  const [saving, setSaving] = useState(false);
  const remove = (list: Teacher[]) => Modal.confirm({
    title: '提示',
    content: list.length === 1 ? `确认删除教师「${list[0].name}」吗？其任课关系将一并删除。` : `确认删除选中的 ${list.length} 名教师吗？其任课关系将一并删除。`,
    okText: '确定', cancelText: '取消', okButtonProps: { danger: true },
    onOk: async () => { if (await runAction(deleteTeachers(list.map((t) => t.id)))) table.reload(); },
  });
  const resetPwd = (t: Teacher) => Modal.confirm({
    title: '提示',
    content: `确认重置教师「${t.name}」的登录密码吗？`,
    okText: '确定', cancelText: '取消',
    onOk: async () => {
      await runAction(resetTeacherPwd(t.userId));
    },
  });
  const save = async (v: Partial<Teacher>) => {
    setSaving(true);
    const ok = await runAction(saveTeacher({ id: editing?.teacher?.id, ...v }));
    setSaving(false);
    if (ok) { setEditing(null); table.reload(); }
  };
  return { table, editing, setEditing, saving, remove, resetPwd, save };
}

/** 教师管理: the school's teachers, dialog form, import/export, reset password. */
export default function SchoolTeachersList() {
  useFeedback();
  const { has } = usePermissions();
  const canEdit = has('school:teacher:edit');
  const canImport = has('school:teacher:import');
  const canExport = has('school:teacher:export');
  const canResetPwd = has('system:user:edit');
  const { table, editing, setEditing, saving, remove, resetPwd, save } = useTeacherList();
  const [form] = Form.useForm();
  const selected = table.records.filter((r) => table.selectedRowKeys.includes(r.id as React.Key));

  const columns: TableColumnsType<Teacher> = [
    { title: '姓名', dataIndex: 'name', width: 120 },
    { title: '账号', dataIndex: 'loginId', width: 150 },
    { title: '手机号', dataIndex: 'phone', width: 140, render: (v) => v || '-' },
    { title: '性别', dataIndex: 'gender', width: 70, render: (v) => v || '-' },
    {
      title: '任课与职务', dataIndex: 'dutySummary',
      render: (v: string | undefined, t) => v || (
        <Space size={[4, 4]} wrap>
          {[...new Set((t.roles ?? []).map((r) => r.roleName || ROLE_NAMES[r.roleCode as RoleCode] || r.roleCode))].map((r) => <Tag key={r} color="blue">{r}</Tag>)}
          {!t.roles?.length && <span style={{ color: '#999' }}>未任课</span>}
        </Space>
      ),
    },
  ];
  if (canEdit) {
    columns.push({
      title: '操作', width: 200, fixed: 'right',
      render: (_, t) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ teacher: t })}>编辑</Button>
          {canResetPwd && <Button type="link" size="small" onClick={() => resetPwd(t)}>重置密码</Button>}
          <Button type="link" size="small" danger onClick={() => remove([t])}>删除</Button>
        </Space>
      ),
    });
  }

  return (
    <>
      {canEdit && <SignUpRequests onApproved={() => table.reload()} />}
      <SearchTable<Teacher>
        table={table}
        rowKey="id"
        columns={columns}
        selectable={canEdit}
        scroll={{ x: 800 }}
        title="教师列表"
        searchFields={<Form.Item name="keyword" label="关键字"><Input allowClear placeholder="姓名/账号/手机号" style={{ width: 200 }} /></Form.Item>}
        toolbar={
          <>
            {canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>新增教师</Button>}
            {canEdit && <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected)}>批量删除</Button>}
            {canImport && <ImportButton upload={importTeacher} onDone={table.reload} />}
            {canImport && <Button icon={<DownloadOutlined />} onClick={() => runDownload(downTeacherTemplate(), '教师导入模板.xlsx')}>下载模板</Button>}
            {canExport && <Button icon={<ExportOutlined />} onClick={() => runDownload(exportTeacher({ ...table.params }), '教师.xlsx')}>导出</Button>}
          </>
        }
      />
      <Modal
        title={editing?.teacher ? '编辑教师' : '新增教师'}
        open={!!editing}
        maskClosable={false}
        confirmLoading={saving}
        onOk={async () => {
          const v = await form.validateFields();
          save({ name: v.name.trim(), loginId: v.loginId.trim(), phone: v.phone?.trim() || '', gender: v.gender });
        }}
        onCancel={() => setEditing(null)}
        okText="保存" cancelText="取消"
        destroyOnHidden
      >
        {editing && (
          <Form form={form} name="teacherForm" layout="vertical" preserve={false} initialValues={editing.teacher ?? { gender: GENDERS[0] }}>
            <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: '请输入姓名' }, { max: 30, message: '姓名不能超过30个字符' }]}>
              <Input placeholder="请输入姓名" />
            </Form.Item>
            <Form.Item name="loginId" label="账号" extra={editing.teacher ? undefined : '新教师的初始密码由系统设置，登录后请修改'}
              rules={[{ required: true, whitespace: true, message: '请输入账号' }, { pattern: /^[A-Za-z0-9_.@-]{3,40}$/, message: '登录账号为3~40位字母、数字或 _ . @ -' }]}>
              <Input placeholder="请输入登录账号" disabled={!!editing.teacher} />
            </Form.Item>
            <Form.Item name="phone" label="手机号" rules={[{ pattern: /^1\d{10}$/, message: '请输入正确的11位手机号' }]}>
              <Input placeholder="请输入手机号" />
            </Form.Item>
            <Form.Item name="gender" label="性别" rules={[{ required: true, message: '请选择性别' }]}>
              <Radio.Group options={GENDERS.map((g) => ({ value: g, label: g }))} />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
