import { useMemo, useState } from 'react';
import { Empty, Input, List, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TranscriptRow } from '@jz/shared/api/report';
import { EChart, barOption, radarOption } from '@/components/charts';
import type { ReportParams } from '@/api/report';
import { ReportPage } from '../common/ReportPage';
import { useReport } from '../common/context';
import { fmt, pct, toPct } from '../common/format';
import { ReportBlock, ReportSection, ReportTable, StatCards } from '../common/kit';

interface SRow { code: string; name: string; fullScore: number; isTotal: boolean; score: number | null; classRank: number | null; gradeRank: number | null; gradeMean: number | null; gradeMax: number | null }

/** One student's report: scores, class / grade ranks per subject beside the grade mean and max, charts. */
function StudentCard({ params, student, columns }: { params: ReportParams; student: TranscriptRow; columns: { code: string; name: string; fullScore: number; isTotal: boolean }[] }) {
  const overview = useReport('overview', { ...params, classId: 0 });
  const rows: SRow[] = columns.map((c, k) => {
    const g = overview.data?.rows.find((r) => r.code === c.code);
    return { ...c, score: student.scores[k] ?? null, classRank: student.classRanks[k] ?? null, gradeRank: student.gradeRanks[k] ?? null, gradeMean: g?.mean ?? null, gradeMax: g?.max ?? null };
  });
  const total = rows.find((r) => r.isTotal);
  const subjects = rows.filter((r) => !r.isTotal);
  const cols: TableColumnsType<SRow> = [
    { title: '科目', dataIndex: 'name', key: 'name', render: (v: string, r) => (r.isTotal ? <b>{v}</b> : v) },
    { title: '满分', key: 'full', align: 'right', render: (_, r) => fmt(r.fullScore) },
    { title: '得分', key: 'score', align: 'right', render: (_, r) => (r.score === null ? <Tag>缺考</Tag> : <b>{fmt(r.score)}</b>) },
    { title: '得分率', key: 'rate', align: 'right', render: (_, r) => (r.score === null ? '—' : pct(r.score / r.fullScore)) },
    { title: '班级排名', key: 'cr', align: 'right', render: (_, r) => fmt(r.classRank) },
    { title: '年级排名', key: 'gr', align: 'right', render: (_, r) => fmt(r.gradeRank) },
    { title: '年级平均分', key: 'gm', align: 'right', render: (_, r) => fmt(r.gradeMean) },
    { title: '年级最高分', key: 'gx', align: 'right', render: (_, r) => fmt(r.gradeMax) },
  ];
  const bar = useMemo(() => barOption({
    categories: subjects.map((r) => r.name),
    series: [{ name: student.name, data: subjects.map((r) => (r.score === null ? null : toPct(r.score / r.fullScore))) }, { name: '年级平均', data: subjects.map((r) => (r.gradeMean === null ? null : toPct(r.gradeMean / r.fullScore))) }],
    percent: true, max: 100, yName: '得分率',
  }), [subjects, student.name]);
  const radar = useMemo(() => radarOption({
    indicators: subjects.map((r) => ({ name: r.name, max: 100 })),
    series: [
      { name: student.name, values: subjects.map((r) => (r.score === null ? null : toPct(r.score / r.fullScore))) },
      { name: '年级平均', values: subjects.map((r) => (r.gradeMean === null ? null : toPct(r.gradeMean / r.fullScore))) },
    ],
    percent: true,
  }), [subjects, student.name]);
  return (
    <ReportBlock title={`${student.name}的成绩报告`} sub={`${student.className} · 考号 ${student.admissionNo}`} loading={overview.loading}>
      <StatCards items={[
        { label: '总分', value: fmt(total?.score), color: '#1677ff' },
        { label: '班级排名', value: fmt(total?.classRank) },
        { label: '年级排名', value: fmt(total?.gradeRank) },
        { label: '年级平均分', value: fmt(total?.gradeMean) },
      ]} />
      <ReportSection title="各科成绩">
        <ReportTable<SRow> testId="report-table-studentReport" rowKey="code" columns={cols} dataSource={rows} pagination={false} rowClassName={(r) => (r.isTotal ? 'jz-row-grade' : '')} />
      </ReportSection>
      <div className="jz-report-grid">
        <ReportSection title="各科得分率对比"><EChart title="各科得分率对比" option={bar} height={300} /></ReportSection>
        {subjects.length >= 3 && <ReportSection title="学科均衡"><EChart title="学科均衡" option={radar} height={300} /></ReportSection>}
      </div>
    </ReportBlock>
  );
}

/** 学生报告 (stedentReport): pick a student of the visible classes, then the student's report. */
export default function StedentReport() {
  return (
    <ReportPage title="学生报告" fields={['classType', 'class', 'registration']}>
      {({ params }) => <StudentPicker params={{ ...params, courseCode: '0' }} />}
    </ReportPage>
  );
}

function StudentPicker({ params }: { params: ReportParams }) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<number | null>(null);
  const query = useMemo(() => ({ ...params, keyword: keyword || undefined, current: 1, size: 500 }), [params, keyword]);
  const { data, loading, error } = useReport('transcript', query);
  const records = data?.records ?? [];
  const student = records.find((r) => r.examStudentId === picked) ?? records[0];
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <ReportBlock title="选择学生" error={error} loading={loading}>
        <Input.Search allowClear placeholder="姓名 / 考号" aria-label="搜索学生" onSearch={(v) => setKeyword(v.trim())} style={{ width: 220 }} />
        <List size="small" style={{ width: 220, maxHeight: 560, overflow: 'auto' }} dataSource={records}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无匹配学生" /> }}
          renderItem={(r) => (
            <List.Item onClick={() => setPicked(r.examStudentId)} style={{ cursor: 'pointer', background: student?.examStudentId === r.examStudentId ? '#e6f4ff' : undefined, paddingInline: 8 }}>
              <span>{r.name}</span><span className="jz-muted">{r.className}</span>
            </List.Item>
          )} />
      </ReportBlock>
      <div style={{ flex: 1, minWidth: 0 }}>
        {student && data ? <StudentCard params={params} student={student} columns={data.columns} /> : !loading && <ReportBlock title="学生报告" empty />}
      </div>
    </div>
  );
}
