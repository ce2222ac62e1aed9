import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Space, Spin, Table, Tag } from 'antd';
import { findExamPage, setReferenceExam, type Exam } from '@/api/exam';
import { loadData, runAction, useFeedback } from '@/components/table';
import { usePermission } from '@/components/Permission';
import { EXAM_STATUSES, STATUS_COLORS } from './examConstants';
import { useCurrentExam } from './useExam';

/** 标杆试卷: choose the reference exam (进退步比较) among the grade's other exams. */
export default function BenchMarkExamPaper() {
  useFeedback();
  const { exam, reload } = useCurrentExam();
  const can = usePermission();
  const canEdit = can('exam:exam:edit');
  const [exams, setExams] = useState<Exam[]>([]);
  const [loading, setLoading] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<number | null>(null);

  useEffect(() => {
    if (!exam) return;
    setSelected(exam.referenceExamId);
    setLoading(true);
    void loadData(findExamPage({ current: 1, size: 200, gradeId: exam.gradeId }), { records: [], total: 0, current: 1, size: 200 })
      .then((p) => setExams(p.records.filter((e) => e.id !== exam.id)))
      .finally(() => setLoading(false));
  }, [exam]);

  if (!exam) return <Card><Spin /></Card>;
  const current = exams.find((e) => e.id === exam.referenceExamId);
  const shown = exams.filter((e) => !keyword.trim() || e.name.includes(keyword.trim()));
  const submit = async (id: number | null) => {
    if (await runAction(setReferenceExam(exam.id, id), { success: id ? '设置成功' : '已清除参照考试' })) reload();
  };

  return (
    <Card size="small" title="标杆试卷（参照考试）">
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }} items={[{
        key: 'cur', label: '当前参照考试',
        children: exam.referenceExamId ? (current ? `${current.name}（${current.startDate}）` : `考试 #${exam.referenceExamId}`) : <span style={{ color: '#999' }}>未设置</span>,
      }]} />
      <Alert type="info" showIcon style={{ marginBottom: 12 }} message="参照考试用于学生进退步、名次变化等比较，只能选择同一年级的其他考试，已发布成绩的考试才有可比较的数据。" />
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search aria-label="考试名称" allowClear placeholder="按考试名称筛选" onSearch={setKeyword} style={{ width: 240 }} />
        {canEdit && <Button type="primary" disabled={!selected || selected === exam.referenceExamId} onClick={() => submit(selected)}>设为参照考试</Button>}
        {canEdit && exam.referenceExamId && <Button onClick={() => submit(null)}>清除参照考试</Button>}
      </Space>
      <Table<Exam> size="small" rowKey="id" loading={loading} dataSource={shown} pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 条` }}
        rowSelection={canEdit ? { type: 'radio', selectedRowKeys: selected ? [selected] : [], onChange: (keys) => setSelected(Number(keys[0])) } : undefined}
        columns={[
          { title: '考试名称', dataIndex: 'name', render: (v, e) => <Space>{v}{e.id === exam.referenceExamId && <Tag color="gold">当前参照</Tag>}</Space> },
          { title: '类型', dataIndex: 'examTypeName', width: 80 },
          { title: '考试日期', width: 200, render: (_, e) => (e.startDate === e.endDate ? e.startDate : `${e.startDate} 至 ${e.endDate}`) },
          { title: '科目', render: (_, e) => e.subjects.map((s) => s.courseName).join('、') },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number, e) => <Tag color={STATUS_COLORS[v]}>{e.statusName || EXAM_STATUSES.find((s) => s.value === v)?.label}</Tag> },
        ]} />
    </Card>
  );
}
