import { useMemo, useState } from 'react';
import { Segmented, Switch, Tabs } from 'antd';
import type { TableColumnsType } from 'antd';
import type { SegmentTable } from '@jz/shared/api/report';
import { EChart, barOption, histogramOption } from '@/components/charts';
import type { RankSegment, ReportParams } from '@/api/report';
import { useReport } from '../common/context';
import { byNumber, fmt } from '../common/format';
import { ReportBlock, ReportSection, ReportTable } from '../common/kit';

interface SegRow { key: string; name: string; isGrade: boolean; cells: { count: number; cumulative: number }[] }

/** Score segments (from full score down) × 全年级 and classes: 人数 and 累计人数 per segment. */
function SegmentTableView({ table, testId, cumulative }: { table: SegmentTable; testId?: string; cumulative: boolean }) {
  const rows: SegRow[] = [
    { key: 'grade', name: '全年级', isGrade: true, cells: table.grade },
    ...table.classes.map((c) => ({ key: String(c.classId), name: c.className, isGrade: false, cells: c.cells })),
  ];
  const columns: TableColumnsType<SegRow> = [
    { title: '班级', dataIndex: 'name', key: 'name', fixed: 'left', width: 100 },
    ...table.segments.map((s, k) => ({
      title: s.label,
      key: `seg-${k}`,
      children: [
        { title: '人数', key: `seg-${k}-n`, align: 'right' as const, render: (_: unknown, r: SegRow) => fmt(r.cells[k]?.count), sorter: byNumber((r: SegRow) => r.cells[k]?.count) },
        ...(cumulative ? [{ title: '累计', key: `seg-${k}-c`, align: 'right' as const, render: (_: unknown, r: SegRow) => fmt(r.cells[k]?.cumulative) }] : []),
      ],
    })),
  ];
  return <ReportTable<SegRow> testId={testId} rowKey="key" columns={columns} dataSource={rows} rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} pagination={false} />;
}

/** Histogram of the grade's counts per segment, lowest segment on the left (chart-axis rule on counts). */
function SegmentHistogram({ table, title }: { table: SegmentTable; title: string }) {
  const option = useMemo(() => {
    const idx = table.segments.map((_, k) => k).reverse();
    return histogramOption({ labels: idx.map((k) => table.segments[k].label), counts: idx.map((k) => table.grade[k]?.count ?? 0) });
  }, [table]);
  return <EChart title={title} option={option} height={300} />;
}

/** 横向分布: the chosen course's score segments per class (default 总分) with the grade histogram. */
export function HorizontalDistributionModule({ params, title = '横向分布' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('horizontalDistribution', params);
  const [cum, setCum] = useState(true);
  const t = data?.table;
  return (
    <ReportBlock title={title} reportKey="horizontalDistribution" params={params} loading={loading} error={error} onReload={reload}
      sub={t ? `${t.name} · 每 ${fmt(t.width)} 分一段` : undefined}
      extra={<label className="jz-filter-item"><Switch size="small" checked={cum} onChange={setCum} aria-label="显示累计人数" />显示累计</label>}>
      {t && (
        <>
          <ReportSection title={`${t.name}分数段分布`}>
            <SegmentHistogram table={t} title={`${t.name}分数段分布`} />
          </ReportSection>
          <ReportSection title={`${t.name}各班分数段人数`}>
            <SegmentTableView table={t} testId="report-table-horizontalDistribution" cumulative={cum} />
          </ReportSection>
        </>
      )}
    </ReportBlock>
  );
}

/** 分数段分析: every permitted column (or the chosen one), a tab each. */
export function ScoreSegmentModule({ params, title = '分数段分析' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('scoreSegment', params);
  const [cum, setCum] = useState(true);
  const tables = data?.tables ?? [];
  return (
    <ReportBlock title={title} reportKey="scoreSegment" params={params} loading={loading} error={error} onReload={reload} empty={!!data && tables.length === 0}
      extra={<label className="jz-filter-item"><Switch size="small" checked={cum} onChange={setCum} aria-label="显示累计人数" />显示累计</label>}>
      {tables.length > 0 && (
        <Tabs items={tables.map((t, i) => ({
          key: t.code,
          label: t.name,
          children: (
            <div className="jz-report-block-body">
              <ReportSection title={`${t.name}分数段分布`} note={`每 ${fmt(t.width)} 分一段`}>
                <SegmentHistogram table={t} title={`${t.name}分数段分布`} />
              </ReportSection>
              <ReportSection title={`${t.name}各班分数段人数`}>
                <SegmentTableView table={t} testId={i === 0 ? 'report-table-scoreSegment' : undefined} cumulative={cum} />
              </ReportSection>
            </div>
          ),
        }))} />
      )}
    </ReportBlock>
  );
}

type RankTable = RankSegment['tables'][number];
interface RankRow { key: string; name: string; isGrade: boolean; segments: RankTable['grade'] }

/** 名次段分析: students of each class within grade ranks 前10/20/50/100/200/500 名 (count and cumulative). */
export function RankSegmentModule({ params, title = '名次段分析' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('rankSegment', params);
  const [mode, setMode] = useState<'cumulative' | 'count'>('cumulative');
  const tables = data?.tables ?? [];
  const view = (t: RankTable, i: number) => {
    const rows: RankRow[] = [
      { key: 'grade', name: '全年级', isGrade: true, segments: t.grade },
      ...t.classes.map((c) => ({ key: String(c.classId), name: c.className, isGrade: false, segments: c.segments })),
    ];
    const columns: TableColumnsType<RankRow> = [
      { title: '班级', dataIndex: 'name', key: 'name', fixed: 'left', width: 100 },
      ...t.grade.map((s, k) => ({
        title: s.label,
        key: `rank-${k}`,
        children: [
          { title: '人数', key: `rank-${k}-n`, align: 'right' as const, render: (_: unknown, r: RankRow) => fmt(r.segments[k]?.count), sorter: byNumber((r: RankRow) => r.segments[k]?.count) },
          { title: '累计', key: `rank-${k}-c`, align: 'right' as const, render: (_: unknown, r: RankRow) => fmt(r.segments[k]?.cumulative), sorter: byNumber((r: RankRow) => r.segments[k]?.cumulative) },
        ],
      })),
    ];
    const chart = barOption({
      categories: t.classes.map((c) => c.className),
      series: t.grade.map((s, k) => ({ name: mode === 'cumulative' ? s.label : `${s.from}-${s.to}名`, data: t.classes.map((c) => (mode === 'cumulative' ? c.segments[k]?.cumulative : c.segments[k]?.count) ?? 0) })),
      yName: '人数',
    });
    return (
      <div className="jz-report-block-body">
        <ReportSection title={`${t.name}各班名次段人数`}>
          <ReportTable<RankRow> testId={i === 0 ? 'report-table-rankSegment' : undefined} rowKey="key" columns={columns} dataSource={rows}
            rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} pagination={false} />
        </ReportSection>
        <ReportSection title={`${t.name}各班名次段人数图`}>
          <EChart title={`${t.name}各班名次段人数图`} option={chart} height={320} />
        </ReportSection>
      </div>
    );
  };
  return (
    <ReportBlock title={title} reportKey="rankSegment" params={params} loading={loading} error={error} onReload={reload} empty={!!data && tables.length === 0}
      sub="人数 = 名次在该段内（上一段之后）的人数；累计 = 年级名次在前 N 名内的人数"
      extra={<Segmented size="small" value={mode} aria-label="图表口径" onChange={(v) => setMode(v as 'cumulative' | 'count')} options={[{ value: 'cumulative', label: '图：累计' }, { value: 'count', label: '图：区间人数' }]} />}>
      {tables.length > 0 && <Tabs items={tables.map((t, i) => ({ key: t.code, label: t.name, children: view(t, i) }))} />}
    </ReportBlock>
  );
}
