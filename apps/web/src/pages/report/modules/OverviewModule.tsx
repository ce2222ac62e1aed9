import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import type { Overview } from '@jz/shared/api/report';
import { EChart, barOption, radarOption } from '@/components/charts';
import type { ReportParams } from '@/api/report';
import { useReport } from '../common/context';
import { fmt, pct, toPct, byText } from '../common/format';
import { numCol, pctCol, rateCols } from '../common/columns';
import { ReportBlock, ReportSection, ReportTable, StatCards } from '../common/kit';

type Row = Overview['rows'][number];
type Absent = Overview['absentStudents'][number];

/** 数据概览: key figures, per subject statistics (and total), 得分率 chart, subject balance radar, absentees. */
export function OverviewModule({ params, title = '数据概览' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('overview', params);
  const rows = data?.rows ?? [];
  const total = rows.find((r) => r.isTotal);
  const subjects = rows.filter((r) => !r.isTotal);
  const columns = useMemo<TableColumnsType<Row>>(() => [
    { title: '科目', dataIndex: 'name', key: 'name', fixed: 'left', width: 90, render: (v: string, r) => (r.isTotal ? <b>{v}</b> : v) },
    numCol<Row>('满分', (r) => r.fullScore),
    numCol<Row>('实考人数', (r) => r.sat),
    numCol<Row>('缺考人数', (r) => r.absent),
    numCol<Row>('平均分', (r) => r.mean),
    numCol<Row>('标准差', (r) => r.sd),
    numCol<Row>('最高分', (r) => r.max),
    numCol<Row>('最低分', (r) => r.min),
    numCol<Row>('中位数', (r) => r.median),
    numCol<Row>('下四分位数', (r) => r.q1),
    numCol<Row>('上四分位数', (r) => r.q3),
    pctCol<Row>('得分率', (r) => r.scoreRate),
    ...rateCols<Row>(rows[0]?.rates ?? [], (r) => r.rates, rows[0]?.fullScore),
  ], [rows]);
  const absentColumns: TableColumnsType<Absent> = [
    { title: '考号', dataIndex: 'admissionNo', key: 'admissionNo', sorter: byText((r: Absent) => r.admissionNo) },
    { title: '姓名', dataIndex: 'name', key: 'name' },
    { title: '班级', dataIndex: 'className', key: 'className', sorter: byText((r: Absent) => r.className) },
    { title: '缺考科目', dataIndex: 'subjectNames', key: 'subjects', render: (v: string[]) => v.join('、') },
  ];
  const rateChart = useMemo(() => barOption({
    categories: rows.map((r) => r.name),
    series: [{ name: '得分率', data: rows.map((r) => toPct(r.scoreRate)) }],
    percent: true, max: 100, labels: true, yName: '得分率',
  }), [rows]);
  const radar = useMemo(() => radarOption({
    indicators: subjects.map((r) => ({ name: r.name, max: 100 })),
    series: [{ name: '得分率', values: subjects.map((r) => toPct(r.scoreRate)) }],
    percent: true,
  }), [subjects]);
  return (
    <ReportBlock title={title} reportKey="overview" params={params} loading={loading} error={error} onReload={reload} empty={!!data && rows.length === 0}>
      {data && (
        <>
          <StatCards items={[
            { label: '参考人数', value: data.studentCount },
            { label: '班级数', value: data.classCount },
            { label: '科目数', value: data.subjectCount },
            ...(total ? [
              { label: '总分平均分', value: fmt(total.mean), color: '#1677ff' },
              { label: '总分最高分', value: fmt(total.max) },
              { label: '总分得分率', value: pct(total.scoreRate) },
            ] : []),
            { label: '缺考人数', value: data.absentStudents.length, color: data.absentStudents.length ? '#cf1322' : undefined },
          ]} />
          <ReportSection title="各科成绩概况">
            <ReportTable<Row> testId="report-table-overview" rowKey="code" columns={columns} dataSource={rows}
              rowClassName={(r) => (r.isTotal ? 'jz-row-grade' : '')} />
          </ReportSection>
          <div className="jz-report-grid">
            <ReportSection title="各科得分率">
              <EChart title="各科得分率" option={rateChart} height={300} />
            </ReportSection>
            {subjects.length >= 3 && (
              <ReportSection title="学科均衡（得分率雷达图）">
                <EChart title="学科均衡（得分率雷达图）" option={radar} height={300} />
              </ReportSection>
            )}
          </div>
          {data.absentStudents.length > 0 && (
            <ReportSection title="缺考名单">
              <ReportTable<Absent> rowKey="studentId" columns={absentColumns} dataSource={data.absentStudents} pageSize={10} />
            </ReportSection>
          )}
        </>
      )}
    </ReportBlock>
  );
}
