import { Alert, Button, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { MinusCircleOutlined, PlusCircleOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import type { Exam } from '@/api/exam';
import type { SubjectStudent } from '@/api/examRoom';
import { SearchTable, useFeedback } from '@/components/table';
import { usePermission } from '@/components/Permission';
import { ScanFrame } from '../scan/ScanFrame';
import { useScanExam } from '../scan/useScanExam';
import { useSelectStudentList } from './useSelectStudentList';

const columns: TableColumnsType<SubjectStudent> = [
  { title: '考号', dataIndex: 'examNo', width: 130 },
  { title: '姓名', dataIndex: 'name', width: 100 },
  { title: '班级', dataIndex: 'className', width: 100 },
  { title: '考场', dataIndex: 'room', width: 100, render: (v: string) => v || '-' },
  { title: '座号', dataIndex: 'seat', width: 70, render: (v: number | null) => v ?? '-' },
  { title: '本科目', dataIndex: 'taking', width: 90, render: (v: boolean) => (v ? <Tag color="green">参加</Tag> : <Tag>不参加</Tag>) },
];

function StudentList({ exam, examSubjectId, courseName }: { exam: Exam; examSubjectId: number; courseName: string }) {
  const can = usePermission();
  const s = useSelectStudentList(examSubjectId, exam.gradeId);
  const released = !!exam.releasedAt;
  // school admin, grade leader (exam:exam:edit) and 备课组长 (exam:scan:do); the server checks the subject
  const canEdit = can(['exam:exam:edit', 'exam:scan:do']) && !released;
  const classOptions = s.classes.map((c) => ({ value: Number(c.id), label: c.name }));
  return (
    <>
      {released && <Alert type="info" showIcon message="成绩已发布，考生名单只能查看" />}
      <SearchTable<SubjectStudent>
        table={s.table} rowKey="examStudentId" columns={columns} scroll={{ x: 640 }} selectable={canEdit} formName="subjectStudentSearch"
        title={<span data-testid="subject-student-counts">{courseName}考生 {s.counts?.takingCount ?? '—'} 人 / 考试考生 {s.counts?.examCount ?? '—'} 人</span>}
        searchFields={(
          <>
            <Form.Item name="classId" label="班级"><Select allowClear placeholder="全部班级" style={{ width: 130 }} options={classOptions} /></Form.Item>
            <Form.Item name="keyword" label="姓名/考号"><Input allowClear placeholder="姓名或考号" style={{ width: 150 }} /></Form.Item>
            <Form.Item name="taking" label="本科目">
              <Select allowClear placeholder="全部" style={{ width: 110 }} options={[{ value: 'yes', label: '参加' }, { value: 'no', label: '不参加' }]} />
            </Form.Item>
          </>
        )}
        toolbar={canEdit && (
          <>
            <Button icon={<MinusCircleOutlined />} danger disabled={!s.selected.length} loading={s.busy} onClick={() => void s.remove()}>移出本科目（{s.selected.length}）</Button>
            <Button icon={<PlusCircleOutlined />} disabled={!s.selected.length} loading={s.busy} onClick={() => void s.addBack()}>加回本科目</Button>
            <Button type="primary" icon={<UsergroupAddOutlined />} onClick={s.openImport}>从年级导入</Button>
          </>
        )}
      />
      <Modal title="从年级导入考生" open={s.importing} width={720} maskClosable={false} okText={`导入（${s.picked.length}）`} cancelText="取消"
        okButtonProps={{ disabled: !s.picked.length }} confirmLoading={s.busy} onOk={() => void s.confirmImport()} onCancel={() => s.setImporting(false)}>
        <p style={{ color: '#666' }}>列出本年级在读、尚未参加本次考试的学生；导入后考号为学号，只参加{courseName}。</p>
        <Space style={{ marginBottom: 8 }} wrap>
          <Select allowClear placeholder="全部班级" style={{ width: 130 }} options={classOptions} onChange={(classId?: number) => s.setCandidateFilter((f) => ({ ...f, classId }))} />
          <Input.Search allowClear placeholder="姓名或学号" style={{ width: 180 }} onSearch={(keyword) => s.setCandidateFilter((f) => ({ ...f, keyword: keyword.trim() || undefined }))} />
        </Space>
        <Table size="small" rowKey="studentId" dataSource={s.candidates} pagination={{ pageSize: 10, showTotal: (t) => `共 ${t} 人`, showSizeChanger: true }}
          rowSelection={{ selectedRowKeys: s.picked, onChange: (keys) => s.setPicked(keys.map(Number)) }}
          columns={[{ title: '学号', dataIndex: 'admissionNo' }, { title: '姓名', dataIndex: 'name' }, { title: '班级', dataIndex: 'className' }]} />
      </Modal>
    </>
  );
}

/** /examDetailsEdit/selectStudentList (选择考生名单): who takes this exam subject; remove, add back, import from the grade. */
export default function SelectStudentList() {
  useFeedback();
  const scan = useScanExam();
  return (
    <ScanFrame scan={scan} title="选择考生名单">
      {(id) => scan.exam && <Space direction="vertical" size={12} style={{ width: '100%' }}><StudentList key={id} exam={scan.exam} examSubjectId={id} courseName={scan.subject?.courseName ?? ''} /></Space>}
    </ScanFrame>
  );
}
