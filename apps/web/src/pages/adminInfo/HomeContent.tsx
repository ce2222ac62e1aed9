import { useEffect, useState } from 'react';
import { Button, Card, Col, Descriptions, Form, Input, Modal, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Id } from '@/api/school';
import {
  addSchoolGrades, closeSchool, createSchool, getAllGrades, getAreaList, getProvinceList, getStatisticalSchoolInfo, getStatisticalSchoolNumber,
  openSchool, querySchoolAdmin, querySchoolGrades, resetSchoolAdminPwd, updateSchool,
  type AdminSchool, type AdminSchoolGrade, type DictGrade, type SchoolAdminAccount, type SchoolStat,
} from '@/api/admin';
import { loadData, runAction, SearchTable, useFeedback, useTable } from '@/components/table';
import { ScanDiskModal } from './ScanDiskModal';

const ADMIN = { admin: true } as const;

/** Province list and the areas of a province (cached). */
function useRegions() {
  const [provinces, setProvinces] = useState<string[]>([]);
  const [areas, setAreas] = useState<Record<string, string[]>>({});
  useEffect(() => { loadData(getProvinceList(), [] as string[], ADMIN).then((p) => setProvinces(Array.isArray(p) ? p : [])); }, []);
  const loadAreas = async (province?: string) => {
    if (!province || areas[province]) return;
    const list = await loadData(getAreaList(province), [] as string[], ADMIN);
    setAreas((a) => ({ ...a, [province]: Array.isArray(list) ? list : [] }));
  };
  return { provinces, areas, loadAreas };
}

/** State of the admin home: statistics, school list, school commands. */
function useSchoolHome() {
  const [stat, setStat] = useState<SchoolStat | null>(null);
  const table = useTable<AdminSchool>((q) => getStatisticalSchoolInfo(q));
  const loadStat = async () => setStat(await loadData(getStatisticalSchoolNumber(), null, ADMIN));
  useEffect(() => { loadStat(); }, []);
  const refresh = () => { loadStat(); table.reload(); };
  const toggle = (s: AdminSchool) => Modal.confirm({
    title: '提示',
    content: s.status === 1 ? `确认关闭学校「${s.name}」吗？关闭后该校用户将无法登录。` : `确认开启学校「${s.name}」吗？`,
    okText: '确定', cancelText: '取消', okButtonProps: { danger: s.status === 1 },
    onOk: async () => { if (await runAction(s.status === 1 ? closeSchool(s.id) : openSchool(s.id), ADMIN)) refresh(); },
  });
  return { stat, table, refresh, toggle };
}

/** Dialog: the school's administrator account and 重置密码. */
function AdminAccountModal({ school, onClose }: { school: AdminSchool; onClose: () => void }) {
  const [account, setAccount] = useState<SchoolAdminAccount | null>(null);
  const [loading, setLoading] = useState(true);
  const [newPwd, setNewPwd] = useState<string>();
  useEffect(() => {
    if (school.adminUserId == null) { setLoading(false); return; }
    loadData(querySchoolAdmin(school.adminUserId), null, ADMIN).then((a) => { setAccount(a); setLoading(false); });
  }, [school.adminUserId]);
  const reset = () => Modal.confirm({
    title: '提示', content: `确认重置「${school.name}」管理员的密码吗？其已登录的会话将失效。`, okText: '确定', cancelText: '取消',
    onOk: async () => {
      const r = await runAction(resetSchoolAdminPwd(school.adminUserId!), ADMIN);
      if (r?.data?.password) setNewPwd(r.data.password);
    },
  });
  return (
    <Modal title={`管理员账号 - ${school.name}`} open maskClosable={false} onCancel={onClose} loading={loading}
      footer={[
        <Button key="reset" danger disabled={school.adminUserId == null} onClick={reset}>重置密码</Button>,
        <Button key="close" type="primary" onClick={onClose}>关闭</Button>,
      ]}>
      {school.adminUserId == null ? <Typography.Text type="secondary">该学校暂无管理员账号</Typography.Text> : (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="登录账号">{account?.loginId ?? school.adminLoginId}</Descriptions.Item>
          <Descriptions.Item label="姓名">{account?.userName ?? school.adminUserName}</Descriptions.Item>
          <Descriptions.Item label="状态">{(account?.status ?? 1) === 1 ? <Tag color="green">启用</Tag> : <Tag color="red">禁用</Tag>}</Descriptions.Item>
          <Descriptions.Item label="密码">
            {newPwd ? <Typography.Text copyable strong>{newPwd}</Typography.Text> : (account?.passwordHint || '密码不可查看，如遗忘请重置')}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/** Dialog: the school's grades (with courses) and adding grades from the dictionary. */
function SchoolGradesModal({ school, onClose, onChanged }: { school: AdminSchool; onClose: () => void; onChanged: () => void }) {
  const [grades, setGrades] = useState<AdminSchoolGrade[]>([]);
  const [dict, setDict] = useState<DictGrade[]>([]);
  const [loading, setLoading] = useState(true);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ gradeIds: Id[] }>();
  const load = async () => {
    setLoading(true);
    setGrades(await loadData(querySchoolGrades(school.id), [] as AdminSchoolGrade[], ADMIN));
    setLoading(false);
  };
  useEffect(() => { load(); loadData(getAllGrades(), [] as DictGrade[], ADMIN).then(setDict); }, [school.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const have = new Set(grades.map((g) => g.gradeDictId ?? g.name));
  const add = async () => {
    const v = await form.validateFields();
    setAdding(true);
    const ok = await runAction(addSchoolGrades(school.id, v.gradeIds), ADMIN);
    setAdding(false);
    if (ok) { form.resetFields(); load(); onChanged(); }
  };
  return (
    <Modal title={`年级管理 - ${school.name}`} open width={760} maskClosable={false} onCancel={onClose} footer={<Button type="primary" onClick={onClose}>关闭</Button>}>
      <Form form={form} name="schoolGrades" layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item name="gradeIds" label="添加年级" rules={[{ required: true, type: 'array', min: 1, message: '请选择年级' }]}>
          <Select mode="multiple" style={{ width: 360 }} placeholder="请选择要添加的年级"
            options={dict.map((g) => ({ value: g.id, label: `${g.name}（${g.stage}）`, disabled: have.has(g.id) || have.has(g.name) }))} />
        </Form.Item>
        <Form.Item><Button type="primary" loading={adding} onClick={add}>添加</Button></Form.Item>
      </Form>
      <Table<AdminSchoolGrade>
        rowKey="id" size="small" loading={loading} dataSource={grades} pagination={false} locale={{ emptyText: '该学校暂无年级' }}
        columns={[
          { title: '年级', dataIndex: 'name', width: 100 },
          { title: '班级数', dataIndex: 'classCount', width: 80 },
          { title: '学科', dataIndex: 'courses', render: (cs: AdminSchoolGrade['courses']) => <Space size={[4, 4]} wrap>{cs.map((c) => <Tag key={c.courseCode}>{c.courseName}</Tag>)}</Space> },
        ]}
      />
    </Modal>
  );
}

/** Dialog: create or edit a school. */
function SchoolFormModal({ school, onClose, onSaved }: { school?: AdminSchool; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm();
  const { provinces, areas, loadAreas } = useRegions();
  const [saving, setSaving] = useState(false);
  const province = Form.useWatch('province', form) as string | undefined;
  useEffect(() => { loadAreas(province); }, [province]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = async () => {
    const v = await form.validateFields();
    const body = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x]).filter(([, x]) => x !== undefined && x !== ''));
    setSaving(true);
    const r = await runAction(school ? updateSchool(school.id, body) : createSchool(body), ADMIN);
    setSaving(false);
    if (!r) return;
    if (!school && r.data && typeof r.data === 'object' && 'initialPassword' in r.data) {
      const d = r.data as { adminLoginId: string; initialPassword: string };
      Modal.success({
        title: '学校创建成功', maskClosable: false, okText: '知道了',
        content: <div>学校管理员账号：<Typography.Text copyable strong>{d.adminLoginId}</Typography.Text><br />初始密码：<Typography.Text copyable strong>{d.initialPassword}</Typography.Text></div>,
      });
    }
    onSaved();
  };
  return (
    <Modal title={school ? '编辑学校' : '新建学校'} open width={720} maskClosable={false} confirmLoading={saving} onOk={submit} onCancel={onClose} okText="保存" cancelText="取消" destroyOnHidden>
      <Form form={form} name="schoolForm" layout="vertical" preserve={false} initialValues={school ? { ...school } : {}}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label="学校名称" rules={[{ required: true, whitespace: true, message: '请输入学校名称' }, { max: 50, message: '学校名称不能超过50个字符' }]}>
              <Input placeholder="请输入学校名称" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="code" label="学校编码" rules={[{ required: true, whitespace: true, message: '请输入学校编码' }, { pattern: /^\s*[A-Za-z0-9_-]{2,32}\s*$/, message: '学校编码为2到32位字母、数字、_ 或 -' }]}>
              <Input placeholder="如 BJ001" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="province" label="省份" rules={[{ required: true, message: '请选择省份' }]}>
              <Select showSearch placeholder="请选择省份" options={provinces.map((p) => ({ value: p, label: p }))} onChange={() => form.setFieldValue('area', undefined)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="area" label="地区" rules={[{ required: true, message: '请选择地区' }]}>
              <Select showSearch placeholder={province ? '请选择地区' : '请先选择省份'} disabled={!province} options={(areas[province ?? ''] ?? []).map((a) => ({ value: a, label: a }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label="地址" rules={[{ max: 200, message: '地址不能超过200个字符' }]}>
              <Input placeholder="请输入详细地址" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="contactName" label="联系人" rules={[{ max: 50, message: '联系人不能超过50个字符' }]}>
              <Input placeholder="请输入联系人" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="contactPhone" label="联系电话" rules={[{ pattern: /^\s*[0-9+\-() ]{5,20}\s*$/, message: '联系电话格式不正确' }]}>
              <Input placeholder="请输入联系电话" />
            </Form.Item>
          </Col>
          {!school && (
            <>
              <Col span={12}>
                <Form.Item name="kind" label="机构类型" initialValue="school" extra="教育局/教研室组织联考，没有班级和学生">
                  <Select options={[{ value: 'school', label: '学校' }, { value: 'bureau', label: '教育局/教研室' }]} />
                </Form.Item>
              </Col>
              <Col span={12} />
              <Col span={12}>
                <Form.Item name="adminLoginId" label="管理员账号" extra="不填则为 学校编码小写_admin" rules={[{ pattern: /^\s*[A-Za-z0-9_.@-]{3,32}\s*$/, message: '登录账号为3到32位字母、数字或 _ . @ -' }]}>
                  <Input placeholder="学校管理员登录账号" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="adminUserName" label="管理员姓名" extra="不填则为 学校名称 + 管理员" rules={[{ max: 50, message: '管理员姓名不能超过50个字符' }]}>
                  <Input placeholder="学校管理员姓名" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Form>
    </Modal>
  );
}

/** 首页: platform statistics and the school list with create/edit, open/close, admin account, grades. */
export default function HomeContent() {
  useFeedback();
  const { stat, table, refresh, toggle } = useSchoolHome();
  const { provinces, areas, loadAreas } = useRegions();
  const [searchForm] = Form.useForm();
  const searchProvince = Form.useWatch('province', searchForm) as string | undefined;
  useEffect(() => { loadAreas(searchProvince); }, [searchProvince]); // eslint-disable-line react-hooks/exhaustive-deps
  const [editing, setEditing] = useState<{ school?: AdminSchool } | null>(null);
  const [accountOf, setAccountOf] = useState<AdminSchool | null>(null);
  const [gradesOf, setGradesOf] = useState<AdminSchool | null>(null);
  const [diskOf, setDiskOf] = useState<AdminSchool | null>(null);

  const columns: TableColumnsType<AdminSchool> = [
    { title: '学校名称', dataIndex: 'name', width: 180, fixed: 'left' },
    { title: '编码', dataIndex: 'code', width: 100 },
    { title: '类型', dataIndex: 'kind', width: 110, render: (v: string) => (v === 'bureau' ? <Tag color="blue">教育局/教研室</Tag> : '学校') },
    { title: '省份', dataIndex: 'province', width: 90 },
    { title: '地区', dataIndex: 'area', width: 100 },
    { title: '联系人', dataIndex: 'contactName', width: 90, render: (v) => v || '-' },
    { title: '联系电话', dataIndex: 'contactPhone', width: 120, render: (v) => v || '-' },
    { title: '年级', dataIndex: 'gradeCount', width: 60 },
    { title: '班级', dataIndex: 'classCount', width: 60 },
    { title: '学生', dataIndex: 'studentCount', width: 70 },
    { title: '教师', dataIndex: 'teacherCount', width: 70 },
    { title: '管理员', dataIndex: 'adminLoginId', width: 130, render: (v) => v || '-' },
    { title: '状态', dataIndex: 'status', width: 70, render: (v: number) => (v === 1 ? <Tag color="green">开启</Tag> : <Tag color="red">关闭</Tag>) },
    {
      title: '操作', width: 320, fixed: 'right',
      render: (_, s) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ school: s })}>编辑</Button>
          <Button type="link" size="small" danger={s.status === 1} onClick={() => toggle(s)}>{s.status === 1 ? '关闭' : '开启'}</Button>
          <Button type="link" size="small" onClick={() => setAccountOf(s)}>管理员账号</Button>
          <Button type="link" size="small" onClick={() => setGradesOf(s)}>年级</Button>
          <Button type="link" size="small" onClick={() => setDiskOf(s)}>扫描空间</Button>
        </Space>
      ),
    },
  ];

  const stats: [string, number | undefined][] = [
    ['学校总数', stat?.schoolTotal], ['开启学校', stat?.openSchoolTotal], ['关闭学校', stat?.closedSchoolTotal], ['教师总数', stat?.teacherTotal], ['学生总数', stat?.studentTotal],
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Row gutter={12}>
        {stats.map(([title, value]) => (
          <Col key={title} flex="1 1 160px">
            <Card size="small"><Statistic title={title} value={value ?? 0} loading={!stat} /></Card>
          </Col>
        ))}
      </Row>
      <SearchTable<AdminSchool>
        table={table}
        form={searchForm}
        rowKey="id"
        columns={columns}
        scroll={{ x: 1500 }}
        title="学校列表"
        searchFields={
          <>
            <Form.Item name="name" label="学校名称"><Input allowClear placeholder="名称或编码" style={{ width: 180 }} /></Form.Item>
            <Form.Item name="province" label="省份">
              <Select allowClear showSearch placeholder="全部" style={{ width: 140 }} options={provinces.map((p) => ({ value: p, label: p }))} onChange={() => searchForm.setFieldValue('area', undefined)} />
            </Form.Item>
            <Form.Item name="area" label="地区">
              <Select allowClear showSearch placeholder="全部" style={{ width: 140 }} disabled={!searchProvince} options={(areas[searchProvince ?? ''] ?? []).map((a) => ({ value: a, label: a }))} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 100 }} options={[{ value: 1, label: '开启' }, { value: 0, label: '关闭' }]} />
            </Form.Item>
          </>
        }
        toolbar={<Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>新建学校</Button>}
      />
      {editing && <SchoolFormModal school={editing.school} onClose={() => setEditing(null)} onSaved={() => { setEditing(null); refresh(); }} />}
      {accountOf && <AdminAccountModal school={accountOf} onClose={() => setAccountOf(null)} />}
      {diskOf && <ScanDiskModal school={diskOf} onClose={() => setDiskOf(null)} />}
      {gradesOf && <SchoolGradesModal school={gradesOf} onClose={() => setGradesOf(null)} onChanged={table.reload} />}
    </Space>
  );
}
