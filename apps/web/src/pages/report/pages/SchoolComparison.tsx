import { useMemo } from 'react';
import { Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { JOINT_OTHER_PATHS, type SchoolContrastRow, type SchoolContrastTable } from '@/api/joint-report';
import type { ReportParams } from '@/api/report';
import { ReportPage } from '../common/ReportPage';
import { JointExportButton, ReportBlock, ReportSection, ReportTable, SchoolContrastPdfButtons } from '../common/kit';
import { fmt, pct, signed } from '../common/format';
import { useSchoolContrast } from './useSchoolContrast';

type Row = SchoolContrastRow & { key: string; isJoint?: boolean };

/** 学校对比 (校际对比, joint_analysis/schoolContrast): per subject and 总分 each school against the joint figures. */
export default function SchoolComparison() {
  return (
    <ReportPage title="学校对比" fields={['course', 'registration']}>
      {({ params }) => <SchoolContrastModule params={params} />}
    </ReportPage>
  );
}

function SchoolContrastModule({ params }: { params: ReportParams }) {
  const { data, loading, error, reload } = useSchoolContrast(params);
  return (
    <ReportBlock title="校际对比" loading={loading} error={error} onReload={reload} empty={!!data && !data.tables.length}
      extra={<Space wrap><JointExportButton path={JOINT_OTHER_PATHS.schoolContrast} params={params} testId="export-schoolContrast" /><SchoolContrastPdfButtons params={params} /></Space>}
      sub={data?.anonymised ? '其他学校按组织方设置以 学校A、学校B… 显示' : undefined}>
      {data?.tables.map((t) => <SchoolTable key={t.code} table={t} />)}
    </ReportBlock>
  );
}

function SchoolTable({ table }: { table: SchoolContrastTable }) {
  const rows: Row[] = useMemo(() => [
    { key: 'joint', isJoint: true, schoolName: '联考全体', own: false, count: table.joint.count, mean: table.joint.mean, sd: table.joint.sd, overMeanRate: null, meanRank: null,
      rates: table.joint.rates, bands: table.joint.bands.map((b) => ({ ...b, share: null })) },
    ...table.rows.map((r, i) => ({ ...r, key: `s${i}` })),
  ], [table]);
  const columns = useMemo<TableColumnsType<Row>>(() => [
    { title: '学校', dataIndex: 'schoolName', fixed: 'left', width: 140, render: (v: string, r) => (r.own ? <>{v} <Tag color="blue">本校</Tag></> : v) },
    { title: '实考人数', dataIndex: 'count', width: 80 },
    { title: '平均分', dataIndex: 'mean', width: 80, render: (v) => fmt(v) },
    { title: '超均率', dataIndex: 'overMeanRate', width: 90, render: (v) => (v === null ? '—' : signed(v * 100) + '%') },
    { title: '标准差', dataIndex: 'sd', width: 80, render: (v) => fmt(v) },
    { title: '均分排名', dataIndex: 'meanRank', width: 80, render: (v) => v ?? '—' },
    ...table.joint.rates.map((lvl, k) => ({
      title: `${lvl.name}（${lvl.below ? '<' : '≥'}${fmt(lvl.thresholdScore)}）`,
      children: [
        { title: '人数', key: `rc${k}`, width: 60, render: (_: unknown, r: Row) => r.rates[k]?.count ?? 0 },
        { title: '比率', key: `rs${k}`, width: 80, render: (_: unknown, r: Row) => pct(r.rates[k]?.share) },
      ],
    })),
    ...table.joint.bands.map((b, k) => ({
      title: `联考${b.label}（前${b.maxRank}名）`,
      children: [
        { title: '人数', key: `bc${k}`, width: 60, render: (_: unknown, r: Row) => r.bands[k]?.count ?? 0 },
        { title: '占比', key: `bs${k}`, width: 80, render: (_: unknown, r: Row) => pct(r.bands[k]?.share) },
      ],
    })),
  ], [table]);
  return (
    <ReportSection title={`${table.name}（满分 ${fmt(table.fullScore)}）`}>
      <ReportTable<Row> testId={`school-contrast-${table.code}`} rowKey="key" columns={columns} dataSource={rows} pagination={false}
        rowClassName={(r) => (r.isJoint ? 'jz-row-grade' : '')} />
    </ReportSection>
  );
}
