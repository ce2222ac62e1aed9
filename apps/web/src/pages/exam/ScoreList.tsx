import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Result, Spin } from 'antd';
import type { TableColumnsType } from 'antd';
import { useNavigate } from 'react-router-dom';
import { findReleasedTranscript, type Transcript, type TranscriptRow } from '@/api/score';
import { SearchTable, useFeedback, useTable } from '@/components/table';
import { fmtScore } from './examConstants';
import { useExamDetail, useExamId } from './useExam';

type Column = Transcript['columns'][number];

function ReleasedScores({ examId, examName }: { examId: number; examName: string }) {
  useFeedback();
  const [columns, setColumns] = useState<Column[]>([]);
  const [refusal, setRefusal] = useState('');
  const table = useTable<TranscriptRow, { keyword?: string }>(async (q) => {
    const res = await findReleasedTranscript({ ...q, examId });
    if (res.code === 200 && res.data) { setColumns(res.data.columns); setRefusal(''); } else setRefusal(res.msg || '查询失败');
    return res;
  }, { defaultSize: 20 });

  const cols: TableColumnsType<TranscriptRow> = [
    { title: '考号', dataIndex: 'admissionNo', width: 120, fixed: 'left' },
    { title: '姓名', dataIndex: 'name', width: 90, fixed: 'left' },
    { title: '班级', dataIndex: 'className', width: 100 },
    ...columns.map((c, i) => ({
      title: `${c.name}（${c.fullScore}）`,
      children: [
        { title: '成绩', key: `${c.code}-s`, width: 80, render: (_: unknown, r: TranscriptRow) => (r.scores[i] === null || r.scores[i] === undefined ? '缺考' : fmtScore(r.scores[i])) },
        { title: '班名', key: `${c.code}-c`, width: 64, render: (_: unknown, r: TranscriptRow) => r.classRanks[i] ?? '—' },
        { title: '级名', key: `${c.code}-g`, width: 64, render: (_: unknown, r: TranscriptRow) => r.gradeRanks[i] ?? '—' },
      ],
    })),
  ];
  return (
    <>
      {refusal && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={refusal} />}
      <SearchTable<TranscriptRow> table={table} rowKey="examStudentId" columns={cols} bordered size="small" title={`成绩列表 - ${examName}`} formName="scoreListSearch"
        scroll={{ x: 310 + columns.length * 208 }}
        searchFields={<Form.Item name="keyword" label="姓名/考号"><Input allowClear placeholder="姓名或考号" style={{ width: 180 }} /></Form.Item>} />
    </>
  );
}

/** /examDetailsEdit/scoreList: the released scores (transcript: subject scores, class and grade ranks). */
export default function ScoreList() {
  const navigate = useNavigate();
  const examId = useExamId();
  const { exam, loading, error } = useExamDetail(examId);
  if (!examId) return <Card><Empty description="请先在考试列表中选择一场考试"><Button type="primary" onClick={() => navigate('/examMarking/myExamList')}>去选择考试</Button></Empty></Card>;
  if (!exam) return <Card>{loading ? <Spin /> : <Result status="warning" title={error || '考试不存在'} />}</Card>;
  if (!exam.releasedAt) {
    return (
      <Card title={exam.name}>
        <Empty description="成绩尚未发布">
          <Button type="primary" onClick={() => navigate(`/examDetailsEdit/scoreUpload?examId=${exam.id}`)}>去发布成绩</Button>
        </Empty>
      </Card>
    );
  }
  return <ReleasedScores key={exam.id} examId={exam.id} examName={exam.name} />;
}
