import { useEffect, useState } from 'react';
import { Button, Card, Col, ConfigProvider, DatePicker, Form, Input, Modal, Row, Select, Space, Switch, Table, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { SEMESTER_NAMES } from '@jz/shared';
import { deleteSchoolYear, findSchoolYears, saveSchoolYear, type SchoolYear, type Semester } from '@/api/school';
import { listTheme, loadData, runAction, useFeedback } from '@/components/table';
import { usePermissions } from './usePermissions';

const FMT = 'YYYY-MM-DD';
const day = (v?: string | null) => (v ? dayjs(v) : undefined);
const fmt = (v?: string | null) => (v ? dayjs(v).format(FMT) : '-');

interface SemesterForm { id?: SchoolYear['id']; name: string; range: [Dayjs, Dayjs]; isCurrent: boolean }
interface YearForm { name: string; range: [Dayjs, Dayjs]; isCurrent: boolean; semesters: SemesterForm[] }

/** State of the school-year page. */
function useSchoolYears() {
  const [years, setYears] = useState<SchoolYear[]>([]);
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoading(true);
    setYears(await loadData(findSchoolYears(), [] as SchoolYear[]));
    setLoading(false);
  };
  useEffect(() => { load(); }, []);
  const remove = (y: SchoolYear) => Modal.confirm({
    title: '提示',
    content: `确认删除学年「${y.name}」及其学期吗？`,
    okText: '确定',
    cancelText: '取消',
    onOk: async () => { if (await runAction(deleteSchoolYear(y.id!))) load(); },
  });
  return { years, loading, load, remove };
}

function toForm(y?: SchoolYear): YearForm {
  if (!y) {
    const start = dayjs().month() >= 7 ? dayjs().year() : dayjs().year() - 1;
    const s = dayjs(`${start}-09-01`), e = dayjs(`${start + 1}-08-31`);
    return {
      name: `${start}-${start + 1}`, range: [s, e], isCurrent: false,
      semesters: [
        { name: SEMESTER_NAMES[0], range: [s, dayjs(`${start + 1}-01-31`)], isCurrent: false },
        { name: SEMESTER_NAMES[1], range: [dayjs(`${start + 1}-02-01`), e], isCurrent: false },
      ],
    };
  }
  return {
    name: y.name, range: [day(y.startDate)!, day(y.endDate)!], isCurrent: !!y.isCurrent,
    semesters: (y.semesters ?? []).map((s) => ({ id: s.id, name: s.name, range: [day(s.startDate)!, day(s.endDate)!], isCurrent: !!s.isCurrent })),
  };
}

/** 学年学期: school years with their terms; the current one marked. */
export default function SchoolGradeTerm() {
  useFeedback();
  const { has } = usePermissions();
  const canEdit = has('school:year:edit');
  const { years, loading, load, remove } = useSchoolYears();
  const [editing, setEditing] = useState<{ year?: SchoolYear } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<YearForm>();

  const submit = async () => {
    const v = await form.validateFields();
    const sems = v.semesters ?? [];
    if (sems.filter((s) => s.isCurrent).length > 1) { Modal.warning({ title: '提示', content: '同一学年只能有一个当前学期' }); return; }
    const [ys, ye] = v.range;
    const out = sems.find((s) => s.range[0].isBefore(ys, 'day') || s.range[1].isAfter(ye, 'day'));
    if (out) { Modal.warning({ title: '提示', content: `「${out.name}」的起止日期需在学年起止日期之内` }); return; }
    setSaving(true);
    const ok = await runAction(saveSchoolYear({
      id: editing?.year?.id,
      name: v.name.trim(),
      startDate: ys.format(FMT),
      endDate: ye.format(FMT),
      isCurrent: !!v.isCurrent,
      semesters: sems.map((s): Semester => ({ id: s.id, name: s.name.trim(), startDate: s.range[0].format(FMT), endDate: s.range[1].format(FMT), isCurrent: !!s.isCurrent })),
    }));
    setSaving(false);
    if (ok) { setEditing(null); load(); }
  };

  return (
    <ConfigProvider theme={listTheme}>
      <Card title="学年学期" extra={canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>新增学年</Button>}>
        <Table<SchoolYear>
          rowKey="id"
          loading={loading}
          dataSource={years}
          pagination={false}
          expandable={{ defaultExpandAllRows: true, rowExpandable: (y) => !!y.semesters?.length }}
          locale={{ emptyText: '暂无学年' }}
          columns={[
            { title: '学年', dataIndex: 'name', render: (v, y) => <Space>{v}学年{y.isCurrent && <Tag color="green">当前学年</Tag>}</Space> },
            { title: '开始日期', dataIndex: 'startDate', render: fmt },
            { title: '结束日期', dataIndex: 'endDate', render: fmt },
            {
              title: '学期',
              dataIndex: 'semesters',
              render: (s: Semester[] = []) => (
                <Space orientation="vertical" size={2}>
                  {s.map((x) => (
                    <span key={String(x.id ?? x.name)}>
                      {x.name}（{fmt(x.startDate)} ~ {fmt(x.endDate)}）{x.isCurrent && <Tag color="green" style={{ marginLeft: 4 }}>当前学期</Tag>}
                    </span>
                  ))}
                </Space>
              ),
            },
            ...(canEdit ? [{
              title: '操作', width: 140,
              render: (_: unknown, y: SchoolYear) => (
                <Space size={0}>
                  <Button type="link" onClick={() => setEditing({ year: y })}>编辑</Button>
                  <Button type="link" danger onClick={() => remove(y)}>删除</Button>
                </Space>
              ),
            }] : []),
          ]}
        />
      </Card>
      <Modal
        title={editing?.year ? '编辑学年' : '新增学年'}
        open={!!editing}
        width={760}
        maskClosable={false}
        confirmLoading={saving}
        onOk={submit}
        onCancel={() => setEditing(null)}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
      >
        {editing && (
          <Form form={form} name="yearForm" layout="vertical" preserve={false} initialValues={toForm(editing.year)}>
            <Row gutter={16}>
              <Col span={10}>
                <Form.Item name="name" label="学年名称" rules={[{ required: true, whitespace: true, message: '请输入学年名称' }, { pattern: /^\s*\d{4}-\d{4}\s*$/, message: '学年名称格式应为 2026-2027' }]}>
                  <Input placeholder="如 2026-2027" />
                </Form.Item>
              </Col>
              <Col span={10}>
                <Form.Item name="range" label="学年起止日期" rules={[{ required: true, message: '请选择学年起止日期' }]}>
                  <DatePicker.RangePicker style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col span={4}>
                <Form.Item name="isCurrent" label="当前学年" valuePropName="checked"><Switch /></Form.Item>
              </Col>
            </Row>
            <Form.List name="semesters">
              {(fields, { add, remove: del }) => (
                <>
                  {fields.map((f, i) => (
                    <Row gutter={12} key={f.key} align="bottom">
                      <Col span={7}>
                        <Form.Item name={[f.name, 'name']} label={`学期${i + 1}名称`} rules={[{ required: true, whitespace: true, message: '请输入学期名称' }]}>
                          <Select options={SEMESTER_NAMES.map((n) => ({ value: n, label: n }))} placeholder="请选择学期" />
                        </Form.Item>
                      </Col>
                      <Col span={10}>
                        <Form.Item name={[f.name, 'range']} label={`学期${i + 1}起止日期`} rules={[{ required: true, message: '请选择学期起止日期' }]}>
                          <DatePicker.RangePicker style={{ width: '100%' }} />
                        </Form.Item>
                      </Col>
                      <Col span={4}>
                        <Form.Item name={[f.name, 'isCurrent']} label={`学期${i + 1}当前`} valuePropName="checked"><Switch /></Form.Item>
                      </Col>
                      <Col span={3}>
                        <Form.Item><Button danger icon={<DeleteOutlined />} aria-label={`删除学期${i + 1}`} onClick={() => del(f.name)} /></Form.Item>
                      </Col>
                    </Row>
                  ))}
                  {fields.length < 4 && (
                    <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: SEMESTER_NAMES[fields.length % 2], isCurrent: false })}>添加学期</Button>
                  )}
                </>
              )}
            </Form.List>
          </Form>
        )}
      </Modal>
    </ConfigProvider>
  );
}
