import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Form, Input, InputNumber, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { findExamStudents, type ExamStudent } from '@/api/exam';
import { findStudentScores, updateStudentScores, type StudentScore } from '@/api/score';
import { feedbackMessage, SearchTable, useFeedback, useTable } from '@/components/table';
import { CorrectionApplyModal, type CorrectionTarget } from './CorrectionApplyModal';
import { QUESTION_TYPE_NAMES, fmtScore } from './examConstants';
import { useCurrentExam } from './useExam';

type Subject = StudentScore['subjects'][number];

/** One subject of the student: its question scores, editable before release. */
function SubjectScores({ subject, student, released, onSaved, onCorrect }: {
  subject: Subject; student: StudentScore; released: boolean; onSaved: (s: StudentScore) => void; onCorrect: (t: CorrectionTarget) => void;
}) {
  const [values, setValues] = useState<Record<number, number | null>>({});
  const [absent, setAbsent] = useState(subject.absent);
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState('');
  useEffect(() => {
    setValues(Object.fromEntries(subject.questions.map((q) => [q.questionId, q.score])));
    setAbsent(subject.absent);
    setRefusal('');
  }, [subject]);
  const sum = Math.round(subject.questions.reduce((s, q) => s + (Number(values[q.questionId]) || 0), 0) * 100) / 100;

  const save = async () => {
    setSaving(true);
    try {
      const res = await updateStudentScores({
        examStudentId: student.examStudentId, examSubjectId: subject.examSubjectId, absent,
        scores: absent ? [] : subject.questions.map((q) => ({ questionId: q.questionId, score: values[q.questionId] ?? 0 })),
      });
      if (res.code === 200 && res.data) { feedbackMessage().success(res.msg || '保存成功'); setRefusal(''); onSaved(res.data); } else if (res.code !== 401) { setRefusal(res.msg || '保存失败'); feedbackMessage().error(res.msg || '保存失败'); }
    } catch {
      feedbackMessage().error('保存失败，请稍后重试');
    } finally {
      setSaving(false);
    }
  };
  const studentLabel = `${student.name}（${student.examNo}，${student.className}）`;

  return (
    <>
      {refusal && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={refusal}
          action={released ? <Button size="small" onClick={() => onCorrect({ examStudentId: student.examStudentId, studentLabel, examSubjectId: subject.examSubjectId })}>申请更正</Button> : undefined} />
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text>满分 {subject.fullScore} 分</Typography.Text>
        <Typography.Text>当前得分：<b data-testid="subject-score">{subject.absent ? '缺考' : fmtScore(subject.score)}</b></Typography.Text>
        {!absent && <Typography.Text type="secondary">修改后合计：{fmtScore(sum)}</Typography.Text>}
        <Checkbox checked={absent} onChange={(e) => setAbsent(e.target.checked)}>缺考</Checkbox>
        <Button type="primary" loading={saving} onClick={save}>保存</Button>
        {released && <Button onClick={() => onCorrect({ examStudentId: student.examStudentId, studentLabel, examSubjectId: subject.examSubjectId })}>申请更正</Button>}
      </Space>
      <Table size="small" rowKey="questionId" pagination={false} bordered dataSource={subject.questions}
        locale={{ emptyText: <Empty description="该科目还没有设置小题" /> }}
        columns={[
          { title: '题号', dataIndex: 'no', width: 80 },
          { title: '题型', dataIndex: 'type', width: 90, render: (t: string) => QUESTION_TYPE_NAMES[t as keyof typeof QUESTION_TYPE_NAMES] ?? (t === 'total' ? '总分' : t) },
          { title: '满分', dataIndex: 'fullScore', width: 70 },
          { title: '答案', dataIndex: 'answer', width: 90, render: (v) => v || '-' },
          { title: '作答', dataIndex: 'choice', width: 90, render: (v) => v || '-' },
          {
            title: '得分', width: 140,
            render: (_, q) => <InputNumber aria-label={`第${q.no}题得分`} size="small" min={0} max={q.fullScore} step={q.step} disabled={absent}
              value={values[q.questionId] ?? null} onChange={(v) => setValues((o) => ({ ...o, [q.questionId]: v }))} />,
          },
          ...(released ? [{
            title: '操作', width: 100,
            render: (_: unknown, q: Subject['questions'][number]) => <Button type="link" size="small"
              onClick={() => onCorrect({ examStudentId: student.examStudentId, studentLabel, examSubjectId: subject.examSubjectId, questionId: q.questionId })}>申请更正</Button>,
          }] : []),
        ]} />
    </>
  );
}

/** 小题得分: search an exam student, see and edit the question scores per subject; after release apply for a correction. */
export default function SmallQuestionScore() {
  useFeedback();
  const { exam } = useCurrentExam();
  const examId = exam?.id ?? 0;
  const table = useTable<ExamStudent, { keyword?: string }>((q) => findExamStudents({ ...q, examId }), { manual: true, defaultSize: 10 });
  const [chosen, setChosen] = useState<number | null>(null);
  const [score, setScore] = useState<StudentScore | null>(null);
  const [loading, setLoading] = useState(false);
  const [activeSubject, setActiveSubject] = useState<string>();
  const [correcting, setCorrecting] = useState<CorrectionTarget | null>(null);

  useEffect(() => { if (examId) table.search({}); /* eslint-disable-next-line react-hooks/exhaustive-deps */ }, [examId]);

  const load = useCallback((examStudentId: number) => {
    setChosen(examStudentId);
    setLoading(true);
    findStudentScores(examId, examStudentId)
      .then((res) => { if (res.code === 200 && res.data) { setScore(res.data); setActiveSubject((a) => a ?? String(res.data.subjects[0]?.examSubjectId)); } else feedbackMessage().error(res.msg || '加载失败'); })
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [examId]);

  if (!exam) return <Card><Spin /></Card>;
  const released = !!(score?.released ?? exam.releasedAt);

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {exam.releasedAt && <Alert type="info" showIcon message="成绩已发布：小题得分不能直接修改，请通过「申请更正」提交，审核通过后重新计算成绩与报告。" />}
      <SearchTable<ExamStudent>
        table={table} rowKey="id" title="考生" formName="scoreStudentSearch" size="small"
        onRow={(r) => ({ onClick: () => load(r.id), style: { cursor: 'pointer', background: r.id === chosen ? '#e6f4ff' : undefined } })}
        searchFields={<Form.Item name="keyword" label="姓名/考号"><Input allowClear placeholder="姓名或考号" style={{ width: 180 }} /></Form.Item>}
        columns={[
          { title: '考号', dataIndex: 'examNo', width: 130 },
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: '班级', dataIndex: 'className', width: 110 },
          { title: '考场', dataIndex: 'room', width: 100, render: (v) => v || '-' },
          { title: '操作', width: 120, render: (_, r) => <Button type="link" size="small" onClick={(e) => { e.stopPropagation(); load(r.id); }}>查看小题得分</Button> },
        ]} />
      <Card size="small" title={score ? <Space>{score.name}<Tag>{score.examNo}</Tag><Tag>{score.className}</Tag><span>总分 {fmtScore(score.total)}</span></Space> : '小题得分'}>
        <Spin spinning={loading}>
          {score ? (
            <Tabs activeKey={activeSubject} onChange={setActiveSubject}
              items={score.subjects.map((s) => ({
                key: String(s.examSubjectId),
                label: `${s.courseName} ${s.absent ? '(缺考)' : s.score === null ? '' : fmtScore(s.score)}`,
                children: <SubjectScores subject={s} student={score} released={released} onSaved={setScore} onCorrect={setCorrecting} />,
              }))} />
          ) : <Empty description="请在上方选择考生" />}
        </Spin>
      </Card>
      <CorrectionApplyModal examId={exam.id} open={!!correcting} target={correcting} onClose={() => setCorrecting(null)}
        onApplied={() => { if (chosen) load(chosen); }} />
    </Space>
  );
}
