import { useEffect, useState } from 'react';
import { Button, Form, Input, Select, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { Exam } from '@/api/exam';
import { findScanStudents, type ScanState, type ScanStudent } from '@/api/scan';
import { findClassTree, type ClassNode } from '@/api/school';
import { loadData, SearchTable, useFeedback, useTable } from '@/components/table';
import { ScanFrame } from './ScanFrame';
import { SCAN_STATE_COLORS, SCAN_STATE_LABELS, fmtTime } from './scanConstants';
import { StudentSheetModal } from './StudentSheetModal';
import { useScanExam } from './useScanExam';

type Query = { state?: ScanState; classId?: number; keyword?: string };
const STATES = Object.keys(SCAN_STATE_LABELS) as ScanState[];

/** State of the scan student list: the table (filter by state, class, name/考号), the classes, the open sheet. */
function useScanStudentList(exam: Exam, examSubjectId: number, initialState?: ScanState) {
  const table = useTable<ScanStudent, Query>((q) => findScanStudents({ ...q, examSubjectId }), { defaultParams: { state: initialState }, defaultSize: 20 });
  const [classes, setClasses] = useState<ClassNode[]>([]);
  const [open, setOpen] = useState<ScanStudent | null>(null);
  useEffect(() => { void loadData(findClassTree(), []).then((t) => setClasses(t.find((g) => Number(g.id) === exam.gradeId)?.classes ?? [])); }, [exam.gradeId]);
  return { table, classes, open, setOpen };
}

function StudentList({ exam, examSubjectId, initialState }: { exam: Exam; examSubjectId: number; initialState?: ScanState }) {
  const { table, classes, open, setOpen } = useScanStudentList(exam, examSubjectId, initialState);
  const columns: TableColumnsType<ScanStudent> = [
    { title: '考号', dataIndex: 'examNo', width: 130 },
    { title: '姓名', dataIndex: 'studentName', width: 100 },
    { title: '班级', dataIndex: 'className', width: 110 },
    { title: '扫描状态', dataIndex: 'state', width: 100, render: (v: ScanState) => <Tag color={SCAN_STATE_COLORS[v]}>{SCAN_STATE_LABELS[v]}</Tag> },
    { title: '批次', dataIndex: 'batchNo', width: 140, render: (v) => v || '—' },
    { title: '扫描时间', dataIndex: 'scannedAt', width: 160, render: fmtTime },
    {
      title: '操作', key: 'op', width: 110, fixed: 'right',
      render: (_, s) => (s.sheetId ? <Button type="link" size="small" onClick={() => setOpen(s)}>查看答题卡</Button> : null),
    },
  ];
  return (
    <>
      <SearchTable<ScanStudent> table={table} rowKey="examStudentId" columns={columns} title="扫描学生名单" formName="scanStudentSearch" scroll={{ x: 850 }}
        data-testid="scan-student-table" initialValues={{ state: initialState }}
        searchFields={(
          <>
            <Form.Item name="state" label="扫描状态">
              <Select allowClear placeholder="全部" style={{ width: 130 }} options={STATES.map((s) => ({ value: s, label: SCAN_STATE_LABELS[s] }))} />
            </Form.Item>
            <Form.Item name="classId" label="班级">
              <Select allowClear placeholder="全部班级" style={{ width: 140 }} options={classes.map((c) => ({ value: Number(c.id), label: c.name }))} />
            </Form.Item>
            <Form.Item name="keyword" label="姓名/考号"><Input allowClear placeholder="姓名或考号" style={{ width: 160 }} /></Form.Item>
          </>
        )} />
      <StudentSheetModal examSubjectId={examSubjectId} student={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** /examDetailsEdit/scanStudentList: every exam student with the scan state of the chosen subject. */
export default function ScanStudentList() {
  useFeedback();
  const scan = useScanExam();
  const [sp] = useSearchParams();
  const asked = sp.get('state') as ScanState | null;
  const initial = asked && STATES.includes(asked) ? asked : undefined;
  return (
    <ScanFrame scan={scan} title="扫描学生名单">
      {(id) => scan.exam && <StudentList key={`${id}:${initial ?? ''}`} exam={scan.exam} examSubjectId={id} initialState={initial} />}
    </ScanFrame>
  );
}
