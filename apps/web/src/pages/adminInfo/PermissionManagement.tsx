import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Col, ConfigProvider, Form, Input, InputNumber, Modal, Row, Space, Table, Tabs, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PLATFORM_PERMISSION_CODES } from '@jz/shared';
import type { Id } from '@/api/school';
import {
  createSysRole, deleteCourses, deleteSysRoles, findSysPermissionList, findSysRoles, getAllCourses, getAllGrades, saveCourse, updateSysRole,
  type DictCourse, type DictGrade, type SysRole,
} from '@/api/admin';
import { listTheme, loadData, runAction, SearchTable, useFeedback, useTable } from '@/components/table';

const ADMIN = { admin: true } as const;
/** Fallback names when /sys/permissionList is unavailable. */
const FALLBACK_PERMISSIONS: Record<string, string> = {
  'admin:school:view': '查看学校',
  'admin:school:edit': '管理学校（新建、编辑、开关、重置管理员密码、年级）',
  'admin:dict:edit': '管理年级学科字典',
  'admin:sys:edit': '管理系统用户与角色',
};

/** State of the sys-role tab. */
function useSysRoles() {
  const table = useTable<SysRole>((q) => findSysRoles(q));
  const [perms, setPerms] = useState<{ code: string; name: string }[]>(PLATFORM_PERMISSION_CODES.map((c) => ({ code: c, name: FALLBACK_PERMISSIONS[c] ?? c })));
  useEffect(() => { loadData(findSysPermissionList(), [] as { code: string; name: string }[], ADMIN).then((p) => { if (Array.isArray(p) && p.length) setPerms(p); }); }, []);
  const remove = (list: SysRole[]) => Modal.confirm({
    title: '提示',
    content: list.length === 1 ? `确认删除角色「${list[0].name}」吗？` : `确认删除选中的 ${list.length} 个角色吗？`,
    okText: '确定', cancelText: '取消', okButtonProps: { danger: true },
    onOk: async () => { if (await runAction(deleteSysRoles(list.map((r) => r.id)), ADMIN)) table.reload(); },
  });
  return { table, perms, remove };
}

function RolesTab() {
  const { table, perms, remove } = useSysRoles();
  const [editing, setEditing] = useState<{ role?: SysRole } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const selected = table.records.filter((r) => table.selectedRowKeys.includes(r.id as React.Key));
  const permName = (c: string) => perms.find((p) => p.code === c)?.name ?? c;

  const submit = async () => {
    const v = await form.validateFields();
    const body = { code: v.code.trim(), name: v.name.trim(), remark: v.remark?.trim() ?? '', permissions: v.permissions ?? [] };
    setSaving(true);
    const ok = await runAction(editing?.role ? updateSysRole(editing.role.id, body) : createSysRole(body), ADMIN);
    setSaving(false);
    if (ok) { setEditing(null); table.reload(); }
  };

  const columns: TableColumnsType<SysRole> = [
    { title: '角色编码', dataIndex: 'code', width: 140 },
    { title: '角色名称', dataIndex: 'name', width: 140 },
    { title: '权限', dataIndex: 'permissions', render: (ps: string[] = []) => <Space size={[4, 4]} wrap>{ps.map((p) => <Tag key={p} color="blue">{permName(p)}</Tag>)}</Space> },
    { title: '用户数', dataIndex: 'userCount', width: 80, render: (v) => v ?? '-' },
    { title: '备注', dataIndex: 'remark', width: 180, render: (v) => v || '-' },
    {
      title: '操作', width: 130, fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ role: r })}>编辑</Button>
          <Button type="link" size="small" danger onClick={() => remove([r])}>删除</Button>
        </Space>
      ),
    },
  ];
  return (
    <>
      <SearchTable<SysRole>
        table={table}
        rowKey="id"
        columns={columns}
        selectable
        scroll={{ x: 900 }}
        title="系统角色"
        searchFields={<Form.Item name="keyword" label="关键字"><Input allowClear placeholder="角色编码/名称" style={{ width: 200 }} /></Form.Item>}
        toolbar={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>新增角色</Button>
            <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected)}>批量删除</Button>
          </>
        }
      />
      <Modal title={editing?.role ? '编辑角色' : '新增角色'} open={!!editing} width={620} maskClosable={false} confirmLoading={saving}
        onOk={submit} onCancel={() => setEditing(null)} okText="保存" cancelText="取消" destroyOnHidden>
        {editing && (
          <Form form={form} name="roleForm" layout="vertical" preserve={false} initialValues={editing.role ? { ...editing.role } : { permissions: [] }}>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="code" label="角色编码" rules={[{ required: true, whitespace: true, message: '请输入角色编码' }, { pattern: /^\s*[A-Za-z][A-Za-z0-9_-]{1,31}\s*$/, message: '角色编码为2到32位字母开头的字母、数字、_ 或 -' }]}>
                  <Input placeholder="如 operator" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="name" label="角色名称" rules={[{ required: true, whitespace: true, message: '请输入角色名称' }, { max: 30, message: '角色名称不能超过30个字符' }]}>
                  <Input placeholder="请输入角色名称" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="permissions" label="权限">
              <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }} options={perms.map((p) => ({ value: p.code, label: p.name }))} />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
              <Input.TextArea rows={3} placeholder="请输入备注" />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}

/** Grade dictionary (read-only) and course dictionary (add/edit/delete). */
function DictTab() {
  const [grades, setGrades] = useState<DictGrade[]>([]);
  const [courses, setCourses] = useState<DictCourse[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Id[]>([]);
  const [editing, setEditing] = useState<{ course?: DictCourse } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const load = async () => {
    setLoading(true);
    const [g, c] = await Promise.all([loadData(getAllGrades(), [] as DictGrade[], ADMIN), loadData(getAllCourses(), [] as DictCourse[], ADMIN)]);
    setGrades(g); setCourses(c); setSelected([]);
    setLoading(false);
  };
  useEffect(() => { load(); }, []);
  const remove = (ids: Id[]) => Modal.confirm({
    title: '提示', content: `确认删除选中的 ${ids.length} 个学科吗？已被学校使用的学科不能删除。`, okText: '确定', cancelText: '取消', okButtonProps: { danger: true },
    onOk: async () => { if (await runAction(deleteCourses(ids), ADMIN)) load(); },
  });
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const ok = await runAction(saveCourse({ id: editing?.course?.id, code: v.code.trim(), name: v.name.trim(), sort: v.sort ?? undefined }), ADMIN);
    setSaving(false);
    if (ok) { setEditing(null); load(); }
  };
  return (
    <ConfigProvider theme={listTheme}>
      <Row gutter={12}>
        <Col xs={24} lg={10}>
          <Card size="small" title="年级字典" style={{ marginBottom: 12 }}>
            <Table<DictGrade> rowKey="id" size="small" loading={loading} dataSource={grades} pagination={false}
              columns={[{ title: '序号', dataIndex: 'sort', width: 70 }, { title: '年级', dataIndex: 'name' }, { title: '学段', dataIndex: 'stage' }]} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title="学科字典" style={{ marginBottom: 12 }}
            extra={<Space>
              <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setEditing({})}>新增学科</Button>
              <Button danger size="small" icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => remove(selected)}>批量删除</Button>
            </Space>}>
            <Table<DictCourse> rowKey="id" size="small" loading={loading} dataSource={courses} pagination={false}
              rowSelection={{ selectedRowKeys: selected as React.Key[], onChange: (k) => setSelected(k as Id[]) }}
              columns={[
                { title: '序号', dataIndex: 'sort', width: 70 },
                { title: '学科编码', dataIndex: 'code' },
                { title: '学科名称', dataIndex: 'name' },
                { title: '操作', width: 120, render: (_, c) => <Space size={0}><Button type="link" size="small" onClick={() => setEditing({ course: c })}>编辑</Button><Button type="link" size="small" danger onClick={() => remove([c.id])}>删除</Button></Space> },
              ]} />
          </Card>
        </Col>
      </Row>
      <Modal title={editing?.course ? '编辑学科' : '新增学科'} open={!!editing} maskClosable={false} confirmLoading={saving}
        onOk={submit} onCancel={() => setEditing(null)} okText="保存" cancelText="取消" destroyOnHidden>
        {editing && (
          <Form form={form} name="courseForm" layout="vertical" preserve={false} initialValues={editing.course ? { ...editing.course } : {}}>
            <Form.Item name="code" label="学科编码" rules={[{ required: true, whitespace: true, message: '请输入学科编码' }, { pattern: /^\s*[A-Za-z0-9_]{1,20}\s*$/, message: '学科编码为1到20位字母、数字或 _' }]}>
              <Input placeholder="如 XX" />
            </Form.Item>
            <Form.Item name="name" label="学科名称" rules={[{ required: true, whitespace: true, message: '请输入学科名称' }, { max: 20, message: '学科名称不能超过20个字符' }]}>
              <Input placeholder="请输入学科名称" />
            </Form.Item>
            <Form.Item name="sort" label="排序" rules={[{ type: 'integer', min: 0, max: 9999, message: '排序为0~9999的整数' }]}>
              <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} placeholder="不填则排在最后" />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </ConfigProvider>
  );
}

/** 角色管理 (platform): system roles, plus the grade and course dictionaries. */
export default function PermissionManagement() {
  useFeedback();
  return (
    <Tabs
      items={[
        { key: 'roles', label: '系统角色', children: <RolesTab /> },
        { key: 'dict', label: '年级学科字典', children: <DictTab /> },
      ]}
    />
  );
}
