import { useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Empty, List, Skeleton, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { studentInfo } from '@/api/auth';
import { studentExamList, type StudentExamListItem } from '@/api/student';
import { fmt } from '@/pages/report/common/format';
import { StudentShell } from './StudentShell';

interface Info { name?: string; username?: string; schoolName?: string; gradeName?: string; className?: string; admissionNo?: string }

/** /student/home: who she is and the released exams that include her, newest first. */
export default function StudentHomePage() {
  const navigate = useNavigate();
  const [info, setInfo] = useState<Info | null>(null);
  const [exams, setExams] = useState<StudentExamListItem[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let alive = true;
    Promise.all([studentInfo(), studentExamList()])
      .then(([i, l]) => {
        if (!alive) return;
        if (i.code === 200) setInfo(i.data ?? {});
        if (l.code === 200) setExams(l.data ?? []);
        else if (l.code !== 401) setError(l.msg || '获取考试列表失败');
      })
      .catch(() => alive && setError('获取数据失败，请检查网络连接'));
    return () => { alive = false; };
  }, []);

  const items = info ? [
    ['姓名', info.name], ['学校', info.schoolName], ['班级', [info.gradeName, info.className].filter(Boolean).join('')], ['学籍号', info.admissionNo],
  ].filter(([, v]) => v) : [];

  return (
    <StudentShell>
      <Card title="我的信息" size="small">
        {!info && !error ? <Skeleton active paragraph={{ rows: 1 }} /> : (
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} items={items.map(([k, v]) => ({ key: k!, label: k, children: v }))} />
        )}
      </Card>
      <Card title="我的考试" data-testid="student-exams">
        {error ? <Alert type="error" showIcon title={error} /> : exams === null ? <Skeleton active /> : exams.length === 0 ? (
          <Empty description="暂无已发布成绩的考试" />
        ) : (
          <List
            dataSource={exams}
            renderItem={(e) => (
              <List.Item key={e.examId} data-testid="student-exam-item">
                <div className="jz-student-exam" role="link" tabIndex={0} onClick={() => navigate(`/student/exam?examId=${e.examId}`)}
                  onKeyDown={(ev) => { if (ev.key === 'Enter') navigate(`/student/exam?examId=${e.examId}`); }}>
                  <div className="jz-student-exam-body">
                    <div className="jz-student-exam-name">{e.examName}</div>
                    <div className="jz-student-exam-meta"><Tag>{e.examTypeName}</Tag>{e.startDate} · {e.subjectCount} 科</div>
                  </div>
                  <div className="jz-student-exam-score">
                    {e.totalScore === null ? <Tag color="default">缺考</Tag> : <><b>{fmt(e.totalScore)}</b><div className="jz-student-exam-meta">总分 / {fmt(e.totalFullScore)}</div></>}
                  </div>
                </div>
              </List.Item>
            )}
          />
        )}
      </Card>
    </StudentShell>
  );
}
