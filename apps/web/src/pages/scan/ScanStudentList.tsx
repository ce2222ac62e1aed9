import { useEffect, useState } from 'react';
import { Button, Form, Input, Select, Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router-dom';
import type { Exam } from '@/api/exam';
import { findScanStudents, SCAN_ABNORMAL_NAMES, type ScanCounters, type ScanState, type ScanStudent } from '@/api/scan';
import { findClassTree, type ClassNode } from '@/api/school';
import { loadData, SearchTable, useFeedback, useTable } from '@/components/table';
import { fmtScore } from '../exam/examConstants';
import { ScanFrame } from './ScanFrame';
import { filterQuery, isStudentFilter, SCAN_STATE_COLORS, STUDENT_FILTERS, type StudentFilter } from './scanConstants';
import { StudentSheetModal } from './StudentSheetModal';
import { useScanExam } from './useScanExam';

type Query = { filter?: StudentFilter; classId?: number; keyword?: string };

/** State of the scan student list: the table (filter by state, class, name/考号), the classes, the counters, the open sheet. */
function useScanStudentList(exam: Exam, examSubjectId: number, initial?: StudentFilter) {
  const [counters, setCounters] = useState<ScanCounters | null>(null);
  const table = useTable<ScanStudent, Query>(async ({ filter, ...q }) => {
    const res = await findScanStudents({ ...q, ...filterQuery(filter), examSubjectId });
    if (res.code === 200 && res.data) setCounters(res.data.counters);
    return res;
  }, { defaultParams: { filter: initial }, defaultSize: 20 });
  const [classes, setClasses] = useState<ClassNode[]>([]);
  const [open, setOpen] = useState<ScanStudent | null>(null);
  useEffect(() => { void loadData(findClassTree(), []).then((t) => setClasses(t.find((g) => Number(g.id) === exam.gradeId)?.classes ?? [])); }, [exam.gradeId]);
  return { table, counters, classes, open, setOpen };
}

function StudentList({ exam, examSubjectId, initial }: { exam: Exam; examSubjectId: number; initial?: StudentFilter }) {
  const { table, counters, classes, open, setOpen } = useScanStudentList(exam, examSubjectId, initial);
  const columns: TableColumnsType<ScanStudent> = [
    { title: '考号', dataIndex: 'examNo', width: 130 },
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '班级', dataIndex: 'className', width: 110 },
    { title: '考场', dataIndex: 'room', width: 90, render: (v) => v || '—' },
    {
      title: '扫描状态', dataIndex: 'state', width: 190,
      render: (v: ScanState, s) => (
        <Space size={4} wrap>
          <Tag color={SCAN_STATE_COLORS[v]}>{s.stateName}</Tag>
          {s.duplicate && <Tag color="purple">重复扫描</Tag>}
          {s.claimed && <Tag color="blue">认领</Tag>}
        </Space>
      ),
    },
    { title: '异常类型', dataIndex: 'abnormalKind', width: 130, render: (v: ScanStudent['abnormalKind']) => (v ? SCAN_ABNORMAL_NAMES[v] : '—') },
    { title: '已扫页', dataIndex: 'pagesPresent', width: 90, render: (v: number[]) => (v.length ? v.join('、') : '—') },
    { title: '客观题得分', dataIndex: 'objectiveScore', width: 100, render: (v: number | null) => (v === null ? '—' : fmtScore(v)) },
    {
      title: '操作', key: 'op', width: 110, fixed: 'right',
      render: (_, s) => (s.pageCount > 0 ? <Button type="link" size="small" onClick={() => setOpen(s)}>查看答题卡</Button> : null),
    },
  ];
  const label = (f: (typeof STUDENT_FILTERS)[number]) => {
    if (!counters) return f.label;
    const n = { noScan: counters.noScanCount, absent: counters.missExamCount, abnormal: counters.abnormalCount, uploaded: counters.uploadCount, duplicate: counters.duplicateCount, claimed: counters.claimCount }[f.value];
    return `${f.label}（${n}）`;
  };
  return (
    <>
      <SearchTable<ScanStudent> table={table} rowKey="examStudentId" columns={columns} title="扫描学生名单" formName="scanStudentSearch" scroll={{ x: 1060 }}
        data-testid="scan-student-table" initialValues={{ filter: initial }}
        searchFields={(
          <>
            <Form.Item name="filter" label="扫描状态">
              <Select allowClear placeholder="全部" style={{ width: 150 }} options={STUDENT_FILTERS.map((f) => ({ value: f.value, label: label(f) }))} />
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
  const asked = sp.get('filter');
  const initial = isStudentFilter(asked) ? asked : undefined;
  return (
    <ScanFrame scan={scan} title="扫描学生名单">
      {(id) => scan.exam && <StudentList key={`${id}:${initial ?? ''}`} exam={scan.exam} examSubjectId={id} initial={initial} />}
    </ScanFrame>
  );
}
