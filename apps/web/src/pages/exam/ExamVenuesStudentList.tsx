import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Select, Spin } from 'antd';
import type { TableColumnsType } from 'antd';
import { AppstoreAddOutlined } from '@ant-design/icons';
import { arrangeRooms, findExamStudents, updateExamStudent, type ExamStudent } from '@/api/exam';
import { findClassTree, type ClassNode } from '@/api/school';
import { loadData, runAction, SearchTable, useFeedback, useTable } from '@/components/table';
import { usePermission } from '@/components/Permission';
import { useCurrentExam } from './useExam';

/** State of the exam student list: table, edit dialog, room arrangement. */
function useExamStudentList(examId: number) {
  const { modal } = App.useApp();
  const table = useTable<ExamStudent, { classId?: number; room?: string; keyword?: string }>((q) => findExamStudents({ ...q, examId }));
  const [editing, setEditing] = useState<ExamStudent | null>(null);
  const [arranging, setArranging] = useState(false);
  const [saving, setSaving] = useState(false);
  const save = async (v: { examNo: string; room?: string; seat?: number | null }) => {
    if (!editing) return;
    setSaving(true);
    const res = await runAction(updateExamStudent({ id: editing.id, examNo: v.examNo.trim(), room: (v.room ?? '').trim(), seat: v.seat ?? null }), { success: '修改成功' });
    setSaving(false);
    if (res) { setEditing(null); table.reload(); }
  };
  const arrange = async (v: { perRoom: number; prefix?: string }) => {
    setSaving(true);
    const res = await runAction(arrangeRooms({ examId, perRoom: v.perRoom, prefix: v.prefix?.trim() || undefined }), { silentSuccess: true });
    setSaving(false);
    if (res?.data) {
      modal.success({ title: '编排成功', content: `共编排 ${res.data.students} 名考生，${res.data.rooms} 个考场。`, okText: '知道了' });
      setArranging(false);
      table.reload();
    }
  };
  return { table, editing, setEditing, arranging, setArranging, saving, save, arrange };
}

function StudentList({ examId, gradeId, released }: { examId: number; gradeId: number; released: boolean }) {
  useFeedback();
  const can = usePermission();
  const canEdit = can('exam:exam:edit');
  const { table, editing, setEditing, arranging, setArranging, saving, save, arrange } = useExamStudentList(examId);
  const [classes, setClasses] = useState<ClassNode[]>([]);
  const [form] = Form.useForm();
  const [arrangeForm] = Form.useForm();
  useEffect(() => { void loadData(findClassTree(), []).then((t) => setClasses(t.find((g) => Number(g.id) === gradeId)?.classes ?? [])); }, [gradeId]);

  const columns: TableColumnsType<ExamStudent> = [
    { title: '考号', dataIndex: 'examNo', width: 130 },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '学号', dataIndex: 'admissionNo', width: 130 },
    { title: '班级', dataIndex: 'className', width: 110 },
    { title: '考场', dataIndex: 'room', width: 110, render: (v) => v || '-' },
    { title: '座号', dataIndex: 'seat', width: 70, render: (v) => v ?? '-' },
    { title: '学籍类型', dataIndex: 'registrationType', width: 100, render: (v) => v || '-' },
  ];
  if (canEdit) columns.push({ title: '操作', width: 80, fixed: 'right', render: (_, s) => <Button type="link" size="small" onClick={() => { setEditing(s); form.setFieldsValue({ examNo: s.examNo, room: s.room, seat: s.seat }); }}>编辑</Button> });

  return (
    <>
      <SearchTable<ExamStudent>
        table={table} rowKey="id" columns={columns} scroll={{ x: 820 }} title="考场考生名单" formName="examStudentSearch"
        searchFields={
          <>
            <Form.Item name="classId" label="班级">
              <Select allowClear placeholder="全部班级" style={{ width: 140 }} options={classes.map((c) => ({ value: Number(c.id), label: c.name }))} />
            </Form.Item>
            <Form.Item name="room" label="考场"><Input allowClear placeholder="考场名称" style={{ width: 140 }} /></Form.Item>
            <Form.Item name="keyword" label="姓名/考号"><Input allowClear placeholder="姓名或考号" style={{ width: 160 }} /></Form.Item>
          </>
        }
        toolbar={canEdit && <Button type="primary" icon={<AppstoreAddOutlined />} onClick={() => { arrangeForm.setFieldsValue({ perRoom: 30, prefix: '' }); setArranging(true); }}>自动编排考场</Button>}
      />
      <Modal title="编辑考生" open={!!editing} maskClosable={false} confirmLoading={saving} okText="保存" cancelText="取消" forceRender
        onOk={async () => save(await form.validateFields())} onCancel={() => setEditing(null)}>
        <Form form={form} name="examStudentForm" layout="vertical">
          <Form.Item label="姓名">{editing?.name}（{editing?.className}）</Form.Item>
          <Form.Item name="examNo" label="考号" extra={released ? '成绩已发布，不能修改考号' : undefined}
            rules={[{ required: true, whitespace: true, message: '请输入考号' }, { pattern: /^[0-9A-Za-z-]{1,32}$/, message: '考号只能包含字母、数字和 -，最多32位' }]}>
            <Input disabled={released} />
          </Form.Item>
          <Form.Item name="room" label="考场" rules={[{ max: 50, message: '不能超过50个字符' }]}><Input placeholder="如：第1考场" /></Form.Item>
          <Form.Item name="seat" label="座号"><InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} /></Form.Item>
        </Form>
      </Modal>
      <Modal title="自动编排考场" open={arranging} maskClosable={false} confirmLoading={saving} okText="开始编排" cancelText="取消" forceRender
        onOk={async () => arrange(await arrangeForm.validateFields())} onCancel={() => setArranging(false)}>
        <Form form={arrangeForm} name="arrangeForm" layout="vertical">
          <Form.Item name="perRoom" label="每考场人数" rules={[{ required: true, message: '请输入每考场人数' }]} extra="按班级顺序（班内按学号）依次编入考场，重新编排会覆盖现有考场与座号">
            <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="prefix" label="考场名称前缀" extra="不填则为 第1考场、第2考场…"><Input maxLength={20} placeholder="可选" /></Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 考场考生名单: exam students with class/room filter, edit 考号/考场/座号, 自动编排考场. */
export default function ExamVenuesStudentList() {
  const { exam } = useCurrentExam();
  if (!exam) return <Card><Spin /></Card>;
  return <StudentList key={exam.id} examId={exam.id} gradeId={exam.gradeId} released={!!exam.releasedAt} />;
}
