import { useEffect, useState } from 'react';
import { Alert, Card, Space, Spin, Table, Tag } from 'antd';
import type { ExamSubject } from '@/api/exam';
import { findReleasedOverview, type Overview } from '@/api/score';
import { fmtScore } from './examConstants';
import { useCurrentExam } from './useExam';

type OverviewRow = Overview['rows'][number];
const FLOW_NAMES: Record<string, string> = { question: '小题已设置', score: '成绩已录入' };

interface Row {
  key: string;
  name: string;
  fullScore: number;
  subject?: ExamSubject;
  stats?: OverviewRow;
  isTotal?: boolean;
}

/** 成绩汇总: per subject the students, absent, scored and entry state; mean, max, min from the released overview. */
export default function SummaryOfGrade() {
  const { exam } = useCurrentExam();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [overviewMsg, setOverviewMsg] = useState('');
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    setOverview(null);
    setOverviewMsg('');
    if (!exam?.releasedAt) return;
    setLoading(true);
    findReleasedOverview(exam.id)
      .then((res) => { if (res.code === 200 && res.data) setOverview(res.data); else setOverviewMsg(res.msg || '统计数据暂不可用'); })
      .catch(() => setOverviewMsg('统计数据暂不可用'))
      .finally(() => setLoading(false));
  }, [exam?.id, exam?.releasedAt]);

  if (!exam) return <Card><Spin /></Card>;
  const statsOf = (code: string) => overview?.rows.find((r) => r.code === code);
  const rows: Row[] = exam.subjects.map((s) => ({ key: s.courseCode, name: s.courseName, fullScore: s.fullScore, subject: s, stats: statsOf(s.courseCode) }));
  const total = overview?.rows.find((r) => r.isTotal);
  if (total) rows.push({ key: total.code, name: total.name || '总分', fullScore: total.fullScore, stats: total, isTotal: true });

  const entryState = (s: ExamSubject) => {
    if (!s.totalsOnly && s.questionCount === 0) return <Tag>未设置小题</Tag>;
    const done = s.scoredCount + s.absentCount;
    if (done === 0) return <Tag color="default">未录入</Tag>;
    if (done < exam.studentCount) return <Tag color="processing">部分录入</Tag>;
    return <Tag color="success">已录入</Tag>;
  };
  const stat = (k: 'mean' | 'max' | 'min') => (_: unknown, r: Row) => (r.stats ? fmtScore(r.stats[k]) : '—');

  return (
    <Card size="small" title="成绩汇总">
      {!exam.releasedAt && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="成绩尚未发布：下表为各科成绩录入情况；平均分、最高分、最低分在发布后统计。" />}
      {overviewMsg && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`统计数据：${overviewMsg}`} />}
      <Spin spinning={loading}>
        <Table<Row> size="small" bordered rowKey="key" pagination={false} dataSource={rows}
          columns={[
            { title: '科目', dataIndex: 'name', render: (v, r) => (r.isTotal ? <b>{v}</b> : v) },
            { title: '满分', dataIndex: 'fullScore', width: 70 },
            { title: '小题', width: 80, render: (_, r) => (r.subject ? (r.subject.totalsOnly ? '仅总分' : `${r.subject.questionCount} 题`) : '—') },
            { title: '考生数', width: 80, render: () => exam.studentCount },
            { title: '实考', width: 70, render: (_, r) => (r.stats ? r.stats.sat : r.subject ? r.subject.scoredCount : '—') },
            { title: '缺考', width: 70, render: (_, r) => (r.stats ? r.stats.absent : r.subject ? r.subject.absentCount : '—') },
            { title: '未录入', width: 80, render: (_, r) => (r.subject ? Math.max(0, exam.studentCount - r.subject.scoredCount - r.subject.absentCount) : '—') },
            { title: '平均分', width: 80, render: stat('mean') },
            { title: '最高分', width: 80, render: stat('max') },
            { title: '最低分', width: 80, render: stat('min') },
            {
              title: '状态', width: 220,
              render: (_, r) => (r.subject ? (
                <Space size={4} wrap>
                  {entryState(r.subject)}
                  {r.subject.flowStatus.split(',').filter(Boolean).map((f) => <Tag key={f} color="blue">{FLOW_NAMES[f] ?? f}</Tag>)}
                  {exam.releasedAt && <Tag color="green">已发布</Tag>}
                </Space>
              ) : exam.releasedAt ? <Tag color="green">已发布</Tag> : null),
            },
          ]} />
      </Spin>
    </Card>
  );
}
