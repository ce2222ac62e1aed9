import type { ReactNode } from 'react';
import { Button, Card, Empty, Result, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { SubjectSwitch } from '../exam/SubjectSwitch';
import type { useScanExam } from './useScanExam';

type ScanExam = ReturnType<typeof useScanExam>;

/**
 * The frame of every scanning page: asks for an exam when none is chosen, shows the refusal when it cannot be
 * read, else the exam's name, the subject switch and the page (given the subject id).
 */
export function ScanFrame({ scan, title, extra, children }: { scan: ScanExam; title: string; extra?: ReactNode; children: (examSubjectId: number) => ReactNode }) {
  const navigate = useNavigate();
  const { examId, exam, loading, error, subject, setSubject } = scan;
  if (!examId) {
    return <Card><Empty description="请先在考试列表中选择一场考试"><Button type="primary" onClick={() => navigate('/examMarking/myExamList')}>去选择考试</Button></Empty></Card>;
  }
  if (!exam) return <Card>{loading ? <Spin /> : <Result status="warning" title={error || '考试不存在'} />}</Card>;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
          <Space wrap>
            <Typography.Title level={5} style={{ margin: 0 }}>{title}</Typography.Title>
            <span style={{ color: '#666' }}>{exam.name}</span>
            <Tag color="blue">{exam.gradeName}</Tag>
            {subject && (
              <Tag data-testid="used-card-type" color={subject.usedCardType === 0 ? 'default' : subject.usedCardType === 2 ? 'purple' : 'green'}>
                {subject.usedCardTypeName}
              </Tag>
            )}
          </Space>
          <Space wrap>
            <SubjectSwitch subjects={exam.subjects} value={subject?.id} onChange={setSubject} />
            {extra}
          </Space>
        </div>
      </Card>
      {subject ? children(subject.id) : <Card><Empty description="这场考试还没有科目" /></Card>}
    </Space>
  );
}
