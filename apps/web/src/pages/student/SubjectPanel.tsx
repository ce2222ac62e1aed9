import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, Empty, Progress, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { studentSubject, type StudentExamDetail, type StudentSubjectReport } from '@/api/student';
import { EChart, barOption } from '@/components/charts';
import { fmt, pct, toPct } from '@/pages/report/common/format';
import { AnswerSheets } from './AnswerSheets';

type Question = StudentSubjectReport['questions'][number];

/** One subject of her exam: every question against her class, then her knowledge-point mastery. */
export function SubjectPanel({ examId, subjects }: { examId: number; subjects: StudentExamDetail['rows'] }) {
  const [code, setCode] = useState(subjects[0]?.code ?? '');
  const [data, setData] = useState<StudentSubjectReport | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!code) return;
    let alive = true;
    setData(null);
    setError('');
    studentSubject(examId, code)
      .then((res) => { if (!alive) return; if (res.code === 200 && res.data) setData(res.data); else if (res.code !== 401) setError(res.msg || '获取小题成绩失败'); })
      .catch(() => alive && setError('获取小题成绩失败，请检查网络连接'));
    return () => { alive = false; };
  }, [examId, code]);

  const chart = useMemo(() => (data ? barOption({
    categories: data.questions.map((q) => q.no),
    series: [
      { name: '我的得分率', data: data.questions.map((q) => (q.score === null ? null : toPct(q.score / q.fullScore))) },
      { name: '班级得分率', data: data.questions.map((q) => (q.classMean === null ? null : toPct(q.classMean / q.fullScore))) },
    ],
    percent: true, max: 100, rotate: data.questions.length > 8 ? 60 : 0,
  }) : null), [data]);

  if (!subjects.length) return null;
  // phone first: her points against her class's come first; the grade and the details scroll in the card
  const columns = [
    { title: '题号', dataIndex: 'no', key: 'no', fixed: 'left' as const, width: 56 },
    { title: '得分', key: 'score', render: (_: unknown, q: Question) => <span><b>{fmt(q.score)}</b> / {fmt(q.fullScore)}</span> },
    { title: '班级均分', key: 'cm', render: (_: unknown, q: Question) => fmt(q.classMean) },
    {
      title: '得分率 我 / 班', key: 'rate', render: (_: unknown, q: Question) => {
        const mine = q.score === null ? null : q.score / q.fullScore;
        const cls = q.classMean === null ? null : q.classMean / q.fullScore;
        const below = mine !== null && cls !== null && mine < cls;
        return <span className={below ? 'jz-student-down' : undefined}>{pct(mine, 0)} / {pct(cls, 0)}</span>;
      },
    },
    { title: '我的作答', key: 'choice', render: (_: unknown, q: Question) => (q.answer === null ? '—' : <span>{q.choice ?? '未作答'}{q.choice !== q.answer && <Tag color="red" style={{ marginLeft: 6 }}>答案 {q.answer}</Tag>}</span>) },
    { title: '年级均分', key: 'gm', render: (_: unknown, q: Question) => fmt(q.gradeMean) },
    { title: '知识点', key: 'kp', render: (_: unknown, q: Question) => q.knowledgePoints.join('、') || '—' },
  ];

  return (
    <Card title="小题与知识点" data-testid="student-subject"
      extra={<Select aria-label="选择科目" value={code} onChange={setCode} style={{ width: 96 }}
        options={subjects.map((s) => ({ value: s.code, label: s.name }))} />}>
      {error ? <Alert type="error" showIcon title={error} /> : !data ? <Skeleton active /> : data.absent ? <Empty description={`${data.name}缺考`} /> : (
        <>
          <Typography.Paragraph>
            {data.name}：<b>{fmt(data.score)}</b> / {fmt(data.fullScore)}
          </Typography.Paragraph>
          <Table<Question> size="small" rowKey="no" columns={columns} dataSource={data.questions} pagination={false} scroll={{ x: 'max-content' }}
            data-testid="student-questions" />
          {chart && <EChart title="每题得分率与班级对比" option={chart} height={280} style={{ marginTop: 16 }} />}
          {data.knowledgePoints.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>知识点掌握</Typography.Title>
              <div className="jz-student-kp" data-testid="student-knowledge">
                {data.knowledgePoints.map((k) => (
                  <div key={k.name} className="jz-student-kp-row">
                    <span className="jz-student-kp-name" title={`${k.name}（第 ${k.questions.join('、')} 题）`}>{k.name}</span>
                    <div>
                      <Progress percent={toPct(k.rate) ?? 0} size="small" format={() => `我 ${pct(k.rate, 0)}`} />
                      <Progress percent={toPct(k.classRate) ?? 0} size="small" strokeColor="#bfbfbf" format={() => `班 ${pct(k.classRate, 0)}`} />
                    </div>
                  </div>
                ))}
              </div>
            </>
          )}
          <AnswerSheets sheets={data.answerSheets} />
        </>
      )}
    </Card>
  );
}
