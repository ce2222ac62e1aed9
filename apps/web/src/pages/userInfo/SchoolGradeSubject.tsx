import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, ConfigProvider, Form, Modal, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { deleteSingleCourse, findGradeDict, findSchoolGrades, saveGradeCourse, type GradeDict, type SchoolGrade } from '@/api/school';
import { listTheme, loadData, runAction, useFeedback } from '@/components/table';
import { usePermissions } from './usePermissions';

interface EditState { grade?: SchoolGrade }

/** State of the grade-subject page. */
function useGradeSubject() {
  const [grades, setGrades] = useState<SchoolGrade[]>([]);
  const [dict, setDict] = useState<GradeDict>({ grades: [], courses: [] });
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoading(true);
    const [list, dictionaries] = await Promise.all([loadData(findSchoolGrades(), [] as SchoolGrade[]), loadData(findGradeDict(), dict)]);
    setGrades(list);
    setDict(dictionaries);
    setLoading(false);
  };
  const courses = dict.courses;
  useEffect(() => { load(); }, []);
  const removeCourse = (grade: SchoolGrade, courseCode: string, courseName: string) => {
    Modal.confirm({
      title: '提示',
      content: `确认删除${grade.name}的学科「${courseName}」吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => { if (await runAction(deleteSingleCourse({ gradeId: grade.id, courseCode }))) load(); },
    });
  };
  return { grades, courses, dictGrades: dict.grades, loading, load, removeCourse };
}

/** 年级学科: the school's grades and the courses of each. */
export default function SchoolGradeSubject() {
  useFeedback();
  const { has } = usePermissions();
  const canEdit = has('school:grade:edit');
  const { grades, courses, dictGrades, loading, load, removeCourse } = useGradeSubject();
  const [edit, setEdit] = useState<EditState | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();

  const openEdit = (grade?: SchoolGrade) => {
    setEdit({ grade });
  };
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    const body = edit?.grade
      ? { gradeId: edit.grade.id, courseCodes: v.courseCodes }
      : { gradeDictId: v.gradeDictId, courseCodes: v.courseCodes };
    const ok = await runAction(saveGradeCourse(body));
    setSaving(false);
    if (ok) { setEdit(null); load(); }
  };
  const existing = new Set(grades.map((g) => g.name));

  return (
    <ConfigProvider theme={listTheme}>
      <Card
        title="年级学科"
        extra={canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => openEdit()}>新增年级</Button>}
      >
        <Table<SchoolGrade>
          rowKey="id"
          loading={loading}
          dataSource={grades}
          pagination={false}
          locale={{ emptyText: '暂无年级，请先新增年级' }}
          columns={[
            { title: '年级', dataIndex: 'name', width: 160 },
            {
              title: '学科',
              dataIndex: 'courses',
              render: (_, g) => g.courses?.length
                ? <Space size={[4, 8]} wrap>{g.courses.map((c) => (
                    <Tag key={c.courseCode} color="blue" closable={canEdit} onClose={(e) => { e.preventDefault(); removeCourse(g, c.courseCode, c.courseName); }}>
                      {c.courseName}
                    </Tag>
                  ))}</Space>
                : <span style={{ color: '#999' }}>暂无学科</span>,
            },
            { title: '学科数', width: 90, render: (_, g) => g.courses?.length ?? 0 },
            ...(canEdit ? [{ title: '操作', width: 120, render: (_: unknown, g: SchoolGrade) => <Button type="link" onClick={() => openEdit(g)}>设置学科</Button> }] : []),
          ]}
        />
      </Card>
      <Modal
        title={edit?.grade ? `设置学科 - ${edit.grade.name}` : '新增年级'}
        open={!!edit}
        maskClosable={false}
        confirmLoading={saving}
        onOk={submit}
        onCancel={() => setEdit(null)}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
      >
        <Form form={form} name="gradeForm" layout="vertical" preserve={false} initialValues={{ courseCodes: edit?.grade?.courses?.map((c) => c.courseCode) ?? [] }}>
          {!edit?.grade && (
            <Form.Item name="gradeDictId" label="年级" rules={[{ required: true, message: '请选择年级' }]}>
              <Select placeholder="请选择年级" options={dictGrades.map((g) => ({ value: g.id, label: `${g.name}（${g.stage}）`, disabled: existing.has(g.name) }))} />
            </Form.Item>
          )}
          <Form.Item name="courseCodes" label="学科" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个学科' }]}>
            <Checkbox.Group options={courses.map((c) => ({ value: c.code, label: c.name }))} />
          </Form.Item>
        </Form>
      </Modal>
    </ConfigProvider>
  );
}
