import { useCallback, useEffect, useState } from 'react';
import { App, Alert, Button, Card, Checkbox, Empty, Form, Input, Modal, Space, Spin, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { deleteGroup, findQuestions, saveGroup, type QuestionGroup, type QuestionTemplate } from '@/api/exam';
import { feedbackMessage, runAction, useFeedback } from '@/components/table';
import { QUESTION_TYPE_NAMES } from './examConstants';
import { SubjectSwitch } from './SubjectSwitch';
import { useCurrentExam } from './useExam';

/** 题组管理: per subject the question groups (name + questions), create, edit, delete. */
export default function QuestionsGroupMana() {
  const { modal } = App.useApp();
  useFeedback();
  const { exam } = useCurrentExam();
  const [subjectId, setSubjectId] = useState<number>();
  const [template, setTemplate] = useState<QuestionTemplate | null>(null);
  const [groups, setGroups] = useState<QuestionGroup[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ group?: QuestionGroup } | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();

  useEffect(() => { if (exam && !exam.subjects.some((s) => s.id === subjectId)) setSubjectId(exam.subjects[0]?.id); }, [exam, subjectId]);

  const load = useCallback(() => {
    if (!subjectId) return;
    setLoading(true);
    findQuestions(subjectId)
      .then((res) => {
        if (res.code === 200 && res.data) {
          setTemplate(res.data);
          const qs = res.data.questions;
          setGroups(res.data.groups.map((g, i) => ({ ...g, sort: i + 1, questionNos: qs.filter((q) => g.questionIds.includes(q.id)).map((q) => q.no) })));
        } else feedbackMessage().error(res.msg || '加载失败');
      })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [subjectId]);
  useEffect(load, [load]);

  // Groups may be edited by whoever may edit the subject's questions (the server checks; release does not block groups).
  const canEdit = !!template && (template.editable || !!exam?.releasedAt);
  const questions = template?.questions ?? [];
  const owner = new Map(groups.flatMap((g) => g.questionIds.map((id) => [id, g] as const)));

  const save = async () => {
    const v = await form.validateFields();
    if (!subjectId) return;
    setSaving(true);
    const res = await runAction(saveGroup({ examSubjectId: subjectId, id: editing?.group?.id, name: v.name.trim(), questionIds: v.questionIds ?? [] }), { success: '保存成功' });
    setSaving(false);
    if (res) { setEditing(null); load(); }
  };
  const remove = (g: QuestionGroup) => modal.confirm({
    title: '提示', content: `确认删除题组「${g.name}」吗？其小题不再属于任何题组。`, okText: '确定', cancelText: '取消', okButtonProps: { danger: true },
    onOk: async () => { if (await runAction(deleteGroup(g.id), { success: '删除成功' })) load(); },
  });

  if (!exam) return <Card><Spin /></Card>;
  return (
    <Card size="small" title="题组管理" extra={<SubjectSwitch subjects={exam.subjects} value={subjectId} onChange={setSubjectId} />}>
      {template && !questions.length && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="该科目还没有设置小题，请先在「小题编辑」中设置小题。" />}
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 12 }}>
        {canEdit && <Button type="primary" icon={<PlusOutlined />} disabled={!questions.length} onClick={() => { setEditing({}); form.setFieldsValue({ name: '', questionIds: [] }); }}>新增题组</Button>}
      </div>
      <Spin spinning={loading}>
        <Table<QuestionGroup> size="small" rowKey="id" dataSource={groups} pagination={false} bordered
          locale={{ emptyText: <Empty description="暂无题组" /> }}
          columns={[
            { title: '序号', width: 60, render: (_, __, i) => i + 1 },
            { title: '题组名称', dataIndex: 'name', width: 180 },
            { title: '包含小题', dataIndex: 'questionNos', render: (nos: string[]) => (nos.length ? <Space size={[4, 4]} wrap>{nos.map((n) => <Tag key={n}>{n}</Tag>)}</Space> : <span style={{ color: '#999' }}>无</span>) },
            { title: '小题满分合计', width: 120, render: (_, g) => questions.filter((q) => g.questionIds.includes(q.id)).reduce((s, q) => s + q.fullScore, 0) },
            ...(canEdit ? [{
              title: '操作', width: 140, render: (_: unknown, g: QuestionGroup) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => { setEditing({ group: g }); form.setFieldsValue({ name: g.name, questionIds: g.questionIds }); }}>编辑</Button>
                  <Button type="link" size="small" danger onClick={() => remove(g)}>删除</Button>
                </Space>
              ),
            }] : []),
          ]} />
      </Spin>
      <Modal title={editing?.group ? '编辑题组' : '新增题组'} open={!!editing} maskClosable={false} confirmLoading={saving} width={640}
        onOk={save} onCancel={() => setEditing(null)} okText="保存" cancelText="取消" forceRender>
        <Form form={form} name="groupForm" layout="vertical">
          <Form.Item name="name" label="题组名称" rules={[{ required: true, whitespace: true, message: '请输入题组名称' }, { max: 50, message: '不能超过50个字符' }]}>
            <Input placeholder="如：选择题、阅读理解" />
          </Form.Item>
          <Form.Item name="questionIds" label="包含小题" extra="一道小题只属于一个题组，选入本组会从原题组移出">
            <Checkbox.Group style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
              options={questions.map((q) => {
                const other = owner.get(q.id);
                const note = other && other.id !== editing?.group?.id ? `（${other.name}）` : '';
                return { value: q.id, label: `${q.no} ${QUESTION_TYPE_NAMES[q.type]} ${q.fullScore}分${note}` };
              })} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
