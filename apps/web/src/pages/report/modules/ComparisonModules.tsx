import { useMemo, useState } from 'react';
import { Select, Tag, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ClassComparison, RegistrationComparison, SubjectComparison, SubjectQuality } from '@jz/shared/api/report';
import { subjectStyle } from '@jz/shared';
import { EChart, barOption, radarOption } from '@/components/charts';
import type { ReportParams } from '@/api/report';
import { useReport } from '../common/context';
import { fmt, fmtIndex, pct, toPct } from '../common/format';
import { numCol, pctCol, rateCols } from '../common/columns';
import { difficultyBand, ReportBlock, ReportSection, ReportTable } from '../common/kit';

const BAND_TEXT: Record<string, string> = { green: '#389e0d', blue: '#0958d9', red: '#cf1322' };

type CRow = ClassComparison['rows'][number] & { isGrade?: boolean };

/** 班级对比: the chosen course's statistics per class beside the grade, with bar charts of means and rates. */
export function ClassComparisonModule({ params, title = '班级对比' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('classComparison', params);
  const rows: CRow[] = useMemo(() => {
    if (!data) return [];
    const g = data.grade;
    return [{ ...g, classId: 0, className: '全年级', overMeanRate: null, meanRank: null, isGrade: true }, ...data.rows];
  }, [data]);
  const columns = useMemo<TableColumnsType<CRow>>(() => [
    { title: '班级', dataIndex: 'className', key: 'className', fixed: 'left', width: 100 },
    ...statColumns<CRow>(data?.grade.rates ?? []),
  ], [data]);
  const meanChart = useMemo(() => data && barOption({
    categories: data.rows.map((r) => r.className),
    series: [
      { name: '班级平均分', data: data.rows.map((r) => r.mean) },
      { name: '年级平均分', type: 'line', color: '#f5222d', data: data.rows.map(() => data.grade.mean) },
    ],
    yName: '分数', labels: true,
  }), [data]);
  const rateChart = useMemo(() => data && barOption({
    categories: data.rows.map((r) => r.className),
    series: data.grade.rates.map((lvl, k) => ({ name: `${lvl.name}率`, data: data.rows.map((r) => toPct(r.rates[k]?.share)) })),
    percent: true, max: 100, yName: '比率',
  }), [data]);
  return (
    <ReportBlock title={title} reportKey="classComparison" params={params} loading={loading} error={error} onReload={reload}
      sub={data ? `${data.column.name}（满分 ${fmt(data.column.fullScore)}）` : undefined}>
      {data && (
        <>
          <ReportSection title={`${data.column.name}各班成绩对比`}>
            <ReportTable<CRow> testId="report-table-classComparison" rowKey="classId" columns={columns} dataSource={rows}
              rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} pagination={false} />
          </ReportSection>
          <div className="jz-report-grid">
            <ReportSection title="各班平均分"><EChart title="各班平均分" option={meanChart!} /></ReportSection>
            <ReportSection title="各班率值对比"><EChart title="各班率值对比" option={rateChart!} /></ReportSection>
          </div>
        </>
      )}
    </ReportBlock>
  );
}

/** The figures of a comparison row (class or 学籍类型): counts, statistics, 得分率, 超均率, rank and rates. */
function statColumns<T extends StatRow>(levels: ClassComparison['grade']['rates']): TableColumnsType<T> {
  return [
    numCol<T>('实考人数', (r) => r.count),
    numCol<T>('缺考人数', (r) => r.absent),
    numCol<T>('平均分', (r) => r.mean),
    numCol<T>('标准差', (r) => r.sd),
    numCol<T>('最高分', (r) => r.max),
    numCol<T>('最低分', (r) => r.min),
    numCol<T>('中位数', (r) => r.median),
    numCol<T>('下四分位数', (r) => r.q1),
    numCol<T>('上四分位数', (r) => r.q3),
    pctCol<T>('得分率', (r) => r.scoreRate),
    { ...numCol<T>('超均率', (r) => r.overMeanRate), render: (_: unknown, r: T) => <OverMean v={r.overMeanRate} /> },
    numCol<T>('均分排名', (r) => r.meanRank),
    ...rateCols<T>(levels, (r) => r.rates),
  ];
}

type StatRow = Omit<ClassComparison['rows'][number], 'classId' | 'className'>;
type RRow = RegistrationComparison['rows'][number] & { isGrade?: boolean };

/** 学籍对比: the chosen course per 学籍类型 (应届, 往届 …) beside the grade, with a chart of the means. */
export function RegistrationComparisonModule({ params, title = '学籍对比' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('registrationComparison', params);
  const rows: RRow[] = useMemo(() => (data
    ? [{ ...data.grade, registrationType: '全年级', overMeanRate: null, meanRank: null, isGrade: true }, ...data.rows]
    : []), [data]);
  const columns = useMemo<TableColumnsType<RRow>>(() => [
    { title: '学籍类型', dataIndex: 'registrationType', key: 'registrationType', fixed: 'left', width: 100 },
    ...statColumns<RRow>(data?.grade.rates ?? []),
  ], [data]);
  const meanChart = useMemo(() => data && barOption({
    categories: data.rows.map((r) => r.registrationType),
    series: [
      { name: '平均分', data: data.rows.map((r) => r.mean) },
      { name: '年级平均分', type: 'line', color: '#f5222d', data: data.rows.map(() => data.grade.mean) },
    ],
    yName: '分数', labels: true,
  }), [data]);
  return (
    <ReportBlock title={title} reportKey="registrationComparison" params={params} loading={loading} error={error} onReload={reload}
      sub={data ? `${data.column.name}（满分 ${fmt(data.column.fullScore)}），全年级按学籍类型统计` : undefined}>
      {data && (
        <>
          <ReportSection title={`${data.column.name}各学籍类型成绩对比`}>
            <ReportTable<RRow> testId="report-table-registrationComparison" rowKey="registrationType" columns={columns} dataSource={rows}
              rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} pagination={false} />
          </ReportSection>
          <ReportSection title="各学籍类型平均分"><EChart title="各学籍类型平均分" option={meanChart!} /></ReportSection>
        </>
      )}
    </ReportBlock>
  );
}

/** 超均率 with a colour: above the reference red, below green. */
function OverMean({ v }: { v: number | null }) {
  if (v === null || !Number.isFinite(v)) return <span>—</span>;
  return <span className={v > 0 ? 'jz-up' : v < 0 ? 'jz-down' : ''}>{v > 0 ? '+' : ''}{pct(v)}</span>;
}

type SRow = SubjectComparison['rows'][number];

/** 学科对比: per class each subject's mean, 得分率, 超均率 and rank; strongest/weakest subject; radar per class. */
export function SubjectComparisonModule({ params, title = '学科对比' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('subjectComparison', params);
  const [metric, setMetric] = useState<'mean' | 'scoreRate' | 'overMeanRate' | 'meanRank'>('mean');
  const [radarClass, setRadarClass] = useState<number | null>(null);
  const cols = data?.columns ?? [];
  const nameOf = (code: string | null) => cols.find((c) => c.code === code)?.name ?? '—';
  const columns = useMemo<TableColumnsType<SRow>>(() => [
    { title: '班级', dataIndex: 'className', key: 'className', fixed: 'left', width: 100 },
    ...cols.map((c, k) => ({
      title: `${c.name}（${fmt(c.fullScore)}）`,
      key: `col-${c.code}`,
      children: [
        numCol<SRow>('平均分', (r) => r.cells[k]?.mean, { key: `${c.code}-mean` }),
        pctCol<SRow>('得分率', (r) => r.cells[k]?.scoreRate, { key: `${c.code}-rate` }),
        { ...numCol<SRow>('超均率', (r) => r.cells[k]?.overMeanRate, { key: `${c.code}-over` }), render: (_: unknown, r: SRow) => <OverMean v={r.cells[k]?.overMeanRate ?? null} /> },
        numCol<SRow>('排名', (r) => r.cells[k]?.meanRank, { key: `${c.code}-rank` }),
      ],
    })),
    { title: '优势学科', key: 'strongest', fixed: 'right', width: 90, render: (_: unknown, r: SRow) => (r.strongest ? <Tag color="red">{nameOf(r.strongest)}</Tag> : '—') },
    { title: '薄弱学科', key: 'weakest', fixed: 'right', width: 90, render: (_: unknown, r: SRow) => (r.weakest ? <Tag color="green">{nameOf(r.weakest)}</Tag> : '—') },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [cols]);
  const subjects = cols.map((c, k) => ({ c, k })).filter((x) => !x.c.isTotal);
  const metricLabel = { mean: '平均分', scoreRate: '得分率', overMeanRate: '超均率', meanRank: '排名' }[metric];
  const chart = useMemo(() => data && barOption({
    categories: data.rows.map((r) => r.className),
    series: subjects.map(({ c, k }) => ({
      name: c.name,
      color: subjectStyle(c.name).color,
      data: data.rows.map((r) => {
        const v = r.cells[k]?.[metric] ?? null;
        return metric === 'scoreRate' ? toPct(v) : v;
      }),
    })),
    percent: metric === 'scoreRate',
    max: metric === 'scoreRate' ? 100 : undefined,
    yName: metricLabel,
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }), [data, metric]);
  const overChart = useMemo(() => {
    if (!data) return null;
    const vals = data.rows.flatMap((r) => subjects.map(({ k }) => toPct(r.cells[k]?.overMeanRate) ?? 0));
    const m = Math.max(1, ...vals.map(Math.abs));
    const opt = barOption({
      categories: data.rows.map((r) => r.className),
      series: subjects.map(({ c, k }) => ({ name: c.name, color: subjectStyle(c.name).color, data: data.rows.map((r) => toPct(r.cells[k]?.overMeanRate)) })),
      percent: true, yName: '超均率',
    });
    // 超均率 is signed: a symmetric axis.
    const axis = Math.ceil(m / 5) * 5;
    return { ...opt, yAxis: { ...(opt.yAxis as object), min: -axis, max: axis } };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  const classId = radarClass ?? data?.rows[0]?.classId ?? null;
  const radar = useMemo(() => {
    const row = data?.rows.find((r) => r.classId === classId);
    if (!data || !row) return null;
    return radarOption({
      indicators: subjects.map(({ c }) => ({ name: c.name, max: 100 })),
      series: [
        { name: row.className, values: subjects.map(({ k }) => toPct(row.cells[k]?.scoreRate)) },
        { name: '全年级', values: subjects.map(({ c }) => toPct(c.scoreRate)) },
      ],
      percent: true,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, classId]);
  return (
    <ReportBlock title={title} reportKey="subjectComparison" params={params} loading={loading} error={error} onReload={reload} empty={!!data && data.rows.length === 0}>
      {data && (
        <>
          <ReportSection title="各班学科对比">
            <ReportTable<SRow & { isGrade?: boolean }> testId="report-table-subjectComparison" rowKey="classId" columns={columns as TableColumnsType<SRow & { isGrade?: boolean }>} pagination={false}
              dataSource={[{ classId: 0, className: '全年级', isGrade: true, strongest: null, weakest: null, cells: data.columns.map((c) => ({ code: c.code, mean: c.mean, scoreRate: c.scoreRate, overMeanRate: null, meanRank: null })) }, ...data.rows]}
              rowClassName={(r) => (r.isGrade ? 'jz-row-grade' : '')} />
          </ReportSection>
          <ReportSection title={`各班各科${metricLabel}`} extra={(
            <Select size="small" aria-label="对比指标" value={metric} style={{ width: 110 }} onChange={setMetric}
              options={[{ value: 'mean', label: '平均分' }, { value: 'scoreRate', label: '得分率' }, { value: 'meanRank', label: '排名' }]} />
          )}>
            <EChart title={`各班各科${metricLabel}`} option={chart!} height={340} />
          </ReportSection>
          <div className="jz-report-grid">
            <ReportSection title="各班各科超均率">{overChart && <EChart title="各班各科超均率" option={overChart} height={320} />}</ReportSection>
            {subjects.length >= 3 && radar && (
              <ReportSection title="学科均衡（得分率）" extra={(
                <Select size="small" aria-label="雷达图班级" value={classId ?? undefined} style={{ width: 120 }} onChange={setRadarClass}
                  options={data.rows.map((r) => ({ value: r.classId, label: r.className }))} />
              )}>
                <EChart title="学科均衡（得分率）" option={radar} height={320} />
              </ReportSection>
            )}
          </div>
        </>
      )}
    </ReportBlock>
  );
}

type QRow = SubjectQuality['rows'][number];

/** 学科质量: per subject the statistics and the paper's quality (difficulty, α, KR-20) with rates. */
export function SubjectQualityModule({ params, title = '学科质量' }: { params: ReportParams; title?: string }) {
  const { data, loading, error, reload } = useReport('subjectQuality', params);
  const rows = data?.rows ?? [];
  const columns = useMemo<TableColumnsType<QRow>>(() => [
    { title: '科目', dataIndex: 'name', key: 'name', fixed: 'left', width: 90, render: (v: string, r) => (r.isTotal ? <b>{v}</b> : v) },
    numCol<QRow>('满分', (r) => r.fullScore),
    numCol<QRow>('实考人数', (r) => r.sat),
    numCol<QRow>('缺考人数', (r) => r.absent),
    numCol<QRow>('平均分', (r) => r.mean),
    numCol<QRow>('标准差', (r) => r.sd),
    numCol<QRow>('最高分', (r) => r.max),
    numCol<QRow>('最低分', (r) => r.min),
    numCol<QRow>('中位数', (r) => r.median),
    numCol<QRow>('下四分位数', (r) => r.q1),
    numCol<QRow>('上四分位数', (r) => r.q3),
    pctCol<QRow>('得分率', (r) => r.scoreRate),
    {
      ...numCol<QRow>('难度', (r) => r.difficulty),
      render: (_: unknown, r: QRow) => { const b = difficultyBand(r.difficulty); return <Tooltip title={b?.label}><span style={{ color: b ? BAND_TEXT[b.color] : undefined }}>{fmtIndex(r.difficulty)}</span></Tooltip>; },
    },
    numCol<QRow>('信度α', (r) => r.alpha, { kind: 'index' }),
    numCol<QRow>('KR-20', (r) => r.kr20, { kind: 'index' }),
    ...rateCols<QRow>(rows[0]?.rates ?? [], (r) => r.rates, rows[0]?.fullScore),
  ], [rows]);
  const subjects = rows.filter((r) => !r.isTotal);
  const chart = useMemo(() => barOption({
    categories: subjects.map((r) => r.name),
    series: [
      { name: '得分率', data: subjects.map((r) => toPct(r.scoreRate)) },
      ...(subjects[0]?.rates ?? []).map((lvl, k) => ({ name: `${lvl.name}率`, data: subjects.map((r) => toPct(r.rates[k]?.share)) })),
    ],
    percent: true, max: 100, yName: '比率',
  }), [subjects]);
  return (
    <ReportBlock title={title} reportKey="subjectQuality" params={params} loading={loading} error={error} onReload={reload} empty={!!data && rows.length === 0}>
      {data && (
        <>
          <ReportSection title="各学科质量指标" note={<>难度 = 得分率 P（<span style={{ color: BAND_TEXT.green }}>≥0.7 容易</span>，<span style={{ color: BAND_TEXT.blue }}>0.4–0.7 中等</span>，<span style={{ color: BAND_TEXT.red }}>&lt;0.4 较难</span>）；信度为 Cronbach α；KR-20 仅在全部小题为 0/1 计分时给出</>}>
            <ReportTable<QRow> testId="report-table-subjectQuality" rowKey="code" columns={columns} dataSource={rows} pagination={false}
              rowClassName={(r) => (r.isTotal ? 'jz-row-grade' : '')} />
          </ReportSection>
          <ReportSection title="各学科得分率与率值"><EChart title="各学科得分率与率值" option={chart} height={320} /></ReportSection>
        </>
      )}
    </ReportBlock>
  );
}

