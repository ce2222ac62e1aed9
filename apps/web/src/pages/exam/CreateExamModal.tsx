import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Col, DatePicker, Form, Input, InputNumber, Modal, Radio, Row, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { EXAM_TYPES } from '@jz/shared';
import { addMultipartExam, addSingleExam, findExamPage, type Exam } from '@/api/exam';
import { findClassTree, findSchoolGrades, findSchoolYears, type GradeNode, type SchoolGrade } from '@/api/school';
import { loadData, runAction } from '@/components/table';
import { defaultFullScore } from './examConstants';

interface SubjectRow { courseCode?: string; fullScore?: number; examDate?: Dayjs | null }
interface FormValues {
  mode: 'single' | 'multi';
  name: string;
  examType: number;
  gradeId: number;
  semesterId?: number;
  startDate: Dayjs;
  endDate: Dayjs;
  subjects: SubjectRow[];
  classIds: number[];
  referenceExamId?: number;
}

export interface CreateExamModalProps { open: boolean; onClose: () => void; onCreated: (exam: Exam) => void }

/** 新建考试: single- or multi-subject, type 1–6, grade, term, dates, subjects (full score, date), classes, reference exam. */
export function CreateExamModal({ open, onClose, onCreated }: CreateExamModalProps) {
  const [form] = Form.useForm<FormValues>();
  const [grades, setGrades] = useState<SchoolGrade[]>([]);
  const [tree, setTree] = useState<GradeNode[]>([]);
  const [semesters, setSemesters] = useState<{ value: number; label: string; current: boolean }[]>([]);
  const [refExams, setRefExams] = useState<Exam[]>([]);
  const [saving, setSaving] = useState(false);
  const mode = Form.useWatch('mode', form);
  const gradeId = Form.useWatch('gradeId', form);

  useEffect(() => {
    if (!open) return;
    void loadData(findSchoolGrades(), []).then(setGrades);
    void loadData(findClassTree(), []).then(setTree);
    void loadData(findSchoolYears(), []).then((years) => setSemesters(years.flatMap((y) => (y.semesters ?? [])
      .filter((s) => s.id !== undefined)
      .map((s) => ({ value: Number(s.id), label: `${y.name} ${s.name}`, current: !!s.isCurrent })))));
  }, [open]);

  useEffect(() => {
    const cur = semesters.find((s) => s.current);
    if (open && cur && !form.getFieldValue('semesterId')) form.setFieldValue('semesterId', cur.value);
  }, [semesters, open, form]);

  const grade = grades.find((g) => Number(g.id) === gradeId);
  const classes = useMemo(() => tree.find((g) => Number(g.id) === gradeId)?.classes ?? [], [tree, gradeId]);
  const courseOptions = (grade?.courses ?? []).map((c) => ({ value: c.courseCode, label: c.courseName }));

  // A new grade: its subjects (all for multi, the first for single), all its classes, its exams as references.
  const applyGrade = (gid: number, m: 'single' | 'multi') => {
    const g = grades.find((x) => Number(x.id) === gid);
    const courses = g?.courses ?? [];
    const rows = (m === 'single' ? courses.slice(0, 1) : courses).map((c) => ({ courseCode: c.courseCode, fullScore: defaultFullScore(c.courseName), examDate: form.getFieldValue('startDate') ?? null }));
    form.setFieldValue('subjects', rows.length ? rows : [{}]);
    form.setFieldValue('classIds', (tree.find((x) => Number(x.id) === gid)?.classes ?? []).map((c) => Number(c.id)));
    form.setFieldValue('referenceExamId', undefined);
    setRefExams([]);
    void loadData(findExamPage({ current: 1, size: 100, gradeId: gid }), { records: [], total: 0, current: 1, size: 100 }).then((p) => setRefExams(p.records));
  };

  const submit = async () => {
    const v = await form.validateFields();
    const body = {
      name: v.name.trim(),
      examType: v.examType,
      gradeId: v.gradeId,
      semesterId: v.semesterId ?? null,
      startDate: v.startDate.format('YYYY-MM-DD'),
      endDate: v.endDate.format('YYYY-MM-DD'),
      subjects: v.subjects.map((s) => ({ courseCode: s.courseCode!, fullScore: Number(s.fullScore), examDate: s.examDate ? s.examDate.format('YYYY-MM-DD') : null })),
      classIds: v.classIds,
      referenceExamId: v.referenceExamId ?? null,
    };
    setSaving(true);
    const res = await runAction(v.mode === 'single' ? addSingleExam(body) : addMultipartExam(body), { success: '创建成功' });
    setSaving(false);
    if (res?.data) { onCreated(res.data); onClose(); }
  };

  return (
    <Modal title="新建考试" open={open} width={760} maskClosable={false} destroyOnHidden confirmLoading={saving}
      okText="创建" cancelText="取消" onOk={submit} onCancel={onClose}>
      <Form<FormValues> form={form} name="createExam" layout="vertical" preserve={false}
        initialValues={{ mode: 'multi', examType: 4, startDate: dayjs(), endDate: dayjs(), subjects: [{}], classIds: [] }}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="mode" label="科目模式" rules={[{ required: true }]}>
              <Radio.Group onChange={(e) => { if (gradeId) applyGrade(gradeId, e.target.value); }}
                options={[{ value: 'single', label: '单科考试' }, { value: 'multi', label: '多科考试' }]} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="examType" label="考试类型" rules={[{ required: true, message: '请选择考试类型' }]}>
              <Select options={EXAM_TYPES.map((t) => ({ value: t.value, label: t.label }))} placeholder="请选择考试类型" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="name" label="考试名称" rules={[{ required: true, whitespace: true, message: '请输入考试名称' }, { max: 100, message: '考试名称不能超过100个字符' }]}>
          <Input placeholder="如：2026年春季高一第一次月考" />
        </Form.Item>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="gradeId" label="年级" rules={[{ required: true, message: '请选择年级' }]}>
              <Select placeholder="请选择年级" options={grades.map((g) => ({ value: Number(g.id), label: g.name }))}
                onChange={(gid: number) => applyGrade(gid, form.getFieldValue('mode'))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="semesterId" label="学期">
              <Select allowClear placeholder="请选择学期" options={semesters.map(({ value, label }) => ({ value, label }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="endDate" label="结束日期" dependencies={['startDate']} rules={[
              { required: true, message: '请选择结束日期' },
              ({ getFieldValue }) => ({ validator: (_, v: Dayjs) => (!v || !getFieldValue('startDate') || !v.isBefore(getFieldValue('startDate'), 'day') ? Promise.resolve() : Promise.reject(new Error('结束日期不能早于开始日期'))) }),
            ]}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="考试科目" required>
          <Form.List name="subjects" rules={[{ validator: async (_, rows: SubjectRow[]) => { if (!rows?.length) throw new Error('请至少选择一个科目'); } }]}>
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((f, i) => (
                  <Space key={f.key} align="start" style={{ display: 'flex', marginBottom: 4 }}>
                    <Form.Item name={[f.name, 'courseCode']} rules={[
                      { required: true, message: '请选择科目' },
                      ({ getFieldValue }) => ({ validator: (_, v) => ((getFieldValue('subjects') as SubjectRow[]).filter((s) => s?.courseCode === v).length > 1 ? Promise.reject(new Error('科目重复')) : Promise.resolve()) }),
                    ]} style={{ marginBottom: 8 }}>
                      <Select aria-label={`科目${i + 1}`} placeholder={grade ? '科目' : '请先选择年级'} style={{ width: 140 }} options={courseOptions}
                        onChange={(code: string) => {
                          const name = courseOptions.find((c) => c.value === code)?.label ?? '';
                          form.setFieldValue(['subjects', f.name, 'fullScore'], defaultFullScore(name));
                        }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'fullScore']} rules={[{ required: true, message: '请输入满分' }]} style={{ marginBottom: 8 }}>
                      <InputNumber aria-label={`科目${i + 1}满分`} min={1} max={1000} precision={1} addonBefore="满分" style={{ width: 150 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'examDate']} style={{ marginBottom: 8 }}>
                      <DatePicker aria-label={`科目${i + 1}考试日期`} placeholder="考试日期" />
                    </Form.Item>
                    {mode === 'multi' && fields.length > 1 && <Button type="text" danger icon={<DeleteOutlined />} aria-label={`删除科目${i + 1}`} onClick={() => remove(f.name)} />}
                  </Space>
                ))}
                {mode === 'multi' && <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ examDate: form.getFieldValue('startDate') ?? null })}>添加科目</Button>}
                <Form.ErrorList errors={errors} />
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="classIds" label="参考班级" rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个班级' }]}
          extra={!gradeId ? '请先选择年级' : classes.length ? '考生为所选班级的全部在读学生，考号默认为学号' : '该年级没有班级'}>
          <Checkbox.Group options={classes.map((c) => ({ value: Number(c.id), label: `${c.name}${c.studentCount !== undefined ? `（${c.studentCount}人）` : ''}` }))} />
        </Form.Item>
        <Form.Item name="referenceExamId" label="参照考试" extra="可选：用于进退步比较">
          <Select allowClear placeholder="不设置" options={refExams.map((e) => ({ value: e.id, label: `${e.name}（${e.startDate}）` }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default CreateExamModal;
