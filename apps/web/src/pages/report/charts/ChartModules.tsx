import { useMemo } from 'react';
import type { TableColumnsType } from 'antd';
import { ChartCard, histogramOption, scatterOption, trendOption, tukeyBoxOption } from '@/components/charts';
import { findScoreCharts, findTrend, type ReportParams, type ScoreCharts, type Trend } from '@/api/report';
import { fmt, fmtIndex, pct } from '../common/format';
import { ReportBlock, ReportSection, ReportTable, StatCards } from '../common/kit';
import { useChartData } from './useChartData';

type Box = ScoreCharts['boxes'][number];

/** A bin's label: its lower and upper score ([lower, upper), the last one closed at the full score). */
const binLabel = (b: { lower: number; upper: number }) => `${fmt(b.lower)}–${fmt(b.upper)}`;

/** The file name of an exported chart: exam, column and chart. */
const fileOf = (c: ScoreCharts | Trend, what: string) => `${c.meta.examName}-${c.meta.courseName}-${what}`;

/**
 * 成绩图表: the column's score distribution, box plots of the grade (or the caller's classes) and each class, and a
 * subject's scores against the total; each chart exports as a PNG. The box figures also stand in a table.
 */
export function ScoreChartsModule({ params }: { params: ReportParams }) {
  const { data, loading, error, reload } = useChartData(findScoreCharts, params);
  const hist = useMemo(() => data && histogramOption({
    labels: data.histogram.map(binLabel),
    counts: data.histogram.map((b) => b.count),
  }), [data]);
  const boxes = useMemo(() => data && tukeyBoxOption({
    categories: data.boxes.map((b) => b.unitName),
    boxes: data.boxes.map((b) => (b.box ? { ...b.box, mean: b.mean } : null)),
    max: data.column.fullScore,
  }), [data]);
  const scatter = useMemo(() => {
    if (!data?.scatter) return null;
    const names = new Map(data.boxes.map((b) => [b.unitId, b.unitName]));
    const byClass = new Map<string, [number, number][]>();
    for (const p of data.scatter.points) byClass.set(p.classId, [...(byClass.get(p.classId) ?? []), [p.total, p.score]]);
    return scatterOption({
      series: [...byClass].map(([id, points]) => ({ name: names.get(id) ?? id, points })),
      line: data.scatter.slope !== null && data.scatter.intercept !== null ? { slope: data.scatter.slope, intercept: data.scatter.intercept, name: '回归线' } : null,
      xName: '总分', yName: data.column.name,
      yMax: data.column.fullScore,
    });
  }, [data]);
  const columns = useMemo<TableColumnsType<Box>>(() => [
    { title: '班级', dataIndex: 'unitName', key: 'unitName', fixed: 'left', width: 110 },
    { title: '人数', key: 'n', align: 'right', render: (_v, r) => fmt(r.box?.n ?? 0) },
    { title: '平均分', key: 'mean', align: 'right', render: (_v, r) => fmt(r.mean) },
    { title: '最低分', key: 'min', align: 'right', render: (_v, r) => fmt(r.box?.min) },
    { title: '下须', key: 'lw', align: 'right', render: (_v, r) => fmt(r.box?.lowerWhisker) },
    { title: 'Q1', key: 'q1', align: 'right', render: (_v, r) => fmt(r.box?.q1) },
    { title: '中位数', key: 'median', align: 'right', render: (_v, r) => fmt(r.box?.median) },
    { title: 'Q3', key: 'q3', align: 'right', render: (_v, r) => fmt(r.box?.q3) },
    { title: '上须', key: 'uw', align: 'right', render: (_v, r) => fmt(r.box?.upperWhisker) },
    { title: '最高分', key: 'max', align: 'right', render: (_v, r) => fmt(r.box?.max) },
    { title: '离群值', key: 'out', render: (_v, r) => (r.box?.outliers.length ? r.box.outliers.map((v) => fmt(v)).join('、') : '—') },
  ], []);
  const all = data?.boxes[0];
  return (
    <ReportBlock title={`成绩图表${data ? ` · ${data.column.name}` : ''}`} loading={loading} error={error} onReload={reload} empty={!!data && !all?.box}
      sub="分数分布按本次考试的分数段宽度；箱线图的四分位数与报告一致（R type 7），须线为距箱体 1.5 倍四分位距以内的最远成绩，其外为离群值">
      {data && all?.box && (
        <>
          <StatCards items={[
            { label: '参考人数', value: fmt(all.box.n) },
            { label: '平均分', value: fmt(all.mean) },
            { label: '中位数', value: fmt(all.box.median) },
            { label: '四分位距', value: fmt(all.box.q3 - all.box.q1) },
            ...(data.scatter ? [{ label: '与总分相关系数 r', value: fmtIndex(data.scatter.r) }] : []),
          ]} />
          <ReportSection title={`分数分布（每 ${fmt(data.width)} 分一段）`}>
            <ChartCard title="分数分布" option={hist!} fileName={fileOf(data, '分数分布')} testId="chart-histogram" />
          </ReportSection>
          <ReportSection title="各班箱线图">
            <ChartCard title="各班箱线图" option={boxes!} fileName={fileOf(data, '箱线图')} testId="chart-boxplot" />
            <ReportTable<Box> testId="report-table-charts" rowKey="unitId" columns={columns} dataSource={data.boxes} pagination={false} />
          </ReportSection>
          <ReportSection title={`${data.column.name}与总分`} note={data.scatter ? `r = ${fmtIndex(data.scatter.r)}；回归线：${data.column.name} = ${fmt(data.scatter.intercept)} + ${fmtIndex(data.scatter.slope)} × 总分` : data.scatterNote}>
            {scatter && <ChartCard title={`${data.column.name}与总分散点图`} option={scatter} height={420} fileName={fileOf(data, '与总分散点图')} testId="chart-scatter" />}
          </ReportSection>
        </>
      )}
    </ReportBlock>
  );
}

type TrendRow = { key: string; name: string; values: (number | null)[] };

/** 历次考试趋势: 得分率 of the grade and each class over the grade's released exams, with 优秀率 and 及格率. */
export function TrendModule({ params }: { params: ReportParams }) {
  const { data, loading, error, reload } = useChartData(findTrend, params);
  const categories = useMemo(() => (data ? data.exams.map((e) => `${e.name}`) : []), [data]);
  const rateChart = useMemo(() => data && trendOption({
    categories,
    series: [
      { name: '年级得分率', data: data.grade.map((g) => g?.scoreRate ?? null) },
      ...data.classes.map((c) => ({ name: c.className, data: c.values.map((v) => v?.scoreRate ?? null), dashed: true })),
    ],
  }), [data, categories]);
  const levelChart = useMemo(() => data && trendOption({
    categories,
    series: [{ name: '优秀率', data: data.grade.map((g) => g?.excellent ?? null) }, { name: '及格率', data: data.grade.map((g) => g?.pass ?? null) }],
  }), [data, categories]);
  const rows: TrendRow[] = data ? [
    { key: 'grade', name: '年级', values: data.grade.map((g) => g?.scoreRate ?? null) },
    ...data.classes.map((c) => ({ key: String(c.classId), name: c.className, values: c.values.map((v) => v?.scoreRate ?? null) })),
  ] : [];
  const columns: TableColumnsType<TrendRow> = [
    { title: '得分率', dataIndex: 'name', key: 'name', fixed: 'left', width: 110 },
    ...(data?.exams ?? []).map((e, i) => ({ title: `${e.name}（${e.startDate}）`, key: `e-${e.examId}`, align: 'right' as const, render: (_v: unknown, r: TrendRow) => pct(r.values[i]) })),
  ];
  return (
    <ReportBlock title={`历次考试趋势${data ? ` · ${data.columnName}` : ''}`} loading={loading} error={error} onReload={reload} empty={!!data && data.exams.length === 0}
      sub="本年级已发布的考试（至本次，最多 10 场）；得分率 = 平均分 ÷ 满分，满分不同的考试可以比较；没有该科目或无权查看的考试留空">
      {data && (
        <>
          <ReportSection title="得分率">
            <ChartCard title="得分率趋势" option={rateChart!} height={380} fileName={fileOf(data, '得分率趋势')} testId="chart-trend" />
            <ReportTable<TrendRow> testId="report-table-trend" rowKey="key" columns={columns} dataSource={rows} pagination={false} />
          </ReportSection>
          <ReportSection title="年级优秀率与及格率">
            <ChartCard title="优秀率与及格率趋势" option={levelChart!} fileName={fileOf(data, '优秀率及格率趋势')} testId="chart-levels" />
          </ReportSection>
        </>
      )}
    </ReportBlock>
  );
}
