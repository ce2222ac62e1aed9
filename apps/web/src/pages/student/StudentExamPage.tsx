import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Skeleton, Space, Statistic, Table, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { studentExamDetail, type StudentExamDetail } from '@/api/student';
import { EChart, barOption } from '@/components/charts';
import { fmt, toPct } from '@/pages/report/common/format';
import { StudentShell } from './StudentShell';
import { SubjectPanel } from './SubjectPanel';
import { useStudentSlip } from './useStudentSlip';

type Row = StudentExamDetail['rows'][number];
type ProgressRow = NonNullable<StudentExamDetail['progress']>['rows'][number];

/** A rank change: ↑ up (red, as Chinese score reports mark progress), ↓ down (green). */
function Change({ value, unit = '' }: { value: number | null; unit?: string }) {
  if (value === null) return <span>—</span>;
  if (value === 0) return <span>持平</span>;
  return <span className={value > 0 ? 'jz-student-up' : 'jz-student-down'}>{value > 0 ? '↑' : '↓'}{fmt(Math.abs(value))}{unit}</span>;
}

/** /student/exam?examId=: her report of one exam. */
export default function StudentExamPage() {
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  const navigate = useNavigate();
  const [data, setData] = useState<StudentExamDetail | null>(null);
  const [error, setError] = useState('');
  const slip = useStudentSlip(examId);

  useEffect(() => {
    let alive = true;
    setData(null);
    setError('');
    if (!Number.isInteger(examId) || examId <= 0) { setError('请选择考试'); return; }
    studentExamDetail(examId)
      .then((res) => { if (!alive) return; if (res.code === 200 && res.data) setData(res.data); else if (res.code !== 401) setError(res.msg || '获取成绩失败'); })
      .catch(() => alive && setError('获取成绩失败，请检查网络连接'));
    return () => { alive = false; };
  }, [examId]);

  const total = data?.rows.find((r) => r.isTotal);
  const subjects = useMemo(() => data?.rows.filter((r) => !r.isTotal) ?? [], [data]);
  const chart = useMemo(() => barOption({
    categories: subjects.map((r) => r.name),
    series: [
      { name: '我的得分率', data: subjects.map((r) => (r.score === null ? null : toPct(r.score / r.fullScore))) },
      { name: '班级平均', data: subjects.map((r) => (r.classMean === null ? null : toPct(r.classMean / r.fullScore))) },
      { name: '年级平均', data: subjects.map((r) => (r.gradeMean === null ? null : toPct(r.gradeMean / r.fullScore))) },
    ],
    percent: true, max: 100, rotate: subjects.length > 5 ? 40 : 0,
  }), [subjects]);

  const gradeLabel = data?.joint ? '校内排名' : '年级排名';
  const wide = data?.joint ? '联考' : '年级';
  const columns = [
    { title: '科目', dataIndex: 'name', key: 'name', fixed: 'left' as const, width: 64 },
    { title: '得分', key: 'score', render: (_: unknown, r: Row) => (r.absent ? <Tag>缺考</Tag> : <b>{fmt(r.score)}</b>) },
    { title: '满分', dataIndex: 'fullScore', key: 'full', render: (v: number) => fmt(v) },
    ...(data?.ranks.classRank ? [{ title: '班级排名', key: 'cr', render: (_: unknown, r: Row) => fmt(r.classRank) }] : []),
    // a joint exam (联考): 校内排名 (her school) beside 联考排名 (the whole joint population); means and maxima are joint
    ...(data?.ranks.gradeRank ? [{ title: gradeLabel, key: 'gr', render: (_: unknown, r: Row) => fmt(r.gradeRank) }] : []),
    ...(data?.ranks.gradeRank && data.joint ? [{ title: '联考排名', key: 'jr', render: (_: unknown, r: Row) => fmt(r.jointRank) }] : []),
    { title: '班级均分', key: 'cm', render: (_: unknown, r: Row) => fmt(r.classMean) },
    { title: '班级最高', key: 'cx', render: (_: unknown, r: Row) => fmt(r.classMax) },
    { title: `${wide}均分`, key: 'gm', render: (_: unknown, r: Row) => fmt(r.gradeMean) },
    { title: `${wide}最高`, key: 'gx', render: (_: unknown, r: Row) => fmt(r.gradeMax) },
  ];
  const progressColumns = [
    { title: '科目', dataIndex: 'name', key: 'name', fixed: 'left' as const, width: 64 },
    { title: '本次', key: 's', render: (_: unknown, r: ProgressRow) => fmt(r.score) },
    { title: '上次', key: 'rs', render: (_: unknown, r: ProgressRow) => fmt(r.refScore) },
    { title: '分数变化', key: 'sc', render: (_: unknown, r: ProgressRow) => (r.scoreChange === null ? '满分不同' : <Change value={r.scoreChange} />) },
    ...(data?.ranks.gradeRank ? [{ title: '年级排名', key: 'gr', render: (_: unknown, r: ProgressRow) => <span>{fmt(r.refGradeRank)} → {fmt(r.gradeRank)} <Change value={r.gradeRankChange} /></span> }] : []),
    ...(data?.ranks.classRank ? [{ title: '班级排名', key: 'cr', render: (_: unknown, r: ProgressRow) => <span>{fmt(r.refClassRank)} → {fmt(r.classRank)} <Change value={r.classRankChange} /></span> }] : []),
  ];

  return (
    <StudentShell extra={<Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/student/home')} aria-label="返回考试列表" />}>
      {error ? <Alert type="error" showIcon title={error} /> : !data ? <Card><Skeleton active /></Card> : (
        <>
          <Card data-testid="student-exam-summary"
            title={<div style={{ whiteSpace: 'normal' }}>{data.examName}</div>}
            extra={null}>
            <Typography.Text type="secondary">{data.examTypeName} · {data.startDate} · {data.className} · {data.name}</Typography.Text>
            <div className="jz-student-hero" style={{ marginTop: 12 }}>
              <div>
                <div style={{ color: '#8c8c8c' }}>总分</div>
                <div className="jz-student-total" data-testid="student-total">{total?.absent ? '缺考' : fmt(total?.score)}</div>
                <div style={{ color: '#8c8c8c', marginTop: 4 }}>满分 {fmt(total?.fullScore)}</div>
              </div>
              {data.ranks.classRank && <Statistic title="班级排名" value={fmt(total?.classRank)} suffix={`/ ${data.classCount}`} />}
              {data.ranks.gradeRank && <Statistic title={gradeLabel} value={fmt(total?.gradeRank)} suffix={`/ ${data.gradeCount}`} />}
              {data.ranks.gradeRank && data.joint && <div data-testid="student-joint-rank"><Statistic title="联考排名" value={fmt(total?.jointRank)} suffix={`/ ${data.jointCount ?? ''}`} /></div>}
              <Statistic title="班级均分" value={fmt(total?.classMean)} />
              <Statistic title={`${wide}均分`} value={fmt(total?.gradeMean)} />
            </div>
            <Space wrap style={{ marginTop: 16 }}>
              <Button type="primary" icon={<DownloadOutlined />} loading={slip.busy} onClick={slip.download} data-testid="student-slip">
                {slip.busy ? `正在生成 ${slip.progress}%` : '下载成绩单PDF'}
              </Button>
            </Space>
            {data.comment && <Alert style={{ marginTop: 16 }} type="info" title={data.comment} />}
          </Card>
          <Card title="各科成绩" data-testid="student-subjects">
            <Table<Row> size="small" rowKey="code" columns={columns} dataSource={data.rows} pagination={false} scroll={{ x: 'max-content' }}
              rowClassName={(r) => (r.isTotal ? 'jz-row-grade' : '')} />
            <EChart title="各科得分率与班级、年级平均" option={chart} height={300} style={{ marginTop: 16 }} />
          </Card>
          {data.progress && (
            <Card title={`与${data.progress.referenceExamName}相比`} data-testid="student-progress">
              <Table<ProgressRow> size="small" rowKey="code" columns={progressColumns} dataSource={data.progress.rows} pagination={false} scroll={{ x: 'max-content' }} />
            </Card>
          )}
          <SubjectPanel examId={examId} subjects={subjects.filter((s) => s.hasQuestions)} />
        </>
      )}
    </StudentShell>
  );
}
